/**
 * Issue 35, the buyer's journeys on the hosted site (deep flows: the Preact project only, tagged HOSTED), each
 * checked through the API as well as on the page: the listing page's heart (its name says what it does, and the
 * favourite lasts), one 'Request a Tour' and one 'Make an Offer' a screen on a desk and on a phone, the saved
 * searches (Open shows the search, alerts off, Delete), the buyer's own tour changes (Cancel Request and Reschedule
 * through modifyTour), and the log-out toast on a page without any session-aware element. The element smoke test
 * of <hearth-saved-searches> runs on the partner page in both builds.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { authTexts } from '../../core/i18n/auth';
import { listingTexts } from '../../core/i18n/listing';
import { listingDetailTexts as ld } from '../../core/i18n/listing-detail';
import { offerTexts } from '../../core/i18n/offers';
import { savedSearchTexts as st } from '../../core/i18n/search';
import { buyerTourTexts as bt, requestTourTexts, tourTexts } from '../../core/i18n/tours';
import { buyerTourGrid } from '../../core/tours/tour-times';
import { apiUrl, cspViolations, expect, HOSTED, test } from './fixtures';
import { graphql, PASSWORD, signUp, startSignedIn, type SignedInUser } from './sessions';

const LISTING = { id: '1001', path: '/listing/455-e-300-s-salt-lake-city-ut-84111/HRT1001', address: '455 E 300 S, Salt Lake City, UT 84111' };

/** Records the page's CSP violations for `cspViolations` (the hosted site's pages are not the fixture's partner page). */
const recordCsp = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });

/** A fresh buyer, signed in on the hosted site the way it signs in (a session cookie in the page's jar). */
async function buyerOnSite(page: Page, firstName: string): Promise<SignedInUser> {
  const buyer = await signUp(page.request, firstName, 'Buyer');
  const response = await page.request.post(`${apiUrl()}/v1/api/api-token-auth/`, { data: { username: buyer.email, password: PASSWORD, session: true } });
  expect(response.status()).toBe(200);
  await recordCsp(page);
  return buyer;
}

const axe = async (page: Page, selector: string) => (await new AxeBuilder({ page }).include(selector).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
const visibleCount = async (locator: Locator) => (await Promise.all((await locator.all()).map((l) => l.isVisible()))).filter(Boolean).length;

test.describe('the listing page', () => {
  test('the heart: its name says what it does, the favourite lasts a reload and is the account’s', HOSTED, async ({ page }) => {
    const buyer = await buyerOnSite(page, 'Hart');
    await page.goto(`${apiUrl()}${LISTING.path}`);
    const heart = page.locator('hearth-listing-detail [part="summary"] [part="favorite"]');
    await expect(heart).toHaveAttribute('aria-label', new RegExp(`^${listingTexts.favorite(LISTING.address)} \\(\\d+ saves?\\)$`));
    await heart.click();
    await expect(heart).toHaveAttribute('aria-label', new RegExp(`^${listingTexts.unfavorite(LISTING.address)} \\(\\d+ saves?\\)$`));
    await expect(heart).toHaveAttribute('data-state', 'favorited');

    await page.reload();
    await expect(heart).toHaveAttribute('aria-label', new RegExp(`^${listingTexts.unfavorite(LISTING.address)}`));
    const { favoriteListings } = await graphql<{ favoriteListings: { listing: { id: string } }[] }>(
      page.request,
      buyer,
      'query Favorites { favoriteListings { listing { id } } }',
    );
    expect(favoriteListings.map((f) => f.listing.id)).toEqual([LISTING.id]);
    expect(await axe(page, 'hearth-listing-detail')).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  for (const [name, viewport] of [
    ['a desk', { width: 1366, height: 900 }],
    ['a phone', { width: 390, height: 844 }],
  ] as const) {
    test(`on ${name}: one Request a Tour and one Make an Offer, wherever the page is scrolled; no View Listing to itself`, HOSTED, async ({ page }) => {
      await page.setViewportSize(viewport);
      await recordCsp(page);
      await page.goto(`${apiUrl()}${LISTING.path}`);
      await expect(page.locator('hearth-listing-detail [part="price"]')).toBeVisible();
      const tour = page.getByRole('button', { name: requestTourTexts.button, exact: true });
      const offer = page.getByRole('button', { name: offerTexts.makeOffer, exact: true });
      await expect(tour.first()).toBeVisible();
      await expect(offer.first()).toBeVisible();
      for (const scroll of [0, 1200, 100_000]) {
        await page.evaluate((y) => window.scrollTo(0, y), scroll);
        await expect.poll(() => visibleCount(tour), `scrolled to ${scroll}`).toBe(1);
        expect(await visibleCount(offer)).toBe(1);
        await expect(tour.first()).toBeInViewport();
      }
      // The listing's own two are left out: the side panel's are the page's.
      await expect(page.locator('hearth-listing-detail').getByRole('group', { name: ld.actions.label })).toHaveCount(0);
      await expect(page.locator('hearth-open-houses [part="heading"]')).toBeVisible();
      await expect(page.locator('hearth-open-houses [part="view-listing"]')).toHaveCount(0);
      expect(await axe(page, 'main')).toEqual([]);
      expect(await cspViolations(page)).toEqual([]);
    });
  }
});

const SAVE_SEARCH = `mutation SaveSearch($name: String!, $f: NotificationFrequency!, $m: JSON!) {
  saveSearch(name: $name, notificationFrequency: $f, searchModal: $m) { id }
}`;
const SAVED = 'query SavedSearches { savedSearches { id name notificationFrequency } }';
/** What the search map saves for Salt Lake City, 3+ beds, up to $550,000 (core/search/search-model.ts searchScope). */
const SUGAR_HOUSE = { address: 'Salt Lake City, UT, USA', searchInput: { maxPriceInPennies: 55_000_000, minBedrooms: 3 }, orderBy: 'NEWEST' };

async function savedSearch(request: APIRequestContext, buyer: SignedInUser, name: string) {
  return (await graphql<{ saveSearch: { id: string } }>(request, buyer, SAVE_SEARCH, { name, f: 'DAILY', m: SUGAR_HOUSE })).saveSearch.id;
}

test.describe('saved searches', () => {
  test('Open shows the search with its area and filters; alerts go off; Delete asks, then removes it', HOSTED, async ({ page }) => {
    const buyer = await buyerOnSite(page, 'Sue');
    const keep = await savedSearch(page.request, buyer, 'Sugar House, 3+ beds');
    const gone = await savedSearch(page.request, buyer, 'To delete');
    await page.goto(`${apiUrl()}/account/buying/saved-searches`);
    const row = (id: string) => page.locator(`hearth-saved-searches [part="saved-search"][data-search-id="${id}"]`);
    await expect(row(keep).locator('[part="summary"]')).toHaveText('Salt Lake City, UT, USA · up to $550K · 3+ bd');
    expect(await axe(page, 'hearth-saved-searches')).toEqual([]);

    // Alerts off, at once; the server has it.
    await row(keep).getByLabel(st.alertsLabel('Sugar House, 3+ beds')).selectOption('NEVER');
    await expect(page.locator('hearth-saved-searches [part="status"]')).toHaveText('Email alerts: Off.');
    await expect.poll(async () => (await graphql<{ savedSearches: { id: string; notificationFrequency: string }[] }>(page.request, buyer, SAVED)).savedSearches.find((s) => s.id === keep)?.notificationFrequency).toBe('NEVER');

    // Delete asks first, then the row and the search are gone.
    await row(gone).getByRole('button', { name: st.deleteLabel('To delete') }).click();
    const confirm = page.getByRole('dialog', { name: st.confirmDelete.title });
    await expect(confirm).toBeVisible();
    expect(await axe(page, 'hearth-saved-searches')).toEqual([]);
    await confirm.getByRole('button', { name: st.confirmDelete.confirm }).click();
    await expect(row(gone)).toHaveCount(0);
    expect((await graphql<{ savedSearches: { id: string }[] }>(page.request, buyer, SAVED)).savedSearches.map((s) => s.id)).toEqual([keep]);

    // Open: the search map with the saved place and filters.
    await row(keep).getByRole('link', { name: st.openLabel('Sugar House, 3+ beds') }).click();
    await page.waitForURL(/\/search\?/);
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({ location: 'Salt-Lake-City,-UT,-USA', price_max: '550000', beds: '3' });
    const map = page.locator('hearth-search-map');
    await expect(map.locator('[part="result"]').first()).toBeVisible();
    await expect(map.locator('[part="filters-button"]')).toContainText('2');
    expect(await cspViolations(page)).toEqual([]);
  });
});

test.describe('<hearth-saved-searches> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('lists the viewer’s saved searches; Open goes to the partner’s own search page', async ({ openPartnerPage, page, request }) => {
    const buyer = await signUp(request, 'Pat', 'Partner');
    const id = await savedSearch(request, buyer, 'Near the U');
    await startSignedIn(page, buyer);
    await openPartnerPage('/saved-searches.html');
    const row = page.locator(`hearth-saved-searches [part="saved-search"][data-search-id="${id}"]`);
    await expect(row.locator('[part="name"]')).toHaveText('Near the U');
    await expect(row.locator('[part="open"]')).toHaveAttribute('href', 'search.html?location=Salt-Lake-City%2C-UT%2C-USA&price_max=550000&beds=3');
    expect(await axe(page, 'hearth-saved-searches')).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });
});

const SAVE_TOUR = `mutation SaveTour($listingId: ID!, $times: [String!]!) {
  saveTour(listingId: $listingId, scheduledDateTimes: $times) { id }
}`;
const TOUR = `query RequestedTour($id: ID!) { requestedTour(id: $id) { id tourStatus cancelledBy requestedSchedule { scheduledDateTime } } }`;

test.describe('the buyer’s own tours', () => {
  test('cancels one request and reschedules another from the tour dialog (modifyTour)', HOSTED, async ({ page }) => {
    const buyer = await buyerOnSite(page, 'Tess');
    const { listingInfo } = await graphql<{ listingInfo: { timeZone: string } }>(page.request, null, `query ListingZone { listingInfo(listingId: ${LISTING.id}) { timeZone } }`);
    const grid = buyerTourGrid(new Date(), listingInfo.timeZone);
    const tomorrow = grid.gridDays[1]!;
    const ask = async (hour: number) =>
      (await graphql<{ saveTour: { id: string } }>(page.request, buyer, SAVE_TOUR, { listingId: LISTING.id, times: [tomorrow.slots.find((s) => s.hour === hour)!.dateTime] })).saveTour.id;
    const toCancel = await ask(10);
    const toMove = await ask(11);

    await page.goto(`${apiUrl()}/account/buying/tours`);
    const row = (id: string) => page.locator(`hearth-tours [part="tour"][data-tour-id="${id}"]`);
    const dialog = page.locator('hearth-tours dialog[part~="tour-details"]');

    await row(toCancel).click();
    await expect(dialog.getByRole('heading', { name: bt.statusHeading.REQUESTED, exact: true })).toBeVisible();
    expect(await axe(page, 'hearth-tours')).toEqual([]);
    await dialog.getByRole('button', { name: bt.cancelRequest }).click();
    const confirm = page.getByRole('dialog', { name: bt.confirmCancel.title });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: bt.confirmCancel.confirm }).click();
    await expect(page.locator('hearth-toaster [part="toast"]').filter({ hasText: tourTexts.tourSaved })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row(toCancel)).toHaveAttribute('data-state', 'cancelled');
    expect((await graphql<{ requestedTour: { tourStatus: string; cancelledBy: string } }>(page.request, buyer, TOUR, { id: toCancel })).requestedTour).toMatchObject({
      tourStatus: 'CANCELLED',
      cancelledBy: 'BUYER',
    });

    await row(toMove).click();
    await dialog.getByRole('button', { name: bt.reschedule }).click();
    await expect(dialog.getByRole('heading', { name: bt.rescheduleTitle })).toBeVisible();
    const newTime = grid.gridDays[2]!.slots.find((s) => s.hour === 15)!.dateTime;
    await dialog.locator(`[data-date-time="${newTime}"]`).click();
    expect(await axe(page, 'hearth-tours')).toEqual([]);
    await dialog.getByRole('button', { name: bt.sendTimes }).click();
    await expect(dialog).toHaveCount(0);
    const moved = (await graphql<{ requestedTour: { tourStatus: string; requestedSchedule: { scheduledDateTime: string }[] } }>(page.request, buyer, TOUR, { id: toMove })).requestedTour;
    expect(moved).toEqual({ id: toMove, tourStatus: 'REQUESTED', cancelledBy: null, requestedSchedule: [{ scheduledDateTime: newTime }] });
    await expect(row(toMove).locator('[part="time"]')).not.toContainText(tomorrow.label.split(', ')[1]!);
    expect(await cspViolations(page)).toEqual([]);
  });
});

test.describe('log-out', () => {
  test('the toast shows on the page the log-out goes to, even one without a session-aware element (/buy)', HOSTED, async ({ page }) => {
    await buyerOnSite(page, 'Lou');
    await page.goto(`${apiUrl()}/buy`);
    await page.goto(`${apiUrl()}/log-out?next=/buy`);
    await page.waitForURL(`${apiUrl()}/buy`);
    const toast = page.locator('hearth-toaster [part="toast"]');
    await expect(toast).toHaveText(new RegExp(authTexts.loggedOut.replace(/[.?]/g, '\\$&')));
    await expect(toast).toHaveAttribute('role', 'status');
    // Said once: a reload does not say it again.
    await page.reload();
    await expect(page.locator('hearth-search-box').first()).toBeVisible();
    await expect(toast).toHaveCount(0);
    expect(await cspViolations(page)).toEqual([]);
  });
});
