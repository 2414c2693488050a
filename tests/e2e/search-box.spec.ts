import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { searchTexts as t } from '../../core/i18n/search';
import { cspViolations, eventsOf, expect, test } from './fixtures';
import { withGoogleMaps } from './google-maps';

test.describe('<hearth-search-box> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('type a city, pick the suggestion by keyboard, get hearth-search-changed', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listings.html');
    const box = page.locator('#search');
    const input = box.getByRole('combobox', { name: t.inputLabel });
    await expect(input).toHaveAttribute('placeholder', 'Search by City, ZIP, or Address');
    await input.click();
    await expect(box.getByRole('option', { name: t.currentLocation })).toBeVisible();
    await input.pressSequentially('salt lak', { delay: 30 });
    const suggestion = box.getByRole('option', { name: /Salt Lake City, UT/ });
    await expect(suggestion).toBeVisible();
    // Once something is typed the suggestions come first ('Current location', where offered, last).
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect(input).toHaveValue(/^Salt Lake City, UT/);
    const [changed] = await eventsOf(page, 'hearth-search-changed');
    expect(changed.kind).toBe('city');
    expect(changed.location).toMatch(/^Salt-Lake-City,-UT/);
    expect(changed.lat).toBeGreaterThan(40);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('clears with the × button', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listings.html');
    const box = page.locator('#search');
    const input = box.getByRole('combobox', { name: t.inputLabel });
    await input.fill('84111');
    await box.getByRole('button', { name: t.clear }).click();
    await expect(input).toHaveValue('');
    await expect(box.getByRole('button', { name: t.clear })).toHaveCount(0);
  });

  test('says so when location is denied', async ({ openPartnerPage, context }) => {
    await context.clearPermissions();
    const page = await openPartnerPage('/listings.html');
    const box = page.locator('#search');
    await box.getByRole('combobox', { name: t.inputLabel }).click();
    await box.getByRole('option', { name: t.currentLocation }).click();
    await expect(box.getByRole('alert')).toHaveText(t.geolocationDenied);
  });

  test('has no axe violations, open or closed', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listings.html');
    const box = page.locator('#search');
    await expect(box.getByRole('combobox')).toBeVisible();
    expect((await new AxeBuilder({ page }).include('hearth-search-box').analyze()).violations).toEqual([]);
    await box.getByRole('combobox').click();
    await expect(box.getByRole('option', { name: t.currentLocation })).toBeVisible();
    expect((await new AxeBuilder({ page }).include('hearth-search-box').analyze()).violations).toEqual([]);
  });
});

test.describe('<hearth-search-box> with a partner maps key: Google places dropdown (Google test double)', () => {
  const places = [
    { formatted_address: 'Salt Lake City, UT, USA', location: { lat: 40.7608, lng: -111.891 }, place_id: 'g-slc', types: ['locality', 'political'], country: 'us' },
    { formatted_address: 'Salt Lake Temple, North Temple, Salt Lake City, UT, USA', location: { lat: 40.7705, lng: -111.8919 }, place_id: 'g-temple', types: ['establishment'], country: 'us' },
    { formatted_address: 'Salt Spring Island, BC, Canada', location: { lat: 48.8, lng: -123.5 }, place_id: 'g-ssi', types: ['locality'], country: 'ca' },
  ];

  /**
   * Opens the listings page with the Google double answering `places` and waits until autocomplete is attached
   * (1000 ms after load); `searches` records our own server place searches, not asked while Google answers.
   */
  async function openWithGoogle(page: Page, openPartnerPage: (path: string) => Promise<Page>) {
    await withGoogleMaps(page, { places });
    const searches: string[] = [];
    page.on('request', (request) => request.postData()?.includes('placeSearch') && searches.push(request.url()));
    await openPartnerPage('/listings.html');
    const box = page.locator('#search');
    const input = box.getByRole('combobox', { name: t.inputLabel });
    await expect.poll(() => page.evaluate(() => (window as any).__googleDouble.autocompletes.length)).toBe(1);
    return { box, input, searches };
  }

  test('typing shows Google\'s dropdown under the box (partner countries only); a click picks the place', async ({ page, openPartnerPage }) => {
    const { box, input, searches } = await openWithGoogle(page, openPartnerPage);
    // Attached with the partner's countries.
    expect(await page.evaluate(() => (window as any).__googleDouble.autocompletes[0].options.componentRestrictions)).toEqual({ country: ['us', 'np'] });
    await input.click();
    // While empty: our 'Current location' shortcut.
    await expect(box.getByRole('option', { name: t.currentLocation })).toBeVisible();
    await input.pressSequentially('salt', { delay: 30 });
    const dropdown = page.locator('body > .pac-container');
    await expect(dropdown.locator('.pac-item')).toHaveText(['Salt Lake City, UT, USA', 'Salt Lake Temple, North Temple, Salt Lake City, UT, USA']);
    await expect(box.getByRole('listbox')).toBeHidden();
    // Placed under the input inside the shadow root.
    const [inputBox, listBox] = await Promise.all([input.boundingBox(), dropdown.boundingBox()]);
    expect(Math.abs(listBox!.y - (inputBox!.y + inputBox!.height))).toBeLessThan(2);
    expect(Math.abs(listBox!.x - inputBox!.x)).toBeLessThan(2);

    await dropdown.getByText('Salt Lake City, UT, USA', { exact: true }).click();
    await expect(input).toHaveValue('Salt Lake City, UT, USA');
    await expect(input).toBeFocused();
    const [changed] = await eventsOf(page, 'hearth-search-changed');
    expect(changed).toEqual({ description: 'Salt Lake City, UT, USA', lat: 40.7608, lng: -111.891, kind: 'city', placeId: 'g-slc', location: 'Salt-Lake-City,-UT,-USA' });
    expect(searches).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('arrow keys and Enter pick from Google\'s dropdown; axe clean', async ({ page, openPartnerPage }) => {
    const { input, searches } = await openWithGoogle(page, openPartnerPage);
    await input.click();
    await input.pressSequentially('salt lake t', { delay: 30 });
    await expect(page.locator('body > .pac-container .pac-item')).toHaveText(['Salt Lake Temple, North Temple, Salt Lake City, UT, USA']);
    expect((await new AxeBuilder({ page }).include('hearth-search-box').analyze()).violations).toEqual([]);
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect(input).toHaveValue('Salt Lake Temple, North Temple, Salt Lake City, UT, USA');
    const [changed] = await eventsOf(page, 'hearth-search-changed');
    expect(changed).toMatchObject({ kind: 'address', placeId: 'g-temple', lat: 40.7705, lng: -111.8919 });
    expect(searches).toEqual([]);
  });
});
