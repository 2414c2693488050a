/**
 * The hosted site's shell (spec §2 Shell; server/site/shell.ts and site/site.js): the header per menu state
 * (logged out or in, sell and rentals on or off, the agent app), its disclosure menus by keyboard, the
 * phone menu at 390 px, axe on each. The shell is server-written HTML, the same in both projects.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { authTexts } from '../../core/i18n/auth';
import { siteTexts as t } from '../../core/i18n/site';
import { agentAppAccountMenu, ownSiteAccountMenu } from '../../server/testing/account-menu';
import { apiUrl, expect, HOSTED, test } from './fixtures';
import { PASSWORD, signUp } from './sessions';

async function open(page: Page, path: string): Promise<Page> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  await page.goto(`${apiUrl()}${path}`);
  return page;
}

/** Signs in the way the hosted site does (a cookie session on our origin), in the page's own cookie jar. */
async function signInOnSite(page: Page): Promise<void> {
  const user = await signUp(page.request, 'Grace', 'Hopper');
  const response = await page.request.post(`${apiUrl()}/v1/api/api-token-auth/`, { data: { username: user.email, password: PASSWORD, session: true } });
  expect(response.status()).toBe(200);
}

const header = (page: Page) => page.locator('header.shell-header');
const nav = (page: Page) => header(page).getByRole('navigation', { name: 'Main' });

/** The header's top-level items, as a reader meets them. */
const topLevel = (page: Page) => nav(page).locator(':scope > ul > li > a, :scope > ul > li > details > summary').allInnerTexts();

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('header').include('footer').analyze();
  expect(results.violations).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
}

test('logged out: Home, Buy, Sell, Rent, Blog, Contact Me, Sign Up / Log In; menus by keyboard', HOSTED, async ({ page }) => {
  await open(page, '/about');
  expect(await topLevel(page)).toEqual([t.nav.home, t.nav.buy, t.nav.sell, t.nav.rent, t.nav.blog, t.nav.contactMe, t.nav.signIn]);

  // Buy opens with the keyboard, shows Find a Home, Escape closes it and focus stays on its button.
  const buy = nav(page).locator('summary', { hasText: t.nav.buy });
  await buy.focus();
  await page.keyboard.press('Enter');
  const findHome = nav(page).getByRole('link', { name: t.nav.findHome });
  await expect(findHome).toBeVisible();
  await expectNoViolations(page);
  await page.keyboard.press('Tab');
  await expect(findHome).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(findHome).toBeHidden();
  await expect(buy).toBeFocused();

  // One menu at a time; a click elsewhere closes it.
  await nav(page).locator('summary', { hasText: t.nav.sell }).click();
  await expect(nav(page).getByRole('link', { name: t.nav.sellYourHome })).toBeVisible();
  await nav(page).locator('summary', { hasText: t.nav.rent }).click();
  await expect(nav(page).getByRole('link', { name: t.nav.sellYourHome })).toBeHidden();
  await expect(nav(page).getByRole('link', { name: t.nav.listForRent })).toBeVisible();
  await page.locator('main h1').click();
  await expect(nav(page).getByRole('link', { name: t.nav.listForRent })).toBeHidden();

  // The footer of spec §2.
  const footer = page.locator('footer').getByRole('navigation', { name: 'Footer' });
  expect(await footer.getByRole('link').allInnerTexts()).toEqual([t.footer.privacy, t.footer.terms, t.footer.contact, t.footer.resources, 'Utah Housing Market']);
  await expect(page.locator('footer')).toContainText(`© ${new Date().getUTCFullYear()} Hearth`);
});

test('logged out without sell and rentals: no Sell, no Rent', HOSTED, async ({ page }) => {
  await open(page, '/about?partner=no-sell-no-rent');
  expect(await topLevel(page)).toEqual([t.nav.home, t.nav.buy, t.nav.blog, t.nav.contactMe, t.nav.signIn]);
  // White-label: the partner's name and the powered-by line.
  await expect(page.locator('footer')).toContainText('Acme Realty');
  await expect(page.locator('footer .powered-by')).toHaveText('Powered by Hearth');
  await expectNoViolations(page);
});

test('Sign Up / Log In opens the sign-in dialog over the page', HOSTED, async ({ page }) => {
  await open(page, '/about');
  await header(page).getByRole('link', { name: t.nav.signIn }).click();
  await expect(page.locator('hearth-sign-in').getByRole('dialog')).toBeVisible();
});

test('logged in: Notifications, then the Account menu with every item (the partner console on our own site); Escape returns focus', HOSTED, async ({ page }) => {
  await signInOnSite(page);
  await open(page, '/about');
  expect(await topLevel(page)).toEqual([t.nav.home, t.nav.buy, t.nav.sell, t.nav.rent, t.nav.blog, t.nav.contactMe, t.nav.notifications, t.nav.account]);
  const account = nav(page).locator('summary', { hasText: t.nav.account });
  await account.click();
  const menu = nav(page).locator('.account-menu ul');
  // Our own site: the menu also leads to the partner console.
  expect(await menu.getByRole('link').allInnerTexts()).toEqual(ownSiteAccountMenu);
  await expectNoViolations(page);
  await menu.getByRole('link', { name: t.nav.favorites }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();
});

test('logged in: the agent app hides Mortgage, Tours, Offers and Documents; without sell there is no Owner Dashboard', HOSTED, async ({ page }) => {
  await signInOnSite(page);
  await open(page, '/about?partner=agent-app');
  await nav(page).locator('summary', { hasText: t.nav.account }).click();
  expect(await nav(page).locator('.account-menu ul').getByRole('link').allInnerTexts()).toEqual(agentAppAccountMenu);
  await expectNoViolations(page);
  await page.goto(`${apiUrl()}/about?partner=no-sell-no-rent`);
  await nav(page).locator('summary', { hasText: t.nav.account }).click();
  await expect(nav(page).locator('.account-menu').getByRole('link', { name: t.nav.ownerDashboard })).toHaveCount(0);
});

test('on a phone the header is the brand and a Menu button that opens the same items', HOSTED, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/about');
  const toggle = header(page).getByRole('button', { name: t.nav.menu });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav(page)).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav(page).getByRole('link', { name: t.nav.home })).toBeVisible();
  await nav(page).locator('summary', { hasText: t.nav.buy }).click();
  await expect(nav(page).getByRole('link', { name: t.nav.findHome })).toBeVisible();
  await expectNoViolations(page);
  // Escape closes the submenu first, then the menu, with focus back on the Menu button.
  await page.keyboard.press('Escape');
  await expect(nav(page).getByRole('link', { name: t.nav.findHome })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(nav(page)).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('Log Out from the Account menu: the log-out page asks, its button logs out, back on the home page with the toast', HOSTED, async ({ page }) => {
  await signInOnSite(page);
  await open(page, '/about');
  await nav(page).locator('summary', { hasText: t.nav.account }).click();
  await nav(page).getByRole('link', { name: t.nav.logOut }).click();
  // Following a link ends nothing (any site can link here): the page asks.
  await expect(page.locator('main h1')).toHaveText(t.nav.logOut);
  await page.getByRole('button', { name: t.logOutButton }).click();
  await page.waitForURL(`${apiUrl()}/`);
  await expect(page.getByText(authTexts.loggedOut)).toBeVisible();
  await expect(header(page).getByRole('link', { name: t.nav.signIn })).toBeVisible();
  // The account is closed to the visitor again: the guard sends them to log in.
  await page.goto(`${apiUrl()}/account/settings`);
  expect(new URL(page.url()).pathname).toBe('/log-in');
});

test('a link to /log-out from another site leaves the visitor signed in; Stay logged in goes back', HOSTED, async ({ page }) => {
  await signInOnSite(page);
  // What another site's link does: a top-level navigation, the session cookie along (SameSite=Lax).
  await page.goto(`${apiUrl()}/log-out?next=${encodeURIComponent('/..//evil.example')}`, { referer: 'https://evil.example/' });
  await expect(page.getByRole('button', { name: t.logOutButton })).toBeVisible();
  await page.getByRole('link', { name: t.stayLoggedIn }).click();
  // The next was not this site's: home, still signed in.
  await page.waitForURL(`${apiUrl()}/`);
  await expect(header(page).getByRole('link', { name: t.nav.signIn })).toHaveCount(0);
  await page.goto(`${apiUrl()}/account/settings`);
  expect(new URL(page.url()).pathname).toBe('/account/settings');
});

test('signing in on /log-in goes through the redirect screen to the wanted page', HOSTED, async ({ page }) => {
  const user = await signUp(page.request, 'Ada', 'Lovelace');
  await open(page, '/account/buying/favorites');
  await expect(page).toHaveURL(`${apiUrl()}/log-in?next=%2Faccount%2Fbuying%2Ffavorites`);
  const panel = page.locator('hearth-sign-in');
  await panel.getByLabel(authTexts.labels.email).fill(user.email);
  await panel.getByLabel(authTexts.labels.password).fill(PASSWORD);
  await panel.getByRole('button', { name: authTexts.signInButton }).click();
  await page.waitForURL(`${apiUrl()}/account/buying/favorites`);
  await expect(page.locator('main h1')).toHaveText(t.nav.favorites);
  // The redirect screen replaced its own history entry.
  await page.goBack();
  expect(new URL(page.url()).pathname).not.toBe('/redirect');
});

test('the sell page: Start Listing without an address focuses it; a chosen address goes to listing-detail with lat and lng', HOSTED, async ({ page }) => {
  await open(page, '/sell');
  const form = page.locator('form[data-start-listing]');
  const input = form.getByRole('combobox', { name: t.sell.addressLabel });
  await expect(input).toBeVisible();
  await form.getByRole('button', { name: t.sell.startListing }).click();
  await expect(input).toBeFocused();
  await input.fill('Salt Lake');
  await form.getByRole('option', { name: /Salt Lake City, UT/ }).first().click();
  await page.waitForURL(/\/selling\/listing-detail\?lat=-?[\d.]+&lng=-?[\d.]+$/);
  await expect(page.locator('main h1')).toHaveText(t.selling.listingStart);
  await expect(page.locator('main hearth-seller-dashboard')).toHaveAttribute('lat', /^-?[\d.]+$/);
});
