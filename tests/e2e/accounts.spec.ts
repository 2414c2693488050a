import AxeBuilder from '@axe-core/playwright';
import { authTexts as t } from '../../core/i18n/auth';
import { cspViolations, eventsOf, expect, test } from './fixtures';

const PASSWORD = 'Wasatch-Front-2026!';
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

test.describe('accounts inside embeds on a partner page (other origin, strict CSP)', () => {
  test('sign up from a favourite, see the heart in every element, stay signed in, sign out', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listings.html');
    const cardA = page.locator('#card-a');
    const cardAAgain = page.locator('#card-a-again');
    await expect(cardA.locator('[part="price"]')).toHaveText(/^\$[\d,]+$/);
    const heartA = cardA.locator('[part="favorite"]');
    await expect(heartA).toHaveAttribute('data-state', 'idle');
    const countBefore = Number(await cardA.locator('[part="favorite-count"]').textContent());

    // Logged out, the heart opens sign-in first.
    await heartA.click();
    const dialog = page.getByRole('dialog', { name: t.dialogTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('tab', { name: t.tabSignUp }).click();
    await dialog.getByLabel(t.labels.firstName).fill('Grace');
    await dialog.getByLabel(t.labels.lastName).fill('Hopper');
    const email = uniqueEmail('grace');
    await dialog.getByLabel(t.labels.email).fill(email);
    await dialog.getByLabel(t.labels.password).fill(PASSWORD);
    await expect(dialog.locator('[part="password-rules"] li').first()).toBeVisible();
    await dialog.getByRole('button', { name: t.signUpButton }).click();
    await expect(dialog).toHaveCount(0);

    // The favourite went on after sign-up, and both elements for listing 1001 show it.
    await expect(heartA).toHaveAttribute('data-state', 'favorited');
    await expect(cardAAgain.locator('[part="favorite"]')).toHaveAttribute('data-state', 'favorited');
    await expect(cardAAgain.locator('[part="favorite-count"]')).toHaveText(String(countBefore + 1));
    await expect(page.locator('#card-b [part="favorite"]')).toHaveAttribute('data-state', 'idle');
    await expect(page.locator('#account [part="signed-in"]')).toContainText('Signed in as Grace Hopper');
    expect((await eventsOf(page, 'hearth-login')).length).toBeGreaterThan(0);

    // A reload keeps the session and the favourite.
    await page.reload();
    await expect(page.locator('#account [part="signed-in"]')).toContainText('Signed in as Grace Hopper');
    await expect(page.locator('#card-a [part="favorite"]')).toHaveAttribute('data-state', 'favorited');

    // Signing out says so and clears the hearts.
    await page.locator('#account').getByRole('button', { name: t.logOut }).click();
    await expect(page.locator('hearth-toaster [part="toast"]')).toContainText(t.loggedOut);
    await expect(page.locator('#card-a [part="favorite"]')).toHaveAttribute('data-state', 'idle');
    await expect(page.locator('#account').getByRole('tab', { name: t.tabSignIn })).toBeVisible();
    expect(await cspViolations(page)).toEqual([]);
  });

  test('a wrong password says so exactly; the right one signs in', async ({ openPartnerPage, request }) => {
    const email = uniqueEmail('alan');
    const created = await request.post(`${process.env.HEARTH_API_URL}/v1/api/sign-up/`, {
      data: { email, password: PASSWORD, firstName: 'Alan', lastName: 'Turing' },
      headers: { Origin: process.env.HEARTH_PARTNER_URL! },
    });
    expect(created.status()).toBe(201);
    const page = await openPartnerPage('/listings.html');
    const panel = page.locator('#account');
    await panel.getByLabel(t.labels.email).fill(email);
    await panel.getByLabel(t.labels.password).fill('not-the-password');
    await panel.getByRole('button', { name: t.signInButton }).click();
    await expect(panel.getByRole('alert')).toHaveText('Unable to login with that email/password');
    await panel.getByLabel(t.labels.password).fill(PASSWORD);
    await panel.getByRole('button', { name: t.signInButton }).click();
    await expect(panel.locator('[part="signed-in"]')).toContainText('Signed in as Alan Turing');
  });

  test('the sign-in panel and cards have no axe violations', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/listings.html');
    await expect(page.locator('#card-b [part="price"]')).toBeVisible();
    await expect(page.locator('#account').getByRole('tab', { name: t.tabSignIn })).toBeVisible();
    const results = await new AxeBuilder({ page }).include('hearth-sign-in').include('hearth-listing-card').analyze();
    expect(results.violations).toEqual([]);
    await page.locator('#account').getByRole('tab', { name: t.tabSignUp }).click();
    const signUp = await new AxeBuilder({ page }).include('hearth-sign-in').analyze();
    expect(signUp.violations).toEqual([]);
  });
});

test.describe('forgotten password, end to end through real mail', () => {
  test('ask for a link in the embed, open it, choose a new password, sign in with it', async ({ openPartnerPage, request, page }) => {
    const email = uniqueEmail('katherine');
    const created = await request.post(`${process.env.HEARTH_API_URL}/v1/api/sign-up/`, {
      data: { email, password: PASSWORD, firstName: 'Katherine', lastName: 'Johnson' },
      headers: { Origin: process.env.HEARTH_PARTNER_URL! },
    });
    expect(created.status()).toBe(201);

    await openPartnerPage('/listings.html');
    const panel = page.locator('#account');
    await panel.getByRole('button', { name: t.forgotLink }).click();
    await panel.getByLabel(t.labels.email).fill(email);
    await panel.getByRole('button', { name: t.forgotButton }).click();
    await expect(panel.getByRole('status')).toHaveText(t.forgotSent);

    let link = '';
    await expect
      .poll(
        async () => {
          const mails = (await (await request.get(`${process.env.HEARTH_MAIL_URL}/mails?to=${encodeURIComponent(email)}`)).json()) as { body: string }[];
          link = mails.map((m) => m.body.match(/https?:\/\/\S+\/reset\/[A-Za-z0-9_-]+/)?.[0]).find(Boolean) ?? '';
          return link;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');

    await page.goto(link);
    const reset = page.locator('hearth-sign-in');
    await expect(reset.getByRole('heading', { name: t.resetHeading })).toBeVisible();
    const newPassword = 'Bonneville-Salt-Flats-9';
    await reset.getByRole('textbox', { name: t.labels.newPassword, exact: true }).fill(newPassword);
    await reset.getByLabel(t.labels.reEnterPassword).fill(newPassword);
    await reset.getByRole('button', { name: t.resetButton }).click();
    await expect(reset.locator('[part="reset-done"]')).toHaveText(t.resetDone);

    await reset.getByLabel(t.labels.email).fill(email);
    await reset.getByRole('textbox', { name: t.labels.password, exact: true }).fill(newPassword);
    await reset.getByRole('button', { name: t.signInButton }).click();
    await expect(reset.locator('[part="signed-in"]')).toContainText('Signed in as Katherine Johnson');

    // On the hosted site, logging out goes to '/' and says so there.
    await reset.getByRole('button', { name: t.logOut }).click();
    await expect(page).toHaveURL(`${process.env.HEARTH_API_URL}/`);
    await expect(page.locator('hearth-toaster [part="toast"]')).toContainText(t.loggedOut);
  });
});
