/**
 * Signed-in devices (issue 22) in <hearth-sign-in> on a partner page (other origin, strict CSP): one account
 * signed in from two browsers; the second lists both, signs the first out; the first is signed out on its
 * next request, the second stays signed in; "Sign out everywhere else" ends the rest.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { authTexts } from '../../core/i18n/auth';
import { sessionTexts as t } from '../../core/i18n/sessions';
import { apiUrl, expect, partnerUrl, test } from './fixtures';
import { PASSWORD, signUp } from './sessions';

const RECORD_CSP = `window.__csp = []; document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));`;

/** A browser of its own (no shared storage), on the partner page, signed in through the panel. */
async function signInFromNewBrowser(browser: Browser, build: string, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(RECORD_CSP);
  const url = new URL('/listings.html', partnerUrl());
  if (build === 'cdn-react') url.searchParams.set('build', 'react');
  await page.goto(url.href);
  const panel = page.locator('#account');
  await panel.getByLabel(authTexts.labels.email).fill(email);
  await panel.getByLabel(authTexts.labels.password).fill(PASSWORD);
  await panel.getByRole('button', { name: authTexts.signInButton }).click();
  await expect(panel.locator('[part="signed-in"]')).toBeVisible();
  return page;
}

const devices = (page: Page) => page.locator('#account [part="devices"]');

test.describe('<hearth-sign-in> signed-in devices', () => {
  test('a device signs another out; the other is signed out on its next request', async ({ browser, build, request }) => {
    const user = await signUp(request, 'Devi', 'Ces');
    // The sign-up's own token (this test's API client) is not one of the browsers: sign it out.
    const logout = await request.post(`${apiUrl()}/logout/`, { headers: { Authorization: `Token ${user.token}`, Origin: partnerUrl() } });
    expect(logout.status()).toBeLessThan(300);

    const first = await signInFromNewBrowser(browser, build, user.email);
    await expect(devices(first).locator('[part="device"]')).toHaveCount(1);
    await expect(devices(first).getByText(t.empty)).toBeVisible();

    const second = await signInFromNewBrowser(browser, build, user.email);
    const section = devices(second);
    await expect(section.getByRole('heading', { name: t.heading })).toBeVisible();
    await expect(section.locator('[part="device"]')).toHaveCount(2);
    await expect(section.locator('[part="device"][data-current="true"]')).toContainText(t.thisDevice);
    await expect(section.locator('[part="device"]').first()).toContainText('Chrome on Linux');
    const axe = await new AxeBuilder({ page: second }).include('#account').analyze();
    expect(axe.violations).toEqual([]);
    await second.screenshot({ path: `/tmp/load-sessions-devices-${build}.png` });

    // Sign the first browser out from the second, with the keyboard.
    const signOut = section.locator('[part="device-sign-out"]');
    await expect(signOut).toHaveCount(1);
    await signOut.focus();
    await second.keyboard.press('Enter');
    await expect(section.locator('[part="device"]')).toHaveCount(1);
    await expect(section.getByText(t.empty)).toBeVisible();

    // The first browser's next request finds its credential revoked: it is signed out.
    await first.reload();
    await expect(first.locator('#account').getByRole('tab', { name: authTexts.tabSignIn })).toBeVisible();
    await expect(first.locator('#account [part="signed-in"]')).toHaveCount(0);
    // The second is not.
    await second.reload();
    await expect(second.locator('#account [part="signed-in"]')).toBeVisible();

    for (const page of [first, second]) {
      expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    }
    await first.context().close();
    await second.context().close();
  });

  test('"Sign out everywhere else" keeps only the asking browser', async ({ browser, build, request }) => {
    const user = await signUp(request, 'Every', 'Where');
    const first = await signInFromNewBrowser(browser, build, user.email);
    const second = await signInFromNewBrowser(browser, build, user.email);
    const section = devices(second);
    // The two browsers and the sign-up's token.
    await expect(section.locator('[part="device"]')).toHaveCount(3);
    await section.getByRole('button', { name: t.signOutOthers }).click();
    await expect(section.getByRole('status').filter({ hasText: t.signedOutOthers(2) })).toBeVisible();
    await expect(section.locator('[part="device"]')).toHaveCount(1);

    await first.reload();
    await expect(first.locator('#account').getByRole('tab', { name: authTexts.tabSignIn })).toBeVisible();
    const revoked = await request.get(`${apiUrl()}/user/me/`, { headers: { Authorization: `Token ${user.token}`, Origin: partnerUrl() } });
    expect(revoked.status()).toBe(401);
    await first.context().close();
    await second.context().close();
  });
});
