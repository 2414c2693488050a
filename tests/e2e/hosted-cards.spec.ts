/**
 * The hosted pages' listing cards continue from the page (issue 38): each card carries its listing
 * (server/site/card-data.ts) and shows the page's own card until its turn, then draws itself from that data, with no
 * request of its own; its photo is lazy from its first property, so only the photos near the screen are fetched.
 * The search page carries its first results the same way (server/site/search-data.ts), with the first photo preloaded.
 */
import AxeBuilder from '@axe-core/playwright';
import { searchMapTexts as st } from '../../core/i18n/search';
import { apiUrl, expect, HOSTED, test } from './fixtures';
import { PASSWORD, signUp } from './sessions';

test('the cards of / and /stays draw from the page’s data: no request per card, hearts on, photos lazy and loaded', HOSTED, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const cardQueries: string[] = [];
  const photos = new Set<string>();
  page.on('request', (r) => {
    if (r.url().includes('queryName=ListingCard')) cardQueries.push(r.url());
    if (r.resourceType() === 'image' && r.url().includes('/media/')) photos.add(r.url());
  });
  for (const [path, price] of [['/', /^(\$|Rs )[\d,]+(\/mo)?$/], ['/stays', /\/night$/]] as const) {
    photos.clear();
    await page.goto(`${apiUrl()}${path}`);
    const cards = page.locator('hearth-listing-card');
    const count = await cards.count();
    expect(count, path).toBeGreaterThan(0);
    // Every card ends as the element's own card (its heart is the element's), with the price the page carried.
    for (let i = 0; i < count; i++) {
      await expect(cards.nth(i).locator('[part="favorite"]')).toBeVisible();
      await expect(cards.nth(i).locator('[part="price"]')).toHaveText(price);
    }
    await page.waitForLoadState('networkidle');
    const first = cards.first().locator('[part="photo"]');
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // Six cards on a phone's screen: the last ones' photos are not fetched until scrolled to.
    if (count >= 4) expect(photos.size, path).toBeLessThan(count);
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations, path).toEqual([]);
  }
  expect(cardQueries).toEqual([]);
});

test('/search starts from the page’s first results: no query until the visitor changes the search, the first photo fetched once', HOSTED, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const searches: string[] = [];
  const images: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('queryName=SearchListings')) searches.push(r.url());
    if (r.resourceType() === 'image') images.push(r.url());
  });
  await page.goto(`${apiUrl()}/search`);
  const map = page.locator('hearth-search-map');
  await expect(map.locator('[part="result"]').first()).toBeVisible();
  const photo = map.locator('hearth-listing-card').first().locator('[part="photo"]');
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The picture the page preloaded (the photo, else the stock picture) is the one the card shows: asked for once.
  const shown = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(await page.locator('link[rel="preload"][as="image"]').count()).toBe(1);
  expect(images.filter((url) => url === shown)).toHaveLength(1);
  expect(await page.evaluate((url) => performance.getEntriesByName(url).map((entry) => (entry as PerformanceResourceTiming).initiatorType), shown)).toEqual(['link']);
  expect(searches).toEqual([]);
  expect((await new AxeBuilder({ page }).include('hearth-search-map').analyze()).violations).toEqual([]);

  // The visitor's own search asks.
  await map.getByRole('button', { name: st.filters }).click();
  const sheet = map.getByRole('dialog', { name: st.filters });
  await sheet.getByRole('combobox', { name: st.beds, exact: true }).selectOption('3');
  await sheet.locator('[part="apply-filters"]').click();
  await expect(page).toHaveURL(/[?&]beds=3/);
  await expect.poll(() => searches.length).toBeGreaterThan(0);

  // A link to a search carries that search's first results.
  searches.length = 0;
  await page.goto(`${apiUrl()}/search?beds=3`);
  await expect(map.locator('[part="result"]').first()).toBeVisible();
  await expect(map.locator('[part="total"]')).toBeVisible();
  expect(searches).toEqual([]);
});

test('the listing page continues from its own summary: the listing it carries drawn with no query; signed in, the element asks', HOSTED, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const details: string[] = [];
  page.on('request', (r) => {
    if (/queryName=ListingDetail/.test(r.url())) details.push(r.url());
  });
  const home = await (await page.request.get(`${apiUrl()}/`)).text();
  const path = /href="(\/listing\/[^"]+)"/.exec(home)![1]!;
  await page.goto(`${apiUrl()}${path}`);
  const detail = page.locator('hearth-listing-detail');
  await expect(detail.locator('[part="summary"]')).toBeVisible();
  const stage = detail.locator('[part="lightbox"] img').first();
  await expect.poll(() => stage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(details).toEqual([]);
  expect((await new AxeBuilder({ page }).include('hearth-listing-detail').analyze()).violations).toEqual([]);

  // Signed in, the page carries nothing (the hearts are the visitor's own): the element asks, showing the page's summary meanwhile.
  const user = await signUp(page.request, 'Grace', 'Hopper');
  expect((await page.request.post(`${apiUrl()}/v1/api/api-token-auth/`, { data: { username: user.email, password: PASSWORD, session: true } })).status()).toBe(200);
  await page.goto(`${apiUrl()}${path}`);
  await expect(detail.locator('[part="summary"]')).toBeVisible();
  expect(details.length).toBeGreaterThan(0);
});

test('the housing market’s homes for sale start as the visitor scrolls towards them, not while the page loads', HOSTED, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const searches: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('queryName=SearchListings')) searches.push(r.url());
  });
  await page.goto(`${apiUrl()}/housing-market/UT`);
  await expect(page.locator('hearth-market-metrics [part="metric"]')).toHaveCount(8);
  await page.waitForLoadState('networkidle');
  const map = page.locator('hearth-search-map');
  // Far below the screen: its place is held at its size, and nothing is asked (it waits; it is not loading).
  await expect(map.locator('[part="base"][data-state="waiting"]')).toHaveCount(1);
  expect(await map.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(400);
  expect(searches).toEqual([]);
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('[part="result"]').first()).toBeVisible();
  expect(searches.length).toBeGreaterThan(0);
});

test('/search on a phone shows the first result’s picture where its card will be until the element draws it; wider, nothing', HOSTED, async ({ page, context }) => {
  const rectOf = (selector: string) =>
    page.evaluate((s) => {
      const host = document.querySelector('hearth-search-map')!;
      const node = s === 'card photo' ? host.shadowRoot!.querySelector('hearth-listing-card')!.shadowRoot!.querySelector('[part="photo"]')! : document.querySelector(s)!;
      const box = node.getBoundingClientRect();
      return { x: box.x, y: box.y, width: box.width, height: box.height, loaded: node instanceof HTMLImageElement ? node.naturalWidth : 0 };
    }, selector);
  for (const [width, height] of [[390, 844], [1366, 900]] as const) {
    await page.setViewportSize({ width, height });
    // The element's code held back: what the page shows until it is defined.
    await context.route('**/elements/search-map.js', (route) => route.abort());
    await page.goto(`${apiUrl()}/search`);
    const waiting = await rectOf('.search-first-photo');
    await context.unroute('**/elements/search-map.js');
    await page.goto(`${apiUrl()}/search`);
    const photo = page.locator('hearth-search-map hearth-listing-card').first().locator('[part="photo"]');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const card = await rectOf('card photo');
    if (width < 688) {
      expect(waiting.loaded, `${width}`).toBeGreaterThan(0);
      // The card's photo sits inside the picture's box (within its 1 px border): the picture covers it exactly.
      expect(Math.abs(card.x - waiting.x), `${width}`).toBeLessThanOrEqual(1.5);
      expect(Math.abs(card.y - waiting.y), `${width}`).toBeLessThanOrEqual(1.5);
      expect(Math.abs(card.width - waiting.width), `${width}`).toBeLessThanOrEqual(2.5);
      expect(Math.abs(card.height - waiting.height), `${width}`).toBeLessThanOrEqual(2.5);
    } else {
      expect(waiting.width, `${width}`).toBe(0);
    }
  }
});
