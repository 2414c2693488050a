/**
 * Property: the street of a listing whose feed withholds it (RESO InternetAddressDisplayYN = false) is
 * never shown. Driven by the schema: every root field is either called below with such listings in play,
 * its whole JSON answer searched for the street, or named as carrying no listing data; a new field fails
 * this test until it is one or the other. The selection of each call is every field of its type, built
 * from the schema. Mails in the outbox, calendar files, listing pages and slugs are searched too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerTourGrid, instantAt, openHouseDays } from '../../../core/tours/tour-times';
import type { RunningServer } from '../../app';
import { runSavedSearchAlerts } from '../../accounts/alerts';
import { signUp, type SignedUp } from '../../accounts/testing';
import { importRecords } from '../../listings/reso/import';
import { offerScreens } from '../../offers/testing';
import { saleIntakeScreens } from '../../sellers/testing';
import { insertSellerCase } from '../../listing-photos/demo-case';
import { engineName, startTestServer } from '../../testing/test-server';
import { graphqlAs } from '../../testing/graphql';
import { readyToPublish } from '../../testing/seller-case';
import { COST_LIMITS } from '../transport/cost';
import {
  getNamedType,
  isLeafType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
} from '../graphql-js';
import { schema } from './index';

/** The street name of the withheld listings: found in no form (text, slug, mail) anywhere. */
const STREET_NAME = 'Quillfeather';
const WITHHELD = new RegExp(STREET_NAME, 'i');

/** Root fields whose answers hold no listing data (accounts, mortgage, market figures, questionnaires by slug). */
const NO_LISTING = new Set([
  // A partner's owners and admins: accounts only; its analytics collector.
  'analyticsForwarder',
  'setAnalyticsForwarder',
  'partnerMembers',
  'addPartnerMember',
  'removePartnerMember',
  'partnerInvitations',
  'invitePartnerMember',
  'revokePartnerInvitation',
  'allPosts',
  'allTags',
  'createPost',
  'editorPost',
  'editorPosts',
  'postInfo',
  'postPreview',
  'postsByTag',
  'unpublishPost',
  'updatePost',
  'uploadPostImage',
  // Documents and generated PDFs (server/graphql/schema/documents.ts): files and slots, no listing data.
  'createCandidateUploadedDocument',
  // Passport data of an uploaded document (server/graphql/schema/passport.ts): a person's passport fields, no listing data.
  'extractPassport',
  'createUploadedDocument',
  'deleteUploadedDocument',
  'deleteUploadedTranslatedDocument',
  'generatedPdf',
  'generatePdf',
  'latestUploadedDocument',
  'myDocuments',
  'updateCandidateUploadedDocument',
  'updateUploadedDocument',
  'uploadedDocument',
  // Marketing templates (server/graphql/schema/marketing.ts): layouts and fields, no listing data; a case's listing
  // agent (a person of the partner's).
  'marketingTemplate',
  'marketingTemplates',
  'caseListingAgent',
  'setCaseListingAgent',
  'createPreQualification',
  'createRefinance',
  'deleteSaved',
  'housingSentences',
  'markNotificationsRead',
  'marketMetrics',
  'me',
  'mortgageCase',
  'mortgageCases',
  'mortgagePreApprovalQuestionnaire',
  'mortgageRefinanceQuestionnaire',
  'preQualificationEdit',
  'questionnaireStartScreen',
  'requestStay',
  'saveSettings',
  'savedSearch',
  'savedSearches',
  'updateSavedSearch',
  'sellerIntakeQuestionnaire',
  'singleScreenQuestionnaire',
  'uploadUserPhoto',
  // The viewer's own account (server/graphql/schema/accounts.ts): their photo, password and deletion, no listing.
  'removeUserPhoto',
  'changePassword',
  'deleteAccount',
  // A seller's own photos: URLs, sizes and captions, no address.
  'listingPhotos',
  'updatePhotoManagement',
  'uploadListingPhoto',
  // Partner administration: branding, keys and the audit trail, no listing.
  'apiKeys',
  'createApiKey',
  'createPartner',
  'myPartners',
  'partnerAudit',
  'partnerSettings',
  'partnerSnippets',
  'revokeApiKey',
  'setPartnerPoweredBy',
  'signUpPartner',
  'updatePartnerSettings',
  'uploadPartnerImage',
  // Signed-in devices (server/graphql/schema/sessions.ts): credential ids, device labels and times.
  'mySessions',
  'revokeSession',
  'revokeOtherSessions',
  // Recording an invoice payment (server/graphql/schema/payments.ts): an order's status, amount and tier, no listing.
  'recordInvoicePayment',
]);

// ---------------------------------------------------------------------------------------------------
// The schema: root fields and full selections

const rootFields = (): GraphQLField<unknown, unknown>[] => [
  ...Object.values(schema.getQueryType()!.getFields()),
  ...Object.values(schema.getMutationType()!.getFields()),
];

/** Every field of `type` that takes no required argument, nested objects too; a type at most `repeats` times on a path. */
function selectionOf(type: GraphQLNamedType, repeats: number, seen: ReadonlyMap<string, number> = new Map()): string | null {
  if (!isObjectType(type)) return null;
  const times = (seen.get(type.name) ?? 0) + 1;
  if (times > repeats) return null;
  const path = new Map(seen).set(type.name, times);
  const fields = Object.values((type as GraphQLObjectType).getFields())
    .filter((f) => f.args.every((a) => !isNonNullType(a.type)))
    .flatMap((f) => {
      const named = getNamedType(f.type);
      if (isLeafType(named)) return [f.name];
      const inner = selectionOf(named, repeats, path);
      return inner ? [`${f.name} { ${inner} }`] : [];
    });
  return fields.join(' ');
}

/** The operation calling root field `name` with `args` (variables of the field's own argument types), selecting everything. */
function operationFor(name: string, args: Record<string, unknown>, repeats = 1): string {
  const field = rootFields().find((f) => f.name === name)!;
  const kind = schema.getMutationType()!.getFields()[name] ? 'mutation' : 'query';
  const given = field.args.filter((a) => args[a.name] !== undefined);
  const variables = given.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const call = given.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = selectionOf(getNamedType(field.type), repeats);
  return `${kind} Op${variables ? `(${variables})` : ''} { ${name}${call ? `(${call})` : ''}${selection ? ` { ${selection} }` : ''} }`;
}

/** A type holds listing data when it has a listing's identity or address fields, or a field of such a type. */
function holdsListing(type: GraphQLNamedType, seen = new Set<string>()): boolean {
  if (!isObjectType(type) || seen.has(type.name)) return false;
  seen.add(type.name);
  return Object.values(type.getFields()).some(
    (f) => ['listingCodeId', 'streetLine1', 'listingAddress'].includes(f.name) || holdsListing(getNamedType(f.type), seen),
  );
}

// ---------------------------------------------------------------------------------------------------
// The world: two listings whose street is withheld, their seller, a buyer, tours, an open house, an offer

let server: RunningServer;
let buyer: SignedUp;
let seller: SignedUp;
let agent: SignedUp;
let withheld: { id: number; slugId: string; listingCodeId: string; timeZone: string };
let neighbour: number;

/** Every answer, mail, calendar file and page read, by what it was. */
const seen: { what: string; text: string }[] = [];
/** Root fields called. */
const called = new Set<string>();

const ST_GEORGE = { latitude: 37.0411, longitude: -113.5841 };
const AROUND = { bounds: { north: 37.06, south: 37.02, east: -113.56, west: -113.61 } };

function record(key: string, streetNumber: string, latitude: number, price: number, openHouse = false) {
  const inDays = (days: number, hours: number) => new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString();
  return {
    ListingKey: key,
    ListingId: key,
    StandardStatus: 'Active',
    PropertyType: 'Residential',
    ListPrice: price,
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    LivingArea: 1900,
    PublicRemarks: 'Sunny rambler near the park.',
    StreetNumber: streetNumber,
    StreetDirPrefix: 'W',
    StreetName: STREET_NAME,
    StreetSuffix: 'Ln',
    UnitNumber: '7',
    City: 'St. George',
    StateOrProvince: 'UT',
    PostalCode: '84770',
    CountyOrParish: 'Washington',
    // Directions name the street: Listing.drivingDirections and locationData must withhold them too.
    Directions: `From Bluff St, west on ${STREET_NAME} Ln; park on the street.`,
    Country: 'US',
    Latitude: latitude,
    Longitude: ST_GEORGE.longitude,
    ListingContractDate: new Date().toISOString().slice(0, 10),
    ModificationTimestamp: new Date().toISOString(),
    InternetEntireListingDisplayYN: true,
    InternetAddressDisplayYN: false,
    Media: [{ MediaKey: `${key}-1`, MediaURL: `https://photos.example/${key}/1.jpg`, MediaCategory: 'Photo', Order: 1 }],
    OpenHouse: openHouse
      ? [{ OpenHouseKey: `${key}-OH`, OpenHouseStartTime: inDays(3, 0), OpenHouseEndTime: inDays(3, 2), OpenHouseStatus: 'Active' }]
      : [],
  };
}

type Who = SignedUp | null;

/** Calls root field `name` as `who` with a full selection; the answer is kept for the search. */
async function call(who: Who, name: string, args: Record<string, unknown> = {}, repeats = 1) {
  called.add(name);
  const endpoint = who ? 'graphql' : 'public_graphql';
  const answer = await graphqlAs(server, who, operationFor(name, args, repeats), args, endpoint);
  expect(answer.errors, `${name}: ${JSON.stringify(answer.errors)}`).toBeUndefined();
  seen.push({ what: `${name} (${endpoint})`, text: JSON.stringify(answer) });
  return answer.data![name];
}

/** A download the API links to (calendar files, pages): kept for the search. */
async function download(what: string, url: string) {
  const response = await fetch(url);
  expect(response.status, what).toBe(200);
  seen.push({ what, text: await response.text() });
}

beforeAll(async () => {
  server = await startTestServer({
    trustProxy: true,
    // The whole of every type is selected: what matters here is what comes back, not what it costs.
    graphqlCostLimits: { ...COST_LIMITS, publicRequest: 1e12, signedInRequest: 1e12, heavyRequest: 1e12, publicPerMinute: 1e12, signedInPerMinute: 1e12 },
    // Nor how many fields it selects (a seller case with its listing's tours, offers, open houses, materials).
    graphqlLimits: { maxFields: 1e6 },
  });
  [buyer, seller, agent] = await Promise.all([signUp(server), signUp(server), signUp(server)]);
  await server.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [buyer.user.id]);
  await server.db.query('UPDATE users SET is_company_agent = true WHERE id = $1', [agent.user.id]);
  // Saved before the listings come: the alert job mails the buyer about them.
  await call(buyer, 'saveSearch', {
    name: 'St. George',
    notificationFrequency: 'INSTANT',
    searchModal: { geoInput: AROUND, searchInput: { classification: 'SALE' } },
  });

  const stats = await importRecords(
    server.db,
    [record('WFR-WITHHELD-1', '4417', ST_GEORGE.latitude, 500_000, true), record('WFR-WITHHELD-2', '4421', ST_GEORGE.latitude + 0.001, 510_000)],
    { source: 'address-withheld-test' },
  );
  expect(stats.addressWithheld).toBe(2);
  const { rows } = await server.db.query<{ id: number; slug_id: string; listing_code_id: string; time_zone: string; street_line1: string }>(
    `SELECT id, slug_id, listing_code_id, time_zone, street_line1 FROM listings WHERE listing_key LIKE 'WFR-WITHHELD-%' ORDER BY listing_key`,
  );
  // Stored as the feed gave it: only what is shown withholds it.
  expect(rows.map((r) => r.street_line1)).toEqual([`4417 W ${STREET_NAME} Ln #7`, `4421 W ${STREET_NAME} Ln #7`]);
  withheld = { id: Number(rows[0]!.id), slugId: rows[0]!.slug_id, listingCodeId: rows[0]!.listing_code_id, timeZone: rows[0]!.time_zone };
  neighbour = Number(rows[1]!.id);
  await server.db.query('UPDATE listings SET seller_user_id = $1 WHERE id = $2', [seller.user.id, withheld.id]);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe(`a withheld street is never shown (${engineName()})`, () => {
  it('every root field that can hold listing data is called here; the others are named', () => {
    const unclassified = rootFields()
      .map((f) => f.name)
      .filter((name) => !NO_LISTING.has(name) && !RECIPES.includes(name));
    expect(unclassified).toEqual([]);
    const misnamed = rootFields().filter((f) => NO_LISTING.has(f.name) && holdsListing(getNamedType(f.type)));
    expect(misnamed.map((f) => f.name)).toEqual([]);
  });

  it('search, detail, feeds, pins, places, similar homes, favourites', async () => {
    for (const who of [null, buyer] as Who[]) {
      // Twice each: the public endpoint answers a search it has seen from its cache or its fast path.
      for (let i = 0; i < 2; i++) {
        const page = await call(who, 'listingLoad', { geoInput: AROUND, first: 5 });
        expect(page.edges.map((e: any) => Number(e.node.id))).toContain(withheld.id);
        await call(who, 'stayLoad', { geoInput: AROUND, first: 5 });
      }
      const listing = await call(who, 'listingInfo', { listingId: withheld.id }, 2);
      expect(listing.address).toMatchObject({ streetLine1: null, city: 'St. George' });
      expect(listing.similarHomes.map((l: any) => Number(l.id))).toContain(neighbour);
      expect(listing.openHouse.length).toBeGreaterThan(0);
      await call(who, 'listingBySlug', { slugId: withheld.slugId, listingCodeId: withheld.listingCodeId }, 2);
      const newest = await call(who, 'listingFeed', { feedInput: { kind: 'CITY', city: 'St. George', limit: 5 } });
      expect(newest.map((l: any) => Number(l.id))).toContain(withheld.id);
      await call(who, 'listingFeed', { feedInput: { kind: 'NEWEST', limit: 5 } });
      await call(who, 'listingsInfo', { geoInput: AROUND });
      for (const query of [`4417 W ${STREET_NAME}`, STREET_NAME, 'St. George']) await call(who, 'placeSearch', { query });
      // Starting a listing next door: the withheld street is not offered as the home's address.
      const home = await call(who, 'sellerHomeAt', { lat: ST_GEORGE.latitude, lng: ST_GEORGE.longitude });
      expect(home).toMatchObject({ address: '', city: 'St. George', exact: false });
      await call(who, 'availabilityCalendar', { listingId: withheld.id, count: 1, month: 1, year: 2027 });
    }
    await call(buyer, 'saveFavorite', { listingId: withheld.id });
    const favourites = await call(buyer, 'favoriteListings');
    expect(favourites.map((f: any) => Number(f.listing.id))).toContain(withheld.id);
    await download('listing page', `${server.url}/listing/${withheld.slugId}/${withheld.listingCodeId}`);
  });

  it('tours: the request, the decisions, the lists, their mails and calendar files', async () => {
    const tomorrow = buyerTourGrid(new Date(), withheld.timeZone).gridDays[1]!;
    const times = [tomorrow.slots[1]!.dateTime, tomorrow.slots[5]!.dateTime];
    const tour = await call(buyer, 'saveTour', {
      listingId: withheld.id,
      scheduledDateTimes: times,
      agentAndQualification: { agent: false, qualified: false },
    });
    expect(tour.listingAddress).toBe('St. George, UT 84770');
    expect(tour.listingAddressModel.streetLine1).toBe('');
    const scheduled = await call(seller, 'saveTourSeller', { id: tour.id, tourStatus: 'SCHEDULED', start: times[0] });
    await download('tour calendar file', scheduled.ical);
    await call(agent, 'modifyTour', { id: tour.id, tourStatus: 'COMPLETED' });
    for (const who of [buyer, seller, agent]) {
      await call(who, 'requestedTour', { id: tour.id });
      await call(who, 'requestedTours');
      await call(who, 'requestedTourByListing', { listingId: withheld.id });
    }
  });

  it('open houses: the seller’s, with their calendar files', async () => {
    const day = openHouseDays(new Date(), withheld.timeZone)[2]!.day;
    const openHouse = await call(seller, 'newOpenHouse', {
      listingId: withheld.id,
      start: instantAt(day, 600, withheld.timeZone).toISOString(),
      end: instantAt(day, 660, withheld.timeZone).toISOString(),
    });
    await download('open-house calendar file', openHouse.ical);
    await call(seller, 'saveOpenHouse', { id: openHouse.id, openHouseStatus: 'Activate' });
    await call(seller, 'openHouse', { id: openHouse.id });
    await call(seller, 'openHousesByListing', { listingId: withheld.id });
    const listing = await call(null, 'listingInfo', { listingId: withheld.id });
    const publicOne = listing.openHouse.find((o: any) => o.id === openHouse.id);
    await download('public open-house calendar file', publicOne.ical);
  });

  it('offers: the draft, its questionnaire, the submission and its mail, the lists', async () => {
    const created = await call(buyer, 'createOffer', { listingId: withheld.id, appType: 'wfrmls-buyer' });
    const responseId = created.caseResponse.id;
    const first = await call(buyer, 'currentScreen', { id: responseId });
    expect(first.context).toMatchObject({ street_address: '', aptSuite: '', city: 'St. George' });
    for (const data of offerScreens()) await call(buyer, 'questionnaireNextScreen', { respId: responseId, data });
    await call(buyer, 'questionnaireSummary', { responseId });
    await call(buyer, 'questionnaireScreen', { responseId, screenId: first.screenId });
    await call(buyer, 'questionnairePreviousScreen', { respId: responseId });
    await call(buyer, 'questionnaireResetHistory', { respId: responseId });
    await call(buyer, 'resetQuestionnaireResponseHistory', { respId: responseId });
    for (const who of [buyer, seller, agent]) {
      await call(who, 'offer', { id: created.offer.id });
      await call(who, 'offers');
      await call(who, 'offersByListing', { listingId: withheld.id });
    }
  });

  it('seller cases: a home next door started, answered, published; the buyer’s cases', async () => {
    const home = { address: '4419 W Canyon View Dr', city: 'St. George', short_state: 'UT', zip_code: '84770', lat: ST_GEORGE.latitude + 0.0004, lng: ST_GEORGE.longitude };
    // Typed on the sell page: its pin is the ZIP's centre, never the withheld home's point.
    const typed = await call(seller, 'sellerAddress', { text: `${home.address}, ${home.city}, UT 84770` });
    expect(typed).toMatchObject({ address: home.address, located: 'ZIP' });
    const created = await call(seller, 'createSeller', { homeContext: home, classification: 'SALE' });
    const caseId = created.caseId;
    for (const data of saleIntakeScreens({ street: home.address })) await call(seller, 'questionnaireNextScreen', { respId: created.caseResponse.id, data });
    await call(seller, 'nextQueue', { appCaseId: caseId, contextQueue: 'intake' });
    await call(seller, 'updateSellerListing', { caseId, priceInPennies: 49_000_000 });
    // Photos, pricing, review: entering review takes the case's snapshot; publishing needs a photo and the documents.
    await readyToPublish(server, seller, created);
    await call(seller, 'nextQueue', { appCaseId: caseId, contextQueue: 'photos' });
    await call(seller, 'nextQueue', { appCaseId: caseId, contextQueue: 'pricing' });
    await call(seller, 'publishListing', { caseId, publishNow: true });
    await call(seller, 'caseSnapshot', { snapshotName: `case-${caseId}-review-1` });
    await call(seller, 'case', { id: caseId });
    await call(seller, 'cases', { applicationType: 'seller-sale' });
    await call(seller, 'myListings');
    await call(seller, 'listingDescription', { caseId });
    await call(seller, 'translate', { context: { caseId, language: 'ES' } });
    // The buyer's case names the withheld listing: a buyer case has no seller listing to show.
    const buyerCases = await call(buyer, 'cases');
    expect(buyerCases.length).toBeGreaterThan(0);
    expect(buyerCases.every((c: any) => c.sellerListing === null)).toBe(true);
  });

  it('the contact form’s lead and the saved-search alert', async () => {
    const response = await fetch(`${server.url}/v1/api/contact-form/?partner=acme`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Jordan',
        lastName: 'Reyes',
        email: 'jordan.reyes@example.com',
        phone: '8015550123',
        comment: 'I would like to see this home on Saturday.',
        listingId: withheld.id,
      }),
    });
    expect(response.status).toBe(201);
    const alerts = await runSavedSearchAlerts(server.db, new Date(Date.now() + 3_600_000), { siteUrl: server.url });
    expect(alerts.matches).toBeGreaterThanOrEqual(2);
    await call(buyer, 'notifications');
  });

  it('the lead inbox: the contact form’s lead about the listing, its status and notes', async () => {
    const owner = await signUp(server);
    await server.db.query(`INSERT INTO partner_members (partner_id, user_id, role) SELECT id, $1, 'owner' FROM partners WHERE slug = 'acme'`, [owner.user.id]);
    const { rows } = await server.db.query<{ id: number }>(`SELECT id FROM partners WHERE slug = 'acme'`);
    const page = await call(owner, 'partnerLeads', { partnerId: String(rows[0]!.id), filter: { listingId: String(withheld.id) }, first: 5 }, 2);
    const lead = page.leads[0];
    expect(lead.listing.address).toMatchObject({ streetLine1: null, city: 'St. George' });
    await call(owner, 'partnerLead', { id: lead.id }, 2);
    await call(owner, 'setLeadStatus', { id: lead.id, status: 'CONTACTED' });
    await call(owner, 'addLeadNote', { id: lead.id, body: 'Called back.' });
    // Visitor activity: the withheld listing among the most viewed.
    await server.db.query(
      `INSERT INTO visitor_events (partner_id, visitor_id, kind, listing_id, occurred_at) VALUES ($1, gen_random_uuid(), 'listing_view', $2, now())`,
      [rows[0]!.id, withheld.id],
    );
    const activity = await call(owner, 'partnerActivity', { partnerId: String(rows[0]!.id), days: 30 });
    expect(activity.topListings.map((l: { listingId: string }) => l.listingId)).toContain(String(withheld.id));
    // The lead's activity before contacting: the withheld listing it looked at, with its address.
    const visitorId = '6f1d2c3b-4a59-4e68-8b7c-9d0e1f2a3b4c';
    await server.db.query(`UPDATE leads SET visitor_id = $1 WHERE id = $2`, [visitorId, lead.id]);
    await server.db.query(
      `INSERT INTO visitor_events (partner_id, visitor_id, kind, listing_id, occurred_at) VALUES ($1, $2, 'listing_view', $3, now() - interval '1 hour')`,
      [rows[0]!.id, visitorId, withheld.id],
    );
    const before = await call(owner, 'leadActivity', { leadId: lead.id });
    expect(before.map((e: { listing: { id: string } | null }) => e.listing?.id)).toContain(String(withheld.id));
  });

  it('home value: comparables sold with a withheld street, and a valuation request about one of them', async () => {
    const sold = (n: number) => ({
      ...record(`WFR-WITHHELD-SOLD-${n}`, `44${30 + n}`, ST_GEORGE.latitude + 0.002 * n, 480_000 + n * 10_000),
      StandardStatus: 'Closed',
      PropertySubType: 'Single Family Residence',
      ClosePrice: 470_000 + n * 10_000,
      CloseDate: new Date(Date.now() - n * 30 * 86_400_000).toISOString().slice(0, 10),
    });
    await importRecords(server.db, [sold(1), sold(2), sold(3)], { source: 'address-withheld-test' });
    const home = { address: '', placeId: `address:${withheld.id}`, homeType: 'SINGLE_FAMILY' };
    for (const who of [null, buyer] as Who[]) {
      const value = await call(who, 'homeValue', { input: home });
      expect(value.status).toBe('ESTIMATED');
      expect(value.comparables.length).toBe(3);
    }
    const request = await call(null, 'requestValuation', {
      input: home,
      contact: { firstName: 'Jordan', lastName: 'Reyes', email: 'jordan.reyes@example.com', phone: '8015550123' },
      optIn: true,
    });
    expect(request.homeValue.address).toBe('St. George, UT 84770');
  });

  it('marketing materials: a flyer of the withheld listing, its texts and choices', async () => {
    const { caseId } = await insertSellerCase(server.db, seller.user.id, 'WITHHELD-MARKETING');
    await server.db.query('UPDATE application_cases SET listing_id = $2 WHERE id = $1', [caseId, withheld.id]);
    const material = await call(seller, 'createMarketingMaterial', { applicationCaseId: String(caseId), templateId: 'flyer-letter' });
    expect(material.fill.texts.address).toBe('St. George, UT 84770');
    await call(seller, 'saveMarketingMaterial', { id: material.id, dataStructure: { texts: { headline: 'Just listed' } } });
    await call(seller, 'marketingMaterial', { id: material.id });
    await call(seller, 'marketingMaterials', { applicationCaseId: String(caseId) });
    // The templates drawn with the case's own home: their thumbnails' texts are the material's (the street withheld).
    await call(seller, 'caseMarketingTemplates', { applicationCaseId: String(caseId) });
  });

  it('no answer, mail, calendar file or page holds the street, in any form', async () => {
    const { rows: mails } = await server.db.query<{ to_address: string; subject: string; body: string }>(
      'SELECT to_address, subject, body FROM outbox ORDER BY id',
    );
    const about = mails.filter((m) => /St\. George, UT 84770/.test(m.body));
    // The seller's tour request and offer, the buyer's tour decisions, the lead, the alert.
    expect(about.length).toBeGreaterThanOrEqual(6);
    for (const m of mails) seen.push({ what: `mail to ${m.to_address}: ${m.subject}`, text: `${m.subject}\n${m.body}` });
    expect(seen.length).toBeGreaterThan(60);
    expect(seen.filter((s) => WITHHELD.test(s.text)).map((s) => s.what)).toEqual([]);
    expect([...called].filter((name) => !RECIPES.includes(name))).toEqual([]);
  });
});

/** The root fields this test calls with listing data in play (checked against the schema above). */
const RECIPES = [
  'addLeadNote',
  'availabilityCalendar',
  'case',
  'caseSnapshot',
  'cases',
  'createOffer',
  'createSeller',
  'createMarketingMaterial',
  'caseMarketingTemplates',
  'marketingMaterial',
  'marketingMaterials',
  'saveMarketingMaterial',
  'currentScreen',
  'favoriteListings',
  'homeValue',
  'listingBySlug',
  'listingDescription',
  'listingFeed',
  'listingInfo',
  'listingLoad',
  'listingsInfo',
  'modifyTour',
  'myListings',
  'newOpenHouse',
  'nextQueue',
  'notifications',
  'offer',
  'offers',
  'offersByListing',
  'openHouse',
  'openHousesByListing',
  'leadActivity',
  'partnerActivity',
  'partnerLead',
  'partnerLeads',
  'placeSearch',
  'publishListing',
  'questionnaireNextScreen',
  'questionnairePreviousScreen',
  'questionnaireResetHistory',
  'questionnaireScreen',
  'questionnaireSummary',
  'requestedTour',
  'requestedTourByListing',
  'requestedTours',
  'requestValuation',
  'resetQuestionnaireResponseHistory',
  'saveOpenHouse',
  'saveTour',
  'saveTourSeller',
  'sellerAddress',
  'sellerHomeAt',
  'setLeadStatus',
  'stayLoad',
  'translate',
  'updateSellerListing',
  // Called to set the scene; their answers are searched as well.
  'saveFavorite',
  'saveSearch',
];
