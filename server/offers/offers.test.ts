import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { outbox, signUp, type SignedUp } from '../accounts/testing';
import { engineName, startTestServer } from '../testing/test-server';
import { codeOf, graphqlAs } from '../testing/graphql';
import { NEXT_YEAR, offerScreens } from './testing';

let server: RunningServer;
let listingId: number;
let otherListingId: number;
let closedListingId: number;
let buyer: SignedUp;
let seller: SignedUp;
let stranger: SignedUp;
let agent: SignedUp;

const gql = (who: SignedUp | null, query: string, variables: Record<string, unknown> = {}) => graphqlAs(server, who, query, variables);

const OFFER_FIELDS = `id offerResponseId created offerStatus offerAmount currencyCode prequalifiedBuyer cashOffer closingDate
  expiresOn submittedAt recipient contingencies viewerRole listing { id slugId listingCodeId listingAddress thumbnailPhotoUri priceInPennies priceCurrencyCode }
  buyer { firstName lastName fullName initials }`;
const CREATE = `mutation ($listingId: ID!, $appType: String!) {
  createOffer(listingId: $listingId, appType: $appType) { caseResponse { id completedAt } offer { ${OFFER_FIELDS} } } }`;
const ONE = `query ($id: ID!) { offer(id: $id) { ${OFFER_FIELDS} } }`;
const MINE = `{ offers { ${OFFER_FIELDS} } }`;
const BY_LISTING = `query ($listingId: ID!) { offersByListing(listingId: $listingId) { ${OFFER_FIELDS} } }`;
const CURRENT = `query ($id: ID!) { currentScreen(id: $id) { questionnaire screenId context completedAt } }`;
const NEXT = `mutation ($respId: ID!, $data: JSON!) { questionnaireNextScreen(respId: $respId, data: $data) { screenId end completedAt } }`;
const RESET = `mutation ($respId: ID!) { resetQuestionnaireResponseHistory(respId: $respId) { screenId } }`;

async function answerAll(who: SignedUp, responseId: string, screens: Record<string, string>[]) {
  let last: Record<string, any> = {};
  for (const data of screens) {
    const r = await gql(who, NEXT, { respId: responseId, data });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    last = r.data!.questionnaireNextScreen;
  }
  return last;
}

async function createOffer(who: SignedUp, id = listingId) {
  const r = await gql(who, CREATE, { listingId: id, appType: 'wfrmls-buyer' });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.createOffer as { caseResponse: { id: string; completedAt: string | null }; offer: Record<string, any> };
}

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
  const { rows } = await server.db.query<{ id: number }>('SELECT id FROM listings WHERE internet_entire_listing_display ORDER BY id LIMIT 3');
  [listingId, otherListingId, closedListingId] = rows.map((r) => Number(r.id)) as [number, number, number];
  // Listed at $450,000: the offers below are at (or near) the list price, so none needs confirming.
  await server.db.query('UPDATE listings SET enable_offer = true, price_in_pennies = 45000000 WHERE id = ANY($1::bigint[])', [[listingId, otherListingId]]);
  [buyer, seller, stranger, agent] = await Promise.all([signUp(server), signUp(server), signUp(server), signUp(server)]);
  await server.db.query('UPDATE listings SET seller_user_id = $1 WHERE id = $2', [seller.user.id, listingId]);
  await server.db.query('UPDATE listings SET seller_user_id = NULL WHERE id = $1', [otherListingId]);
  await server.db.query('UPDATE listings SET enable_offer = false WHERE id = $1', [closedListingId]);
  await server.db.query('UPDATE users SET is_company_agent = true WHERE id = $1', [agent.user.id]);
  // The user's own agent setting opens nothing.
  await server.db.query('UPDATE users SET agent = true WHERE id = $1', [stranger.user.id]);
});
afterAll(async () => {
  await server?.close();
});

describe(`offers (${engineName()})`, () => {
  it('createOffer starts a Draft whose buyer-offer response holds the listing’s address fields', async () => {
    const { caseResponse, offer } = await createOffer(buyer);
    const { rows } = await server.db.query<Record<string, any>>(
      'SELECT street_line1, city, state_province, postal_code, county, latitude, longitude, bedrooms, bathrooms, area, price_currency_code, price_in_pennies FROM listings WHERE id = $1',
      [listingId],
    );
    const l = rows[0]!;
    expect(caseResponse).toEqual({ id: offer.offerResponseId, completedAt: null });
    expect(offer).toMatchObject({
      offerStatus: 'Draft',
      offerAmount: null,
      prequalifiedBuyer: null,
      cashOffer: null,
      closingDate: null,
      expiresOn: null,
      submittedAt: null,
      recipient: null,
      contingencies: [],
      currencyCode: l.price_currency_code,
      viewerRole: 'BUYER',
      buyer: { firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace', initials: 'AL' },
      listing: { id: String(listingId), priceInPennies: Number(l.price_in_pennies), priceCurrencyCode: l.price_currency_code },
    });
    expect(offer.listing.listingAddress).toContain(l.city);
    expect(Number.isNaN(Date.parse(offer.created))).toBe(false);

    const screen = (await gql(buyer, CURRENT, { id: caseResponse.id })).data!.currentScreen;
    expect(screen).toMatchObject({ questionnaire: 'buyer-offer', screenId: 'offer', completedAt: null });
    expect(screen.context).toMatchObject({
      street_address: l.street_line1,
      city: l.city,
      short_state: l.state_province,
      zip_code: l.postal_code,
      county: l.county ?? '',
      lat: l.latitude === null ? '' : String(l.latitude),
      lng: l.longitude === null ? '' : String(l.longitude),
      bedrooms: l.bedrooms === null ? '' : String(l.bedrooms),
      bathrooms: l.bathrooms === null ? '' : String(l.bathrooms),
      area: l.area === null ? '' : String(l.area),
      aptSuite: expect.any(String),
    });
    // The response is the buyer's: nobody else may open it.
    expect(codeOf(await gql(stranger, CURRENT, { id: caseResponse.id }))).toBe('FORBIDDEN');
    expect(codeOf(await gql(seller, CURRENT, { id: caseResponse.id }))).toBe('FORBIDDEN');
  });

  it('a second createOffer on the same listing returns the buyer’s Draft', async () => {
    const first = await createOffer(buyer, otherListingId);
    const again = await createOffer(buyer, otherListingId);
    expect(again.offer.id).toBe(first.offer.id);
    expect(again.caseResponse.id).toBe(first.caseResponse.id);
    const { rows } = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM offers WHERE buyer_user_id = $1 AND listing_id = $2',
      [buyer.user.id, otherListingId],
    );
    expect(rows[0]!.n).toBe(1);

    // Two at once (a double click): still one Draft.
    const other = await signUp(server);
    const [a, b] = await Promise.all([createOffer(other, otherListingId), createOffer(other, otherListingId)]);
    expect(a.offer.id).toBe(b.offer.id);
  });

  it('refuses another appType, a listing without offers, the seller’s own listing, unknown listings and visitors', async () => {
    const wrongType = await gql(buyer, CREATE, { listingId, appType: 'seller' });
    expect(codeOf(wrongType)).toBe('BAD_USER_INPUT');
    expect(wrongType.errors![0]!.extensions!.argumentName).toBe('appType');
    const closed = await gql(buyer, CREATE, { listingId: closedListingId, appType: 'wfrmls-buyer' });
    expect(codeOf(closed)).toBe('BAD_USER_INPUT');
    expect(closed.errors![0]!.message).toBe('This listing does not take offers.');
    expect(codeOf(await gql(seller, CREATE, { listingId, appType: 'wfrmls-buyer' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(buyer, CREATE, { listingId: 999999999, appType: 'wfrmls-buyer' }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(buyer, CREATE, { listingId: 'abc', appType: 'wfrmls-buyer' }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await gql(null, CREATE, { listingId, appType: 'wfrmls-buyer' }))).toBe('UNAUTHENTICATED');
    const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM offers WHERE listing_id = $1', [closedListingId]);
    expect(rows[0]!.n).toBe(0);
  });

  it('a Draft is the buyer’s (and a company agent’s): the seller and strangers get NOT_FOUND', async () => {
    const { offer } = await createOffer(buyer);
    expect(codeOf(await gql(seller, ONE, { id: offer.id }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(stranger, ONE, { id: offer.id }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(buyer, ONE, { id: '999999999' }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(buyer, ONE, { id: 'x1' }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(null, ONE, { id: offer.id }))).toBe('UNAUTHENTICATED');
    expect((await gql(buyer, ONE, { id: offer.id })).data!.offer).toMatchObject({ id: offer.id, viewerRole: 'BUYER' });
    expect((await gql(agent, ONE, { id: offer.id })).data!.offer).toMatchObject({ id: offer.id, viewerRole: 'AGENT' });

    const sellerList = (await gql(seller, MINE)).data!.offers as { id: string }[];
    expect(sellerList.map((o) => o.id)).not.toContain(offer.id);
    const sellerByListing = (await gql(seller, BY_LISTING, { listingId })).data!.offersByListing as { id: string }[];
    expect(sellerByListing.map((o) => o.id)).not.toContain(offer.id);
    expect((await gql(stranger, MINE)).data!.offers).toEqual([]);
    expect((await gql(stranger, BY_LISTING, { listingId })).data!.offersByListing).toEqual([]);
    expect(codeOf(await gql(null, MINE))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(null, BY_LISTING, { listingId }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await gql(buyer, BY_LISTING, { listingId: '-1' }))).toBe('BAD_USER_INPUT');
  });

  it('submitting the questionnaire makes the offer Submitted with the answered figures and mails the seller', async () => {
    const { caseResponse, offer } = await createOffer(buyer);
    const mailsBefore = (await outbox(server, seller.email)).length;
    const last = await answerAll(buyer, caseResponse.id, offerScreens());
    expect(last.completedAt).not.toBeNull();

    const submitted = (await gql(buyer, ONE, { id: offer.id })).data!.offer;
    expect(submitted).toMatchObject({
      offerStatus: 'Submitted',
      offerAmount: 45_000_000,
      cashOffer: false,
      prequalifiedBuyer: true,
      closingDate: `${NEXT_YEAR}-03-15`,
      expiresOn: `${NEXT_YEAR}-01-31`,
      recipient: 'SELLER',
      contingencies: ['Inspection', 'Appraisal'],
      viewerRole: 'BUYER',
    });
    expect(Date.parse(submitted.submittedAt)).toBeGreaterThanOrEqual(Date.parse(submitted.created));
    // The buyer's copy: what went to whom, until when it stands, what happens next.
    const copy = (await outbox(server, buyer.email)).at(-1)!;
    expect(copy.subject).toBe(`Your offer was sent: ${offer.listing.listingAddress}`);
    expect(copy.body).toContain(`Your offer of $450,000 on ${offer.listing.listingAddress} was sent to the seller, who was notified by email.`);
    expect(copy.body).toContain(`It stands until January 31, ${NEXT_YEAR}.`);

    const mails = await outbox(server, seller.email);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)!.subject).toBe(`New offer: ${offer.listing.listingAddress}`);
    expect(mails.at(-1)!.body).toContain(`Ada Lovelace made an offer of $450,000 on ${offer.listing.listingAddress}.`);
    expect(mails.at(-1)!.body).toContain('Contingencies: Inspection, Appraisal');
    expect(mails.at(-1)!.body).toContain(`Closing date: March 15, ${NEXT_YEAR}`);

    // Now the seller sees it, in every list, as SELLER; strangers still do not.
    expect((await gql(seller, ONE, { id: offer.id })).data!.offer).toMatchObject({ id: offer.id, viewerRole: 'SELLER', offerAmount: 45_000_000 });
    const sellerList = (await gql(seller, MINE)).data!.offers as { id: string; viewerRole: string }[];
    expect(sellerList.find((o) => o.id === offer.id)?.viewerRole).toBe('SELLER');
    const sellerByListing = (await gql(seller, BY_LISTING, { listingId })).data!.offersByListing as { id: string; offerStatus: string }[];
    expect(sellerByListing.map((o) => o.id)).toContain(offer.id);
    expect(sellerByListing.every((o) => o.offerStatus === 'Submitted')).toBe(true);
    expect((await gql(agent, BY_LISTING, { listingId })).data!.offersByListing.map((o: { id: string }) => o.id)).toContain(offer.id);
    expect(codeOf(await gql(stranger, ONE, { id: offer.id }))).toBe('NOT_FOUND');
    expect((await gql(stranger, BY_LISTING, { listingId })).data!.offersByListing).toEqual([]);
    const buyerList = (await gql(buyer, MINE)).data!.offers as { id: string; viewerRole: string }[];
    expect(buyerList.find((o) => o.id === offer.id)?.viewerRole).toBe('BUYER');

    // With the Draft submitted, the next createOffer starts a new one.
    const next = await createOffer(buyer);
    expect(next.offer.id).not.toBe(offer.id);
    expect(next.offer.offerStatus).toBe('Draft');
  });

  it('an edited and re-submitted offer takes the new answers and the seller hears of the change', async () => {
    const other = await signUp(server);
    const { caseResponse, offer } = await createOffer(other);
    await answerAll(other, caseResponse.id, offerScreens());
    const mailsBefore = (await outbox(server, seller.email)).length;

    expect((await gql(other, RESET, { respId: caseResponse.id })).errors).toBeUndefined();
    await answerAll(other, caseResponse.id, offerScreens({ amount: '475000.50', cash: true }));
    const edited = (await gql(other, ONE, { id: offer.id })).data!.offer;
    // A cash offer is not asked about pre-qualification: the earlier answer no longer applies.
    expect(edited).toMatchObject({ offerStatus: 'Submitted', offerAmount: 47_500_050, cashOffer: true, prequalifiedBuyer: null });
    const mails = await outbox(server, seller.email);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)!.subject).toBe(`Offer updated: ${offer.listing.listingAddress}`);
    expect(mails.at(-1)!.body).toContain('Payment: Cash');
  });

  it('an offer on a listing without a seller in Hearth is submitted and mails nobody', async () => {
    const other = await signUp(server);
    const { caseResponse, offer } = await createOffer(other, otherListingId);
    const sellerMails = () =>
      server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE subject = $1', [`New offer: ${offer.listing.listingAddress}`]);
    expect((await sellerMails()).rows[0]!.n).toBe(0);
    await answerAll(other, caseResponse.id, offerScreens());
    expect((await gql(other, ONE, { id: offer.id })).data!.offer).toMatchObject({ offerStatus: 'Submitted', recipient: 'AGENT' });
    expect((await sellerMails()).rows[0]!.n).toBe(0);
    expect((await outbox(server, other.email)).at(-1)!.body).toContain('was sent to our agents, who present it to the listing agent.');
    expect((await gql(agent, BY_LISTING, { listingId: otherListingId })).data!.offersByListing.map((o: { id: string }) => o.id)).toContain(offer.id);
  });

  it('a crafted call with seller-paid closing costs or earnest money at the price is refused and the offer stays a Draft (issue 36)', async () => {
    const other = await signUp(server);
    const { caseResponse, offer } = await createOffer(other);
    const [first] = offerScreens();
    const absurd = [
      { seller_concessions: '320000', offer_amount: '330000', 'offer_amount:confirmed': '330000' },
      { seller_concessions: '330000', offer_amount: '330000', 'offer_amount:confirmed': '330000' },
      { earnest_money: '450000' },
    ];
    for (const change of absurd) {
      const refused = await gql(other, NEXT, { respId: caseResponse.id, data: { ...first, ...change } });
      expect(codeOf(refused), JSON.stringify(change)).toBe('BAD_USER_INPUT');
    }
    // Confirming does not make an impossible answer possible.
    const confirmed = await gql(other, NEXT, {
      respId: caseResponse.id,
      data: { ...first, offer_amount: '330000', 'offer_amount:confirmed': '330000', seller_concessions: '320000', 'seller_concessions:confirmed': '320000' },
    });
    expect(codeOf(confirmed)).toBe('BAD_USER_INPUT');
    expect((await gql(other, CURRENT, { id: caseResponse.id })).data!.currentScreen.screenId).toBe('offer');
    // An unusual share (9% of the $450,000 price) is taken once confirmed, with the confirmation kept.
    const unusual = await gql(other, NEXT, { respId: caseResponse.id, data: { ...first, seller_concessions: '40500' } });
    expect(codeOf(unusual)).toBe('BAD_USER_INPUT');
    const last = await answerAll(other, caseResponse.id, offerScreens({ sellerConcessions: '40500', confirmed: { seller_concessions: '40500' } }));
    expect(last.completedAt).not.toBeNull();
    expect((await gql(other, ONE, { id: offer.id })).data!.offer.offerStatus).toBe('Submitted');
    const { rows } = await server.db.query<{ context: Record<string, string> }>(
      'SELECT r.context FROM offers o JOIN application_cases c ON c.id = o.case_id JOIN questionnaire_responses r ON r.id = c.response_id WHERE o.id = $1',
      [offer.id],
    );
    expect(rows[0]!.context['seller_concessions:confirmed']).toBe('40500');
  });
});
