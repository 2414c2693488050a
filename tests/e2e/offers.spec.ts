import type { Page } from '@playwright/test';
import { offerTexts as t } from '../../core/i18n/offers';
import { apiUrl, axeViolations, cspViolations, eventsOf, expect, partnerUrl } from './fixtures';
import { test } from './helpers/other-person';
import { fillOfferQuestionnaire } from './helpers/offer-questionnaire';
import { CreateOfferMutation } from '../../core/offers/offers-api';
import { logIn, signUp, startSignedIn } from './sessions';

const RECORD_OFFER_EVENTS = `for (const type of ['hearth-offer-created', 'hearth-questionnaire-completed']) document.addEventListener(type, (e) => window.__events && window.__events.push({ type, detail: e.detail }));`;

const makeOffer = (page: Page) => page.locator('hearth-make-offer');
const offers = (page: Page) => page.locator('hearth-offers');
const toast = (page: Page) => page.locator('hearth-toaster [part="toast"]');


test.describe('<hearth-make-offer> and <hearth-offers> on a partner page (other origin, strict CSP, hostile CSS)', () => {
  test('a fresh buyer makes an offer on 1001: confirm dialog, event, offer questionnaire, Submitted in their list; the seller sees it', async ({ openPartnerPage, openPartnerPageAs, page, request }) => {
    const buyer = await signUp(request, 'Olive', 'Offerer');
    await startSignedIn(page, buyer);
    await page.addInitScript(RECORD_OFFER_EVENTS);
    await openPartnerPage('/offer.html');

    await expect(offers(page).locator('[part="message"]')).toHaveText(t.empty);
    const button = makeOffer(page).getByRole('button', { name: t.makeOffer });
    await button.click();
    const dialog = makeOffer(page).getByRole('dialog', { name: t.dialog.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.dialog-sub-title')).toHaveText(t.dialog.subTitle('455 E 300 S, Salt Lake City, UT 84111'));
    await expect(dialog.locator('ol > li strong')).toHaveText(t.dialog.steps.map((s) => s.title));
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    expect(await axeViolations(page, 'hearth-make-offer')).toEqual([]);

    await dialog.getByRole('button', { name: t.dialog.confirm }).click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(() => eventsOf(page, 'hearth-offer-created')).toHaveLength(1);
    const [created] = await eventsOf(page, 'hearth-offer-created');
    expect(created).toMatchObject({ listingId: 1001, offerId: expect.stringMatching(/^\d+$/), caseResponseId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    // The list beside it follows: the new draft, with 'Continue offer'.
    const mine = offers(page).locator(`[part="offer"][data-offer-id="${created.offerId}"]`);
    await expect(mine).toHaveAttribute('data-state', 'draft');
    await expect(mine.getByRole('button', { name: t.continueOffer })).toBeVisible();

    const form = makeOffer(page).locator('hearth-questionnaire');
    await expect(form).toHaveAttribute('response-id', created.caseResponseId);
    await fillOfferQuestionnaire(form, new Date().getFullYear() + 1);

    // The confirmation: what went to whom, until when it stands, what happens next, the way to "Your Offers".
    const submitted = makeOffer(page).locator('[part="submitted"]');
    await expect(submitted.getByRole('heading', { name: t.submittedHeading })).toBeFocused();
    await expect(submitted).toContainText(t.sentTo('SELLER', '$450,000', '455 E 300 S, Salt Lake City, UT 84111'));
    await expect(submitted).toContainText(t.standsUntil(`Jan 20, ${new Date().getFullYear() + 1}`));
    await expect(submitted).toContainText(t.whatNext);
    await expect(submitted.getByRole('link', { name: t.seeOffers })).toHaveAttribute('href', /\/account\/buying\/offers$/);
    const [completed] = await eventsOf(page, 'hearth-questionnaire-completed');
    expect(completed).toMatchObject({ responseId: created.caseResponseId, questionnaire: 'buyer-offer', exitTo: 'offers' });

    await expect(mine).toHaveAttribute('data-state', 'submitted');
    await expect(mine.locator('[part="facts"]')).toContainText(`${t.labels.status}${t.statuses.Submitted}`);
    await expect(mine.locator('[part="facts"]')).toContainText(`${t.labels.amount}$450,000`);
    await expect(mine.getByRole('link', { name: '455 E 300 S, Salt Lake City, UT 84111' })).toBeVisible();
    await expect(mine.locator('[part="continue"]')).toHaveCount(0);
    // "Your Offers" confirms it too: when and to whom it went, what happens next.
    await expect(mine.locator('[part="confirmation"]')).toContainText(t.whatNext);
    await expect(mine.locator('[part="confirmation"]')).toContainText(/^Sent to the seller on /);
    expect(await axeViolations(page, 'hearth-offers')).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);

    // The demo seller owns 1001 and sees the submitted offer with the buyer's terms.
    const seller = await logIn(request, 'seller');
    const sellerPage = await openPartnerPageAs(seller, '/offer.html');
    const received = offers(sellerPage).locator(`[part="received"] [part="offer"][data-offer-id="${created.offerId}"]`);
    await expect(received).toBeVisible();
    const facts = received.locator('[part="facts"]');
    await expect(facts).toContainText(`${t.labels.buyer}Olive Offerer`);
    await expect(facts).toContainText(`${t.labels.amount}$450,000`);
    await expect(facts).toContainText(`${t.labels.payment}${t.financed}`);
    await expect(facts).toContainText(`${t.labels.prequalified}${t.yes}`);
    await expect(facts).toContainText(`${t.labels.closingDate}Jun 15, ${new Date().getFullYear() + 1}`);
    await expect(facts).toContainText(`${t.labels.contingencies}Inspection, Appraisal`);
    expect(await axeViolations(sellerPage, 'hearth-offers')).toEqual([]);
    expect(await cspViolations(sellerPage)).toEqual([]);
  });

  test("Cancel closes the dialog; a failed createOffer shows 'Something went wrong.' and closes it", async ({ openPartnerPage, page, request }) => {
    const buyer = await signUp(request, 'Fay', 'Failer');
    await startSignedIn(page, buyer);
    await page.addInitScript(RECORD_OFFER_EVENTS);
    // The server refusing the offer (a listing that takes none is not in the seed): an error answer to CreateOffer.
    await page.route(
      (url) => url.href.startsWith(apiUrl()) && url.pathname === '/graphql/' && url.searchParams.get('queryName') === 'CreateOffer',
      (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          headers: { 'Access-Control-Allow-Origin': new URL(partnerUrl()).origin },
          body: JSON.stringify({ data: null, errors: [{ message: 'This listing does not take offers.', extensions: { code: 'BAD_USER_INPUT' } }] }),
        }),
    );
    await openPartnerPage('/offer.html');

    const button = makeOffer(page).getByRole('button', { name: t.makeOffer });
    await button.click();
    const dialog = makeOffer(page).getByRole('dialog', { name: t.dialog.title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();

    await button.click();
    await dialog.getByRole('button', { name: t.dialog.confirm }).click();
    await expect(toast(page)).toHaveText(new RegExp(`^${t.failed.replace('.', '\\.')}`));
    await expect(toast(page)).toHaveCount(1);
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeVisible();
    await expect(makeOffer(page).locator('hearth-questionnaire')).toHaveCount(0);
    expect(await eventsOf(page, 'hearth-offer-created')).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test("a draft made earlier: 'Continue offer' in the buyer's list opens its questionnaire inline", async ({ openPartnerPage, page, request }) => {
    const buyer = await signUp(request, 'Dana', 'Drafter');
    // As the embed does it: for the 'acme' partner (questionnaire responses belong to a partner).
    const response = await request.post(`${apiUrl()}/graphql/?queryName=CreateOffer&partner=acme`, {
      data: { query: CreateOfferMutation, variables: { listingId: '1001', appType: 'wfrmls-buyer' } },
      headers: { Origin: partnerUrl(), Authorization: `Token ${buyer.token}` },
    });
    const made = ((await response.json()) as { data: { createOffer: { caseResponse: { id: string }; offer: { id: string; offerStatus: string } } } }).data;
    expect(made.createOffer.offer.offerStatus).toBe('Draft');
    await startSignedIn(page, buyer);
    await openPartnerPage('/offer.html');

    const draft = offers(page).locator(`[part="offer"][data-offer-id="${made.createOffer.offer.id}"]`);
    await expect(draft.locator('[part="facts"]')).toContainText(`${t.labels.status}${t.statuses.Draft}`);
    await expect(draft.locator('[part="facts"]')).toContainText(`${t.labels.amount}${t.notAnswered}`);
    const toggle = draft.getByRole('button', { name: t.continueOffer });
    await toggle.click();
    await expect(draft.getByRole('button', { name: t.hideOffer })).toHaveAttribute('aria-expanded', 'true');
    const form = draft.locator('hearth-questionnaire');
    await expect(form).toHaveAttribute('response-id', made.createOffer.caseResponse.id);
    await expect(form.getByRole('heading', { name: /^Your offer on 455 E 300 S/ })).toBeVisible();
    expect(await axeViolations(page, 'hearth-offers')).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test('signed out: the offers list asks to sign in, and Make an Offer opens sign-in first', async ({ openPartnerPage }) => {
    const page = await openPartnerPage('/offer.html');
    await expect(offers(page).locator('[part="message"]')).toHaveText(t.signInPrompt);
    await expect(offers(page).getByRole('button', { name: t.signIn })).toBeVisible();
    await makeOffer(page).getByRole('button', { name: t.makeOffer }).click();
    await expect(page.locator('hearth-sign-in').getByRole('dialog')).toBeVisible();
    await expect(makeOffer(page).getByRole('dialog')).toHaveCount(0);
    expect(await axeViolations(page, 'hearth-offers')).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });
});
