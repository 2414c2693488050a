/**
 * A seller's uploaded photos in their responsive sizes (issue 19): the demo's published listing in Park City
 * (server/listing-photos/demo-case.ts: three photos through the pipeline) shows them with `srcset` + `sizes` on
 * <hearth-listing-card>, in the search map's cards and in <hearth-listing-detail>'s gallery, on the partner page
 * (other origin, strict CSP, hostile CSS). The browser picks one of the stored sizes and it loads.
 */
import type { Locator } from '@playwright/test';
import { cspViolations, expect, test } from './fixtures';
import { graphql } from './sessions';

const PARK_CITY = { latitude: 40.6461, longitude: -111.498 };

/** The published photo listing's id and its cover srcset, found as a visitor finds it: by searching there. */
async function publishedPhotoListing(request: Parameters<typeof graphql>[0]) {
  const data = await graphql<{ listingLoad: { edges: { node: { id: string; photoSrcset: string | null } }[] } }>(
    request,
    null,
    `query PhotoListing($geoInput: GeoInput) { listingLoad(first: 5, geoInput: $geoInput) { edges { node { id photoSrcset } } } }`,
    { geoInput: { center: PARK_CITY, radiusMeters: 50 } },
  );
  const node = data.listingLoad.edges.map((e) => e.node).find((n) => n.photoSrcset);
  expect(node, 'the seeded published photo listing').toBeTruthy();
  return node! as { id: string; photoSrcset: string };
}

const candidatesOf = (srcset: string) => srcset.split(', ').map((c) => c.split(' ')[0]!);

/** The image has loaded from one of its srcset's candidates (all on the API's origin) and has pixels. */
async function expectLoadedFromSrcset(image: Locator, apiOrigin: string) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const { srcset, sizes, current } = await image.evaluate((img: HTMLImageElement) => ({ srcset: img.srcset, sizes: img.sizes, current: img.currentSrc }));
  const candidates = candidatesOf(srcset);
  expect(candidates.length).toBeGreaterThanOrEqual(2);
  for (const url of candidates) expect(url.startsWith(`${apiOrigin}/media/listing-photos/`)).toBe(true);
  expect(sizes).not.toBe('');
  expect(candidates).toContain(current);
}

test.describe('uploaded listing photos in their sizes on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('the listing card shows the cover from its srcset', async ({ openPartnerPage, request }) => {
    const listing = await publishedPhotoListing(request);
    const page = await openPartnerPage('/listings.html');
    const card = page.locator('#card-b');
    await expect(card.locator('[part="price"]')).toBeVisible();
    await card.evaluate((el, id) => el.setAttribute('listing-id', id), listing.id);
    await expect(card.locator('[part="price"]')).toHaveText('$1,125,000');
    const photo = card.locator('[part="photo"]');
    await expect(photo).toHaveAttribute('srcset', listing.photoSrcset);
    await expectLoadedFromSrcset(photo, new URL(candidatesOf(listing.photoSrcset)[0]!).origin);
    // A feed photo of one size keeps working without a srcset.
    const feed = page.locator('#card-a [part="photo"]');
    await expect(feed).toBeVisible();
    expect(await feed.getAttribute('srcset')).toBeNull();
    await expect.poll(() => feed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('the search map’s card for the listing uses the sizes', async ({ openPartnerPage, request }) => {
    const listing = await publishedPhotoListing(request);
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    await expect(map.locator('[part="result"]').first()).toBeVisible();
    // The visitor searches Park City, where the listing is the only home.
    const box = map.getByRole('combobox', { name: 'Search by City, ZIP, or Address' });
    await box.fill('Park City');
    await map.getByRole('option', { name: /Park City, UT/ }).first().click();
    const photo = map.locator('[part="result"] hearth-listing-card [part="photo"][srcset]').first();
    await expect(photo).toHaveAttribute('srcset', listing.photoSrcset);
    await expectLoadedFromSrcset(photo, new URL(candidatesOf(listing.photoSrcset)[0]!).origin);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('the listing detail’s gallery shows each photo from its srcset', async ({ openPartnerPage, request }) => {
    const listing = await publishedPhotoListing(request);
    const page = await openPartnerPage('/listing.html');
    const detail = page.locator('#detail');
    await expect(detail.locator('[part="main-photo"]')).toBeVisible();
    await detail.evaluate((el, id) => el.setAttribute('listing-id', id), listing.id);
    const main = detail.locator('[part="main-photo"]');
    await expect(main).toHaveAttribute('srcset', listing.photoSrcset);
    await expectLoadedFromSrcset(main, new URL(candidatesOf(listing.photoSrcset)[0]!).origin);
    // The next photo is another upload with sizes of its own.
    await detail.locator('.lightbox .arrow-next').click();
    await expect(main).not.toHaveAttribute('srcset', listing.photoSrcset);
    await expectLoadedFromSrcset(main, new URL(candidatesOf(listing.photoSrcset)[0]!).origin);
    await page.screenshot({ path: '/tmp/seller-listing-photos.png' });
    expect(await cspViolations(page)).toEqual([]);
  });
});
