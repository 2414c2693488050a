/**
 * The map widgets of the kitchen-sink questionnaire on the partner demo page (other origin, strict CSP):
 * the map-search address by our place search and manually, from `?lat&lng` and from the device
 * position; the map pin dragged with the mouse or moved with the keyboard, then 'Looks good'; tiles from
 * the API origin; axe; single-question mode through both widgets.
 */
import type { Locator, Page } from '@playwright/test';
import { questionnaireTexts as q } from '../../core/i18n/questionnaire';
import { widgetTexts as w } from '../../questionnaire/widgets/texts';
import { apiUrl, axeViolations, cspViolations, expect, partnerUrl, test } from './fixtures';
import { answersTo, openKitchenSinkAt, SINGLE, WHOLE_FORM } from './kitchen-sink';

const BRANCH = { yes: 'map_widgets', no: 'no_map_widgets' };
const openMapAddress = (page: Page, mode: 'form' | 'single') => openKitchenSinkAt(page, mode, 'map-address', answersTo(BRANCH));

interface FoundAddress {
  description: string;
  lat: number;
  lng: number;
}

/** A public address of our listings, as our place search finds it (and the reverse geocoder knows it). */
async function someAddress(): Promise<FoundAddress> {
  const query = `query PlaceSearch($query: String!) { placeSearch(query: $query, countries: ["US"], limit: 8) { description lat lng kind } }`;
  for (const text of ['1', '2', '3', '4', '5', '6', '7', '8', '9']) {
    const response = await fetch(`${apiUrl()}/public_graphql/?queryName=PlaceSearch&partner=acme`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, variables: { query: text } }),
    });
    const body = (await response.json()) as { data: { placeSearch: { description: string; lat: number | null; lng: number | null; kind: string }[] } };
    const found = body.data.placeSearch.find((p) => p.kind === 'ADDRESS' && p.lat !== null && p.lng !== null && /^\d+\s/.test(p.description));
    if (found) return { description: found.description, lat: found.lat!, lng: found.lng! };
  }
  throw new Error('no address in the seed');
}

const textbox = (widget: Locator, name: string) => widget.getByRole('textbox', { name: new RegExp(`^${name.replace(/[/#]/g, '\\$&')}( \\*)?$`) });

async function fillMailing(widget: Locator) {
  await widget.getByRole('button', { name: w.mapAddress.manual }).click();
  await textbox(widget, 'Street number').fill('50');
  await textbox(widget, 'Street').fill('State St');
  await textbox(widget, 'City').fill('Salt Lake City');
  await textbox(widget, 'Postal code').fill('84111');
  await textbox(widget, 'County').fill('Salt Lake');
  await textbox(widget, 'Province/State').fill('UT');
  await textbox(widget, 'Country').fill('United States');
  await textbox(widget, 'Country').blur();
}

/** The tiles drawn in a widget's map: all from the API origin, each drawn. */
async function expectTiles(map: Locator) {
  const tiles = map.locator('img.widget-map-tile[data-state="loaded"]');
  await expect(tiles.first()).toBeVisible();
  const sources = await map.locator('img.widget-map-tile').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
  for (const src of sources) expect(src).toMatch(new RegExp(`^${apiUrl()}/tiles/\\d+/\\d+/\\d+\\.png\\?partner=acme$`));
  const widths = await tiles.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth));
  expect(widths.every((width) => width > 0)).toBe(true);
}

test.describe('<hearth-questionnaire> map widgets on a partner page (other origin, strict CSP)', () => {
  test('whole form: address by search and manually, then the pin dragged with the mouse', async ({ openPartnerPage }) => {
    const address = await someAddress();
    const page = await openPartnerPage('/questionnaire.html');
    const form = await openMapAddress(page, 'form');
    await expect(form.getByRole('heading', { name: 'Where is the home?' })).toBeVisible();

    // Home address (first variant): our place search, then the fields it leaves to fill.
    const home = form.locator('[data-key="home-map"]');
    await expect(textbox(home, 'Street')).toHaveCount(0);
    const search = home.getByRole('searchbox', { name: w.mapAddress.search });
    await expect(search).toHaveAttribute('placeholder', 'Search address here');
    await search.fill(address.description.split(',')[0]!);
    await home.getByRole('button', { name: address.description }).click();
    const [line, city] = address.description.split(',').map((p) => p.trim());
    await expect(textbox(home, 'Street number')).toHaveValue(line!.split(' ')[0]!);
    await expect(textbox(home, 'City')).toHaveValue(city!);
    await expect(search).toHaveValue(address.description);
    // Apt number: enabled only with a valid apt type, then required.
    await expect(textbox(home, 'Apt #')).toBeDisabled();
    await home.getByRole('combobox', { name: 'Apt type' }).selectOption('Suite');
    await expect(textbox(home, 'Apt #')).toBeEnabled();
    await textbox(home, 'Apt #').fill('4');
    await textbox(home, 'Zip code').fill('84601');
    const homeMap = home.locator('[part="map"]');
    await expect(homeMap).toHaveAttribute('data-center', `${address.lat.toFixed(6)},${address.lng.toFixed(6)}`);
    await expectTiles(homeMap);

    // Mailing address (second variant, required: every component): by hand; Back hides the fields.
    const mailing = form.locator('[data-key="mailing-map"]');
    await fillMailing(mailing);
    await mailing.getByRole('button', { name: w.mapAddress.back }).click();
    await expect(textbox(mailing, 'Street')).toHaveCount(0);
    await mailing.getByRole('button', { name: w.mapAddress.manual }).click();
    await expect(textbox(mailing, 'Street')).toHaveValue('State St');
    expect(await axeViolations(page, WHOLE_FORM)).toEqual([]);
    await home.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/map.png' });

    await form.locator('[part="submit"]').click();
    await expect(form.getByRole('heading', { name: 'Put the pin on the home' })).toBeVisible();

    // Map pin: the hint until the first drag; the pin lifts while dragged; the value 500 ms after.
    const pin = form.locator('[data-key="pin"]');
    const map = pin.locator('[part="map"]');
    await expect(pin.getByText('Drag the map to reposition the pin')).toBeVisible();
    const looksGood = pin.getByRole('button', { name: 'Looks good' });
    await expect(looksGood).toBeDisabled();
    await expect(map).toHaveAttribute('data-zoom', '21');
    await expectTiles(map);
    const box = (await map.boundingBox())!;
    const from = { x: box.x + box.width / 2, y: box.y + box.height - 40 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 60, from.y - 30, { steps: 6 });
    await expect(pin.locator('[part="map-pin"]')).toHaveAttribute('data-state', 'moving');
    await page.mouse.up();
    await expect(pin.getByText('Drag the map to reposition the pin')).toHaveCount(0);
    await expect(pin.locator('[part="map-pin"]')).toHaveAttribute('data-state', 'idle');
    await expect(looksGood).toBeEnabled();
    await expect(pin.getByText(/^Pin at 40\.76\d*, -111\.89\d*$/)).toBeVisible();
    expect(await axeViolations(page, WHOLE_FORM)).toEqual([]);
    await pin.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/map-pin.png' });

    await form.locator('[part="submit"]').click();
    await expect(form.getByRole('heading', { name: 'Check and send', level: 2 })).toBeVisible();
    expect(await cspViolations(page)).toEqual([]);
  });

  test('with ?lat&lng in the page URL the address is reverse-geocoded; the current location fills it too', async ({ openPartnerPage, context }) => {
    const address = await someAddress();
    const page = await openPartnerPage(`/questionnaire.html?lat=${address.lat}&lng=${address.lng}`);
    const form = await openMapAddress(page, 'form');
    const home = form.locator('[data-key="home-map"]');
    const [line, city] = address.description.split(',').map((p) => p.trim());
    await expect(textbox(home, 'Street')).toHaveValue(line!.replace(/^\d+[A-Za-z-]*\s+/, ''));
    await expect(textbox(home, 'City')).toHaveValue(city!);
    await expect(home.getByRole('searchbox', { name: w.mapAddress.search })).toHaveValue(new RegExp(`^${line!.replace(/\./g, '\\.')}, ${city}`));
    // The link shows only once the location permission is granted; the second variant never asked for it.
    await expect(home.getByRole('button', { name: 'Use my current location' })).toHaveCount(0);

    await context.grantPermissions(['geolocation'], { origin: partnerUrl() });
    await context.setGeolocation({ latitude: address.lat, longitude: address.lng });
    const url = new URL(page.url());
    url.search = url.searchParams.get('build') ? `?build=${url.searchParams.get('build')}` : '';
    await page.goto(url.href);
    const again = page.locator(WHOLE_FORM).locator('[data-key="home-map"]');
    await expect(again.getByRole('button', { name: 'Use my current location' })).toBeVisible();
    await expect(page.locator(WHOLE_FORM).locator('[data-key="mailing-map"]').getByRole('button', { name: 'Use my current location' })).toHaveCount(0);
    await again.getByRole('button', { name: 'Enter address manually' }).click();
    await textbox(again, 'City').fill('Nowhere');
    await textbox(again, 'City').blur();
    await again.getByRole('button', { name: 'Use my current location' }).click();
    await expect(textbox(again, 'City')).toHaveValue(city!);
    await expect(again.getByText('Getting current location.....')).toHaveCount(0);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('single-question mode: through both address variants and the pin moved with the keyboard', async ({ openPartnerPage }) => {
    const address = await someAddress();
    const page = await openPartnerPage('/questionnaire.html');
    const form = await openMapAddress(page, 'single');
    const step = form.locator('[part="step"]');
    const next = form.locator('[part="next"]');
    await expect(step).toHaveText(q.stepOf(1, 2));
    await expect(form.locator('[part="widget"]')).toHaveCount(1);
    await expect(next).toBeDisabled();
    const home = form.locator('[data-key="home-map"]');
    await home.getByRole('searchbox', { name: w.mapAddress.search }).fill(address.description.split(',')[0]!);
    await home.getByRole('button', { name: address.description }).click();
    await textbox(home, 'Zip code').fill('84601');
    await textbox(home, 'Zip code').blur();
    await expect(next).toBeEnabled();
    await next.click();

    await expect(step).toHaveText(q.stepOf(2, 2));
    // Next is disabled while the form is invalid (the second variant requires every component); no Submit before
    // the end screen.
    await expect(next).toBeDisabled();
    await expect(form.locator('[part="submit"]')).toHaveCount(0);
    await fillMailing(form.locator('[data-key="mailing-map"]'));
    expect(await axeViolations(page, SINGLE)).toEqual([]);
    await next.click();

    // One widget at a time: the screen's own heading is not shown, its subject is.
    await expect(form.getByRole('heading', { name: 'Map pin', level: 2 })).toBeVisible();
    await expect(step).toHaveText(q.stepOf(1, 2));
    const pin = form.locator('[data-key="pin"]');
    const looksGood = pin.getByRole('button', { name: 'Looks good' });
    await expect(looksGood).toBeDisabled();
    await expect(next).toBeDisabled();
    await pin.locator('[part="map"]').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    await expect(pin.getByText('Drag the map to reposition the pin')).toHaveCount(0);
    await expect(looksGood).toBeEnabled();
    await expect(next).toBeEnabled();
    expect(await axeViolations(page, SINGLE)).toEqual([]);
    await looksGood.click();
    await expect(step).toHaveText(q.stepOf(2, 2));
    // 'Check and send' follows: Next, not Submit.
    await next.click();
    await expect(form.getByRole('heading', { name: 'Check and send', level: 2 })).toBeVisible();
    expect(await cspViolations(page)).toEqual([]);
  });
});
