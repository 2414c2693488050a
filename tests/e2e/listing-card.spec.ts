import AxeBuilder from '@axe-core/playwright';
import { authTexts } from '../../core/i18n/auth';
import { cspViolations, expect, test } from './fixtures';

test.describe('<hearth-listing-card> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('shows the listing from the API: price, facts, address, photo', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listings.html');
    const card = page.locator('#card-a');
    await expect(card.locator('[part="price"]')).toHaveText(/^\$\d{1,3}(,\d{3})+$/);
    await expect(card.locator('[part="address"]')).toHaveText(/, Salt Lake City, UT \d{5}$/);
    await expect(card.locator('[part="address"] a')).toHaveAttribute('href', /\/listing\/[^/]+\/[^/]+$/);
    await expect(card.locator('[part="photo"]')).toBeVisible();
    await expect(card.locator('[part="favorite"]')).toHaveAttribute('data-state', 'idle');
    expect(await cspViolations(page)).toEqual([]);
  });

  test('favouriting while logged out opens the sign-in dialog, and closing it returns focus', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listings.html');
    const heart = page.locator('#card-b [part="favorite"]');
    await expect(page.locator('#card-b [part="price"]')).toBeVisible();
    await heart.click();
    const dialog = page.getByRole('dialog', { name: authTexts.dialogTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: authTexts.tabSignIn })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(heart).toBeFocused();
    await expect(heart).toHaveAttribute('data-state', 'idle');
  });

  test('a missing listing says so inside the card', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listings.html');
    await page.locator('#card-b').evaluate((el) => el.setAttribute('listing-id', '987654321'));
    await expect(page.locator('#card-b [part="base"]')).toHaveAttribute('data-state', 'missing');
  });

  test('has no axe violations', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listings.html');
    await expect(page.locator('#card-a-again [part="price"]')).toBeVisible();
    const results = await new AxeBuilder({ page }).include('hearth-listing-card').analyze();
    expect(results.violations).toEqual([]);
  });
});
