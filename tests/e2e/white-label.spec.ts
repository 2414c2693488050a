/**
 * Issue 35, white-label: every element (found in custom-elements.json, so a new one is covered by itself) on a
 * partner's page (another origin, strict CSP) under the seeded partner acme — its own name, toll-free number
 * and support email — shows nothing of ours: no "Hearth" (case-insensitive) and none of the default context's
 * numbers in any text a person reads — the text of every shadow root, aria-label, title, alt and placeholder,
 * and document.title — whether the visitor is signed out, a seller or the partner's owner. Tag names, part
 * names, custom property names and other attributes are not read: they are our API, not the partner's page.
 * Mails, hosted pages and flyers: server/partners/white-label.test.ts.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { brandLeaks, type ShownText } from '../../core/testing/brand-leaks';
import { MARKETING_DEMO_CASE_ID } from '../../server/marketing/demo';
import { PHOTO_DEMO_CASE_ID } from '../../server/listing-photos/demo-case';
import { seedPartners } from '../../server/seed/data';
import { cspViolations, expect, test } from './fixtures';
import { logIn, startSignedIn } from './sessions';

interface Declaration {
  tagName?: string;
  attributes?: { name: string }[];
}

/** Every element of the manifest with its attributes' names. */
const ELEMENTS = (JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as { modules: { declarations?: Declaration[] }[] }).modules
  .flatMap((m) => m.declarations ?? [])
  .filter((d): d is Required<Declaration> => Boolean(d.tagName))
  .map((d) => ({ tag: d.tagName, attributes: (d.attributes ?? []).map((a) => a.name) }));

/**
 * What an element starts with so it shows its content (the seed's listing 1001, the demo seller cases), by
 * attribute, or by `tag attribute`; an element without one of these shows what it shows without.
 */
const START_VALUES: Record<string, string | null> = {
  'listing-id': '1001',
  'case-id': String(PHOTO_DEMO_CASE_ID),
  'hearth-marketing case-id': String(MARKETING_DEMO_CASE_ID),
  'hearth-tours listing-id': null,
  'hearth-offers listing-id': null,
  'hearth-questionnaire questionnaire': 'seller-intake-sale',
  'hearth-market-metrics state': 'UT',
};

const acme = seedPartners.find((p) => p.slug === 'acme')!.appContext;

/** Adds every element to the page (the loader defines each as it comes) and waits until they have settled. */
async function addEveryElement(page: Page) {
  const elements = ELEMENTS.map(({ tag, attributes }) => ({
    tag,
    attributes: Object.fromEntries(
      attributes.flatMap((name) => {
        const value = `${tag} ${name}` in START_VALUES ? START_VALUES[`${tag} ${name}`] : START_VALUES[name];
        return value === undefined || value === null ? [] : [[name, value]];
      }),
    ),
  }));
  await page.evaluate((list) => {
    const main = document.getElementById('elements')!;
    for (const { tag, attributes } of list) {
      const element = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      // The whole site in one element routes under the page's own path.
      if (tag === 'hearth-app') element.setAttribute('base', location.pathname);
      const section = document.createElement('section');
      section.append(element);
      main.append(section);
    }
  }, elements);
  await expect.poll(() => page.evaluate((tags) => tags.filter((tag) => !customElements.get(tag)), elements.map((e) => e.tag)), { timeout: 30_000 }).toEqual([]);
  await page.waitForLoadState('networkidle');
}

/**
 * Everything a person reads: every text (of the page and of every shadow root, recursively; not of scripts and
 * styles), the aria-label, title, alt and placeholder of every node, and the document's title. The "powered by"
 * line of <hearth-app>'s footer is spec §1's own and is read apart.
 */
function shownTexts(page: Page): Promise<ShownText[]> {
  return page.evaluate(() => {
    const texts: { where: string; text: string }[] = [{ where: 'document.title', text: document.title }];
    const hostOf = (node: Node) => {
      const root = node.getRootNode();
      return root instanceof ShadowRoot ? root.host.tagName.toLowerCase() : 'page';
    };
    const walk = (root: Document | ShadowRoot) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.TEXT_NODE) {
          const parent = node.parentElement;
          if (!parent || parent.closest('script, style, .powered-by')) continue;
          const text = node.textContent?.trim();
          if (text) texts.push({ where: `${hostOf(node)} <${parent.tagName.toLowerCase()}${parent.getAttribute('part') ? ` part=${parent.getAttribute('part')}` : ''}>`, text });
          continue;
        }
        const element = node as Element;
        for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
          const value = element.getAttribute(name);
          if (value) texts.push({ where: `${hostOf(element)} <${element.tagName.toLowerCase()}> [${name}]`, text: value });
        }
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(document);
    return texts;
  });
}

/** The texts once two readings a second apart agree (elements still loading add texts). */
async function settledTexts(page: Page): Promise<ShownText[]> {
  let before = '';
  for (let i = 0; i < 15; i++) {
    const texts = await shownTexts(page);
    const now = JSON.stringify(texts);
    if (now === before) return texts;
    before = now;
    await page.waitForTimeout(1000);
  }
  return shownTexts(page);
}

test.describe('white-label: every element under a partner shows its brand, never ours (issue 35)', () => {
  for (const who of ['visitor', 'seller', 'agent'] as const) {
    test(`as a ${who}`, async ({ openPartnerPage, page, request }) => {
      test.setTimeout(150_000);
      const user = who === 'visitor' ? null : await logIn(request, who);
      if (user) await startSignedIn(page, user);
      await openPartnerPage('/white-label.html');
      await addEveryElement(page);
      // The signed-in person's own address (<hearth-account> shows it) is theirs, not our brand, whatever its domain
      // (the demo accounts' is hearth.example).
      // Nor are the markers of the stored-input fuzz test (data-hearth-fuzz, hearthFuzz), whose hostile leads the
      // agent's inbox may list when the two tests share a server.
      const texts = (await settledTexts(page)).map((shown) => ({
        ...shown,
        text: (user ? shown.text.replaceAll(user.email, '') : shown.text).replace(/data-hearth-fuzz|hearthFuzz/g, ''),
      }));
      expect(brandLeaks(texts)).toEqual([]);
      // The partner's own brand is there: its name in the contact form's consent, its toll-free number.
      const all = texts.map((t) => t.text).join('\n');
      expect(all).toContain(`ask ${acme.websiteName} and its agent`);
      // Stored in E.164 ('+18885550147'), shown as its country reads it ('(888) 555-0147'): its national digits.
      expect(all.replace(/\D/g, '')).toContain(acme.tollFreeNumber!.replace(/\D/g, '').slice(-10));
      expect(await cspViolations(page)).toEqual([]);
    });
  }
});
