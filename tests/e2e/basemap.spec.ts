/**
 * The keyless map's basemap on the partner page (another origin, strict CSP): tiles from our API origin's
 * tile route (the API's provider in these tests is the loopback tile server of global-setup.ts) under
 * readable pins, credited to OpenStreetMap; and, when the provider is down, the grid with no broken images.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { searchMapTexts as t } from '../../core/i18n/search';
import { apiUrl, cspViolations, expect, partnerUrl, test } from './fixtures';

/** Console errors of the page as they come (not the partner page's missing favicon: not ours). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(`${message.text()} ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The images of the search map that are on screen but show nothing: broken ones. */
const brokenImages = (page: Page) =>
  page.locator('#search-map').evaluate((host) =>
    [...host.shadowRoot!.querySelectorAll('img')]
      .filter((img) => getComputedStyle(img).visibility !== 'hidden' && getComputedStyle(img).display !== 'none')
      .filter((img) => img.complete && img.naturalWidth === 0)
      .map((img) => img.src),
  );

test.describe('the keyless map’s basemap', () => {
  test('draws tiles from the API origin under the pins, credited to OpenStreetMap; a hovered pin rises', async ({ page, openPartnerPage, build }) => {
    const csp = (await fetch(`${partnerUrl()}/search.html`)).headers.get('content-security-policy')!;
    const imgSrc = csp.split('; ').find((directive) => directive.startsWith('img-src '))!;
    // Images only from the API origin (and the page itself): tiles come through our route, not the provider's.
    expect(imgSrc.split(' ').slice(1).sort()).toEqual(["'self'", apiUrl(), 'data:'].sort());

    const errors = consoleErrors(page);
    await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    const pins = map.getByRole('button', { name: /^\$[\d,]+, .+Salt Lake City/ });
    await expect(pins.first()).toBeVisible();
    await expect(map.locator('[part="map-plane"]')).toHaveAttribute('data-basemap', 'ready');

    const tiles = map.locator('[part="tiles"] img');
    await expect.poll(() => tiles.evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length)).toBeGreaterThanOrEqual(4);
    await expect.poll(() => tiles.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
    const sources = await tiles.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
    for (const src of sources) expect(src).toMatch(new RegExp(`^${apiUrl()}/tiles/\\d+/\\d+/\\d+\\.png\\?partner=acme$`));
    // Only what is in view: a 256 px grid over the map, no ring fetched ahead.
    const plane = (await map.locator('[part="map-plane"]').boundingBox())!;
    expect(sources.length).toBeLessThanOrEqual((Math.ceil(plane.width / 256) + 1) * (Math.ceil(plane.height / 256) + 1));

    // Under the pins: what is drawn at a pin's middle is the pin.
    await map.locator('[part="map-plane"]').scrollIntoViewIfNeeded();
    const onTop = await pins.first().evaluate((pin) => {
      const box = pin.getBoundingClientRect();
      return (pin.getRootNode() as ShadowRoot).elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === pin;
    });
    expect(onTop).toBe(true);

    const credit = map.locator('[part="attribution"]').getByRole('link', { name: '© OpenStreetMap contributors' });
    await expect(credit).toBeVisible();
    await expect(credit).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');

    await pins.first().hover();
    expect(await pins.first().evaluate((pin) => getComputedStyle(pin).zIndex)).toBe('3');
    expect(await pins.nth(1).evaluate((pin) => getComputedStyle(pin).zIndex)).toBe('1');

    await page.mouse.move(0, 0);
    await map.locator('[part="map-plane"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: build === 'cdn' ? '/tmp/basemap.png' : '/tmp/basemap-react.png' });
    expect(await brokenImages(page)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('with the provider down the grid shows: no tiles, no broken images, no console errors', async ({ page, openPartnerPage, build }) => {
    // The same page for the partner whose provider fails (tiles-down: acme with a failing tileSource): its
    // loader tag is renamed as it is parsed, before it runs. (A string: tsx's helpers do not exist in the page.)
    await page.addInitScript(`new MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) if (node.dataset?.partner === 'acme') node.dataset.partner = 'tiles-down';
    }).observe(document, { childList: true, subtree: true });`);
    // A tile the page was refused: one entry per URL, however many of 'response' (the 502) and 'requestfailed'
    // (Chromium's ORB blocking the JSON body, which may or may not fire) report it.
    const failedTiles = new Set<string>();
    page.on('requestfailed', (request) => request.url().includes('/tiles/') && failedTiles.add(request.url()));
    page.on('response', (response) => response.url().includes('/tiles/') && response.status() >= 400 && failedTiles.add(response.url()));
    const errors = consoleErrors(page);
    await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    const pins = map.getByRole('button', { name: /^\$[\d,]+, .+Salt Lake City/ });
    await expect(pins.first()).toBeVisible();
    const plane = map.locator('[part="map-plane"]');
    await expect(plane).toHaveAttribute('data-basemap', 'unavailable');
    await expect(map.locator('[part="tiles"] img')).toHaveCount(0);
    await expect(map.locator('[part="attribution"]')).toHaveCount(0);
    expect(await plane.evaluate((node) => getComputedStyle(node).backgroundImage)).toContain('linear-gradient');

    // One tile was asked for, not a screenful; zooming asks again: one tile, which fails too.
    expect(failedTiles.size).toBe(1);
    await map.getByRole('button', { name: t.zoomIn, exact: true }).click();
    await expect.poll(() => failedTiles.size).toBe(2);
    await expect(plane).toHaveAttribute('data-basemap', 'unavailable');
    await page.waitForTimeout(300);
    expect(failedTiles.size).toBe(2);
    // What the page was answered: the provider's failure as a 502 from our tile route.
    for (const url of failedTiles) {
      expect(url).toMatch(new RegExp(`^${apiUrl()}/tiles/\\d+/\\d+/\\d+\\.png\\?partner=tiles-down$`));
      expect((await fetch(url)).status).toBe(502);
    }

    await plane.scrollIntoViewIfNeeded();
    await page.screenshot({ path: build === 'cdn' ? '/tmp/basemap-down.png' : '/tmp/basemap-down-react.png' });
    expect(await brokenImages(page)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    // The 502's JSON body is not an image: Chromium blocks it (ORB) without a console line.
    expect(errors).toEqual([]);
  });
});
