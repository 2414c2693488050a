/**
 * Shared set-up for the browser tests: the page under test is the partner demo site (another origin,
 * strict CSP, hostile CSS) loading the build of the current project (Preact CDN or React).
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const apiUrl = () => process.env.HEARTH_API_URL!;
export const partnerUrl = () => process.env.HEARTH_PARTNER_URL!;
/** The hosted site of the partner `own-domain` on its own domain (global-setup.ts): the API's server, reached as localhost. */
export const ownDomainUrl = () => apiUrl().replace('//127.0.0.1:', '//localhost:');
/** The partner served on ownDomainUrl, and a key that reads its leads. */
export const OWN_DOMAIN_PARTNER = 'own-domain';
export const OWN_DOMAIN_KEY = 'dev-own-domain-key';

/** The partner demo page at `path` loading the test's build (`?build=react` in the React project). */
export function partnerPageUrl(path: string, build: string): string {
  const url = new URL(path, partnerUrl());
  if (build === 'cdn-react') url.searchParams.set('build', 'react');
  return url.href;
}

/**
 * An element's smoke test (tests/e2e/elements.spec.ts): the one kind of test the React project runs
 * (playwright.config.ts). Every other test — the deep flows — runs in the Preact project only.
 */
export const ELEMENT = { tag: '@element' } as const;

/**
 * A test of the hosted site's own pages (server-written, loading the Preact build whatever the project): a deep
 * flow, so in the Preact project only, like every test that is not an element's smoke test.
 */
export const HOSTED = { tag: '@hosted' } as const;

/** Demo key of the seeded 'acme' partner (development only) for reading its leads. */
export const ACME_KEY = 'dev-acme-key';

interface Fixtures {
  build: 'cdn' | 'cdn-react';
  /** Opens the partner page and records CSP violations and hearth-* events. */
  openPartnerPage: (path?: string) => Promise<Page>;
}

export const test = base.extend<Fixtures>({
  build: async ({}, use, testInfo) => {
    await use(testInfo.project.metadata.build as Fixtures['build']);
  },
  openPartnerPage: async ({ page, build }, use) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[]; __events: { type: string; detail: unknown }[] };
      w.__csp = [];
      w.__events = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
      for (const type of ['hearth-contact-submitted', 'hearth-error', 'hearth-loaded', 'hearth-login', 'hearth-logout', 'hearth-favorite-changed', 'hearth-search-changed']) {
        document.addEventListener(type, (e) => w.__events.push({ type, detail: (e as CustomEvent).detail }));
      }
    });
    await use(async (path = '/') => {
      await page.goto(partnerPageUrl(path, build));
      return page;
    });
  },
});

export { expect };

/** CSP violations seen by the page so far. */
export const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

/** hearth-* events of one type seen by the page so far. */
export const eventsOf = (page: Page, type: string) =>
  page.evaluate(
    (t) => (window as unknown as { __events: { type: string; detail: any }[] }).__events.filter((e) => e.type === t).map((e) => e.detail),
    type,
  );

/** axe's violations inside `selector`, one line each (id and the nodes), for a readable failure. */
export async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
