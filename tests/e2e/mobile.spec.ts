/**
 * On a phone (390 × 844, touch): the search shows a result on its first screen, its filters in a sheet
 * whose apply button counts what they find, a list/map toggle that keeps the list where it was, drag and
 * pinch on the keyless map; at 320 px the listing detail and the request-tour dialog with its grid fit
 * the width, with 44 px buttons. The partner page around the elements is hostile on purpose; only ours
 * is judged.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { listingDetailTexts as ld } from '../../core/i18n/listing-detail';
import { searchMapTexts as t } from '../../core/i18n/search';
import { requestTourTexts as rt } from '../../core/i18n/tours';
import { cspViolations, expect, test } from './fixtures';
import { saltLakeCityTotal } from './search-total';
import { signUp, startSignedIn } from './sessions';

/**
 * Every element inside a shadow root (at any depth) whose box reaches past the right edge of the screen.
 * The screen is the layout viewport's width without scrollbars (clientWidth): a phone widens `innerWidth`
 * to whatever overflows, which would hide the very overflow looked for.
 */
const pastTheRightEdge = (page: Page) =>
  page.evaluate(() => {
    const screen = document.documentElement.clientWidth;
    const found: string[] = [];
    const walk = (root: Document | ShadowRoot, host: string | null) => {
      for (const node of root.querySelectorAll('*')) {
        const box = node.getBoundingClientRect();
        if (host && (box.width > 0 || box.height > 0) && box.right > screen + 0.5) {
          found.push(`${host} ${node.tagName.toLowerCase()}.${String(node.className)} right ${Math.round(box.right)}`);
        }
        if (node.shadowRoot) walk(node.shadowRoot, node.tagName.toLowerCase());
      }
    };
    walk(document, null);
    return found;
  });

/** The buttons drawn inside `selector`'s shadow root (or within its open dialog) smaller than 44 × 44 px. */
const smallButtons = (page: Page, selector: string, within = ':host') =>
  page.evaluate(
    ({ selector, within }) => {
      const root = document.querySelector(selector)!.shadowRoot!;
      const scope = within === ':host' ? root : root.querySelector(within)!;
      return [...scope.querySelectorAll<HTMLElement>('button, [role="button"], summary')]
        .map((button) => ({ button, box: button.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 1 && box.height > 1 && (box.width < 44 || box.height < 44))
        .map(({ button, box }) => `${button.getAttribute('aria-label') ?? button.textContent?.trim()} ${Math.round(box.width)}×${Math.round(box.height)}`);
    },
    { selector, within },
  );

/** Touches through the DevTools protocol, which Chromium turns into touch pointer events. */
async function touchscreen(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: [number, number][]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  /** Fingers from `from` to `to` (same order) in a few steps, then lifted. */
  return async (from: [number, number][], to: [number, number][]) => {
    await send('touchStart', from);
    for (let step = 1; step <= 6; step += 1) {
      await send(
        'touchMove',
        from.map(([x, y], i) => [x + ((to[i]![0] - x) * step) / 6, y + ((to[i]![1] - y) * step) / 6]),
      );
    }
    await send('touchEnd', []);
  };
}

const lastBounds = async (page: Page) => {
  const bounds = new URL(page.url()).searchParams.get('bounds');
  expect(bounds).toBeTruthy();
  const [south, west, north, east] = bounds!.split(',').map(Number);
  return { south: south!, west: west!, north: north!, east: east! };
};

test.describe('a phone, 390 × 844 with touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the search map shows a result card within the first screen; the filters wait behind a button', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    const first = map.locator('[part="result"]').first();
    await expect(first.locator('[part="price"]')).toBeVisible();
    const element = (await map.boundingBox())!;
    const card = (await first.boundingBox())!;
    // Right under the place box, Filters and Sort: not below a screenful of filters.
    expect(card.y - element.y).toBeLessThan(200);
    expect(card.y + 120).toBeLessThan(844);
    await expect(map.getByRole('button', { name: t.filters })).toBeVisible();
    await expect(map.getByRole('spinbutton', { name: t.minPrice })).toBeHidden();
    await expect(map.getByRole('region', { name: t.map })).toHaveCount(0);
    expect(await smallButtons(page, '#search-map')).toEqual([]);
    expect((await new AxeBuilder({ page }).include('hearth-search-map').analyze()).violations).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('the Filters sheet counts what a change finds on its apply button; applying closes it and filters the results', async ({ openPartnerPage }) => {
    const total = await saltLakeCityTotal();
    const threeBeds = await saltLakeCityTotal({ minBedrooms: 3 });
    expect(threeBeds).toBeLessThan(total);
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    await expect(map.locator('[part="result"]')).toHaveCount(Math.min(total, 25));

    const opener = map.getByRole('button', { name: t.filters });
    await opener.click();
    const sheet = map.getByRole('dialog', { name: t.filters });
    await expect(sheet).toBeVisible();
    const apply = sheet.locator('[part="apply-filters"]');
    await expect(apply).toHaveText(t.showHomes(t.total(total, false)));
    expect((await new AxeBuilder({ page }).include('hearth-search-map').analyze()).violations).toEqual([]);

    await sheet.getByRole('combobox', { name: t.beds, exact: true }).selectOption('3');
    await expect(apply).toHaveText(t.showHomes(t.total(threeBeds, false)));
    // Pending until applied: the results behind the sheet have not moved.
    await expect(map.locator('[part="total"]')).toContainText(t.total(total, false));
    expect(await smallButtons(page, '#search-map', 'dialog')).toEqual([]);

    // Focus stays in the modal sheet.
    for (let i = 0; i < 20; i += 1) await page.keyboard.press('Tab');
    expect(await sheet.evaluate((dialog) => dialog.contains(dialog.getRootNode() instanceof ShadowRoot ? (dialog.getRootNode() as ShadowRoot).activeElement : null))).toBe(true);

    await apply.click();
    await expect(sheet).toHaveCount(0);
    await expect(opener).toBeFocused();
    await expect(page).toHaveURL(/[?&]beds=3/);
    await expect(map.locator('[part="result"]')).toHaveCount(Math.min(threeBeds, 25));
    await expect(map.locator('[part="total"]')).toContainText(t.total(threeBeds, false));
    await expect(opener).toContainText('1');

    // Escape leaves the filters as they were.
    await opener.click();
    await sheet.getByRole('button', { name: t.resetFilters }).click();
    await expect(apply).toHaveText(t.showHomes(t.total(total, false)));
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(page).toHaveURL(/[?&]beds=3/);
  });

  test('the list/map toggle keeps the list where it was, and the map where it was', async ({ openPartnerPage }) => {
    const total = await saltLakeCityTotal();
    expect(total).toBeGreaterThan(1);
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    const base = map.locator('[part="base"][data-layout]');
    const second = map.locator('[part="result"]').nth(1);
    await expect(map.locator('[part="result"] [part="price"]').first()).toBeVisible();
    await second.evaluate((node) => node.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => scrollBy(0, -37));
    await expect(second.locator('[part="price"]')).toBeVisible();
    await expect(base).toHaveAttribute('aria-busy', 'false');
    /** Where the second result stands on the screen, and how far the page is scrolled. */
    const listPlace = async () => ({ top: Math.round((await second.boundingBox())!.y), scrollY: Math.round(await page.evaluate(() => scrollY)) });
    const before = await listPlace();
    expect(before.scrollY).toBeGreaterThan(0);

    const toggle = map.locator('[part="pane-toggle"]');
    await expect(toggle).toHaveText(t.showMap);
    await toggle.click();
    const plane = map.getByRole('group', { name: t.map });
    await expect(plane).toBeVisible();
    await expect(second).toBeHidden();
    expect((await new AxeBuilder({ page }).include('hearth-search-map').analyze()).violations).toEqual([]);
    const id = await second.getAttribute('data-listing-id');
    const pin = map.locator(`[part~="pin"][data-listing-id="${id}"]`);
    await expect(pin).toBeVisible();
    await map.getByRole('button', { name: t.panEast }).click();
    await expect(map.getByRole('button', { name: t.searchThisArea })).toBeVisible();
    await expect(base).toHaveAttribute('aria-busy', 'false');
    /** Where the pin sits on the map. */
    const pinPlace = async () => {
      const [p, m] = [(await pin.boundingBox())!, (await plane.boundingBox())!];
      return [Math.round(p.x - m.x), Math.round(p.y - m.y)];
    };
    const pinBefore = await pinPlace();

    await expect(toggle).toHaveText(t.showList);
    await toggle.click();
    await expect(second).toBeVisible();
    expect(await listPlace()).toEqual(before);

    await toggle.click();
    await expect(plane).toBeVisible();
    expect(await pinPlace()).toEqual(pinBefore);
    await expect(map.getByRole('button', { name: t.searchThisArea })).toBeVisible();
  });

  test('a drag with one finger pans the map, a pinch with two zooms it', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/search.html');
    const map = page.locator('#search-map');
    await expect(map.locator('[part="result"]').first()).toBeVisible();
    await map.locator('[part="pane-toggle"]').click();
    const plane = map.getByRole('group', { name: t.map });
    await expect(plane).toBeVisible();
    await plane.evaluate((node) => node.scrollIntoView({ block: 'start' }));
    const pin = map.locator('[part~="pin"]').first();
    await expect(pin).toBeVisible();
    const area = (await plane.boundingBox())!;
    const touch = await touchscreen(page);

    // One finger, from an empty spot of the map 60 px right and 40 px down: the pins follow it.
    const start = (await pin.boundingBox())!;
    const x = area.x + 40;
    const y = area.y + area.height - 120;
    await touch([[x, y]], [[x + 60, y + 40]]);
    await expect.poll(async () => Math.round((await pin.boundingBox())!.x - start.x)).toBe(60);
    expect(Math.round((await pin.boundingBox())!.y - start.y)).toBe(40);
    await map.getByRole('button', { name: t.searchThisArea }).click();
    await expect(page).toHaveURL(/[?&]bounds=/);
    const dragged = await lastBounds(page);

    // Two fingers spreading from 80 to 240 px apart: one step closer (2×) per doubling, about their middle.
    const cx = area.x + area.width / 2;
    const cy = area.y + area.height / 2;
    await touch(
      [[cx - 40, cy], [cx + 40, cy]],
      [[cx - 120, cy], [cx + 120, cy]],
    );
    await map.getByRole('button', { name: t.searchThisArea }).click();
    await expect.poll(async () => (await lastBounds(page)).east - (await lastBounds(page)).west).toBeLessThan((dragged.east - dragged.west) * 0.6);
    const pinched = await lastBounds(page);
    // Zoomed about the middle of the map: the centre stays (within a pixel or two of the old zoom).
    expect(Math.abs((pinched.east + pinched.west) / 2 - (dragged.east + dragged.west) / 2)).toBeLessThan((dragged.east - dragged.west) / 100);
    expect(await cspViolations(page)).toEqual([]);
  });
});

test.describe('a small phone, 320 px wide', () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test('the listing detail fits the width, its buttons are 44 px targets, axe is clean', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listing.html');
    const detail = page.locator('#detail');
    await expect(detail.locator('[part="price"]')).toHaveText('$489,000');
    await detail.locator('[part="contact-agent"]').click();
    await expect(page.locator('#detail hearth-contact-form [part="submit"], #detail hearth-contact-form button[type="submit"]').first()).toBeVisible();
    expect(await pastTheRightEdge(page)).toEqual([]);
    expect(await smallButtons(page, '#detail')).toEqual([]);
    expect((await new AxeBuilder({ page }).include('#detail').analyze()).violations).toEqual([]);
  });

  test('the request-tour dialog with its grid (three days and a fourth) fits, its buttons are 44 px targets, × stays reachable', async ({
    openPartnerPage,
    page,
    request,
  }) => {
    await startSignedIn(page, await signUp(request, 'Tia', 'Touch'));
    await openPartnerPage('/request-tour.html');
    const element = page.locator('#tour');
    await element.getByRole('button', { name: rt.button }).click();
    const dialog = element.getByRole('dialog', { name: rt.dialogTitle });
    await expect(dialog).toBeVisible();
    const another = dialog.getByLabel(rt.anotherDay);
    await another.selectOption({ index: 3 });
    await expect(dialog.locator('[part="grid"] thead th')).toHaveCount(4);
    expect(await pastTheRightEdge(page)).toEqual([]);
    expect(await smallButtons(page, '#tour', 'dialog')).toEqual([]);
    expect((await new AxeBuilder({ page }).include('#tour').analyze()).violations).toEqual([]);

    // Scrolled to its end, the dialog still shows its close button and its Continue.
    await dialog.evaluate((node) => node.scrollTo(0, node.scrollHeight));
    const close = dialog.getByRole('button', { name: 'Close' });
    await expect(close).toBeInViewport();
    await expect(dialog.locator('[part="continue"]')).toBeInViewport();
    await close.click();
    await expect(dialog).toHaveCount(0);
  });

  test('the photo gallery, showcase and make-offer dialogs fit the width', async ({ openPartnerPage, page, request }) => {
    await startSignedIn(page, await signUp(request, 'Sam', 'Small'));
    await openPartnerPage('/listing-actions.html');
    const detail = page.locator('#detail');
    await expect(detail.locator('[part="price"]')).toBeVisible();

    await detail.getByRole('button', { name: ld.photos.openGallery(1, 1) }).click();
    const gallery = page.getByRole('dialog', { name: ld.gallery.title });
    await expect(gallery).toBeVisible();
    expect(await pastTheRightEdge(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(gallery).toHaveCount(0);

    await detail.locator('[part="showcase-button"]').click();
    const showcase = page.getByRole('dialog', { name: ld.showcase.title });
    await expect(showcase).toBeVisible();
    expect(await pastTheRightEdge(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(showcase).toHaveCount(0);

    await detail.getByRole('group', { name: ld.actions.label }).getByRole('button', { name: ld.actions.makeOffer }).click();
    const offer = page.locator('#offer').getByRole('dialog');
    await expect(offer).toBeVisible();
    expect(await pastTheRightEdge(page)).toEqual([]);
    expect(await smallButtons(page, '#offer', 'dialog')).toEqual([]);
    expect((await new AxeBuilder({ page }).include('#offer').analyze()).violations).toEqual([]);
  });
});
