import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { startTestServer } from '../testing/test-server';
import { codeOf, graphqlAs } from '../testing/graphql';
import { GENERATED_LABEL } from './description';
import { publishDueListings } from './sellers';
import { saleIntakeScreens, testHome } from './testing';

let server: RunningServer;
let seller: SignedUp;
let stranger: SignedUp;
let agent: SignedUp;

const gql = (who: SignedUp | null, query: string, variables: Record<string, unknown> = {}) => graphqlAs(server, who, query, variables);

const CREATE = `mutation ($homeContext: SellerHomeContext!, $classification: SellerClassification!) {
  createSeller(homeContext: $homeContext, classification: $classification) { caseId listingId caseResponse { id completedAt } } }`;
const CASE_FIELDS = `id applicationType { slugId } caseResponse { id completedAt } listingStatus publishNow publishAt publishedAt viewerRole homeDetailUrl
  currentQueue { name status dataLocked doneButtonText } nextQueue { name } queues { name status queuePriority } queueHistory { queue enteredAt leftAt }
  sellerListing { id status visible listingAddress street city shortState zipCode bedrooms bathrooms area lotSize yearBuilt garageBays amenities description
    priceInPennies photoCount toursEnabled offersEnabled propertySubType listingUrl }`;
const CASE = `query ($id: ID!, $context: [String!]) { case(id: $id, context: $context) { ${CASE_FIELDS} data } }`;
const NEXT_QUEUE = `mutation ($appCaseId: ID!, $contextQueue: String) { nextQueue(appCaseId: $appCaseId, contextQueue: $contextQueue) { name status dataLocked } }`;
const PUBLISH = `mutation ($caseId: ID!, $publishNow: Boolean!, $publishAt: String, $toursEnabled: Boolean, $offersEnabled: Boolean) {
  publishListing(caseId: $caseId, publishNow: $publishNow, publishAt: $publishAt, toursEnabled: $toursEnabled, offersEnabled: $offersEnabled) { ${CASE_FIELDS} } }`;
const UPDATE = `mutation ($caseId: ID!, $priceInPennies: Float, $priceConfirmed: Boolean, $description: String) {
  updateSellerListing(caseId: $caseId, priceInPennies: $priceInPennies, priceConfirmed: $priceConfirmed, description: $description) { sellerListing { priceInPennies description } } }`;
const MY_LISTINGS = `query ($viewType: SellerListingsView, $statusTypeFilter: SellerListingsStatusFilter, $page: Int, $searchFilter: String) {
  myListings(viewType: $viewType, statusTypeFilter: $statusTypeFilter, page: $page, searchFilter: $searchFilter) {
    page numPages total hasNext hasPrev items { id listingStatus sellerListing { listingAddress } } } }`;
const DESCRIPTION = `query ($caseId: ID!) { listingDescription(caseId: $caseId) { description { text language label } translation { text language label } } }`;
const TRANSLATE = `query ($context: TranslateContext!) { translate(context: $context) { text language label } }`;
const NEXT_SCREEN = `mutation ($respId: ID!, $data: JSON!) { questionnaireNextScreen(respId: $respId, data: $data) { screenId completedAt } }`;
const CURRENT = `query ($id: ID!) { currentScreen(id: $id) { screenId context } }`;
const LISTING_INFO = `query ($listingId: ID!) { listingInfo(listingId: $listingId) { id } }`;
const SEARCH = `query ($geoInput: GeoInput) { listingLoad(first: 25, geoInput: $geoInput) { edges { node { id } } } }`;

async function createCase(who: SignedUp = seller, home = testHome(), classification = 'SALE') {
  const r = await gql(who, CREATE, { homeContext: home, classification });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.createSeller as { caseId: string; listingId: string; caseResponse: { id: string } };
}

async function completeIntake(who: SignedUp, responseId: string, screens = saleIntakeScreens()) {
  let last: any = null;
  for (const data of screens) {
    const r = await gql(who, NEXT_SCREEN, { respId: responseId, data });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    last = r.data!.questionnaireNextScreen;
  }
  expect(last.completedAt).not.toBeNull();
}

const readCase = async (who: SignedUp, id: string) => {
  const r = await gql(who, CASE, { id });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.case;
};

/** Whether the public search (same request as a map over the home) returns the listing. */
async function inSearch(listingId: string, home = testHome()) {
  const r = await graphqlAs(server, null, SEARCH, { geoInput: { center: { latitude: home.lat, longitude: home.lng }, radiusMeters: 500 } }, 'public_graphql');
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.listingLoad.edges.some((e: any) => e.node.id === listingId);
}

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true, jobs: false });
  [seller, stranger, agent] = await Promise.all([signUp(server), signUp(server), signUp(server)]);
  await server.db.query('UPDATE users SET is_company_agent = true WHERE id = $1', [agent.user.id]);
});
afterAll(async () => {
  delete process.env.HEARTH_TRANSLATE_URL;
  await server?.close();
});

describe('createSeller', () => {
  it('needs a signed-in viewer and a valid home', async () => {
    expect(codeOf(await gql(null, CREATE, { homeContext: testHome(), classification: 'SALE' }))).toBe('UNAUTHENTICATED');
    const badZip = await gql(seller, CREATE, { homeContext: testHome({ zip_code: '8410<script>' }), classification: 'SALE' });
    expect(codeOf(badZip)).toBe('BAD_USER_INPUT');
    expect(badZip.errors![0]!.message).toBe('zip_code must be 5 digits (or ZIP+4).');
    const noStreet = await gql(seller, CREATE, { homeContext: testHome({ address: '   ' }), classification: 'SALE' });
    expect(noStreet.errors![0]!.message).toBe('Give the street address of the home.');
    const badLat = await gql(seller, CREATE, { homeContext: testHome({ lat: 91 }), classification: 'SALE' });
    expect(codeOf(badLat)).toBe('BAD_USER_INPUT');
  });

  it('makes a hidden listing, the case in the intake queue and a seeded intake response', async () => {
    const created = await createCase();
    expect(Number(created.listingId)).toBeGreaterThanOrEqual(900_000_000);
    const c = await readCase(seller, created.caseId);
    expect(c).toMatchObject({
      applicationType: { slugId: 'seller-sale' },
      listingStatus: 'DRAFT',
      viewerRole: 'SELLER',
      currentQueue: { name: 'intake', status: 'CURRENT', dataLocked: false, doneButtonText: 'Continue to photos' },
      nextQueue: { name: 'photos' },
      sellerListing: { status: 'Incomplete', visible: false, street: '1234 E Quiet Creek Ln', city: 'Salt Lake City', bedrooms: 3, priceInPennies: 0 },
    });
    expect(c.homeDetailUrl).toBe(`${server.url}/account/home-detail/${created.caseId}`);
    expect(c.queues.map((q: any) => `${q.name}:${q.status}`)).toEqual(['intake:CURRENT', 'photos:UPCOMING', 'pricing:UPCOMING', 'review:UPCOMING', 'published:UPCOMING']);
    expect(c.queueHistory).toEqual([expect.objectContaining({ queue: 'intake', leftAt: null })]);
    // The listing is nobody else's business until published.
    expect((await gql(stranger, LISTING_INFO, { listingId: created.listingId })).data!.listingInfo).toBeNull();
    expect(await inSearch(created.listingId)).toBe(false);
    // The intake questionnaire starts with the home filled in.
    const screen = await gql(seller, CURRENT, { id: created.caseResponse.id });
    expect(screen.data!.currentScreen.context).toMatchObject({
      street: '1234 E Quiet Creek Ln',
      usstate: 'UT',
      postal: '84105',
      zip_code: '84105',
      lat: '40.7411',
      first_name: 'Ada',
      email: seller.email,
      // The overview and upload widgets find the case by it.
      case_id: created.caseId,
    });
    // context: only the keys asked for.
    const data = await gql(seller, CASE, { id: created.caseId, context: ['city', 'zip_code', 'nope'] });
    expect(data.data!.case.data).toEqual({ city: 'Salt Lake City', zip_code: '84105' });
  });
});

describe('ownership', () => {
  it('refuses strangers and forged ids with NOT_FOUND on every case operation', async () => {
    const created = await createCase();
    const id = created.caseId;
    for (const caseId of [id, '999999999', 'abc', '-1', '1e3']) {
      expect(codeOf(await gql(stranger, CASE, { id: caseId }))).toBe('NOT_FOUND');
      expect(codeOf(await gql(stranger, NEXT_QUEUE, { appCaseId: caseId }))).toBe('NOT_FOUND');
      expect(codeOf(await gql(stranger, PUBLISH, { caseId, publishNow: true }))).toBe('NOT_FOUND');
      expect(codeOf(await gql(stranger, UPDATE, { caseId, priceInPennies: 100_00 }))).toBe('NOT_FOUND');
      expect(codeOf(await gql(stranger, DESCRIPTION, { caseId }))).toBe('NOT_FOUND');
      expect(codeOf(await gql(stranger, TRANSLATE, { context: { caseId, language: 'ES' } }))).toBe('NOT_FOUND');
    }
    expect(codeOf(await gql(null, CASE, { id }))).toBe('UNAUTHENTICATED');
    // The stranger's lists do not hold it.
    const theirs = await gql(stranger, MY_LISTINGS);
    expect(theirs.data!.myListings.total).toBe(0);
    const theirCases = await gql(stranger, `{ cases(applicationType: "seller-sale") { id } }`);
    expect(theirCases.data!.cases).toEqual([]);
    // The intake response is the owner's alone.
    expect(codeOf(await gql(stranger, CURRENT, { id: created.caseResponse.id }))).toBe('FORBIDDEN');
    // A company agent reads and works seller cases.
    const asAgent = await readCase(agent, id);
    expect(asAgent.viewerRole).toBe('AGENT');
  });
});

describe('queues, completion, data lock and publishing', () => {
  it('moves through the queues only when each is complete, locks the answers, publishes on time', async () => {
    const created = await createCase();
    const id = created.caseId;
    // Intake not answered yet.
    const early = await gql(seller, NEXT_QUEUE, { appCaseId: id, contextQueue: 'intake' });
    expect(codeOf(early)).toBe('BAD_USER_INPUT');
    expect(early.errors![0]!.message).toBe('Finish the home details questionnaire first.');
    expect(codeOf(await gql(seller, PUBLISH, { caseId: id, publishNow: true }))).toBe('BAD_USER_INPUT');

    await completeIntake(seller, created.caseResponse.id);
    let c = await readCase(seller, id);
    // The intake's facts are the listing's.
    expect(c.sellerListing).toMatchObject({
      bedrooms: 4,
      bathrooms: 2.5,
      area: 2100,
      lotSize: 0.25,
      yearBuilt: 1995,
      garageBays: 2,
      amenities: ['Central air', 'Fireplace'],
      priceInPennies: 52_500_000,
      propertySubType: 'Single-family home',
      visible: false,
    });
    expect(c.sellerListing.description).toContain('Single-family home for sale in Salt Lake City, UT.');
    expect(c.sellerListing.description).toContain('Asking price: $525,000.');

    // A stale page cannot skip a step.
    const stale = await gql(seller, NEXT_QUEUE, { appCaseId: id, contextQueue: 'photos' });
    expect(stale.errors![0]!.message).toBe('The case is in the Home details step, not photos.');
    expect((await gql(seller, NEXT_QUEUE, { appCaseId: id, contextQueue: 'intake' })).data!.nextQueue).toEqual({ name: 'photos', status: 'CURRENT', dataLocked: false });
    // Photos: at least one.
    const noPhotos = await gql(seller, NEXT_QUEUE, { appCaseId: id });
    expect(noPhotos.errors![0]!.message).toBe('Add at least one photo first.');
    await server.db.query(`UPDATE listings SET photos = '[{"photoUrl": "/media/listing-photos/x.jpg", "description": null}]' WHERE id = $1`, [created.listingId]);
    expect((await gql(seller, NEXT_QUEUE, { appCaseId: id })).data!.nextQueue.name).toBe('pricing');
    expect((await gql(seller, NEXT_QUEUE, { appCaseId: id })).data!.nextQueue).toEqual({ name: 'review', status: 'CURRENT', dataLocked: true });

    // Review locks the intake answers.
    const locked = await gql(seller, NEXT_SCREEN, { respId: created.caseResponse.id, data: { certified: 'Yes' } });
    expect(codeOf(locked)).toBe('BAD_USER_INPUT');
    expect(locked.errors![0]!.message).toBe('The home details are locked: the listing is at the Review and publish step.');
    // Review needs a publish choice.
    expect((await gql(seller, NEXT_QUEUE, { appCaseId: id })).errors![0]!.message).toBe('Publish the listing now or choose a publish date first.');

    // A date in the past, both at once, nonsense: refused.
    expect((await gql(seller, PUBLISH, { caseId: id, publishNow: false, publishAt: '2020-01-01T00:00:00Z' })).errors![0]!.message).toBe(
      'The publish date must be in the future; use publish now instead.',
    );
    expect(codeOf(await gql(seller, PUBLISH, { caseId: id, publishNow: true, publishAt: '2099-01-01T00:00:00Z' }))).toBe('BAD_USER_INPUT');
    expect((await gql(seller, PUBLISH, { caseId: id, publishNow: false, publishAt: 'tomorrow' })).errors![0]!.message).toContain('publishAt must be an ISO 8601');

    // Publishing needs the documents Review asks for (migration 250), whichever way it is asked.
    const noDocuments = await gql(seller, PUBLISH, { caseId: id, publishNow: true });
    expect(noDocuments.errors![0]!.message).toMatch(/^Upload these documents first: .+, .+, .+\.$/);
    for (const key of ['deed', 'seller-disclosure', 'photo-id']) {
      await server.db.query(
        `INSERT INTO uploaded_documents (case_component_id, application_case_id, applicant_id, uploaded_by_user_id, storage_key, file_name, content_type, byte_size, sha256)
         SELECT cc.id, $1, $3, $3, 'test/' || gen_random_uuid(), $2 || '.pdf', 'application/pdf', 10, 'x'
           FROM case_components cc WHERE cc.application_type_id = 4 AND cc.component_key = $2`,
        [id, key, seller.user.id],
      );
    }

    // Scheduled: hidden until then, and the case is at its last step (Live).
    const at = new Date(Date.now() + 3 * 86_400_000);
    const scheduled = await gql(seller, PUBLISH, { caseId: id, publishNow: false, publishAt: at.toISOString(), toursEnabled: false, offersEnabled: true });
    expect(scheduled.errors, JSON.stringify(scheduled.errors)).toBeUndefined();
    expect(scheduled.data!.publishListing).toMatchObject({
      listingStatus: 'SCHEDULED',
      publishAt: at.toISOString(),
      publishedAt: null,
      currentQueue: { name: 'published', status: 'CURRENT' },
      sellerListing: { visible: false, toursEnabled: false },
    });
    expect(await inSearch(created.listingId)).toBe(false);
    expect(await publishDueListings(server.db, new Date(at.getTime() - 1000))).toBe(0);
    expect(await inSearch(created.listingId)).toBe(false);
    // At the time, the job publishes it; the search answers at once (no stale cached answer).
    expect(await publishDueListings(server.db, new Date(at.getTime() + 1000))).toBe(1);
    expect(await inSearch(created.listingId)).toBe(true);
    c = await readCase(seller, id);
    expect(c).toMatchObject({ listingStatus: 'PUBLISHED', currentQueue: { name: 'published' }, sellerListing: { visible: true, status: 'Active' } });

    // Taken down: hidden, and back at Review; then published now: Live again.
    const down = await gql(seller, PUBLISH, { caseId: id, publishNow: false });
    expect(down.data!.publishListing).toMatchObject({ listingStatus: 'DRAFT', currentQueue: { name: 'review' } });
    expect(await inSearch(created.listingId)).toBe(false);
    const now = await gql(seller, PUBLISH, { caseId: id, publishNow: true, toursEnabled: true });
    expect(now.data!.publishListing).toMatchObject({ listingStatus: 'PUBLISHED', publishNow: true, currentQueue: { name: 'published', status: 'CURRENT' }, sellerListing: { visible: true, toursEnabled: true } });
    expect(now.data!.publishListing.queues.map((q: any) => `${q.name}:${q.status}`)).toEqual(['intake:DONE', 'photos:DONE', 'pricing:DONE', 'review:DONE', 'published:CURRENT']);
    expect(await inSearch(created.listingId)).toBe(true);
    expect((await gql(stranger, LISTING_INFO, { listingId: created.listingId })).data!.listingInfo).toEqual({ id: created.listingId });

    // The last queue has no next.
    expect((await gql(seller, NEXT_QUEUE, { appCaseId: id })).errors![0]!.message).toBe('This listing has gone through every step.');
    c = await readCase(seller, id);
    expect(c.queueHistory.map((v: any) => v.queue)).toEqual(['intake', 'photos', 'pricing', 'review', 'published', 'review', 'published']);
    expect(c.queueHistory.slice(0, 6).every((v: any) => v.leftAt !== null)).toBe(true);
  });

  it('publishes only once every step before Review is done: intake, a photo, a price', async () => {
    const created = await createCase();
    expect((await gql(seller, PUBLISH, { caseId: created.caseId, publishNow: true })).errors![0]!.message).toBe('Finish the home details questionnaire before publishing.');
    await completeIntake(seller, created.caseResponse.id);
    expect((await gql(seller, PUBLISH, { caseId: created.caseId, publishNow: true })).errors![0]!.message).toBe('Add at least one photo before publishing.');
    expect((await readCase(seller, created.caseId)).listingStatus).toBe('DRAFT');
  });

  it('updates price and description, with checks', async () => {
    const created = await createCase();
    const updated = await gql(seller, UPDATE, { caseId: created.caseId, priceInPennies: 41_000_000, description: 'Sunny corner lot with mountain views.' });
    expect(updated.data!.updateSellerListing.sellerListing).toEqual({ priceInPennies: 41_000_000, description: 'Sunny corner lot with mountain views.' });
    expect((await gql(seller, UPDATE, { caseId: created.caseId, priceInPennies: 12.5 })).errors![0]!.message).toBe('priceInPennies must be a whole number of pennies.');
    expect(codeOf(await gql(seller, UPDATE, { caseId: created.caseId, description: 'x'.repeat(5001) }))).toBe('BAD_USER_INPUT');
    // The asking price's rule (core/sellers/asking-price.ts): impossible figures are refused.
    expect((await gql(seller, UPDATE, { caseId: created.caseId, priceInPennies: 200_000_000_000 })).errors![0]!.message).toBe('The asking price must be at most $1,000,000,000.');
  });

  it('refuses an impossible price and takes an unusual one only confirmed (issue 36: the rules both sides apply)', async () => {
    const created = await createCase();
    const price = async () => (await readCase(seller, created.caseId)).sellerListing.priceInPennies;
    const before = await price();
    const impossible = await gql(seller, UPDATE, { caseId: created.caseId, priceInPennies: 2_000_000_000_00, priceConfirmed: true });
    expect(codeOf(impossible)).toBe('BAD_USER_INPUT');
    expect(impossible.errors![0]!.extensions).toMatchObject({ argumentName: 'priceInPennies', plausibility: 'refuse' });
    const unusual = await gql(seller, UPDATE, { caseId: created.caseId, priceInPennies: 5_000_00 });
    expect(codeOf(unusual)).toBe('BAD_USER_INPUT');
    expect(unusual.errors![0]!.message).toBe('$5,000 is an unusually low price for a home. Is that right?');
    expect(unusual.errors![0]!.extensions).toMatchObject({ plausibility: 'confirm' });
    expect(await price()).toBe(before);
    const confirmed = await gql(seller, UPDATE, { caseId: created.caseId, priceInPennies: 5_000_00, priceConfirmed: true });
    expect(confirmed.errors, JSON.stringify(confirmed.errors)).toBeUndefined();
    expect(await price()).toBe(5_000_00);
    const { rows } = await server.db.query<{ confirmed: string | null }>(
      `SELECT building_data ->> 'priceConfirmedInPennies' AS confirmed FROM listings WHERE id = $1`,
      [created.listingId],
    );
    expect(rows[0]!.confirmed).toBe('500000');
  });
});

describe('myListings and cases', () => {
  it('pages, filters by classification, status and address text', async () => {
    const owner = await signUp(server);
    for (let i = 0; i < 11; i++) await createCase(owner, testHome({ address: `${100 + i} S Main St` }));
    const rental = await createCase(owner, testHome({ address: '77 Rental Row' }), 'RENT');
    const first = (await gql(owner, MY_LISTINGS)).data!.myListings;
    expect(first).toMatchObject({ page: 1, numPages: 2, total: 12, hasNext: true, hasPrev: false });
    expect(first.items).toHaveLength(10);
    const second = (await gql(owner, MY_LISTINGS, { page: 2 })).data!.myListings;
    expect(second).toMatchObject({ page: 2, hasNext: false, hasPrev: true });
    expect(second.items).toHaveLength(2);
    const rent = (await gql(owner, MY_LISTINGS, { viewType: 'RENT' })).data!.myListings;
    expect(rent.items.map((i: any) => i.id)).toEqual([rental.caseId]);
    const search = (await gql(owner, MY_LISTINGS, { searchFilter: '105 s main' })).data!.myListings;
    expect(search.total).toBe(1);
    expect((await gql(owner, MY_LISTINGS, { searchFilter: '%' })).data!.myListings.total).toBe(0);
    expect((await gql(owner, MY_LISTINGS, { statusTypeFilter: 'PUBLISHED' })).data!.myListings.total).toBe(0);
    expect((await gql(owner, MY_LISTINGS, { statusTypeFilter: 'DRAFT' })).data!.myListings.total).toBe(12);
    expect(codeOf(await gql(owner, MY_LISTINGS, { page: 0 }))).toBe('BAD_USER_INPUT');
    const cases = (await gql(owner, `{ cases(applicationType: "seller-rent") { id applicationType { slugId } } }`)).data!.cases;
    expect(cases).toEqual([{ id: rental.caseId, applicationType: { slugId: 'seller-rent' } }]);
  });
});

describe('listingDescription and translate', () => {
  let translator: Server;
  let requests: unknown[] = [];

  beforeAll(async () => {
    translator = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const parsed = JSON.parse(body) as { text: string; targetLanguage: string };
        requests.push(parsed);
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ text: `[${parsed.targetLanguage}] ${parsed.text}`, label: 'Test translator' }));
      });
    });
    await new Promise<void>((resolve) => translator.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    delete process.env.HEARTH_TRANSLATE_URL;
    await new Promise((resolve) => translator.close(resolve));
  });

  it('composes the description and its Spanish translation from the facts, honestly labelled', async () => {
    const created = await createCase();
    await completeIntake(seller, created.caseResponse.id);
    const d = (await gql(seller, DESCRIPTION, { caseId: created.caseId })).data!.listingDescription;
    expect(d.description).toMatchObject({ language: 'EN', label: GENERATED_LABEL });
    expect(d.description.text).toContain('It has 4 bedrooms, 2.5 bathrooms, and 2,100 finished square feet.');
    expect(d.translation).toMatchObject({ language: 'ES', label: GENERATED_LABEL });
    expect(d.translation.text).toContain('Casa unifamiliar en venta en Salt Lake City, UT.');
    expect(d.translation.text).toContain('Incluye aire central y chimenea.');
    const nepali = (await gql(seller, TRANSLATE, { context: { caseId: created.caseId, language: 'NE' } })).data!.translate;
    expect(nepali).toMatchObject({ language: 'NE', label: GENERATED_LABEL });
    expect(nepali.text).toContain('शयनकक्ष');
    // Free text needs a translation service.
    const free = await gql(seller, TRANSLATE, { context: { text: 'Hello', language: 'ES' } });
    expect(codeOf(free)).toBe('BAD_USER_INPUT');
    expect(free.errors![0]!.message).toContain('No translation service is configured');
  });

  it('uses the HTTP provider when HEARTH_TRANSLATE_URL is set', async () => {
    process.env.HEARTH_TRANSLATE_URL = `http://127.0.0.1:${(translator.address() as AddressInfo).port}/translate`;
    requests = [];
    const free = (await gql(seller, TRANSLATE, { context: { text: 'Bright kitchen', language: 'ES' } })).data!.translate;
    expect(free).toEqual({ text: '[es] Bright kitchen', language: 'ES', label: 'Test translator' });
    expect(requests).toEqual([{ text: 'Bright kitchen', sourceLanguage: 'en', targetLanguage: 'es' }]);
    const created = await createCase();
    await gql(seller, UPDATE, { caseId: created.caseId, description: 'Our own words.' });
    const d = (await gql(seller, DESCRIPTION, { caseId: created.caseId })).data!.listingDescription;
    expect(d.description).toEqual({ text: 'Our own words.', language: 'EN', label: 'Written by the seller' });
    expect(d.translation).toEqual({ text: '[es] Our own words.', language: 'ES', label: 'Test translator' });
    delete process.env.HEARTH_TRANSLATE_URL;
  });
});

describe('sellerHomeAt', () => {
  it('names the home at a point from our own listings, and checks the point', async () => {
    const { rows } = await server.db.query<{ latitude: number; longitude: number; city: string; street_line1: string }>(
      'SELECT latitude, longitude, city, street_line1 FROM listings WHERE internet_entire_listing_display AND internet_address_display AND latitude IS NOT NULL ORDER BY id LIMIT 1',
    );
    const l = rows[0]!;
    const r = await graphqlAs(server, null, `query ($lat: Float!, $lng: Float!) { sellerHomeAt(lat: $lat, lng: $lng) { address city exact } }`, { lat: l.latitude, lng: l.longitude });
    expect(r.data!.sellerHomeAt).toEqual({ address: l.street_line1, city: l.city, exact: true });
    const far = await graphqlAs(server, null, `{ sellerHomeAt(lat: -60, lng: 10) { city } }`);
    expect(far.data!.sellerHomeAt).toBeNull();
    expect(codeOf(await graphqlAs(server, null, `{ sellerHomeAt(lat: 95, lng: 10) { city } }`))).toBe('BAD_USER_INPUT');
  });
});

describe('sellerAddress and createSeller from a typed address (issue 36)', () => {
  const ADDRESS = `query ($text: String!) { sellerAddress(text: $text) { address aptSuite city county short_state zip_code lat lng located } }`;

  it('parses an address we do not know, places its pin at its ZIP, and a listing starts from the parts', async () => {
    // A ZIP and city of the seeded listings, and its centre.
    const { rows } = await server.db.query<{ postal_code: string; city: string; county: string | null; lat: number; lng: number }>(
      `SELECT postal_code, min(city) AS city, mode() WITHIN GROUP (ORDER BY county) AS county, avg(latitude) AS lat, avg(longitude) AS lng
         FROM listings WHERE internet_entire_listing_display AND country_code = 'US' AND state_province = 'UT'
        GROUP BY postal_code ORDER BY count(*) DESC, postal_code LIMIT 1`,
    );
    const zip = rows[0]!;
    const typed = `1234 South 700 East Apt 5, Salt Lake City, UT ${zip.postal_code}`;
    const r = await graphqlAs(server, null, ADDRESS, { text: typed }, 'public_graphql');
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    const found = r.data!.sellerAddress;
    expect(found).toMatchObject({ address: '1234 S 700 E', aptSuite: 'Apt 5', city: 'Salt Lake City', short_state: 'UT', zip_code: zip.postal_code, located: 'ZIP', county: zip.county ?? '' });
    expect(found.lat).toBeCloseTo(Number(zip.lat), 5);
    expect(found.lng).toBeCloseTo(Number(zip.lng), 5);

    // The seller confirms the parts and drags the pin a little: the listing starts there.
    const home = { address: found.address, aptSuite: found.aptSuite, city: found.city, county: found.county || null, short_state: found.short_state, zip_code: found.zip_code, lat: found.lat + 0.001, lng: found.lng };
    const created = await createCase(seller, { ...home, bedrooms: null, bathrooms: null, area: null });
    const c = await readCase(seller, created.caseId);
    expect(c.sellerListing).toMatchObject({ street: '1234 S 700 E', city: 'Salt Lake City', shortState: 'UT', zipCode: zip.postal_code, visible: false });
    const screen = await gql(seller, CURRENT, { id: created.caseResponse.id });
    expect(screen.data!.currentScreen.context).toMatchObject({ street: '1234 S 700 E', apt: 'Apt 5', postal: zip.postal_code });
    // Its documents are headed by the home, not by the case's number.
    const docs = await gql(seller, `query ($id: ID) { myDocuments(applicationCaseId: $id) { id home } }`, { id: created.caseId });
    expect(docs.data!.myDocuments).toEqual([{ id: created.caseId, home: '1234 S 700 E, Salt Lake City' }]);
  });

  it('finds a city typed without a comma from our places, and fills its state', async () => {
    const { rows } = await server.db.query<{ city: string; state_province: string }>(
      `SELECT city, state_province FROM listings WHERE internet_entire_listing_display AND country_code = 'US' AND city !~ '[^A-Za-z ]'
        GROUP BY city, state_province ORDER BY count(*) DESC LIMIT 1`,
    );
    const { city, state_province } = rows[0]!;
    const r = await graphqlAs(server, null, ADDRESS, { text: `100 N Main St ${city}` }, 'public_graphql');
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    expect(r.data!.sellerAddress).toMatchObject({ address: '100 N Main St', aptSuite: null, city, short_state: state_province, zip_code: '', located: 'CITY' });
    // Nowhere we know: parts without a pin.
    const nowhere = await graphqlAs(server, null, ADDRESS, { text: '12 Elm St, Nowhereville' }, 'public_graphql');
    expect(nowhere.data!.sellerAddress).toMatchObject({ address: '12 Elm St', city: 'Nowhereville', short_state: '', lat: null, lng: null, located: 'NONE' });
  });

  it("stores the pin the seller moved as the listing's coordinates, refuses one out of range or too far, and keeps the placed point without one", async () => {
    const PINNED = `mutation ($homeContext: SellerHomeContext!, $classification: SellerClassification!, $latitude: Float, $longitude: Float) {
      createSeller(homeContext: $homeContext, classification: $classification, latitude: $latitude, longitude: $longitude) { caseId listingId } }`;
    const placed = testHome();
    const stored = async (listingId: string) =>
      (await server.db.query<{ latitude: number; longitude: number }>('SELECT latitude, longitude FROM listings WHERE id = $1', [listingId])).rows[0]!;
    // Moved about 1.1 km north and 0.8 km east of where the address was placed.
    const moved = await gql(seller, PINNED, { homeContext: placed, classification: 'SALE', latitude: placed.lat + 0.01, longitude: placed.lng + 0.01 });
    expect(moved.errors, JSON.stringify(moved.errors)).toBeUndefined();
    const at = await stored(moved.data!.createSeller.listingId);
    expect(Number(at.latitude)).toBeCloseTo(placed.lat + 0.01, 6);
    expect(Number(at.longitude)).toBeCloseTo(placed.lng + 0.01, 6);
    // Without a pin: where the address was placed, as before.
    const kept = await gql(seller, PINNED, { homeContext: placed, classification: 'SALE' });
    expect(kept.errors, JSON.stringify(kept.errors)).toBeUndefined();
    const here = await stored(kept.data!.createSeller.listingId);
    expect([Number(here.latitude), Number(here.longitude)]).toEqual([placed.lat, placed.lng]);

    const before = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE seller_user_id = $1', [seller.user.id]);
    for (const [pin, argument, message] of [
      [{ latitude: 91, longitude: placed.lng }, 'latitude', 'The pin must be a point on the map: latitude within ±90 and longitude within ±180.'],
      [{ latitude: placed.lat, longitude: -181 }, 'longitude', 'The pin must be a point on the map: latitude within ±90 and longitude within ±180.'],
      // About 55 km north: another town.
      [{ latitude: placed.lat + 0.5, longitude: placed.lng }, 'latitude', 'The pin must stay within 50 km of where we placed your address. Check the address, or drag the pin back.'],
      [{ latitude: placed.lat }, 'longitude', 'Give both latitude and longitude of the pin, or neither.'],
    ] as const) {
      const r = await gql(seller, PINNED, { homeContext: placed, classification: 'SALE', ...pin });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0]!.message).toBe(message);
      expect(r.errors![0]!.extensions!.argumentName).toBe(argument);
    }
    // 49 km is still near enough.
    const near = await gql(seller, PINNED, { homeContext: placed, classification: 'SALE', latitude: placed.lat + 0.44, longitude: placed.lng });
    expect(near.errors, JSON.stringify(near.errors)).toBeUndefined();
    const after = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE seller_user_id = $1', [seller.user.id]);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n + 1);
  });

  it('refuses hostile text clearly, in the typed address and in each part of createSeller', async () => {
    for (const [text, message] of [
      ['<img src=x onerror=alert(1)> 1 Main St', "An address holds letters, digits, spaces and . , # ' / - & only."],
      ['   ', 'Type the address of the home.'],
      ['1 Main St '.repeat(25), 'The address must be at most 200 characters.'],
    ]) {
      const r = await graphqlAs(server, null, ADDRESS, { text }, 'public_graphql');
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0]!.message).toBe(message);
      expect(r.errors![0]!.extensions!.argumentName).toBe('text');
    }
    const before = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE seller_user_id = $1', [seller.user.id]);
    for (const [part, value] of [
      ['address', '1 Main St <script>alert(1)</script>'],
      ['aptSuite', '{{x}}'],
      ['city', 'Provo"; DROP'],
      ['county', '<b>Utah</b>'],
    ] as const) {
      const r = await gql(seller, CREATE, { homeContext: testHome({ [part]: value }), classification: 'SALE' });
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
      expect(r.errors![0]!.message).toBe(`${part}: An address holds letters, digits, spaces and . , # ' / - & only.`);
    }
    // Nothing was written.
    const after = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE seller_user_id = $1', [seller.user.id]);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
