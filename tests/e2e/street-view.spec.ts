import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { listingDetailTexts as t } from '../../core/i18n/listing-detail';
import { cspViolations, expect, test } from './fixtures';
import { withGoogleMaps } from './google-maps';

/** Listing 1001 (seeded) stands at 40.7641, -111.8769. */
const HOME = { lat: 40.7641, lng: -111.8769 };
/** ~111 m north of it: within the 200 m of spec §2. */
const NEAR = { lat: HOME.lat + 0.001, lng: HOME.lng };
/** ~333 m north of it: too far. */
const FAR = { lat: HOME.lat + 0.003, lng: HOME.lng };
const ADDRESS = '455 E 300 S, Salt Lake City, UT 84111';

/** Replaces the page's element by a fresh one for listing 1001 with the given attributes (before it loads). */
async function showDetail(page: Page, attributes: Record<string, string> = {}) {
  await page.evaluate((attributes) => {
    const detail = document.createElement('hearth-listing-detail');
    detail.setAttribute('listing-id', '1001');
    for (const [name, value] of Object.entries(attributes)) detail.setAttribute(name, value);
    document.querySelector('#detail')!.replaceWith(detail);
    detail.id = 'detail';
  }, attributes);
}

const double = (page: Page) =>
  page.evaluate(() => {
    const state = (window as unknown as { __googleDouble: { imported: string[]; panoramaRequests: unknown[]; panoramas: { pano: string | null }[] } }).__googleDouble;
    return { imported: [...state.imported], panoramaRequests: state.panoramaRequests, panoramas: state.panoramas.map((p) => p.pano) };
  });

test.describe('<hearth-listing-detail> Street View with a partner maps key (Google test double, strict CSP)', () => {
  test('a panorama within 200 m: the Street View tab appears and shows the panorama facing the home', async ({ page, openPartnerPage }) => {
    await withGoogleMaps(page, { panoramas: [NEAR] });
    await openPartnerPage('/listing.html');
    const detail = page.locator('#detail');
    await expect(detail.locator('[part="price"]')).toHaveText('$489,000');
    // The lookup ran once the listing was known: Google's streetView library only, radius 200 m.
    await expect.poll(async () => (await double(page)).panoramaRequests).toEqual([{ location: HOME, radius: 200 }]);
    expect((await double(page)).imported).toEqual(['streetView']);

    await detail.locator('[part="showcase-button"]').click();
    const showcase = page.getByRole('dialog', { name: t.showcase.title });
    await expect(showcase.getByRole('tab')).toHaveText(['Photos', 'Street View', '3D Walkthrough', 'Floor Plans']);
    await showcase.getByRole('tab', { name: 'Street View' }).click();
    const panorama = showcase.getByRole('region', { name: t.showcase.streetLabel(ADDRESS) });
    await expect(panorama).toBeVisible();
    const drawn = panorama.locator('[data-google-panorama]');
    await expect(drawn).toHaveAttribute('data-google-panorama', `pano-${NEAR.lat},${NEAR.lng}`);
    // The panorama stands north of the home, so it looks south.
    await expect(drawn).toHaveAttribute('data-heading', '180');
    expect((await new AxeBuilder({ page }).include('hearth-listing-detail').analyze()).violations).toEqual([]);

    // Back to photos and out: the panorama is put away.
    await showcase.getByRole('tab', { name: 'Photos' }).click();
    await expect(showcase.locator('[part="showcase-counter"]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(showcase).toHaveCount(0);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('opens directly on Street View (open-dialog="showcase" showcase-tab="street")', async ({ page, openPartnerPage }) => {
    await withGoogleMaps(page, { panoramas: [NEAR] });
    await openPartnerPage('/listing.html');
    await expect(page.locator('#detail [part="price"]')).toBeVisible();
    await showDetail(page, { 'open-dialog': 'showcase', 'showcase-tab': 'street' });
    const showcase = page.getByRole('dialog', { name: t.showcase.title });
    await expect(showcase.getByRole('tab', { name: 'Street View' })).toHaveAttribute('aria-selected', 'true');
    await expect(showcase.locator('[data-google-panorama]')).toHaveAttribute('data-google-panorama', `pano-${NEAR.lat},${NEAR.lng}`);
    expect((await new AxeBuilder({ page }).include('hearth-listing-detail').analyze()).violations).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('no panorama within 200 m: no Street View tab, and asking for it opens Photos', async ({ page, openPartnerPage }) => {
    await withGoogleMaps(page, { panoramas: [FAR] });
    await openPartnerPage('/listing.html');
    await expect(page.locator('#detail [part="price"]')).toBeVisible();
    await showDetail(page, { 'open-dialog': 'showcase', 'showcase-tab': 'street' });
    const showcase = page.getByRole('dialog', { name: t.showcase.title });
    await expect(showcase.getByRole('tab')).toHaveText(['Photos', '3D Walkthrough', 'Floor Plans']);
    await expect(showcase.getByRole('tab', { name: 'Photos' })).toHaveAttribute('aria-selected', 'true');
    const { panoramaRequests, panoramas } = await double(page);
    expect(panoramaRequests.length).toBeGreaterThan(0);
    expect(panoramas).toEqual([]);
  });

  test('without a maps key nothing of Google loads and there is no Street View tab', async ({ page, openPartnerPage }) => {
    const google: string[] = [];
    page.on('request', (request) => /googleapis|gstatic/.test(request.url()) && google.push(request.url()));
    await openPartnerPage('/listing.html');
    await expect(page.locator('#detail [part="price"]')).toBeVisible();
    await showDetail(page, { 'open-dialog': 'showcase', 'showcase-tab': 'street' });
    const showcase = page.getByRole('dialog', { name: t.showcase.title });
    await expect(showcase.getByRole('tab')).toHaveText(['Photos', '3D Walkthrough', 'Floor Plans']);
    expect(google).toEqual([]);
    expect(await page.evaluate(() => 'google' in window)).toBe(false);
  });
});
