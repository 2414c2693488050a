/**
 * The hosted site without JavaScript (server/site/listing-page.ts, sitemap.ts): what a crawler reads. A
 * listing page shows price, address, facts and photos; its JSON-LD parses and names the listing; the
 * sitemap is XML a browser parses. The pages are server-written, the same in both projects.
 *
 * The shared test API has no listing photos, so this file starts its own with generated seed listings.
 */
import { formatMoney } from '../../core/format/money';
import type { RunningServer } from '../../server/app';
import { startTestServer } from '../../server/testing/test-server';
import { expect, HOSTED, test } from './fixtures';

test.use({ javaScriptEnabled: false });

let api: RunningServer;
const apiUrl = () => api.url;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Enough for several Salt Lake City homes for sale now (about 4 % of the seed’s homes for sale are on the market today).
  api = await startTestServer({ seedListings: 2_000 });
});
test.afterAll(async () => {
  await api?.close();
});

interface SeedListing {
  id: string;
  slugId: string;
  listingCodeId: string;
  title: string | null;
  priceInPennies: number;
  address: { streetLine1: string | null; city: string };
  photos: { photoUrl: string }[];
}

async function listingWithPhotos(): Promise<SeedListing> {
  const response = await fetch(`${apiUrl()}/public_graphql/?queryName=listingLoad`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query:
        'query listingLoad { listingLoad(address: "Salt Lake City, UT, USA", first: 25, searchType: SALE) { edges { node { id slugId listingCodeId title priceInPennies address { streetLine1 city } photos { photoUrl } } } } }',
    }),
  });
  const body = (await response.json()) as { data: { listingLoad: { edges: { node: SeedListing }[] } } };
  const listing = body.data.listingLoad.edges.map((e) => e.node).find((l) => l.photos.length >= 2 && l.address.streetLine1);
  if (!listing) throw new Error('no Salt Lake City listing with photos and a street in the seed');
  return listing;
}

test('a listing page shows price, address, facts and photos, and JSON-LD that names the listing', HOSTED, async ({ page }) => {
  const listing = await listingWithPhotos();
  await page.goto(`${apiUrl()}/listing/${listing.slugId}/${listing.listingCodeId}`);
  const summary = page.locator('hearth-listing-detail .listing-summary');
  await expect(summary.locator('.price')).toHaveText(formatMoney(listing.priceInPennies));
  await expect(summary.locator('.address')).toContainText(listing.address.streetLine1!);
  await expect(summary.locator('.facts')).toContainText(/bd/);
  const photos = summary.locator('.photos img');
  expect(await photos.count()).toBeGreaterThanOrEqual(2);
  await expect(photos.first()).toBeVisible();
  // The photo really loads.
  expect(await photos.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const [realEstate, breadcrumbs] = blocks.map((text) => JSON.parse(text));
  expect(realEstate['@type']).toBe('RealEstateListing');
  expect(realEstate.name).toEqual(listing.title || expect.stringContaining(listing.address.streetLine1!));
  expect(realEstate.offers.price).toBe(listing.priceInPennies / 100);
  expect(realEstate.about.address.streetAddress).toBe(listing.address.streetLine1);
  expect(breadcrumbs['@type']).toBe('BreadcrumbList');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${apiUrl()}/listing/${listing.slugId}/${listing.listingCodeId}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http/);
});

test('the home page and the shell work without JavaScript', HOSTED, async ({ page }) => {
  await page.goto(`${apiUrl()}/`);
  await expect(page.locator('hearth-listing-card .listing-summary').first()).toBeVisible();
  // The menus are <details>: they open without a script.
  await page.locator('header summary', { hasText: 'Buy' }).click();
  await expect(page.getByRole('link', { name: 'Find a Home' })).toBeVisible();
});

test('sitemap.xml parses as XML in the sitemaps.org namespace', HOSTED, async ({ page }) => {
  const xml = await (await fetch(`${apiUrl()}/sitemap.xml`)).text();
  await page.goto(`${apiUrl()}/robots.txt`);
  const result = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      namespace: doc.documentElement.namespaceURI,
      locs: [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map((l) => l.textContent),
    };
  }, xml);
  expect(result.error).toBeNull();
  expect(result.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  expect(result.locs.length).toBeGreaterThan(10);
  for (const loc of result.locs) expect(new URL(loc!).origin).toBe(apiUrl());
});
