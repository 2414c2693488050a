/**
 * Issue 35, the buyer's journeys on the hosted site (deep flows: the Preact project only, tagged HOSTED), each
 * checked through the API as well as on the page: the listing page's heart (its name says what it does, and the
 * favourite lasts), one 'Request a Tour' and one 'Make an Offer' a screen on a desk and on a phone, the saved
 * searches (Open shows the search, alerts off, Delete), the buyer's own tour changes (Cancel Request and Reschedule
 * through modifyTour), and the log-out toast on a page without any session-aware element. The element smoke test
 * of <hearth-saved-searches> is in elements.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { authTexts } from '../../core/i18n/auth';
import { listingTexts } from '../../core/i18n/listing';
import { mortgagePrequalTexts } from '../../core/i18n/mortgage';
import { listingDetailTexts as ld } from '../../core/i18n/listing-detail';
import { offerTexts } from '../../core/i18n/offers';
import { savedSearchTexts as st, searchMapTexts as sm, searchTexts } from '../../core/i18n/search';
import { siteTexts } from '../../core/i18n/site';
import { buyerTourTexts as bt, requestTourTexts, tourTexts } from '../../core/i18n/tours';
import { buyerTourGrid } from '../../core/tours/tour-times';
import { apiUrl, cspViolations, expect, HOSTED, test } from './fixtures';
import { fillOfferQuestionnaire } from './helpers/offer-questionnaire';
import { answerEveryQuestion } from './helpers/prequal-questionnaire';
import { graphql, PASSWORD, signUp, type SignedInUser } from './sessions';

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
      // Scrolled to the end, the page's end (the footer) is above the phone's bar, not under it.
      const bar = (await page.locator('.listing-actions').boundingBox())!;
      const footer = (await page.getByRole('contentinfo').boundingBox())!;
      expect(footer.y + footer.height).toBeLessThanOrEqual(viewport.width < 1060 ? bar.y + 1 : Number.POSITIVE_INFINITY);
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
    // The page's h1 names the list: the element's own heading is for screen readers only (not said twice on screen).
    await expect(page.getByRole('heading', { level: 1, name: st.heading })).toBeVisible();
    expect((await page.locator('hearth-saved-searches [part="heading"]').boundingBox())!.width).toBeLessThanOrEqual(1);
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
    await expect(page).toHaveURL(/\/search\?/);
    const params = new URL(page.url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({ location: 'Salt-Lake-City,-UT,-USA', price_max: '550000', beds: '3' });
    const map = page.locator('hearth-search-map');
    await expect(map.locator('[part="result"]').first()).toBeVisible();
    await expect(map.locator('[part="filters-button"]')).toContainText('2');
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
    // The log-out page asks first (a link from anywhere leads there); its button signs out and goes on.
    await page.goto(`${apiUrl()}/log-out?next=/buy`);
    await page.getByRole('button', { name: siteTexts.logOutButton }).click();
    await expect(page).toHaveURL(`${apiUrl()}/buy`);
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

test.describe('the buyer’s journey on a phone (390 × 844, touch), through the page only', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('search → filters → listing → favourite (signing in) → request a tour → cancel it → make an offer → pre-qualification; the account holds each', HOSTED, async ({ page }) => {
    test.setTimeout(240_000);
    // The account exists (an earlier visit); this visit signs in where the page asks.
    const buyer = await signUp(page.request, 'Jo', 'Journey');
    await recordCsp(page);
    const { listingInfo: home } = await graphql<{ listingInfo: { bedrooms: number; priceInPennies: number } }>(
      page.request,
      null,
      `query Home { listingInfo(listingId: ${LISTING.id}) { bedrooms priceInPennies } }`,
    );
    const dollars = String(home.priceInPennies / 100);

    // Search: the place, then the filters sheet (beds and a price range around the home).
    await page.goto(`${apiUrl()}/search`);
    const map = page.locator('hearth-search-map');
    const place = map.getByRole('combobox', { name: searchTexts.inputLabel });
    await place.pressSequentially('salt lak', { delay: 30 });
    await map.getByRole('option', { name: /Salt Lake City, UT/ }).first().tap();
    await expect(page).toHaveURL(/[?&]location=Salt-Lake-City/);
    await map.getByRole('button', { name: sm.filters }).tap();
    const sheet = map.getByRole('dialog', { name: sm.filters });
    await sheet.getByRole('combobox', { name: sm.beds, exact: true }).selectOption(String(home.bedrooms));
    await sheet.getByLabel(sm.minPrice).fill(dollars);
    await sheet.getByLabel(sm.maxPrice).fill(dollars);
    await sheet.locator('[part="apply-filters"]').tap();
    await expect(sheet).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`[?&]beds=${home.bedrooms}`));
    const result = map.locator('[part="result"]').filter({ hasText: '455 E 300 S' });
    await expect(result).toBeVisible();

    // The listing: its heart asks to sign in first, then the favourite is on.
    await result.getByRole('link', { name: /455 E 300 S/ }).first().tap();
    await expect(page).toHaveURL(new RegExp(`${LISTING.path}$`));
    const heart = page.locator('hearth-listing-detail [part="summary"] [part="favorite"]');
    await heart.tap();
    const signIn = page.getByRole('dialog', { name: authTexts.dialogTitle });
    await expect(signIn).toBeVisible();
    await signIn.getByLabel(authTexts.labels.email).fill(buyer.email);
    await signIn.getByLabel(authTexts.labels.password).fill(PASSWORD);
    await signIn.getByRole('button', { name: authTexts.signInButton }).tap();
    await expect(signIn).toHaveCount(0);
    await expect(heart).toHaveAttribute('data-state', 'favorited');
    await expect(heart).toHaveAttribute('aria-label', new RegExp(`^${listingTexts.unfavorite(LISTING.address)}`));

    // Request a Tour from the phone's bar: tomorrow at 10 am, then its details, then Cancel Request.
    const requestTour = page.locator('hearth-request-tour');
    await requestTour.getByRole('button', { name: requestTourTexts.button, exact: true }).tap();
    const tourDialog = requestTour.getByRole('dialog', { name: requestTourTexts.dialogTitle });
    await expect(tourDialog).toBeVisible();
    const { listingInfo } = await graphql<{ listingInfo: { timeZone: string } }>(page.request, null, `query ListingZone { listingInfo(listingId: ${LISTING.id}) { timeZone } }`);
    const tomorrow = buyerTourGrid(new Date(), listingInfo.timeZone).gridDays[1]!;
    const slot = tomorrow.slots.find((s) => s.hour === 10)!;
    await tourDialog.locator(`[data-date-time="${slot.dateTime}"]`).tap();
    await tourDialog.getByRole('button', { name: requestTourTexts.continue }).tap();
    await tourDialog.getByRole('button', { name: requestTourTexts.submit }).tap();
    await expect(tourDialog).toHaveCount(0);
    const requested = page.locator('hearth-toaster [part="toast"]', { hasText: tourTexts.tourRequested });
    await expect(requested).toBeVisible();
    await requested.getByRole('button', { name: tourTexts.viewRequestedTour }).tap();
    const details = requestTour.getByRole('dialog', { name: bt.statusHeading.REQUESTED });
    await expect(details).toBeVisible();
    await details.getByRole('button', { name: bt.cancelRequest }).tap();
    const confirmCancel = page.getByRole('dialog', { name: bt.confirmCancel.title });
    await confirmCancel.getByRole('button', { name: bt.confirmCancel.confirm }).tap();
    await expect(page.locator('hearth-toaster [part="toast"]').filter({ hasText: tourTexts.tourSaved })).toBeVisible();
    await expect(details).toHaveCount(0);

    // Make an Offer from the same bar: its steps, then the offer questionnaire, submitted.
    const makeOffer = page.locator('hearth-make-offer');
    await makeOffer.getByRole('button', { name: offerTexts.makeOffer, exact: true }).tap();
    const offerDialog = makeOffer.getByRole('dialog', { name: offerTexts.dialog.title });
    await offerDialog.getByRole('button', { name: offerTexts.dialog.confirm }).tap();
    // The hosted page goes on to the offer's own page (offer-url) with its questionnaire.
    await expect(page).toHaveURL(/\/account\/buyer-offer\/\d+$/);
    await fillOfferQuestionnaire(page.locator('hearth-questionnaire'), new Date().getFullYear() + 1);

    // Pre-qualification: from the menu to the account's Mortgage page, every question answered.
    await page.getByRole('button', { name: siteTexts.nav.menu }).tap();
    const header = page.locator('header.shell-header');
    await header.locator('summary', { hasText: siteTexts.nav.account }).tap();
    await header.getByRole('link', { name: siteTexts.nav.mortgage, exact: true }).tap();
    await expect(page).toHaveURL(/\/account\/mortgage$/);
    const prequal = page.locator('hearth-mortgage-prequal');
    await prequal.locator('[part="start"]').tap();
    await answerEveryQuestion(prequal);
    await expect(prequal.getByRole('dialog', { name: mortgagePrequalTexts.underReview })).toBeVisible();
    expect(await cspViolations(page)).toEqual([]);

    // What the account now holds, read through the API.
    const readHeld = () => graphql<{
      favoriteListings: { listing: { id: string } }[];
      requestedTours: { tourListing: { id: string }; tourStatus: string; cancelledBy: string | null }[];
      offers: { listing: { id: string }; offerStatus: string; offerAmount: number | null }[];
      mortgageCases: { mortgageStatus: string | null; applicationType: { slugId: string }; caseResponse: { completedAt: string | null } }[];
    }>(
      page.request,
      buyer,
      'query Held { favoriteListings { listing { id } } requestedTours { tourListing { id } tourStatus cancelledBy } offers { listing { id } offerStatus offerAmount } mortgageCases { mortgageStatus applicationType { slugId } caseResponse { completedAt } } }',
    );
    await expect.poll(async () => (await readHeld()).offers.map((o) => o.offerStatus)).toEqual(['Submitted']);
    const held = await readHeld();
    expect(held.favoriteListings.map((f) => f.listing.id)).toEqual([LISTING.id]);
    expect(held.requestedTours).toEqual([{ tourListing: { id: LISTING.id }, tourStatus: 'CANCELLED', cancelledBy: 'BUYER' }]);
    expect(held.offers).toEqual([{ listing: { id: LISTING.id }, offerStatus: 'Submitted', offerAmount: 45_000_000 }]);
    expect(held.mortgageCases).toEqual([{ mortgageStatus: 'Under Review', applicationType: { slugId: expect.any(String) }, caseResponse: { completedAt: expect.any(String) } }]);
  });
});
