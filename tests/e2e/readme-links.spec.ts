/**
 * Every page the README sends a newcomer to works as served (issue 33: its first link, the agent's site, was
 * sent with the fallback policy `default-src 'none'` and showed unstyled text and no form; the gallery opened
 * `<hearth-app>` on "Oops! Error code: 404" and nine more elements in an error or empty state). The URLs are
 * read from README.md — every `http://127.0.0.1:8080/…` and `:8081/…`, and the site paths its table names beside
 * them — and mapped onto the test servers. Each page, at a desktop and a phone size, must show: no CSP
 * violation, no uncaught error, no picture that failed to load (in the page and in every open shadow root),
 * and no element whose first view is an error.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiUrl, expect, HOSTED, partnerUrl, test } from './fixtures';

const README = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

/** README's origins → the test servers' (global-setup.ts). */
const ORIGINS: Record<string, () => string> = { '8080': apiUrl, '8081': partnerUrl };

/** The pages README.md links: its URLs, and the site paths a row names beside one (`/search`, `/sitemap.xml`). */
function readmeUrls(): { readme: string; url: () => string }[] {
  const found = new Map<string, () => string>();
  for (const line of README.split('\n')) {
    const urls = [...line.matchAll(/http:\/\/127\.0\.0\.1:(8080|8081)(\/[^\s,|)`]*)?/g)];
    for (const [whole, port, path = '/'] of urls) found.set(whole, () => `${ORIGINS[port!]!()}${path}`);
    const port = urls[0]?.[1];
    if (!port || !line.startsWith('|')) continue;
    // Beside a URL in the table's URL column: site paths of the same origin, in backticks and without
    // placeholders (`/search`), or after a comma (", /public_graphql/").
    const cell = line.split('|')[1]!;
    for (const [, path] of [...cell.matchAll(/`(\/[^`{}\s]*)`/g), ...cell.matchAll(/,\s+(\/[\w./-]+)/g)]) {
      found.set(`http://127.0.0.1:${port}${path}`, () => `${ORIGINS[port]!()}${path}`);
    }
  }
  return [...found].map(([readme, url]) => ({ readme, url }));
}

/** The demo pages: looked at at a desktop and a phone size; the other links once. */
const DEMO_PAGES = /\/demo\/|:8081\/$/;
const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

/** A first view that is an error: the element's `data-state`, or an alert it shows. */
const ERROR_STATE = /(^|-)(missing|failed|error|invalid|not-found|no-case|needs-case|unavailable)$/;

async function watch(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`[csp] ${e.violatedDirective} ${e.blockedURI}`));
    document.addEventListener('hearth-error', (e) => {
      // The partner page's mistyped embed reports its errors on purpose.
      if ((e.target as Element).closest?.('[data-expect-error]')) return;
      console.error(`[hearth-error] ${JSON.stringify((e as CustomEvent).detail)}`);
    });
  });
  page.on('console', (message) => {
    if (/^\[(csp|hearth-error)\]/.test(message.text())) problems.push(message.text());
  });
  return problems;
}

/**
 * Elements still on their way, in the page and every open shadow root: not yet defined, or busy (`aria-busy`, a
 * `loading` or `checking` state). Polled until none are left (the pages keep connections of their own open, so
 * the network never goes quiet).
 */
function pending(): number {
  let count = 0;
  const visit = (root: Document | ShadowRoot) => {
    count += root.querySelectorAll(':not(:defined)').length;
    for (const busy of root.querySelectorAll<HTMLElement>('[part~="base"]')) {
      if (busy.getAttribute('aria-busy') === 'true' || /^(loading|checking)$/.test(busy.dataset.state ?? '')) count += 1;
    }
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) visit(element.shadowRoot);
  };
  visit(document);
  return count;
}

async function settle(page: Page) {
  await page.waitForLoadState('load');
  await expect.poll(() => page.evaluate(pending), { timeout: 30_000 }).toBe(0);
}

/** Scrolls through the page so lazy pictures load, then back to the top. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    scrollTo(0, 0);
  });
}

/**
 * Pictures that finished loading with no image, and elements whose view is an error (`errorState`: the source of
 * ERROR_STATE), in the page and every open shadow root. Elements inside `[data-expect-error]` show one on purpose
 * (the partner page's mistyped embed).
 */
function brokenThings(errorState: string): { pictures: string[]; errors: string[] } {
  const isError = new RegExp(errorState);
  const pictures: string[] = [];
  const errors: string[] = [];
  const visit = (root: Document | ShadowRoot, host: string) => {
    for (const img of root.querySelectorAll('img')) {
      if (img.complete && img.currentSrc && img.naturalWidth === 0) pictures.push(`${host} ${img.currentSrc}`);
    }
    for (const element of root.querySelectorAll('*')) {
      const shadow = element.shadowRoot;
      if (!shadow) continue;
      const tag = element.localName;
      if (tag.startsWith('hearth-') && !element.closest('[data-expect-error]')) {
        const state = shadow.querySelector<HTMLElement>('[part~="base"]')?.dataset.state ?? '';
        const alert = [...shadow.querySelectorAll<HTMLElement>('[role="alert"]')].find((a) => a.offsetParent !== null && a.textContent!.trim() !== '');
        if (isError.test(state)) errors.push(`${tag} data-state=${state}`);
        if (alert) errors.push(`${tag} alert: ${alert.textContent!.trim().slice(0, 120)}`);
      }
      visit(shadow, `${host} > ${tag}`);
    }
  };
  visit(document, 'page');
  return { pictures, errors };
}

test.describe('the pages README.md links', () => {
  const links = readmeUrls();

  test('README.md links the demo sites, the gallery, the loader, GraphQL and the hosted site', HOSTED, () => {
    const named = links.map((l) => l.readme);
    for (const page of ['http://127.0.0.1:8080/demo/agent-site/', 'http://127.0.0.1:8081/', 'http://127.0.0.1:8080/demo/gallery/', 'http://127.0.0.1:8080/search', 'http://127.0.0.1:8080/public_graphql/'])
      expect(named).toContain(page);
  });

  for (const link of links) {
    const sizes = DEMO_PAGES.test(link.readme) ? Object.entries(SIZES) : [['desktop', SIZES.desktop] as const];
    for (const [size, viewport] of sizes) {
      test(`${link.readme} (${size}): styled and scripted as served, every picture loaded, no element in an error`, HOSTED, async ({ page }) => {
        test.slow();
        await page.setViewportSize(viewport);
        const problems = await watch(page);
        const response = await page.goto(link.url());
        expect(response?.status(), link.readme).toBeLessThan(400);
        const title = await page.title();
        await settle(page);
        await scrollThrough(page);
        await settle(page);
        const { pictures, errors } = await page.evaluate(brokenThings, ERROR_STATE.source);
        expect(problems).toEqual([]);
        expect(pictures).toEqual([]);
        expect(errors).toEqual([]);
        if (link.readme.includes('/demo/gallery/')) {
          // The gallery's <hearth-app> previews the site in place: the gallery's own title and URL stay.
          expect(await page.title()).toBe(title);
          expect(page.url()).toBe(response!.url());
        }
      });
    }
  }
});
