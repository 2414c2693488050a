/**
 * The seller's workspace (issues 19, 36): on the hosted site, a visitor types an address we do not know on
 * the sell page, confirms its parts, signs up, answers the intake questionnaire inside <hearth-home-detail>,
 * adds photos, sets the price, uploads the documents Review needs, publishes (in search, the stepper at Live)
 * and adds an open house from the home detail. On the
 * partner page (other origin, strict CSP, hostile CSS): <hearth-seller-dashboard> lists the seller's homes
 * and <hearth-home-detail> shows one.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { documentTexts } from '../../core/i18n/documents';
import { searchTexts } from '../../core/i18n/search';
import { siteTexts } from '../../core/i18n/site';
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

const LISTED = /* GraphQL */ `
  query SellerListed($geoInput: GeoInput) {
    listingLoad(first: 50, geoInput: $geoInput) {
      edges {
        node {
          id
          priceInPennies
          bedrooms
          area
          location {
            latitude
            longitude
          }
        }
      }
    }
  }
`;

interface Listed {
  id: string;
  priceInPennies: number;
  bedrooms: number | null;
  area: number | null;
  location: { latitude: number; longitude: number } | null;
}

/** The listing as the public search (a visitor, like the map) finds it within 5 km of a point; undefined when it does not. */
async function searchedListing(page: Page, listingId: string, lat: number, lng: number): Promise<Listed | undefined> {
  const data = await graphql<{ listingLoad: { edges: { node: Listed }[] } }>(page.request, null, LISTED, {
    geoInput: { center: { latitude: lat, longitude: lng }, radiusMeters: 5_000 },
  });
  return data.listingLoad.edges.map((e) => e.node).find((n) => n.id === listingId);
}

async function photoFile(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } }).jpeg({ quality: 85 }).toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function pdfBytes(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 300]).drawText(text, { x: 20, y: 150, size: 12, font });
  return Buffer.from(await doc.save());
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
  test('on a phone, /sell takes an address we do not know at once: no list over Start Listing (issue 36)', HOSTED, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${apiUrl()}/sell`);
    const form = page.locator('form[data-start-listing]');
    const box = form.locator('hearth-search-box');
    // Typed as a person types: once suggestions start (1 s after load) the box looks it up and finds nothing.
    await box.getByRole('combobox').pressSequentially('77 Nowhere Known Rd, Provo, UT 84601', { delay: 10 });
    await expect(box.locator('[part="no-match"]')).toHaveText(searchTexts.noPlaces);
    await expect(box.getByRole('listbox')).toBeHidden();
    // Start Listing is pressed at once, no tap elsewhere first: a plain click (no force) lands on it.
    await form.getByRole('button', { name: siteTexts.sell.startListing }).click({ timeout: 3_000 });
    await page.waitForURL(/\/selling\/listing-detail\?address=77(\+|%20)Nowhere/);
  });

  test('hosted site, through the UI only (issue 36): a typed address we do not know → confirm → sign up → intake → photos → price → documents → publish; live in search with its price and facts, the stepper at Live; an open house', HOSTED, async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await page.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${apiUrl()}/sell`);
    // A street nobody has listed, typed in full and never chosen from the suggestions: Start Listing takes it.
    const street = `1${Date.now() % 100_000} E Seller Test Ave`;
    const form = page.locator('form[data-start-listing]');
    await form.locator('hearth-search-box').getByRole('combobox').fill(`${street}, Provo, UT 84601`);
    await form.getByRole('button', { name: 'Start Listing' }).click();
    await page.waitForURL(/\/selling\/listing-detail\?address=/);
    const start = page.locator('hearth-seller-dashboard');
    await expect(start.locator('[part="base"]')).toHaveAttribute('data-state', 'start');
    // Read in parts for the seller to confirm; the pin starts where our places put it (the ZIP's, city's or
    // state's centre: the test data has few places, so the API says which).
    const typed = await graphql<{ sellerAddress: { city: string; county: string; lat: number; lng: number; located: keyof typeof t.start.typed } }>(
      page.request,
      null,
      'query TypedAddress($text: String!) { sellerAddress(text: $text) { city county lat lng located } }',
      { text: `${street}, Provo, UT 84601` },
    );
    expect(typed.sellerAddress.located).not.toBe('NONE');
    await expect(start.locator('[part="message"]')).toHaveText(t.start.typed[typed.sellerAddress.located]);
    await expect(start.getByLabel(t.start.street)).toHaveValue(street);
    await expect(start.getByLabel(t.start.city)).toHaveValue('Provo');
    await expect(start.getByLabel(t.start.state)).toHaveValue('UT');
    await expect(start.getByLabel(t.start.zip)).toHaveValue('84601');
    await expect(start.getByLabel(t.start.county)).toHaveValue(typed.sellerAddress.county);
    // The seller corrects what we could not know, and moves the pin (placed at that centre) east with the keyboard.
    await start.getByLabel(t.start.county).fill('Utah');
    const precision = start.locator('[part="pin-precision"]');
    await expect(precision).toHaveText(t.start.pin.precision[typed.sellerAddress.located as Exclude<typeof typed.sellerAddress.located, 'NONE'>]);
    const map = start.getByRole('group', { name: t.start.pin.label });
    await map.press('ArrowRight');
    await map.press('ArrowRight');
    await expect(precision).toHaveText(t.start.pin.moved);
    const [pinLat, pinLng] = (await map.getAttribute('data-center'))!.split(',').map(Number) as [number, number];
    expect(pinLat).toBeCloseTo(typed.sellerAddress.lat, 5);
    expect(pinLng).toBeGreaterThan(typed.sellerAddress.lng);
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
    const homePath = `/account/home-detail/${caseId}`;

    // The home detail: step 1 with the intake questionnaire inline.
    const detail = page.locator('hearth-home-detail');
    // Its own parts (the open houses, tours and offers mounted inside it have parts of the same names).
    const own = detail.locator('section.home-detail');
    const status = own.locator('.home-meta [part="status"]');
    const current = own.locator('.current');
    const currentStep = own.locator('[part="step"][data-state="CURRENT"]');
    await expect(own).toHaveAttribute('data-state', 'loaded');
    await expect(own.locator('#home-heading')).toContainText(street);
    await expect(currentStep).toContainText('Details');
    await expect(status).toHaveText(t.status.DRAFT);
    await fillIntake(current.locator('[part="questionnaire"]'));

    // Completed: the facts are the listing's, the description composed from them.
    await expect(current.locator('[part="questionnaire"]')).toHaveCount(0);
    const facts = own.locator('.columns [part="facts"]');
    await expect(facts).toContainText('$525,000');
    await expect(facts).toContainText('Single-family home');
    await expect(facts).toContainText('Central air');
    await expect(own.locator('section[part="description"]')).toContainText('Generated from the listing facts');
    const listing = (await own.getAttribute('data-listing-id'))!;
    expect(Number(listing)).toBeGreaterThanOrEqual(900_000_000);

    // Photos: the step's link, two photos at once; the status line names both; back, and on to the price.
    await current.getByRole('button', { name: 'Continue to photos' }).click();
    await expect(currentStep).toContainText('Photos');
    await current.locator('[part="photos-link"]').click();
    const photos = page.locator('hearth-photo-management');
    await expect(photos.locator('[part="base"]')).toHaveAttribute('data-state', 'ready');
    await photos.locator('[part="file-input"]').setInputFiles([await photoFile('front.jpg', '#b03a2e'), await photoFile('kitchen.jpg', '#1e8449')]);
    await expect(photos.locator('[part="photo"]')).toHaveCount(2);
    await expect(photos.locator('[part="announcer"]')).toHaveText(/front\.jpg.*kitchen\.jpg|kitchen\.jpg.*front\.jpg/);
    await expect(photos.locator('[part="move-earlier"]').first()).toBeDisabled();
    await page.goto(`${apiUrl()}${homePath}`);
    await expect(currentStep).toContainText('Photos');
    await current.locator('[part="continue"]').click();

    // Price: the step's own field, the intake's figure in it; the seller's price replaces it.
    await expect(currentStep).toContainText('Price');
    const price = current.getByLabel(t.detail.price.sale);
    await expect(price).toHaveValue('525,000');
    await price.fill('530,000');
    await current.locator('[part="continue"]').click();
    await expect(currentStep).toContainText('Review');
    await expect(facts).toContainText('$530,000');

    // Review: Publish says which documents are missing; they go up on the documents page, named by the home.
    await current.getByRole('button', { name: 'Publish' }).click();
    await expect(own.locator('[part="message"][data-tone="error"]')).toContainText('Upload these documents first');
    await current.locator('[part="documents-link"]').click();
    const documents = page.locator('hearth-documents');
    const ourCase = documents.locator(`[part="case"][data-case-id="${caseId}"]`);
    await expect(ourCase.getByRole('heading', { level: 2 })).toContainText(street);
    for (const [slotName, file] of [
      ['Deed or title', { name: 'deed.pdf', mimeType: 'application/pdf', buffer: await pdfBytes('Deed') }],
      ["Seller's disclosure", { name: 'disclosure.pdf', mimeType: 'application/pdf', buffer: await pdfBytes('Disclosure') }],
      ['Photo ID', { name: 'id.pdf', mimeType: 'application/pdf', buffer: await pdfBytes('Photo ID') }],
    ] as const) {
      const slot = ourCase.locator('[part="slot"]').filter({ has: page.getByRole('heading', { name: slotName, exact: true }) });
      await slot.locator('[part="file-input"]').setInputFiles(file);
      await expect(slot.locator('[part="slot-status"]')).toHaveText(documentTexts.chosenFile(file.name));
      await slot.getByRole('button', { name: documentTexts.uploadFile }).click();
      await expect(slot.locator('[part="document"]')).toContainText(file.name);
    }

    // Publish: live at once, the stepper at Live, Publish no longer offered.
    await page.goto(`${apiUrl()}${homePath}`);
    await expect(currentStep).toContainText('Review');
    await current.getByRole('button', { name: 'Publish' }).click();
    await expect(status).toHaveText(t.status.PUBLISHED);
    await expect(currentStep).toContainText('Live');
    await expect(own.locator('[part="step"]:not([data-state="DONE"]):not([data-state="CURRENT"])')).toHaveCount(0);
    await expect(current.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await expect(own.locator('[part="publish"] input[value="now"]')).toBeChecked();
    // Stored where the seller put the pin, not at the centre the address was placed at.
    const found = await searchedListing(page, listing, pinLat, pinLng);
    expect(found).toMatchObject({ id: listing, priceInPennies: 53_000_000, bedrooms: 4, area: 2100 });
    expect(found!.location!.latitude).toBeCloseTo(pinLat, 5);
    expect(found!.location!.longitude).toBeCloseTo(pinLng, 5);
    const lat = found!.location!.latitude;
    const lng = found!.location!.longitude;
    await expect(own.locator('.home-meta [part="view-listing"]')).toBeVisible();
    // The intake's driving directions are on the published listing's page, line breaks kept.
    const listingPage = await page.request.get((await own.locator('.home-meta [part="view-listing"]').getAttribute('href'))!);
    expect(await listingPage.text()).toContain(
      '<section class="driving-directions"><h2>Driving directions</h2><p>From University Ave, east on Center St.<br>Blue house on the corner; park on the street.</p></section>',
    );

    // An open house, from the home detail.
    const openHouses = detail.locator('hearth-open-houses');
    await expect(openHouses.locator('[part="base"]')).toHaveAttribute('data-state', 'seller');
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
    const publish = own.locator('[part="publish"]');
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
