/**
 * The account journey through the hosted site's UI only (issue 35): sign up on /log-in, edit the name and the phone
 * (a number too short is refused under its field first) and add a photo on /account/profile, and the API has the
 * name and the phone in E.164; change the password on /account/settings, sign out from the shell's Account menu,
 * the old password is refused and the new one signs in; delete the account. Then, through the API: the account
 * cannot sign in, its session and token are dead, its photo is gone from storage, the favourite it held is no
 * longer counted, and the address is free to sign up again as a new, empty account. Screenshots of the profile, the settings and the
 * delete confirmation at 1366×900 and 390×844 go to /tmp/account-shots/.
 */
import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { accountTexts as t } from '../../core/i18n/account';
import { authTexts } from '../../core/i18n/auth';
import { phoneTexts } from '../../core/i18n/phone';
import { siteTexts } from '../../core/i18n/site';
import { apiUrl, expect, HOSTED, test } from './fixtures';
import { PASSWORD, uniqueEmail } from './sessions';

const NEW_PASSWORD = 'Great-Salt-Lake-Sunset-7';
const SHOTS = '/tmp/account-shots';

async function open(page: Page, path: string) {
  await page.goto(`${apiUrl()}${path}`);
}

/** A screenshot at the desktop and the phone size (the phone's viewport only for the shot). */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const signInPanel = (page: Page) => page.locator('main hearth-sign-in');

test('account: sign up, edit name and phone, change the password, sign out and in, delete the account', HOSTED, async ({ page, request }) => {
  test.setTimeout(180_000);
  await mkdir(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  const csp: string[] = [];
  page.on('console', (message) => message.type() === 'error' && csp.push(message.text()));
  const email = uniqueEmail('journey');

  // ---- Sign up on /log-in.
  await open(page, '/log-in');
  const panel = signInPanel(page);
  await panel.getByRole('tab', { name: authTexts.tabSignUp }).click();
  await panel.getByLabel(authTexts.labels.firstName).fill('Ada');
  await panel.getByLabel(authTexts.labels.lastName).fill('Lovelace');
  await panel.getByLabel(authTexts.labels.email).fill(email);
  await panel.getByLabel(authTexts.labels.password).fill(PASSWORD);
  await panel.getByRole('button', { name: authTexts.signUpButton }).click();
  await page.waitForURL(`${apiUrl()}/`);
  // The API's view of the new account (its token, for the checks after the deletion) and a favourite it holds.
  const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { id: number; token: string }, `hearth:user:${apiUrl()}`);
  expect(stored.token).toBeTruthy();
  // A home no other test favours (far down the first page of the search), counted through /graphql/ (never a cached answer).
  const load = await request.post(`${apiUrl()}/public_graphql/?queryName=Load`, { data: { query: 'query Load { listingLoad(first: 40) { edges { node { id } } } }' } });
  const listingId = ((await load.json()) as { data: { listingLoad: { edges: { node: { id: string } }[] } } }).data.listingLoad.edges.at(-1)!.node.id;
  const favoriteCount = async (token: string) => {
    const info = await request.post(`${apiUrl()}/graphql/?queryName=Info`, {
      headers: { Authorization: `Token ${token}` },
      data: { query: 'query Info($id: ID!) { listingInfo(listingId: $id) { favoriteCount } }', variables: { id: listingId } },
    });
    return ((await info.json()) as { data: { listingInfo: { favoriteCount: number } } }).data.listingInfo.favoriteCount;
  };
  const countBefore = await favoriteCount(stored.token);
  const favorite = await request.post(`${apiUrl()}/graphql/?queryName=Fav`, {
    headers: { Authorization: `Token ${stored.token}` },
    data: { query: 'mutation Fav($id: ID!) { saveFavorite(listingId: $id) { favorited } }', variables: { id: listingId } },
  });
  expect(((await favorite.json()) as { data: { saveFavorite: { favorited: boolean } } }).data.saveFavorite.favorited).toBe(true);
  expect(await favoriteCount(stored.token)).toBe(countBefore + 1);

  // ---- The profile: a name, a phone and a photo.
  await open(page, '/account/profile');
  const account = page.locator('main hearth-account');
  await expect(account.locator('[part="base"]')).toHaveAttribute('data-state', 'loaded');
  await expect(account.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await account.getByLabel(t.profile.firstName).fill('Grace');
  await account.getByLabel(t.profile.lastName).fill('Hopper');
  // A number too short for the partner's country (the United States) is refused under the field, nothing sent.
  const phoneField = account.getByLabel(t.profile.phone);
  await phoneField.fill('801 363');
  await account.getByRole('button', { name: t.profile.save }).click();
  await expect(account.locator('[part="save-status"]')).toHaveText(t.fixFields);
  await expect(phoneField).toHaveAttribute('aria-invalid', 'true');
  await expect(account.locator('[part="field"][data-state="invalid"] [part="error"]')).toHaveText(phoneTexts.tooShort('the United States'));
  await expect(account.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await shoot(page, 'profile-phone-error');
  await phoneField.fill('(801) 363-4127');
  await expect(phoneField).not.toHaveAttribute('aria-invalid', 'true');
  await account.getByRole('button', { name: t.profile.save }).click();
  await expect(account.locator('[part="save-status"]')).toHaveText(t.profile.saved);
  await expect(account.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  // The API has the name and the phone in E.164.
  const me = await request.post(`${apiUrl()}/graphql/?queryName=Me`, {
    headers: { Authorization: `Token ${stored.token}` },
    data: { query: 'query Me { me { firstName lastName phone } }' },
  });
  expect(((await me.json()) as { data: { me: unknown } }).data.me).toEqual({ firstName: 'Grace', lastName: 'Hopper', phone: '+18013634127' });

  const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#2f6f4f' } }).png().toBuffer();
  await account.locator('[part="photo-input"]').setInputFiles({ name: 'grace.png', mimeType: 'image/png', buffer: png });
  await expect(account.locator('[part="photo-status"]')).toHaveText(t.photo.uploaded);
  const photo = account.locator('img[part="photo-image"]');
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const photoUrl = (await photo.getAttribute('src'))!;
  expect(photoUrl).toMatch(/\/media\/users\/\d+\/[0-9a-f]{24}\.webp$/);
  await expectAxeClean(page);

  // A reload shows what the server kept: the phone as it was typed, formatted.
  await page.reload();
  await expect(account.getByLabel(t.profile.phone)).toHaveValue('(801) 363-4127');
  await expect(account.getByLabel(t.profile.firstName)).toHaveValue('Grace');
  await shoot(page, 'profile');

  // ---- Settings: a new password (the server's rules shown as it is typed).
  await open(page, '/account/settings');
  await expect(account.locator('[part="base"]')).toHaveAttribute('data-state', 'loaded');
  await account.getByLabel(t.password.current).fill('not-the-password');
  await account.getByLabel(t.password.new, { exact: true }).fill(NEW_PASSWORD);
  await expect(account.locator('[part="password-rules"] li[data-state="met"]').first()).toBeVisible();
  await account.getByRole('button', { name: t.password.change }).click();
  await expect(account.locator('[part="password-status"]')).toHaveText(t.fixFields);
  await expect(account.getByText('That is not your current password.')).toBeVisible();
  await account.getByLabel(t.password.current).fill(PASSWORD);
  await account.getByRole('button', { name: t.password.change }).click();
  // The sign-up's own device is this browser: no other device was signed in.
  await expect(account.locator('[part="password-status"]')).toHaveText(t.password.changed(0));
  await expectAxeClean(page);
  await shoot(page, 'settings');

  // ---- Sign out from the shell's Account menu; the old password no longer opens the account, the new one does.
  const nav = page.locator('header.shell-header').getByRole('navigation', { name: 'Main' });
  await nav.locator('summary', { hasText: siteTexts.nav.account }).click();
  await nav.getByRole('link', { name: siteTexts.nav.logOut }).click();
  // The log-out page asks first (nothing ends until the button is pressed).
  await page.getByRole('button', { name: siteTexts.logOutButton }).click();
  await page.waitForURL(`${apiUrl()}/`);
  await open(page, '/log-in');
  await signInPanel(page).getByLabel(authTexts.labels.email).fill(email);
  await signInPanel(page).getByLabel(authTexts.labels.password).fill(PASSWORD);
  await signInPanel(page).getByRole('button', { name: authTexts.signInButton }).click();
  await expect(signInPanel(page).getByRole('alert')).toHaveText(authTexts.errors.loginFailed);
  await signInPanel(page).getByLabel(authTexts.labels.password).fill(NEW_PASSWORD);
  await signInPanel(page).getByRole('button', { name: authTexts.signInButton }).click();
  await page.waitForURL(`${apiUrl()}/`);
  const signedIn = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { token: string }, `hearth:user:${apiUrl()}`);
  const cookies = await page.context().cookies(apiUrl());
  const cookieHeader = cookies.map((c) => `${c.name}=${c.value}`).join('; ');

  // ---- Delete the account: the danger zone, the dialog (DELETE and the password), the goodbye.
  await open(page, '/account/settings');
  const danger = account.locator('[part="danger-zone"]');
  await expect(danger).toContainText(t.deletion.removed);
  await expect(danger).toContainText(t.deletion.kept);
  await danger.getByRole('button', { name: t.deletion.open }).click();
  const dialog = account.getByRole('dialog', { name: t.deletion.dialogTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(t.deletion.typeLabel).fill('delete');
  await dialog.getByLabel(t.deletion.password).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: t.deletion.confirm }).click();
  await expect(dialog.getByText(t.deletion.typeMismatch)).toBeVisible();
  await dialog.getByLabel(t.deletion.typeLabel).fill('DELETE');
  await expectAxeClean(page);
  await shoot(page, 'delete-confirmation');
  await dialog.getByRole('button', { name: t.deletion.confirm }).click();
  const goodbye = account.locator('[part="goodbye"]');
  await expect(goodbye.getByRole('heading', { name: t.deletion.goodbyeHeading })).toBeFocused();
  await shoot(page, 'goodbye');
  await goodbye.getByRole('link', { name: t.deletion.home }).click();
  await page.waitForURL(`${apiUrl()}/`);
  await expect(page.locator('header.shell-header').getByRole('link', { name: siteTexts.nav.signIn })).toBeVisible();

  // ---- Through the API: nothing of the account is left to use or to read.
  const logIn = await request.post(`${apiUrl()}/v1/api/api-token-auth/`, { data: { username: email, password: NEW_PASSWORD } });
  expect(logIn.status()).toBe(400);
  for (const headers of [{ Authorization: `Token ${signedIn.token}` }, { Authorization: `Token ${stored.token}` }, { Cookie: cookieHeader }] as Record<string, string>[]) {
    expect((await request.get(`${apiUrl()}/user/me/`, { headers })).status()).toBe(401);
  }
  expect((await request.get(photoUrl)).status()).toBe(404);
  const again = await request.post(`${apiUrl()}/v1/api/sign-up/`, { data: { email, password: PASSWORD, firstName: 'New', lastName: 'Person' } });
  expect(again.status()).toBe(201);
  const fresh = (await again.json()) as { token: string; user: { id: number; phone: string; image: string | null } };
  expect(fresh.user.id).not.toBe(stored.id);
  expect(fresh.user).toMatchObject({ phone: '', image: null });
  const mine = await request.post(`${apiUrl()}/graphql/?queryName=Mine`, {
    headers: { Authorization: `Token ${fresh.token}` },
    data: { query: 'query Mine { favoriteListings { listing { id } } }' },
  });
  expect(((await mine.json()) as { data: { favoriteListings: unknown[] } }).data.favoriteListings).toEqual([]);
  // The deleted account's favourite is no longer counted.
  expect(await favoriteCount(fresh.token)).toBe(countBefore);
  expect(csp.filter((text) => /Content Security Policy|Refused to/.test(text))).toEqual([]);
});
