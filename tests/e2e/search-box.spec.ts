import AxeBuilder from '@axe-core/playwright';
import { searchTexts as t } from '../../core/i18n/search';
import { cspViolations, eventsOf, expect, test } from './fixtures';

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
    await input.press('ArrowDown');
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
