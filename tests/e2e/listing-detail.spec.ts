import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { listingDetailTexts as t } from '../../core/i18n/listing-detail';
import type { DetailListing } from '../../core/listings/listing-detail-data';
import { detailListing } from '../../core/testing/detail-listing';
import { apiUrl, cspViolations, expect, test } from './fixtures';

/** A full listing with three distinct photos served by the API (the stock image with a query string). */
const listingWithPhotos = (overrides: Partial<DetailListing> = {}): DetailListing =>
  detailListing({
    photoUri: `${apiUrl()}/cdn/v1/assets/stock-home.svg?photo=1`,
    photos: [1, 2, 3].map((n) => ({ photoUrl: `${apiUrl()}/cdn/v1/assets/stock-home.svg?photo=${n}`, description: `Room ${n}` })),
    ...overrides,
  });

/** Replaces the page's element by one showing `listing` (set as the property), with the given attributes. */
async function showListing(page: Page, listing: DetailListing, attributes: Record<string, string> = {}) {
  await page.evaluate(
    ({ listing, attributes }) => {
      const old = document.querySelector('#detail')!;
      const detail = document.createElement('hearth-listing-detail');
      for (const [name, value] of Object.entries(attributes)) detail.setAttribute(name, value);
      (detail as unknown as { listing: unknown }).listing = listing;
      detail.id = 'detail';
      old.replaceWith(detail);
    },
    { listing, attributes },
  );
  await expect(page.locator('#detail [part="price"]')).toHaveText('$489,000');
}

test.describe('<hearth-listing-detail> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('shows the facts of listing 1001 from the API', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listing.html');
    const detail = page.locator('#detail');
    await expect(detail.locator('[part="price"]')).toHaveText('$489,000');
    await expect(detail.locator('[part="address"]')).toHaveText('455 E 300 S, Salt Lake City, UT 84111');
    await expect(detail.locator('[part="facts"] dt')).toContainText([t.facts.propertyType, t.facts.beds, t.facts.baths, t.facts.area, t.facts.yearBuilt]);
    await expect(detail.locator('[part="facts"] div', { hasText: t.facts.yearBuilt }).locator('dd')).toHaveText('2016');
    await expect(detail.locator('[part="view-on-map"]')).toHaveAttribute('href', /\/search\?location=455-E-300-S%2C-Salt-Lake-City%2C-UT-84111$/);
    // No photos in the test database: the stock image fills the lightbox, '1 / 1'.
    await expect(detail.locator('[part="pager"]')).toHaveText('1 / 1');
    expect(await cspViolations(page)).toEqual([]);
  });

  test('the gallery dialog: counter n / total, arrow keys, the URL index, focus back on close', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listing.html');
    await expect(page.locator('#detail [part="price"]')).toBeVisible();
    await showListing(page, listingWithPhotos(), { 'route-sync': '' });
    const opener = page.getByRole('button', { name: t.photos.openGallery(1, 3) });
    await opener.click();
    const gallery = page.getByRole('dialog', { name: t.gallery.title });
    await expect(gallery).toBeVisible();
    const counter = gallery.locator('[part="gallery-counter"]');
    await expect(counter).toHaveText('1 / 3');
    await expect(page).toHaveURL(/\/listing\.html\/gallery\/0(\?|$)/);
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('2 / 3');
    await expect(page).toHaveURL(/\/listing\.html\/gallery\/1(\?|$)/);
    await expect(gallery.locator('[part="gallery-photo"]')).toHaveAttribute('src', /photo=2$/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('3 / 3');
    await gallery.getByRole('button', { name: t.photos.showPhoto(2, 3) }).click();
    await expect(counter).toHaveText('2 / 3');
    await page.keyboard.press('Escape');
    await expect(gallery).toHaveCount(0);
    await expect(page).toHaveURL(/\/listing\.html(\?|$)/);
    await expect(page.getByRole('button', { name: t.photos.openGallery(2, 3) })).toBeFocused();
    expect(await cspViolations(page)).toEqual([]);
  });

  test('the gallery opens at a given index', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listing.html');
    await expect(page.locator('#detail [part="price"]')).toBeVisible();
    await showListing(page, listingWithPhotos(), { 'photo-index': '2', 'open-dialog': 'gallery' });
    await expect(page.getByRole('dialog', { name: t.gallery.title }).locator('[part="gallery-counter"]')).toHaveText('3 / 3');
  });

  test('showcase tabs without a video: Photos, and 3D Walkthrough and Floor Plans disabled; no Street View without a panorama', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listing.html');
    await expect(page.locator('#detail [part="price"]')).toBeVisible();
    await showListing(page, listingWithPhotos());
    const trigger = page.locator('#detail [part="showcase-button"]');
    await trigger.click();
    const showcase = page.getByRole('dialog', { name: t.showcase.title });
    await expect(showcase.getByRole('tab')).toHaveText(['Photos', '3D Walkthrough', 'Floor Plans']);
    await expect(showcase.getByRole('tab', { name: 'Photos' })).toHaveAttribute('aria-selected', 'true');
    await expect(showcase.getByRole('tab', { name: '3D Walkthrough' })).toHaveAttribute('aria-disabled', 'true');
    await expect(showcase.getByRole('tab', { name: 'Floor Plans' })).toHaveAttribute('aria-disabled', 'true');
    await expect(showcase.locator('[part="showcase-counter"]')).toHaveText('1 of 3');
    await page.keyboard.press('ArrowRight');
    await expect(showcase.locator('[part="showcase-counter"]')).toHaveText('2 of 3');
    await page.keyboard.press('Escape');
    await expect(showcase).toHaveCount(0);
    await expect(trigger).toBeFocused();
    expect(await cspViolations(page)).toEqual([]);
  });

  test('showcase with a video: Video Tour appears and the showcase can open on it; the video is a link until played', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listing.html');
    await expect(page.locator('#detail [part="price"]')).toBeVisible();
    await showListing(page, listingWithPhotos({ videoSource: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }), { 'open-dialog': 'showcase', 'showcase-tab': 'video' });
    const showcase = page.getByRole('dialog', { name: t.showcase.title });
    await expect(showcase.getByRole('tab')).toHaveText(['Photos', 'Video Tour', '3D Walkthrough', 'Floor Plans']);
    await expect(showcase.getByRole('tab', { name: 'Video Tour' })).toHaveAttribute('aria-selected', 'true');
    await expect(showcase.getByRole('link', { name: t.showcase.videoLink })).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await expect(showcase.locator('iframe')).toHaveCount(0);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('clicking the showcase photo closes it, reports the photo and opens the gallery there', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listing.html');
    await expect(page.locator('#detail [part="price"]')).toBeVisible();
    await showListing(page, listingWithPhotos());
    await page.evaluate(() => {
      const w = window as unknown as { __photo: unknown[] };
      w.__photo = [];
      document.addEventListener('hearth-photo-selected', (e) => w.__photo.push((e as CustomEvent).detail));
    });
    const trigger = page.locator('#detail [part="showcase-button"]');
    await trigger.click();
    const showcase = page.getByRole('dialog', { name: t.showcase.title });
    await showcase.getByRole('button', { name: t.photos.showPhoto(3, 3) }).click();
    await showcase.getByRole('button', { name: t.showcase.openInGallery(3, 3) }).click();
    await expect(showcase).toHaveCount(0);
    const gallery = page.getByRole('dialog', { name: t.gallery.title });
    await expect(gallery.locator('[part="gallery-counter"]')).toHaveText('3 / 3');
    expect(await page.evaluate(() => (window as unknown as { __photo: unknown[] }).__photo)).toEqual([{ photoId: 2, redirectType: 'gallery' }]);
    await gallery.getByRole('button', { name: t.gallery.close }).click();
    await expect(trigger).toBeFocused();
  });

  test('the next-step buttons emit their events; Contact agent opens the contact form', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listing.html');
    await expect(page.locator('#detail [part="price"]')).toBeVisible();
    await page.evaluate(() => {
      const w = window as unknown as { __actions: unknown[] };
      w.__actions = [];
      for (const type of ['hearth-tour-request-started', 'hearth-offer-started', 'hearth-contact-started'])
        document.addEventListener(type, (e) => w.__actions.push([type, (e as CustomEvent).detail]));
    });
    await showListing(page, listingWithPhotos());
    await page.locator('#detail [part="request-tour"]').click();
    await page.locator('#detail [part="make-offer"]').click();
    await page.locator('#detail [part="contact-agent"]').click();
    await expect(page.locator('#detail hearth-contact-form [part="heading"]')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __actions: unknown[] }).__actions)).toEqual([
      ['hearth-tour-request-started', { listingId: '1001' }],
      ['hearth-offer-started', { listingId: '1001' }],
      ['hearth-contact-started', { listingId: '1001' }],
    ]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('sets the page title and description when it owns the page', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listing.html');
    await expect(page.locator('#detail [part="price"]')).toBeVisible();
    await showListing(page, listingWithPhotos(), { 'owns-page': '' });
    await expect(page).toHaveTitle(/^455 E 300 S, Salt Lake City, UT 84111 — \$489,000 \| /);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Corner condo with mountain views.');
  });

  test('has no axe violations, on the page and with each dialog open', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listing.html');
    await expect(page.locator('#detail [part="price"]')).toBeVisible();
    expect((await new AxeBuilder({ page }).include('hearth-listing-detail').analyze()).violations).toEqual([]);
    await showListing(page, listingWithPhotos({ videoSource: 'dQw4w9WgXcQ' }));
    expect((await new AxeBuilder({ page }).include('hearth-listing-detail').analyze()).violations).toEqual([]);
    await page.locator('#detail [part="showcase-button"]').click();
    await expect(page.getByRole('dialog', { name: t.showcase.title })).toBeVisible();
    expect((await new AxeBuilder({ page }).include('hearth-listing-detail').analyze()).violations).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: t.photos.openGallery(1, 3) }).click();
    await expect(page.getByRole('dialog', { name: t.gallery.title })).toBeVisible();
    expect((await new AxeBuilder({ page }).include('hearth-listing-detail').analyze()).violations).toEqual([]);
  });

  test("shows a seeded listing's driving directions from the API, line breaks kept; none for a listing without", async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listing.html');
    const detail = page.locator('#detail');
    await expect(detail.locator('[part="price"]')).toHaveText('$489,000');
    // Listing 1001 has no directions: no section.
    await expect(detail.locator('[part="location"]')).toBeVisible();
    await expect(detail.locator('[part="driving-directions"]')).toHaveCount(0);
    // Listing 1003 (server/seed/driving-directions.ts): two lines of directions.
    await page.evaluate(() => {
      const other = document.createElement('hearth-listing-detail');
      other.setAttribute('listing-id', '1003');
      other.id = 'detail';
      document.querySelector('#detail')!.replaceWith(other);
    });
    await expect(detail.locator('[part="address"]')).toHaveText('2734 S Highland Dr, Salt Lake City, UT 84106');
    const section = detail.locator('[part="driving-directions"]');
    await expect(section.getByRole('heading', { name: t.drivingDirections })).toBeVisible();
    const text = section.locator('p');
    await expect(text).toHaveText(
      'From I-80, take the 1300 East exit south to 2700 South, then turn right onto Highland Drive.\nThe house is the third on the left past the park; street parking in front.',
    );
    // Shown on two lines at least (pre-line keeps the break), not run together.
    const lineHeight = await text.evaluate((p) => parseFloat(getComputedStyle(p).lineHeight) || 20);
    expect((await text.boundingBox())!.height).toBeGreaterThanOrEqual(lineHeight * 2 - 1);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/directions.png' });
    expect((await new AxeBuilder({ page }).include('hearth-listing-detail').analyze()).violations).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });
});
