/**
 * The seller's workspace (issue 19): on the hosted site, a visitor starts a listing from the sell page's
 * address search, signs up, answers the intake questionnaire inside <hearth-home-detail>, schedules the
 * listing (not in search), publishes it now (in search) and adds an open house from the home detail. On the
 * partner page (other origin, strict CSP, hostile CSS): <hearth-seller-dashboard> lists the seller's homes
 * and <hearth-home-detail> shows one.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { authTexts as a } from '../../core/i18n/auth';
import { sellerTexts as t } from '../../core/i18n/sellers';
import { openHouseTexts } from '../../core/i18n/tours';
import { widgetTexts as w } from '../../questionnaire/widgets/texts';
import { apiUrl, cspViolations, expect, HOSTED, test } from './fixtures';
import { graphql, PASSWORD, signUp, startSignedIn, uniqueEmail } from './sessions';

const SEARCH = /* GraphQL */ `
  query SellerSearch($geoInput: GeoInput) {
    listingLoad(first: 50, geoInput: $geoInput) {
      edges {
        node {
          id
        }
      }
    }
  }
`;

/** Whether the public search over the home's surroundings returns the listing (as a visitor, like the map). */
async function inSearch(page: Page, listingId: string, lat: number, lng: number): Promise<boolean> {
  const data = await graphql<{ listingLoad: { edges: { node: { id: string } }[] } }>(page.request, null, SEARCH, {
    geoInput: { center: { latitude: lat, longitude: lng }, radiusMeters: 30 },
  });
  return data.listingLoad.edges.some((e) => e.node.id === listingId);
}

/** The intake's optional driving directions (two lines): the published listing's page shows them. */
const INTAKE_DIRECTIONS = 'From University Ave, east on Center St.\nBlue house on the corner; park on the street.';

/** Answers every screen of questionnaire/definitions/seller-intake-sale.json (the address is already filled in) and submits. */
async function fillIntake(form: Locator) {
  // Answers are heard 200 ms after typing: wait for the form to be valid before Next.
  const next = async () => {
    await expect(form.locator('[part="form-error"]')).toHaveCount(0);
    await form.locator('[part="submit"]').click();
  };
  const yesNo = (key: string, answer: string) => form.locator(`[data-key="${key}"]`).getByRole('radio', { name: answer }).check();

  // The home as started: street, city, county, state and ZIP filled in.
  await expect(form.locator('[data-key="address"]').getByLabel(/^City/)).toHaveValue('Provo');
  await expect(form.locator('[data-key="address"]').getByLabel(/^County/)).toHaveValue('Utah');
  await form.getByRole('textbox', { name: 'Driving directions' }).fill(INTAKE_DIRECTIONS);
  await yesNo('is-owner', w.yes);
  await next();

  await form.getByRole('combobox', { name: 'Property type' }).fill('Single-family home');
  await form.getByRole('textbox', { name: 'Bedrooms' }).fill('4');
  await form.getByRole('textbox', { name: 'Bathrooms' }).fill('2.5');
  await form.getByRole('textbox', { name: 'Finished square feet' }).fill('2100');
  await next();

  await form.locator('[data-key="features"]').getByRole('checkbox', { name: 'Central air' }).check();
  await yesNo('has-hoa', w.no);
  await next();

  await form.getByRole('combobox', { name: 'Overall condition' }).fill('Move-in ready');
  await yesNo('known-defects', w.no);
  await yesNo('pre-1978', w.no);
  await yesNo('liens', w.no);
  await next();

  await form.getByRole('textbox', { name: 'What price do you have in mind?' }).fill('525000');
  await form.getByRole('combobox', { name: 'When would you like to sell?' }).fill('Within 3 months');
  await yesNo('buying-next', w.no);
  await form.locator('[data-key="occupancy"]').getByRole('radio', { name: 'I do' }).check();
  await next();

  // The seller's name and email come from the account.
  await expect(form.getByRole('textbox', { name: w.firstName })).toHaveValue('Sally');
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(/^sally\./);
  await yesNo('publish-now', w.yes);
  await next();

  // The last screen has one action: 'Certify and submit' is the submit itself (issue 36), no second Submit.
  await expect(form.locator('[part="submit"]')).toHaveCount(0);
  await form.getByRole('button', { name: 'Certify and submit' }).click();
}

test.describe('the seller’s workspace', () => {
  test('hosted site: sell → address → sign up → intake → home detail; scheduled is hidden, published is found; an open house', HOSTED, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${apiUrl()}/sell`);
    const box = page.locator('hearth-search-box');
    const input = box.getByRole('combobox');
    await input.fill('Salt Lake City');
    await box.getByRole('option', { name: /Salt Lake City, UT/ }).first().click();
    await page.waitForURL(/\/selling\/listing-detail\?lat=.*&lng=/);
    const start = page.locator('hearth-seller-dashboard');
    await expect(start.locator('[part="base"]')).toHaveAttribute('data-state', 'start');
    // The area of the point is known from our own listings.
    await expect(start.getByLabel(t.start.city)).toHaveValue('Salt Lake City');

    // This home goes in Provo instead, out of the Salt Lake City searches that the search-map tests count pins
    // in while it is public; nothing of ours is near there in the test data, so its address is typed in full.
    const lat = 40.2338;
    const lng = -111.6585;
    await page.goto(`${apiUrl()}/selling/listing-detail?lat=${lat}&lng=${lng}`);
    await expect(start.locator('[part="base"]')).toHaveAttribute('data-state', 'start');
    await start.getByLabel(t.start.city).fill('Provo');
    const street = `1${Date.now() % 100_000} E Seller Test Ave`;
    await start.getByLabel(t.start.street).fill(street);
    await start.getByLabel(t.start.zip).fill('84601');
    await start.getByLabel(t.start.county).fill('Utah');
    await start.getByLabel(t.start.state).fill('UT');
    await start.getByRole('radio', { name: t.start.sale }).check();
    await start.getByRole('button', { name: t.start.submit }).click();

    // Signed out: sign up in the dialog, then the listing starts.
    const dialog = page.getByRole('dialog', { name: a.dialogTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('tab', { name: a.tabSignUp }).click();
    await dialog.getByLabel(a.labels.firstName).fill('Sally');
    await dialog.getByLabel(a.labels.lastName).fill('Seller');
    await dialog.getByLabel(a.labels.email).fill(uniqueEmail('sally'));
    await dialog.getByLabel(a.labels.password).fill(PASSWORD);
    await dialog.getByRole('button', { name: a.signUpButton }).click();
    await page.waitForURL(/\/account\/home-detail\/\d+$/);
    const caseId = /(\d+)$/.exec(page.url())![1]!;

    // The home detail: step 1 with the intake questionnaire inline.
    const detail = page.locator('hearth-home-detail');
    // Its own parts (the open houses, tours and offers mounted inside it have parts of the same names).
    const own = detail.locator('section.home-detail');
    const status = own.locator('.home-meta [part="status"]');
    await expect(own).toHaveAttribute('data-state', 'loaded');
    await expect(own.locator('#home-heading')).toContainText(street);
    await expect(own.locator('[part="step"][data-state="CURRENT"]')).toContainText('Details');
    await expect(status).toHaveText(t.status.DRAFT);
    await fillIntake(own.locator('.current [part="questionnaire"]'));

    // Completed: the facts are the listing's, the description composed from them.
    await expect(own.locator('.current [part="questionnaire"]')).toHaveCount(0);
    const facts = own.locator('.columns [part="facts"]');
    await expect(facts).toContainText('$525,000');
    await expect(facts).toContainText('Single-family home');
    await expect(own.locator('section[part="description"]')).toContainText('Generated from the listing facts');
    await expect(own.locator('section[part="description"]')).toContainText('en venta');
    const listing = (await own.getAttribute('data-listing-id'))!;
    expect(Number(listing)).toBeGreaterThanOrEqual(900_000_000);

    // Scheduled for tomorrow: hidden from search.
    const publish = own.locator('[part="publish"]');
    await publish.getByRole('radio', { name: t.detail.publish.later }).check();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await publish.getByLabel(t.detail.publish.date).fill(`${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T10:00`);
    await publish.locator('[part="publish-save"]').click();
    await expect(status).toHaveText(t.status.SCHEDULED);
    expect(await inSearch(page, listing, lat, lng)).toBe(false);

    // Published now: found by the search.
    await publish.getByRole('radio', { name: t.detail.publish.now }).check();
    await publish.locator('[part="publish-save"]').click();
    await expect(status).toHaveText(t.status.PUBLISHED);
    expect(await inSearch(page, listing, lat, lng)).toBe(true);
    await expect(own.locator('.home-meta [part="view-listing"]')).toBeVisible();
    // The intake's driving directions are on the published listing's page, line breaks kept.
    const listingPage = await page.request.get((await own.locator('.home-meta [part="view-listing"]').getAttribute('href'))!);
    expect(await listingPage.text()).toContain(
      '<section class="driving-directions"><h2>Driving directions</h2><p>From University Ave, east on Center St.<br>Blue house on the corner; park on the street.</p></section>',
    );

    // An open house, from the home detail.
    const openHouses = detail.locator('hearth-open-houses');
    await expect(openHouses.locator('[part="base"]')).toHaveAttribute('data-state', 'seller');
    const homePath = `/account/home-detail/${caseId}`;
    const pathOf = () => new URL(page.url()).pathname;
    await openHouses.locator('[part="add"]').click();
    const ohDialog = openHouses.locator('[part="open-house-dialog"]');
    await expect(ohDialog).toBeVisible();
    // The dialog is a route over the home's page (spec §2 seller-edit-open-house/{id | new}).
    expect(pathOf()).toBe(`${homePath}/seller-edit-open-house/new`);
    await ohDialog.getByLabel(openHouseTexts.dialog.day).selectOption({ index: 3 });
    await ohDialog.getByLabel(openHouseTexts.dialog.start).selectOption({ index: 4 });
    await ohDialog.getByLabel(openHouseTexts.dialog.end).selectOption({ index: 3 });
    await ohDialog.locator('[part="confirm-selection"]').click();
    await expect(ohDialog).toBeHidden();
    await expect.poll(pathOf).toBe(homePath);
    await expect(openHouses.locator('[part="open-house"]')).toHaveCount(1);
    await expect(openHouses.locator('[part="empty"]')).toHaveCount(0);
    // Editing it: its id in the URL, a reload opens it again, Escape goes up two levels.
    const openHouseId = (await openHouses.locator('[part="open-house"]').getAttribute('data-id'))!;
    await openHouses.locator('[part="open-house"]').getByRole('button', { name: /^Edit open house/ }).click();
    await expect(ohDialog).toBeVisible();
    expect(pathOf()).toBe(`${homePath}/seller-edit-open-house/${openHouseId}`);
    await page.reload();
    await expect(ohDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ohDialog).toBeHidden();
    await expect.poll(pathOf).toBe(homePath);

    const axe = await new AxeBuilder({ page }).include('hearth-home-detail').exclude('hearth-open-houses').exclude('hearth-tours').exclude('hearth-offers').analyze();
    expect(axe.violations).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/seller-home-detail-${testInfo.project.name}.png`, fullPage: true });

    // Taken down again: gone from search at once.
    await publish.getByRole('radio', { name: t.detail.publish.off }).check();
    await publish.locator('[part="publish-save"]').click();
    await expect(status).not.toHaveText(t.status.PUBLISHED);
    expect(await inSearch(page, listing, lat, lng)).toBe(false);
  });

  test('partner page: the dashboard lists the seller’s homes, filters them, and the home detail shows one', async ({ page, request, openPartnerPage }, testInfo) => {
    const seller = await signUp(request, 'Sam', 'Seller');
    const created = await graphql<{ createSeller: { caseId: string } }>(
      request,
      seller,
      `mutation SellerDemoCase($homeContext: SellerHomeContext!) { createSeller(homeContext: $homeContext, classification: RENT) { caseId } }`,
      { homeContext: { address: '77 W Partner Page Rd', city: 'Salt Lake City', short_state: 'UT', zip_code: '84101', lat: 40.76, lng: -111.89 } },
    );
    await startSignedIn(page, seller);
    await openPartnerPage('/seller.html');
    const dashboard = page.locator('#dashboard');
    await expect(dashboard.locator('[part="base"]')).toHaveAttribute('data-state', 'loaded');
    const home = dashboard.locator('[part="home"]');
    await expect(home).toHaveCount(1);
    await expect(home.locator('[part="home-link"]')).toContainText('77 W Partner Page Rd');
    await expect(home.locator('[part="home-link"]')).toHaveAttribute('href', `seller.html?case=${created.createSeller.caseId}`);
    await dashboard.getByLabel(t.dashboard.view.label).selectOption('SALE');
    await expect(dashboard.locator('[part="base"]')).toHaveAttribute('data-state', 'empty');
    await expect(dashboard.locator('[part="message"]')).toHaveText(t.dashboard.emptyFiltered);
    await dashboard.getByLabel(t.dashboard.view.label).selectOption('RENT');
    await expect(home).toHaveCount(1);

    // The home detail of another seller's case reads as not found; the seller's own shows.
    const detail = page.locator('#home-detail');
    const own = detail.locator('section.home-detail');
    await expect(own).toHaveAttribute('data-state', 'missing');
    await detail.evaluate((el, id) => el.setAttribute('case-id', id), created.createSeller.caseId);
    await expect(own).toHaveAttribute('data-state', 'loaded');
    await expect(own.locator('#home-heading')).toContainText('77 W Partner Page Rd');
    await expect(own.locator('.current [part="questionnaire"]')).toBeVisible();

    const axe = await new AxeBuilder({ page }).include('#dashboard').include('#home-detail').exclude('hearth-questionnaire').exclude('hearth-tours').exclude('hearth-offers').analyze();
    expect(axe.violations).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/seller-partner-${testInfo.project.name}.png`, fullPage: true });
  });
});
