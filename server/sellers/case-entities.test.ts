/**
 * The spec §3 Case fields served on the types themselves (Case.media, CaseResponse.lastScreenHistory and
 * sectionCount, SellerListing.tours / openHouses / offers / marketingMaterials): each shows exactly what its
 * separate query shows the same viewer, and the batched readers behind them equal the one-listing readers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../accounts/session';
import type { SignedUp } from '../accounts/testing';
import type { UserRecord } from '../accounts/users';
import type { RunningServer } from '../app';
import { listingPhotosOfCase, listingPhotosOfCases } from '../listing-photos/photos';
import { listOffersByListing, listOffersByListings } from '../offers/offers';
import { offerScreens } from '../offers/testing';
import { DEFINITIONS_DIR } from '../questionnaires/definitions';
import { codeOf, graphqlAs } from '../testing/graphql';
import { createSaleCase, freshAddress, startSellerTestServer } from '../testing/seller-case';
import { engineName } from '../testing/test-server';
import { listOpenHousesByListing, listOpenHousesByListings } from '../tours/open-houses';
import { listToursByListing, listToursByListings } from '../tours/tours';
import { sellerListingLoaders } from './listing-loaders';

let server: RunningServer;
let seller: SignedUp;
let stranger: SignedUp;
let agent: SignedUp;
let caseId: string;
let listingId: number;
let secondListingId: number;
let responseId: string;
let offerResponseId: string;

const gql = (who: SignedUp | null, query: string, variables: Record<string, unknown> = {}) => graphqlAs(server, who, query, variables);
const sectionsOf = (file: string) => (JSON.parse(readFileSync(join(DEFINITIONS_DIR, file), 'utf8')) as { categories: unknown[] }).categories.length;
const ids = (list: { id: string }[]) => list.map((x) => x.id);

const CASE = `query ($id: ID!) { case(id: $id) {
  id media { id position url }
  caseResponse { id lastScreenHistory sectionCount }
  sellerListing { id priceInPennies mlsNumber
    tours { id tourStatus } openHouses { id } offers { id offerStatus } marketingMaterials { id } } } }`;
const TOURS = `query ($l: ID!) { requestedTourByListing(listingId: $l) { id } }`;
const OPEN_HOUSES = `query ($l: ID!) { openHousesByListing(listingId: $l) { id } }`;
const OFFERS = `query ($l: ID!) { offersByListing(listingId: $l) { id } }`;
const MATERIALS = `query ($c: ID!) { marketingMaterials(applicationCaseId: $c) { id } }`;
const PHOTOS = `query ($c: ID!) { listingPhotos(applicationCaseId: $c) { id } }`;
const NEXT = `mutation ($respId: ID!, $data: JSON!) { questionnaireNextScreen(respId: $respId, data: $data) { completedAt } }`;

async function insertTour(listing: number, buyerId: number, status = 'REQUESTED') {
  const reason = status === 'CANCELLED' ? 'The buyer found another home and no longer needs to see this one, thank you.' : null;
  const { rows } = await server.db.query<{ id: number }>(
    'INSERT INTO requested_tours (listing_id, buyer_user_id, tour_status, cancellation_reason, cancelled_by) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [listing, buyerId, status, reason, status === 'CANCELLED' ? 'seller' : null],
  );
  await server.db.query("INSERT INTO requested_tour_times (tour_id, scheduled_at) VALUES ($1, now() + interval '2 days')", [rows[0]!.id]);
  return String(rows[0]!.id);
}

async function insertOpenHouse(listing: number, days: number) {
  const { rows } = await server.db.query<{ id: number }>(
    `INSERT INTO open_houses (listing_id, start_at, end_at) VALUES ($1, now() + make_interval(days => $2), now() + make_interval(days => $2, hours => 2)) RETURNING id`,
    [listing, days],
  );
  return String(rows[0]!.id);
}

async function insertPhoto(listing: number, position: number) {
  await server.db.query(
    'INSERT INTO listing_photos (listing_id, base_key, widths, width, height, position) VALUES ($1, $2, ARRAY[400, 800], 800, 600, $3)',
    [listing, `listing-photos/${listing}/test-${position}-${Math.random().toString(36).slice(2)}`, position],
  );
}

beforeAll(async () => {
  ({ server, seller, stranger, agent } = await startSellerTestServer());
  const created = await createSaleCase(server, seller, freshAddress('Entity Way'), { answerIntake: true });
  const second = await createSaleCase(server, seller, freshAddress('Entity Way'));
  caseId = created.caseId;
  listingId = Number(created.listingId);
  secondListingId = Number(second.listingId);
  responseId = created.caseResponse.id;
  // Buyers reach the listing: public, taking offers and tours.
  await server.db.query(
    'UPDATE listings SET internet_entire_listing_display = true, enable_offer = true, enable_request_tour = true WHERE id = ANY($1::bigint[])',
    [[listingId, secondListingId]],
  );
  // The stranger submits an offer and leaves a draft on the second listing; the agent drafts one.
  const offer = await gql(stranger, `mutation ($l: ID!) { createOffer(listingId: $l, appType: "wfrmls-buyer") { caseResponse { id } } }`, { l: listingId });
  expect(offer.errors, JSON.stringify(offer.errors)).toBeUndefined();
  offerResponseId = offer.data!.createOffer.caseResponse.id;
  for (const data of offerScreens()) expect((await gql(stranger, NEXT, { respId: offerResponseId, data })).errors).toBeUndefined();
  expect((await gql(stranger, `mutation ($l: ID!) { createOffer(listingId: $l, appType: "wfrmls-buyer") { caseResponse { id } } }`, { l: secondListingId })).errors).toBeUndefined();
  expect((await gql(agent, `mutation ($l: ID!) { createOffer(listingId: $l, appType: "wfrmls-buyer") { caseResponse { id } } }`, { l: listingId })).errors).toBeUndefined();
  await insertTour(listingId, stranger.user.id);
  await insertTour(listingId, agent.user.id, 'CANCELLED');
  await insertTour(secondListingId, stranger.user.id);
  await insertOpenHouse(listingId, 3);
  await insertOpenHouse(listingId, -3);
  await insertOpenHouse(secondListingId, 5);
  await insertPhoto(listingId, 1);
  await insertPhoto(listingId, 0);
  const templates = await graphqlAs(server, null, '{ marketingTemplates { id } }', {}, 'public_graphql');
  const material = await gql(seller, 'mutation ($c: ID!, $t: ID!) { createMarketingMaterial(applicationCaseId: $c, templateId: $t) { id } }', {
    c: caseId,
    t: templates.data!.marketingTemplates[0].id,
  });
  expect(material.errors, JSON.stringify(material.errors)).toBeUndefined();
});
afterAll(async () => {
  await server?.close();
});

describe(`Case entity fields (${engineName()})`, () => {
  it('the seller reads every nested list exactly as the separate queries show it', async () => {
    const r = await gql(seller, CASE, { id: caseId });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    const c = r.data!.case;
    const l = c.sellerListing;
    expect(l.tours).toHaveLength(2);
    expect(ids(l.tours)).toEqual(ids((await gql(seller, TOURS, { l: listingId })).data!.requestedTourByListing));
    expect(l.openHouses).toHaveLength(2);
    expect(ids(l.openHouses)).toEqual(ids((await gql(seller, OPEN_HOUSES, { l: listingId })).data!.openHousesByListing));
    // Only the submitted offer: the agent's draft is not the seller's to see.
    expect(l.offers).toEqual([{ id: expect.any(String), offerStatus: 'Submitted' }]);
    expect(ids(l.offers)).toEqual(ids((await gql(seller, OFFERS, { l: listingId })).data!.offersByListing));
    expect(l.marketingMaterials).toHaveLength(1);
    expect(ids(l.marketingMaterials)).toEqual(ids((await gql(seller, MATERIALS, { c: caseId })).data!.marketingMaterials));
    expect(c.media.map((p: { position: number }) => p.position)).toEqual([0, 1]);
    expect(ids(c.media)).toEqual(ids((await gql(seller, PHOTOS, { c: caseId })).data!.listingPhotos));
    expect(c.media[0].url).toMatch(/^https?:\/\/[^/]+\/media\/listing-photos\//);
  });

  it('caseResponse carries the path taken and the number of sections of its definition', async () => {
    const r = await gql(seller, CASE, { id: caseId });
    const response = r.data!.case.caseResponse;
    expect(response.id).toBe(responseId);
    expect(response.sectionCount).toBe(sectionsOf('seller-intake-sale.json'));
    const history = await server.db.query<{ history: string[] }>('SELECT history FROM questionnaire_responses WHERE id = $1', [responseId]);
    expect(response.lastScreenHistory).toEqual(history.rows[0]!.history);
    expect(response.lastScreenHistory.length).toBeGreaterThan(1);
  });

  it('a company agent sees what the separate queries show an agent: every tour, submitted offers, no open houses, no photos', async () => {
    const r = await gql(agent, CASE, { id: caseId });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    const l = r.data!.case.sellerListing;
    expect(ids(l.tours)).toEqual(ids((await gql(agent, TOURS, { l: listingId })).data!.requestedTourByListing));
    expect(l.tours).toHaveLength(2);
    // openHousesByListing is the seller's alone (NOT_FOUND for the agent): the field is empty, never more.
    expect(codeOf(await gql(agent, OPEN_HOUSES, { l: listingId }))).toBe('NOT_FOUND');
    expect(l.openHouses).toEqual([]);
    // The agent's own draft and the submitted offer, as offersByListing answers the agent.
    expect(ids(l.offers).sort()).toEqual(ids((await gql(agent, OFFERS, { l: listingId })).data!.offersByListing).sort());
    expect(l.offers).toHaveLength(2);
    // listingPhotos is for the owner or an administrator.
    expect(codeOf(await gql(agent, PHOTOS, { c: caseId }))).toBe('NOT_FOUND');
    expect(r.data!.case.media).toEqual([]);
  });

  it('a stranger and a visitor cannot reach the case at all', async () => {
    expect(codeOf(await gql(stranger, CASE, { id: caseId }))).toBe('NOT_FOUND');
    expect(codeOf(await gql(null, CASE, { id: caseId }))).toBe('UNAUTHENTICATED');
  });

  it('a buyer’s offer response shows the buyer its path and section count, wherever the buyer reaches it', async () => {
    const history = await server.db.query<{ history: string[] }>('SELECT history FROM questionnaire_responses WHERE id = $1', [offerResponseId]);
    const expected = { id: offerResponseId, lastScreenHistory: history.rows[0]!.history, sectionCount: sectionsOf('buyer-offer.json') };
    expect(expected.lastScreenHistory.length).toBeGreaterThan(1);
    const cases = await gql(stranger, '{ cases(applicationType: "wfrmls-buyer") { caseResponse { id lastScreenHistory sectionCount } } }');
    expect(cases.errors, JSON.stringify(cases.errors)).toBeUndefined();
    expect(cases.data!.cases.map((c: { caseResponse: unknown }) => c.caseResponse)).toContainEqual(expected);
    // createOffer answers the buyer's existing draft: its response is read through the loader, not a case.
    const again = await gql(stranger, `mutation ($l: ID!) { createOffer(listingId: $l, appType: "wfrmls-buyer") { caseResponse { id lastScreenHistory sectionCount } } }`, {
      l: secondListingId,
    });
    expect(again.errors, JSON.stringify(again.errors)).toBeUndefined();
    expect(again.data!.createOffer.caseResponse).toMatchObject({ lastScreenHistory: [expect.any(String)], sectionCount: sectionsOf('buyer-offer.json') });
  });

  it('the company agent reads the seller case’s path on its response as on the case', async () => {
    const r = await gql(agent, 'query ($id: ID!) { case(id: $id) { lastScreenHistory caseResponse { lastScreenHistory } } }', { id: caseId });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    expect(r.data!.case.caseResponse.lastScreenHistory).toEqual(r.data!.case.lastScreenHistory);
  });

  it('a mortgage case’s response counts its sections and shows its path to its owner', async () => {
    const r = await gql(stranger, 'mutation { createPreQualification { id caseResponse { id lastScreenHistory sectionCount } } }');
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    const response = r.data!.createPreQualification.caseResponse;
    expect(response.sectionCount).toBe(sectionsOf('mortgage-prequalification.json'));
    expect(response.lastScreenHistory).toHaveLength(1);
  });

  it('myListings answers a page of cases with their nested lists, each listing its own', async () => {
    const r = await gql(seller, '{ myListings { items { id sellerListing { id tours { id } openHouses { id } offers { id } marketingMaterials { id } } media { id } } } }');
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    type Lists = { id: string; tours: unknown[]; openHouses: unknown[]; offers: unknown[]; marketingMaterials: unknown[] };
    const items = r.data!.myListings.items as { id: string; media: unknown[]; sellerListing: Lists }[];
    const first = items.find((i) => i.id === caseId)!;
    const second = items.find((i) => i.sellerListing.id === String(secondListingId))!;
    expect([first.sellerListing.tours.length, first.sellerListing.openHouses.length, first.sellerListing.offers.length, first.media.length]).toEqual([2, 2, 1, 2]);
    expect([second.sellerListing.tours.length, second.sellerListing.openHouses.length, second.sellerListing.offers.length, second.media.length]).toEqual([1, 1, 0, 0]);
    expect(second.sellerListing.marketingMaterials).toEqual([]);
  });

  it('the batched readers equal the one-listing readers for every viewer, and ask the database once per field', async () => {
    const listings = [listingId, secondListingId, listingId];
    for (const who of [seller, stranger, agent]) {
      const user = { ...who.user, isCompanyAgent: who === agent } as unknown as UserRecord;
      const tours = await listToursByListings(server.db, listings, user);
      const offers = await listOffersByListings(server.db, listings, user);
      const openHouses = await listOpenHousesByListings(server.db, listings, user);
      for (const [i, id] of listings.entries()) {
        expect(tours[i]).toEqual(await listToursByListing(server.db, id, user));
        expect(offers[i]).toEqual(await listOffersByListing(server.db, id, user));
        const single = await listOpenHousesByListing(server.db, id, user).catch(() => []);
        expect(openHouses[i]!.map((o) => o.id)).toEqual(single.map((o) => o.id));
      }
    }
    const viewer = { user: { ...seller.user, isCompanyAgent: false } } as unknown as Viewer;
    const photos = await listingPhotosOfCases(server.db, viewer, [Number(caseId), 999_999_999]);
    expect(photos[0]).toEqual(await listingPhotosOfCase(server.db, viewer, Number(caseId)));
    expect(photos[1]).toEqual([]);

    // One query per field for a whole page: count what the loaders send.
    let queries = 0;
    const counting = { query: (...args: Parameters<typeof server.db.query>) => (queries++, server.db.query(...args)) } as typeof server.db;
    const loaders = sellerListingLoaders({}, counting, viewer);
    const page = [listingId, secondListingId, listingId];
    const [tours, , , media] = await Promise.all([
      Promise.all(page.map((id) => loaders.tours.load(id))),
      Promise.all(page.map((id) => loaders.offers.load(id))),
      Promise.all(page.map((id) => loaders.openHouses.load(id))),
      Promise.all([Number(caseId), Number(caseId)].map((id) => loaders.media.load(id))),
    ]);
    expect(queries).toBe(4);
    expect(tours.map((t) => t.length)).toEqual([2, 1, 2]);
    expect(media.map((m) => m.length)).toEqual([2, 2]);
  });
});
