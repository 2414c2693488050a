import AxeBuilder from '@axe-core/playwright';
import { authTexts } from '../../core/i18n/auth';
import { searchMapTexts as t } from '../../core/i18n/search';
import type { Page } from '@playwright/test';
import { cspViolations, eventsOf, expect, test } from './fixtures';
import { withGoogleMaps } from './google-maps';
import { saltLakeCityTotal } from './search-total';

/** Records hearth-listing-selected (the shared fixture does not). */
const recordSelections = (page: Page) =>
  page.addInitScript(`window.__selected = []; document.addEventListener('hearth-listing-selected', (e) => window.__selected.push(e.detail));`);
const selections = (page: Page) => page.evaluate(() => (window as unknown as { __selected: { listingId: string; slugId: string; listingCodeId: string }[] }).__selected);


test.describe('<hearth-search-map> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('shows results and pins for Salt Lake City, with the total and page 1', async ({ openPartnerPage }) => {
    const total = await saltLakeCityTotal();
    expect(total).toBeGreaterThan(0);
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    const results = map.locator('[part="result"]');
    await expect(results).toHaveCount(Math.min(total, 25));
    await expect(map.locator('[part="result"] [part="price"]').first()).toBeVisible();
    await expect(map.locator('[part="total"]')).toContainText(t.total(total, false));
    // Rentals and stays name their price period ('$1,450/mo').
    const pins = map.getByRole('button', { name: /^\$[\d,]+(\/\w+)?, .+Salt Lake City/ });
    await expect(pins).toHaveCount(Math.min(total, 25));
    await expect(map.getByRole('region', { name: t.map })).toBeVisible();
    if (total <= 25) await expect(map.getByRole('navigation', { name: t.pages })).toContainText(t.pageOf(1, 1));
    const changed = await eventsOf(page, 'hearth-search-changed');
    expect(changed.at(-1).location).toBe('Salt-Lake-City,-UT,-USA');
    expect(await cspViolations(page)).toEqual([]);
  });

  test('hovering a card highlights its pin', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    const first = map.locator('[part="result"]').first();
    await expect(first.locator('[part="price"]')).toBeVisible();
    const id = await first.getAttribute('data-listing-id');
    await first.hover();
    await expect(map.locator(`[part~="pin"][data-listing-id="${id}"]`)).toHaveAttribute('data-state', 'highlighted');
  });

  test('zoom and pan by buttons and keys, then Search this area loads the area', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    await expect(map.locator('[part="result"]').first()).toBeVisible();
    await expect(map.getByRole('button', { name: t.searchThisArea })).toHaveCount(0);
    await map.getByRole('button', { name: t.zoomOut, exact: true }).click();
    await map.getByRole('button', { name: t.panEast }).click();
    const plane = map.getByRole('group', { name: t.map });
    await plane.focus();
    await page.keyboard.press('ArrowLeft');
    await map.getByRole('button', { name: t.searchThisArea }).click();
    await expect(map.getByRole('button', { name: t.searchThisArea })).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]bounds=/);
    const changed = await eventsOf(page, 'hearth-search-changed');
    expect(changed.at(-1).bounds.north).toBeGreaterThan(changed.at(-1).bounds.south);
    // The zoomed-out area holds the whole city: every Salt Lake City home is still listed.
    await expect(map.locator('[part="result"]')).toHaveCount(Math.min(await saltLakeCityTotal(), 25));
  });

  test('a filter changes the results (beds), and Reset filters undoes it when nothing matches', async ({ openPartnerPage }) => {
    const fourBeds = await saltLakeCityTotal({ minBedrooms: 4 });
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    await expect(map.locator('[part="result"]').first()).toBeVisible();
    await map.getByRole('combobox', { name: t.beds, exact: true }).selectOption('4');
    await expect(page).toHaveURL(/[?&]beds=4/);
    await expect(map.locator('[part="result"]')).toHaveCount(Math.min(fourBeds, 25));
    await map.getByRole('spinbutton', { name: t.minPrice }).fill('999999999');
    await map.getByRole('spinbutton', { name: t.minPrice }).press('Enter');
    await expect(map.locator('[part="empty"]')).toContainText(t.empty);
    await map.getByRole('button', { name: t.resetFilters }).click();
    await expect(map.locator('[part="result"]')).toHaveCount(Math.min(await saltLakeCityTotal(), 25));
  });

  test('Find a Home at 1366×900: for sale by default (no rents), home types in people\'s words, no list clipped', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/search.html');
    await page.setViewportSize({ width: 1366, height: 900 });
    const map = page.locator('#search-map');
    await expect(map.locator('[part="result"]').first()).toBeVisible();
    await expect(map.getByRole('combobox', { name: t.classification })).toHaveValue('SALE');
    await expect(map.locator('[part="result"]')).toHaveCount(Math.min(await saltLakeCityTotal(), 25));
    for (const price of await map.locator('[part="result"] [part="price"]').allTextContents()) expect(price).not.toMatch(/\/(mo|night|wk)/);
    const types = await map.getByRole('combobox', { name: t.propertyType }).locator('option').allTextContents();
    expect(types).toContain(t.propertyTypes.Residential);
    for (const term of ['Residential', 'Residential Lease', 'Residential Income', 'Commercial Sale', 'Farm']) expect(types).not.toContain(term);
    // Every list of the toolbar is wide enough for its longest choice ('Sale or rent' is not 'Sale or ren').
    const clipped = await map.locator('[part="toolbar"] select').evaluateAll((selects) =>
      (selects as HTMLSelectElement[])
        .filter((select) => {
          const style = getComputedStyle(select);
          const probe = document.createElement('span');
          Object.assign(probe.style, { font: style.font, letterSpacing: style.letterSpacing, position: 'absolute', whiteSpace: 'pre', visibility: 'hidden' });
          select.parentElement!.append(probe);
          const widest = Math.max(...[...select.options].map((option) => ((probe.textContent = option.text), probe.getBoundingClientRect().width)));
          probe.remove();
          // The closed list's arrow takes about 16 px beside the padding.
          return widest > select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
        })
        .map((select) => select.name),
    );
    expect(clipped).toEqual([]);
  });

  test('pages: numbered pages when there are several, else page 1 of 1', async ({ openPartnerPage }) => {
    const total = await saltLakeCityTotal();
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    const pager = map.getByRole('navigation', { name: t.pages });
    await expect(map.locator('[part="result"]').first()).toBeVisible();
    if (total <= 25) {
      await expect(pager).toContainText(t.pageOf(1, 1));
      return;
    }
    await pager.getByRole('button', { name: t.nextPage }).click();
    await expect(pager.getByRole('button', { name: t.page(2) })).toHaveAttribute('aria-current', 'page');
  });

  test('gallery view has cards and no map; back restores the map (URL sync)', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    await expect(map.locator('[part="result"]').first()).toBeVisible();
    await map.getByRole('button', { name: t.galleryView }).click();
    await expect(page).toHaveURL(/[?&]view=gallery/);
    await expect(map.getByRole('region', { name: t.map })).toHaveCount(0);
    await expect(map.locator('[part="result"] [part="price"]').first()).toBeVisible();
    await page.goBack();
    await expect(map.getByRole('region', { name: t.map })).toBeVisible();
  });

  test('a favourite while logged out opens sign-in; Save this search does too', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    const heart = map.locator('[part="result"] [part="favorite"]').first();
    await expect(heart).toBeVisible();
    await heart.click();
    const dialog = page.getByRole('dialog', { name: authTexts.dialogTitle });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await map.getByRole('button', { name: t.saveSearch }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: t.saveSearchTitle })).toHaveCount(0);
  });

  test('draw a shape: a triangle around Salt Lake City keeps its homes; one drawn by keyboard elsewhere finds none; Clear shape', async ({ openPartnerPage }) => {
    const total = await saltLakeCityTotal();
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    await expect(map.locator('[part="result"]')).toHaveCount(Math.min(total, 25));
    // Two steps out: the fitted results now sit in the middle quarter of the map.
    await map.getByRole('button', { name: t.zoomOut, exact: true }).click();
    await map.getByRole('button', { name: t.zoomOut, exact: true }).click();
    const plane = map.getByRole('group', { name: t.map });
    const box = (await plane.boundingBox())!;
    await map.getByRole('button', { name: t.draw, exact: true }).click();
    const finish = map.getByRole('button', { name: t.finishShape });
    await expect(finish).toBeDisabled();
    for (const [x, y] of [[6, 6], [box.width - 6, 6], [box.width / 2, box.height - 6]] as const) await plane.click({ position: { x, y } });
    await expect(map.locator('[part="shape"]')).toHaveAttribute('data-points', '3');
    await expect(map.getByRole('status').filter({ hasText: t.shapePoints(3, 200) })).toBeVisible();
    await finish.click();
    await expect(page).toHaveURL(/[?&]polygon=/);
    const changed = await eventsOf(page, 'hearth-search-changed');
    expect(changed.at(-1).polygon).toHaveLength(3);
    await expect(map.locator('[part="result"]')).toHaveCount(Math.min(total, 25));
    await expect(map.locator('[part="total"]')).toContainText(t.total(total, false));
    await expect(map.getByRole('button', { name: t.clearShape })).toBeVisible();

    // By keyboard, far to the west (the desert): Enter adds the crosshair, arrow keys move the map under it.
    await plane.focus();
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('ArrowLeft');
    await map.getByRole('button', { name: t.draw, exact: true }).click();
    await expect(plane).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(map.locator('[part="shape"]')).toHaveAttribute('data-points', '3');
    await finish.click();
    await expect(map.locator('[part="empty"]')).toContainText(t.empty);

    await map.getByRole('button', { name: t.clearShape }).click();
    await expect(page).not.toHaveURL(/[?&]polygon=/);
    await expect(page).toHaveURL(/[?&]bounds=/);
    await expect(map.locator('[part="shape"]')).toHaveCount(0);
    expect((await new AxeBuilder({ page }).include('hearth-search-map').analyze()).violations).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('has no axe violations, map and gallery', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    await expect(map.locator('[part="result"] [part="price"]').first()).toBeVisible();
    await expect(map.locator('[part~="pin"]').first()).toBeVisible();
    expect((await new AxeBuilder({ page }).include('hearth-search-map').analyze()).violations).toEqual([]);
    await map.getByRole('button', { name: t.galleryView }).click();
    await expect(map.getByRole('region', { name: t.map })).toHaveCount(0);
    expect((await new AxeBuilder({ page }).include('hearth-search-map').analyze()).violations).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('activating a pin emits hearth-listing-selected, as a card does, and brings its card into view', async ({ page, openPartnerPage }) => {
    await recordSelections(page);
    await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    const pin = map.locator('[part~="pin"]').first();
    await expect(pin).toBeVisible();
    const id = (await pin.getAttribute('data-listing-id'))!;
    await pin.click();
    const card = map.locator(`[part="result"][data-listing-id="${id}"]`);
    await expect(card).toBeFocused();
    const [selected] = await selections(page);
    expect(selected!.listingId).toBe(id);
    // The same detail the card sends when its link is opened.
    const href = await card.locator('hearth-listing-card a[href*="/listing/"]').last().getAttribute('href');
    expect(href).toContain(`/listing/${selected!.slugId}/${selected!.listingCodeId}`);
    // By keyboard too.
    const second = map.locator('[part~="pin"]').nth(1);
    const secondId = await second.getAttribute('data-listing-id');
    await second.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await selections(page)).map((s) => s.listingId)).toEqual([id, secondId]);
  });

  test('the map height follows the element: 640 px by default, --hearth-map-height, or a height set on the element', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    const plane = map.locator('[part="map-plane"]');
    await expect(plane).toBeVisible();
    const height = async () => (await plane.boundingBox())!.height;
    const before = await height();
    await expect(map.locator('[part="result"] [part="price"]').first()).toBeVisible();
    // Results arriving do not move the map.
    expect(await height()).toBe(before);
    expect(before).toBe(640);
    await map.evaluate((node) => node.style.setProperty('--hearth-map-height', '480px'));
    await expect.poll(height).toBe(480);
    const results = map.locator('[part="results"]');
    expect((await results.boundingBox())!.height).toBe(480);
    await map.evaluate((node) => (node.style.height = '1100px'));
    const toolbar = (await map.locator('[part="toolbar"]').boundingBox())!;
    const host = (await map.boundingBox())!;
    await expect.poll(async () => Math.round((await plane.boundingBox())!.y + (await height()))).toBe(Math.round(host.y + 1100));
    expect(await height()).toBeGreaterThan(1100 - toolbar.height - 60);
  });

  test('with a partner maps key the map is Google\'s (test double): markers for the results, a marker click selects its listing', async ({ page, openPartnerPage }) => {
    await recordSelections(page);
    await withGoogleMaps(page, {});
    await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    await expect(map.locator('[part="result"] [part="price"]').first()).toBeVisible();
    await expect(map.locator('[data-google-map="double"]')).toBeVisible();
    expect((await map.locator('[data-google-map="double"]').boundingBox())!.height).toBe(640);
    // No keyless pins: Google draws the markers.
    await expect(map.locator('[part~="pin"]')).toHaveCount(0);
    const count = await map.locator('[part="result"]').count();
    await expect.poll(() => page.evaluate(() => (window as any).__googleDouble.markers.filter((m: any) => m.map).length)).toBeGreaterThanOrEqual(count);
    const title = await page.evaluate(() => {
      const marker = (window as any).__googleDouble.markers.find((m: any) => m.map && /^\$[\d,]+, /.test(m.title));
      marker.fire('click');
      return marker.title as string;
    });
    const [selected] = await selections(page);
    const card = map.locator(`[part="result"][data-listing-id="${selected!.listingId}"]`);
    await expect(card).toBeFocused();
    expect(title).toContain((await card.locator('hearth-listing-card [part="address"]').textContent())!.trim().split(',')[0]);
    expect(await cspViolations(page)).toEqual([]);
  });
});
