/**
 * Photos that load anywhere (DESIGN §1 "URLs work from any origin"): an agent's page on another origin
 * whose CSP takes images from our API origin only — no 'self', no data: — shows every photo of the
 * seed listings (stored as paths of our site, `/media/listing/…`) in the search, a card, a listing's
 * detail with its gallery and showcase, and a contact form.
 *
 * The shared test API has no listing photos, so this file starts its own API with generated seed
 * listings, and serves the agent's page from a second origin with that CSP.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listingDetailTexts as t } from '../../core/i18n/listing-detail';
import { startPartnerSite, type RunningPartnerSite } from '../../demo-sites/serve';
import type { RunningServer } from '../../server/app';
import { startTestServer } from '../../server/testing/test-server';
import { cspViolations, expect, test } from './fixtures';

/** Enough generated listings for Salt Lake City results and similar homes, few enough to load in seconds. */
// Enough for a dozen Salt Lake City homes for sale now (about 4 % of the seed’s homes for sale are on the market today).
const SEED_LISTINGS = 2_000;

let api: RunningServer;
let agentSite: RunningPartnerSite;
let siteRoot: string;
/** A Salt Lake City listing with several photos and similar homes (the detail and contact form show it). */
let detailId: string;
/** Another one for the card. */
let cardId: string;

async function publicGraphql<T>(queryName: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${api.url}/public_graphql/?queryName=${queryName}&partner=acme`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** Our listings to show: photos stored as site paths, and (for the detail) similar homes. */
async function pickListings(): Promise<{ detailId: string; cardId: string }> {
  const { listingLoad } = await publicGraphql<{ listingLoad: { edges: { node: { id: string; photos: { photoUrl: string }[] } }[] } }>(
    'listingLoad',
    'query listingLoad { listingLoad(address: "Salt Lake City, UT, USA", first: 25) { edges { node { id photos { photoUrl } } } } }',
  );
  const withPhotos = listingLoad.edges.map((e) => e.node).filter((l) => l.photos.length >= 3);
  for (const listing of withPhotos) {
    const { listingInfo } = await publicGraphql<{ listingInfo: { similarHomes: { id: string }[] } }>(
      'listingInfo',
      'query listingInfo($id: ID!) { listingInfo(listingId: $id) { similarHomes { id } } }',
      { id: listing.id },
    );
    if (listingInfo.similarHomes.length > 0) {
      return { detailId: listing.id, cardId: withPhotos.find((l) => l.id !== listing.id)!.id };
    }
  }
  throw new Error('no Salt Lake City listing with photos and similar homes in the seed');
}

const agentPage = (detail: string, card: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Avery Stone, Realtor — homes in Salt Lake City</title>
    <script src="{{API_ORIGIN}}/{{CDN}}/v1/loader.js" data-partner="acme" async></script>
  </head>
  <body>
    <main>
      <h1>Homes in Salt Lake City</h1>
      <section aria-labelledby="search-title">
        <h2 id="search-title">Search</h2>
        <hearth-search-map id="search-map" location="Salt-Lake-City,-UT,-USA"></hearth-search-map>
      </section>
      <section aria-labelledby="featured-title">
        <h2 id="featured-title">Featured home</h2>
        <hearth-listing-card id="card" listing-id="${card}"></hearth-listing-card>
      </section>
      <section aria-labelledby="detail-title">
        <h2 id="detail-title">Home of the week</h2>
        <hearth-listing-detail id="detail" listing-id="${detail}"></hearth-listing-detail>
      </section>
      <section aria-labelledby="contact-title">
        <h2 id="contact-title">Ask about it</h2>
        <hearth-contact-form id="contact" listing-id="${detail}"></hearth-contact-form>
      </section>
    </main>
  </body>
</html>
`;

/** Records CSP violations (as the shared fixture does, read by cspViolations) and console errors. */
async function openAgentPage(page: Page, build: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const url = new URL('/homes.html', agentSite.url);
  if (build === 'cdn-react') url.searchParams.set('build', 'react');
  await page.goto(url.href);
  return errors;
}

interface ImageReport {
  /** `src` of every <img> that has one, in document order through every shadow root. */
  shown: string[];
  /** Those whose image did not load (naturalWidth 0). */
  broken: string[];
}

/**
 * Every <img> on the page, searched through shadow roots recursively: each is scrolled into view (lazy
 * images and `data-src` thumbnails load near the viewport), then waited for until it loaded or failed.
 */
function imageReport(page: Page): Promise<ImageReport> {
  return page.evaluate(async () => {
    const images = (): HTMLImageElement[] => {
      const found: HTMLImageElement[] = [];
      const walk = (root: Document | ShadowRoot) => {
        for (const node of root.querySelectorAll('*')) {
          if (node instanceof HTMLImageElement) found.push(node);
          if (node.shadowRoot) walk(node.shadowRoot);
        }
      };
      walk(document);
      return found;
    };
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
    for (const img of images()) {
      img.scrollIntoView({ block: 'center', inline: 'center' });
      await frame();
    }
    const shown = images().filter((img) => img.getAttribute('src'));
    for (const img of shown) {
      if (img.complete) continue;
      img.scrollIntoView({ block: 'center', inline: 'center' });
      await new Promise((resolve) => {
        img.addEventListener('load', resolve, { once: true });
        img.addEventListener('error', resolve, { once: true });
        setTimeout(resolve, 5_000);
      });
    }
    window.scrollTo(0, 0);
    return { shown: shown.map((img) => img.src), broken: shown.filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src) };
  });
}

test.describe('photos on an agent page whose CSP allows images from the API origin only', () => {
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000);
    api = await startTestServer({ seedListings: SEED_LISTINGS });
    ({ detailId, cardId } = await pickListings());
    siteRoot = await mkdtemp(join(tmpdir(), 'hearth-agent-site-'));
    await writeFile(join(siteRoot, 'homes.html'), agentPage(detailId, cardId));
    agentSite = await startPartnerSite({ port: 0, apiOrigin: api.url, root: siteRoot, extraImageSources: [] });
  });
  test.afterAll(async () => {
    await agentSite?.close();
    await api?.close();
    if (siteRoot) await rm(siteRoot, { recursive: true, force: true });
  });

  test('search, card, detail (gallery, showcase) and contact form show every photo: no CSP violation, no broken image, no axe violation', async ({ page, build }) => {
    const errors = await openAgentPage(page, build);
    const listingPhoto = (src: string) => src.startsWith(`${api.url}/media/listing/`);

    // Each element has drawn its listing.
    const search = page.locator('#search-map');
    await expect(search.locator('[part="result"]').first()).toBeVisible();
    await expect(search.locator('[part="result"] hearth-listing-card [part="photo"]').first()).toBeVisible();
    await expect(page.locator('#card [part="photo"]')).toBeVisible();
    const detail = page.locator('#detail');
    await expect(detail.locator('[part="main-photo"]')).toBeVisible();
    await expect(detail.locator('[part="similar-home"]').first()).toBeVisible();
    const contact = page.locator('#contact');
    await expect(contact.locator('[part="photo"]')).toBeVisible();
    await expect(contact.locator('[part="agent-picture"]')).toBeVisible();

    // Photos come from our API origin, absolute, and load.
    expect(await page.locator('#card [part="photo"]').getAttribute('src')).toMatch(new RegExp(`^${api.url}/media/listing/`));
    expect(await detail.locator('[part="main-photo"]').getAttribute('src')).toMatch(new RegExp(`^${api.url}/media/listing/`));
    expect(await detail.locator('[part="similar-home"] img').first().getAttribute('src')).toMatch(new RegExp(`^${api.url}/`));
    expect(await contact.locator('[part="photo"]').getAttribute('src')).toMatch(new RegExp(`^${api.url}/media/listing/`));
    expect(await contact.locator('[part="agent-picture"]').getAttribute('src')).toBe(`${api.url}/static/demo/avery.svg`);
    const page1 = await imageReport(page);
    expect(page1.broken).toEqual([]);
    expect(page1.shown.filter(listingPhoto).length).toBeGreaterThan(10);
    expect(page1.shown.every((src) => src.startsWith(`${api.url}/`))).toBe(true);

    // The gallery dialog: the photo and its thumbnail strip.
    await detail.locator('[part="main-photo"]').click();
    const gallery = page.getByRole('dialog', { name: t.gallery.title });
    await expect(gallery.locator('[part="gallery-photo"]')).toBeVisible();
    const inGallery = await imageReport(page);
    expect(inGallery.broken).toEqual([]);
    expect(inGallery.shown.length).toBeGreaterThan(page1.shown.length);
    await page.keyboard.press('Escape');
    await expect(gallery).toHaveCount(0);

    // The showcase: its photo and the rows of thumbnails.
    await detail.locator('[part="showcase-button"]').click();
    const showcase = page.getByRole('dialog', { name: t.showcase.title });
    await expect(showcase.locator('[part="showcase-photo"] img')).toBeVisible();
    const inShowcase = await imageReport(page);
    expect(inShowcase.broken).toEqual([]);
    expect(inShowcase.shown.length).toBeGreaterThan(page1.shown.length);
    await page.keyboard.press('Escape');
    await expect(showcase).toHaveCount(0);

    // The report scrolled the results list: back to its top, so the screenshot shows the page as it opened.
    await search.locator('[part="result"]').first().evaluate((result) => result.scrollIntoView({ block: 'nearest' }));
    await page.evaluate(() => window.scrollTo(0, 0));
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
    await page.screenshot({ path: `/tmp/embed-images${build === 'cdn-react' ? '-react' : ''}.png`, fullPage: true });
    expect(await cspViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
