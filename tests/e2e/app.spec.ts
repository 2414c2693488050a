/**
 * <hearth-app base="/homes"> on the partner demo page (another origin, strict CSP, hostile CSS): the whole
 * site in one element, routed under the partner's /homes path. The demo server answers every /homes path
 * with app.html, as a partner's web server would.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { siteTexts as site } from '../../core/i18n/site';
import { listingDetailTexts as ld } from '../../core/i18n/listing-detail';
import { requestTourTexts } from '../../core/i18n/tours';
import { apiUrl, cspViolations, expect, partnerUrl, test } from './fixtures';
import { signUp, startSignedIn } from './sessions';

const app = (page: Page) => page.locator('hearth-app');
const ready = (page: Page) => expect(app(page).locator('.site-app')).toHaveAttribute('data-state', 'ready');
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** Every <img> of the app, across the shadow roots of the elements on its page. */
const brokenImages = (page: Page) =>
  page.evaluate(() => {
    const broken: string[] = [];
    const visit = (root: ParentNode) => {
      for (const element of root.querySelectorAll('*')) {
        if (element instanceof HTMLImageElement && element.complete && element.naturalWidth === 0 && element.currentSrc) broken.push(element.currentSrc);
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return broken;
  });

test.describe('<hearth-app> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('the home page in the shell of the site, menus by keyboard, links under the base, pictures that load', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/homes/');
    await ready(page);
    const header = app(page).locator('header.shell-header');
    await expect(header.getByRole('link', { name: site.nav.home, exact: true })).toHaveAttribute('href', '/homes/');
    await expect(app(page).locator('.site-main hearth-listing-card').first()).toBeVisible();
    await expect(app(page).locator('footer.shell-footer')).toContainText(site.footer.privacy);
    await expect(page).toHaveTitle(/ — /);

    // The Buy menu opens with the keyboard and closes with Escape, focus back on its button.
    const buy = header.locator('summary', { hasText: site.nav.buy });
    await buy.focus();
    await page.keyboard.press('Enter');
    const findHome = header.getByRole('link', { name: site.nav.findHome });
    await expect(findHome).toBeVisible();
    await expect(findHome).toHaveAttribute('href', '/homes/search');
    await page.keyboard.press('Escape');
    await expect(findHome).toBeHidden();
    await expect(buy).toBeFocused();

    await page.waitForFunction(() => {
      const imgs: HTMLImageElement[] = [];
      const visit = (root: ParentNode) => {
        for (const el of root.querySelectorAll('*')) {
          if (el instanceof HTMLImageElement) imgs.push(el);
          if (el.shadowRoot) visit(el.shadowRoot);
        }
      };
      visit(document);
      return imgs.length > 0 && imgs.every((img) => img.complete);
    });
    expect(await brokenImages(page)).toEqual([]);
    expect((await new AxeBuilder({ page }).include('hearth-app').analyze()).violations.map((v) => v.id)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('search → listing → the request-tour dialog → back, every URL under /homes', async ({ openPartnerPage, page, request }) => {
    await startSignedIn(page, await signUp(request, 'Rhea', 'Router'));
    await openPartnerPage('/homes/');
    await ready(page);
    await app(page).locator('summary', { hasText: site.nav.buy }).click();
    await app(page).getByRole('link', { name: site.nav.findHome }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/homes/search');
    await ready(page);
    await expect(app(page).locator('hearth-search-map [part="result"]').first()).toBeVisible();

    // A search around the demo home that takes tour requests (seed listing 1001), then its card's link.
    await openPartnerPage('/homes/search?bounds=40.7636,-111.8775,40.7646,-111.8763');
    await ready(page);
    const card = app(page).locator('hearth-search-map [part="result"][data-listing-id="1001"]');
    await expect(card).toBeVisible();
    const link = card.locator('hearth-listing-card a[href*="/listing/"]').last();
    const listingPath = new URL((await link.getAttribute('href'))!).pathname;
    expect(listingPath).toBe('/listing/455-e-300-s-salt-lake-city-ut-84111/HRT1001');
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/homes${listingPath}`);
    await ready(page);
    const detail = app(page).locator('hearth-listing-detail');
    await expect(detail.locator('[part="base"]').first()).toBeVisible();

    // The page's one 'Request a Tour' is the side panel's (the listing leaves its own out).
    await expect(detail.getByRole('button', { name: ld.actions.requestTour })).toHaveCount(0);
    await app(page).locator('hearth-request-tour').getByRole('button', { name: requestTourTexts.button }).click();
    const tourDialog = app(page).locator('hearth-request-tour').getByRole('dialog', { name: requestTourTexts.dialogTitle });
    await expect(tourDialog).toBeVisible();
    // The dialog is a route over the page (spec §2): its own URL, closed by Escape back to the page's.
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/homes${listingPath}/request-tour`);
    await page.keyboard.press('Escape');
    await expect(tourDialog).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/homes${listingPath}`);
    // Forward opens it again over the same page (not reloaded); back closes it.
    await page.goForward();
    await expect(tourDialog).toBeVisible();
    await page.goBack();
    await expect(tourDialog).toHaveCount(0);
    await expect(app(page).locator('.site-app')).toHaveAttribute('data-state', 'ready');

    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/homes/search');
    await ready(page);
    await expect(app(page).locator('hearth-search-map [part="result"]').first()).toBeVisible();
    await page.goForward();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/homes${listingPath}`);
    await expect(app(page).locator('hearth-listing-detail')).toBeVisible();
    expect(await cspViolations(page)).toEqual([]);

    // A reload of the dialog's URL shows the page with the dialog open.
    await openPartnerPage(`/homes${listingPath}/request-tour`);
    await ready(page);
    await expect(tourDialog).toBeVisible();
  });

  test('a link to log-out asks first; the button signs the element out and goes on (issue 33)', async ({ openPartnerPage, page, request }) => {
    const user = await signUp(request, 'Lou', 'Gout');
    await startSignedIn(page, user);
    await openPartnerPage('/homes/log-out?next=%2Fsearch');
    await ready(page);
    // Following a link ends nothing: the question, and the token still works.
    const button = app(page).getByRole('button', { name: site.logOutButton });
    await expect(button).toBeVisible();
    expect((await request.get(`${apiUrl()}/user/me/`, { headers: { Authorization: `Token ${user.token}` } })).status()).toBe(200);
    await button.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/homes/search');
    await expect(app(page).locator('header.shell-header').getByRole('link', { name: site.nav.signIn })).toBeVisible();
    expect((await request.get(`${apiUrl()}/user/me/`, { headers: { Authorization: `Token ${user.token}` } })).status()).toBe(401);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('an account page asks a visitor to sign in first, and a reload keeps the page', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/homes/account/buying/favorites');
    await expect.poll(() => pathOf(page)).toMatch(/^\/homes\/log-in\?next=%2Faccount%2Fbuying%2Ffavorites/);
    await ready(page);
    await expect(app(page).locator('hearth-sign-in')).toBeVisible();
    await page.reload();
    await ready(page);
    await expect(app(page).locator('hearth-sign-in')).toBeVisible();
    expect(new URL(page.url()).origin).toBe(partnerUrl());
  });
});
