/**
 * The authorization matrix (issue 22), checked two ways:
 * - completeness: every Query and Mutation field of the built schema has exactly one row in matrix.ts, and every
 *   row names a real field (a new operation without a row fails here); the API-key rows are the key scopes'
 *   root fields (partners/graphql-keys.ts KEY_ROOT_FIELDS);
 * - a property test (fast-check) on one test server: random role flags on a pool of users, random owners of
 *   random objects (offers, tours, cases, questionnaire responses, saved searches, favourites, leads, partners
 *   with members and API keys, posts), then every object-taking operation called as every caller (visitors, the
 *   pool, a guest with a response's PIN, the partner's keys and another partner's key) and each answer compared
 *   with `permits` / `expectedRefusal`: leaks (succeeded where the table refuses), wrongful refusals and
 *   refusals of the wrong shape are counted, printed and expected to be 0. Public and signed-in-only operations
 *   are checked once per caller. Side-effecting mutations run on fresh objects.
 *
 * Quick by default (2 runs); HEARTH_AUTHZ=long for 12.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerTourGrid, instantAt, openHouseDays } from '../../core/tours/tour-times';
import type { RunningServer } from '../app';
import { freshIp, postJson, signUp, STRONG_PASSWORD, type SignedUp } from '../accounts/testing';
import { offerScreens } from '../offers/testing';
import { KEY_ROOT_FIELDS } from '../partners/graphql-keys';
import { testHome } from '../sellers/testing';
import { engineName, startTestServer } from '../testing/test-server';
import { getNamedType, isLeafType, type GraphQLField } from '../graphql/graphql-js';
import { schema } from '../graphql/schema/index';
import { AUTHORIZATION_MATRIX, expectedRefusal, permits, rowOf, type CallerFacts, type MatrixRow } from './matrix';

const LONG = process.env.HEARTH_AUTHZ === 'long';
const RUNS = LONG ? 12 : 2;

// ---------------------------------------------------------------------------------------------------
// Completeness

const queryFields = () => Object.keys(schema.getQueryType()!.getFields()).map((name) => `Query.${name}`);
const mutationFields = () => Object.keys(schema.getMutationType()!.getFields()).map((name) => `Mutation.${name}`);

describe('authorization matrix: one row per operation', () => {
  it('has exactly one row for every Query and Mutation field, and no row for a field that does not exist', () => {
    const fields = [...queryFields(), ...mutationFields()].sort();
    const rows = AUTHORIZATION_MATRIX.map((r) => r.operation);
    const duplicates = rows.filter((op, i) => rows.indexOf(op) !== i);
    expect(duplicates, 'operations with more than one row').toEqual([]);
    expect(fields.filter((f) => !rows.includes(f)), 'operations without a row in server/authorization/matrix.ts').toEqual([]);
    expect(rows.filter((op) => !fields.includes(op)), 'rows naming no field of the schema').toEqual([]);
    expect(fields.length).toBeGreaterThanOrEqual(121);
  });

  it('says query or mutation as the schema does, and a refusal shape for every row that refuses anyone', () => {
    for (const row of AUTHORIZATION_MATRIX) {
      expect(row.kind, row.operation).toBe(row.operation.startsWith('Query.') ? 'query' : 'mutation');
      expect(row.allowed.length, row.operation).toBeGreaterThan(0);
      expect(row.refusal === null, row.operation).toBe(row.allowed.includes('anyone'));
    }
  });

  it('lets API keys into exactly the root fields of their scopes', () => {
    for (const [scope, fields] of Object.entries(KEY_ROOT_FIELDS)) {
      const rows = AUTHORIZATION_MATRIX.filter((r) => r.apiKey === scope).map((r) => r.operation.split('.')[1]);
      expect(rows.sort(), scope).toEqual([...fields].sort());
    }
  });

  it('permits answers as the rule says (a few fixed cases)', () => {
    const offer = rowOf('Query.offer');
    expect(permits(offer, { signedIn: true, seller: true, submitted: false })).toBe(false);
    expect(permits(offer, { signedIn: true, seller: true, submitted: true })).toBe(true);
    expect(expectedRefusal(offer, { signedIn: false })).toBe('UNAUTHENTICATED');
    expect(expectedRefusal(offer, { signedIn: true })).toBe('NOT_FOUND');
    const leads = rowOf('Query.partnerLeads');
    expect(permits(leads, { signedIn: true, apiKey: { scopes: ['leads:read'], ownPartner: true } })).toBe(true);
    expect(expectedRefusal(leads, { signedIn: true, apiKey: { scopes: ['leads:read'], ownPartner: false } })).toBe('NOT_FOUND');
    expect(expectedRefusal(leads, { signedIn: true, apiKey: { scopes: ['admin'], ownPartner: true } })).toBe('FORBIDDEN');
    expect(expectedRefusal(rowOf('Query.allPosts'), { signedIn: true, apiKey: { scopes: ['admin'], ownPartner: true } })).toBe('FORBIDDEN');
  });
});

// ---------------------------------------------------------------------------------------------------
// Calling one root field

const rootField = (name: string): GraphQLField<unknown, unknown> =>
  schema.getQueryType()!.getFields()[name] ?? schema.getMutationType()!.getFields()[name]!;

/** `field(args)` with variables of the field's own argument types, selecting only __typename (authorization happens in the root resolver). */
function operationFor(name: string, args: Record<string, unknown>): string {
  const field = rootField(name);
  const kind = schema.getMutationType()!.getFields()[name] ? 'mutation' : 'query';
  const given = field.args.filter((a) => args[a.name] !== undefined);
  const variables = given.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const call = given.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${kind} Op${variables ? `(${variables})` : ''} { ${name}${call ? `(${call})` : ''}${selection} }`;
}

interface Caller {
  label: string;
  /** The Authorization header, or none (a visitor). */
  authorization: string | null;
  facts: CallerFacts;
  /** Pool index of a person; null for visitors, guests and keys. */
  person: number | null;
}

/** A person's current token (adding a partner member ends the member's credentials: they sign in again). */
const authorizationOf = (who: Caller | null): string | null => (who === null ? null : who.person !== null ? `Token ${people[who.person]!.token}` : who.authorization);

async function signInAgain(i: number): Promise<void> {
  const response = await postJson(server, '/v1/api/api-token-auth/', { username: people[i]!.email, password: STRONG_PASSWORD });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  people[i] = { ...people[i]!, token: ((await response.json()) as { token: string }).token };
}

type Outcome = { ok: true; data: unknown } | { ok: false; code: string };

let server: RunningServer;

async function call(who: Caller | null, name: string, args: Record<string, unknown>): Promise<Outcome> {
  const response = await fetch(`${server.url}/graphql/?queryName=Op`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': freshIp(),
      ...(authorizationOf(who) ? { Authorization: authorizationOf(who)! } : {}),
    },
    body: JSON.stringify({ query: operationFor(name, args), variables: args }),
  });
  const body = (await response.json()) as { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] };
  if (body.errors?.length) return { ok: false, code: String(body.errors[0]!.extensions?.code ?? body.errors[0]!.message) };
  const data = body.data?.[name];
  // A null answer without an error is "nothing there" for the caller: a refusal without a code.
  return data === null || data === undefined ? { ok: false, code: 'NULL' } : { ok: true, data };
}

/** `field(args, file)` as a GraphQL multipart upload (the transport for files). */
async function callUpload(who: Caller | null, name: string, args: Record<string, unknown>, file: { bytes: Uint8Array; name: string }, selection = '__typename'): Promise<Outcome> {
  const all = { ...args, file: null };
  const query = operationFor(name, all).replace('{ __typename }', `{ ${selection} }`);
  const form = new FormData();
  form.set('operations', JSON.stringify({ query, variables: all }));
  form.set('map', JSON.stringify({ 0: ['variables.file'] }));
  form.set('0', new Blob([new Uint8Array(file.bytes)], { type: 'application/octet-stream' }), file.name);
  const authorization = authorizationOf(who);
  const response = await fetch(`${server.url}/graphql/?queryName=Op`, {
    method: 'POST',
    headers: { 'X-Forwarded-For': freshIp(), ...(authorization ? { Authorization: authorization } : {}) },
    body: form,
  });
  const body = (await response.json()) as { data?: Record<string, any> | null; errors?: { message: string; extensions?: { code?: string } }[] };
  if (body.errors?.length) return { ok: false, code: String(body.errors[0]!.extensions?.code ?? body.errors[0]!.message) };
  const data = body.data?.[name];
  return data === null || data === undefined ? { ok: false, code: 'NULL' } : { ok: true, data };
}

/** As `who`, expecting success (setting up the world). */
async function must(who: Caller | SignedUp, name: string, args: Record<string, unknown>, selection = ''): Promise<any> {
  const authorization = 'token' in who ? `Token ${who.token}` : authorizationOf(who);
  const field = rootField(name);
  const given = field.args.filter((a) => args[a.name] !== undefined);
  const kind = schema.getMutationType()!.getFields()[name] ? 'mutation' : 'query';
  const variables = given.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const query = `${kind} Op${variables ? `(${variables})` : ''} { ${name}${given.length ? `(${given.map((a) => `${a.name}: $${a.name}`).join(', ')})` : ''}${selection ? ` { ${selection} }` : ''} }`;
  const response = await fetch(`${server.url}/graphql/?queryName=Op`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp(), ...(authorization ? { Authorization: authorization } : {}) },
    body: JSON.stringify({ query, variables: args }),
  });
  const body = (await response.json()) as { data?: Record<string, any>; errors?: unknown[] };
  if (body.errors) throw new Error(`${name} failed in setup: ${JSON.stringify(body.errors)}`);
  return body.data![name];
}

// ---------------------------------------------------------------------------------------------------
// The tally

interface Mismatch {
  operation: string;
  caller: string;
  expected: string;
  got: string;
}

const tally = { calls: 0, leaks: 0, wrongfulRefusals: 0, wrongShape: 0, mismatches: [] as Mismatch[] };
/** Operations the property test called against objects, and those it called once per caller (by role only). */
const exercisedOnObjects = new Set<string>();
const exercisedByRole = new Set<string>();

function judge(row: MatrixRow, caller: Caller, facts: CallerFacts, outcome: Outcome, acceptAlso: readonly string[] = []) {
  tally.calls += 1;
  const expected = expectedRefusal(row, facts);
  const record = (what: 'leaks' | 'wrongfulRefusals' | 'wrongShape') => {
    tally[what] += 1;
    if (tally.mismatches.length < 2000)
      tally.mismatches.push({ operation: row.operation, caller: caller.label, expected: expected ?? 'success', got: outcome.ok ? 'success' : outcome.code });
  };
  if (expected === null) {
    // Allowed: any answer but a refusal (a validation error of our minimal arguments is no refusal).
    if (!outcome.ok && ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'NULL'].includes(outcome.code) && !acceptAlso.includes(outcome.code)) record('wrongfulRefusals');
  } else if (outcome.ok) record('leaks');
  else if (outcome.code !== expected) record('wrongShape');
}

// ---------------------------------------------------------------------------------------------------
// The pool: people whose role flags change every run, a visitor, and (per run) guests and API keys

const POOL_SIZE = 6;
let people: SignedUp[] = [];
let editor: SignedUp;
let listings: { id: number; zone: string }[] = [];
let uploadDir = '';
let png: Uint8Array;
let runCounter = 0;
/** `${person}:${listingId}` of every favourite the runs toggled on. */
const favourites = new Set<string>();
let slugCounter = 0;
const freshSlug = (prefix: string) => `${prefix}-${process.pid}-${++slugCounter}`;

interface Flags {
  superuser: boolean;
  companyAgent: boolean;
  editor: boolean;
  attorney: boolean;
  manager: boolean;
}

const flagsArb: fc.Arbitrary<Flags> = fc.record({
  superuser: fc.boolean().map((b) => b && Math.random() < 0.5),
  companyAgent: fc.boolean(),
  editor: fc.boolean(),
  attorney: fc.boolean(),
  manager: fc.boolean().map((b) => b && Math.random() < 0.5),
});

const personArb = fc.integer({ min: 0, max: POOL_SIZE - 1 });

const worldArb = fc.record({
  flags: fc.array(flagsArb, { minLength: POOL_SIZE, maxLength: POOL_SIZE }),
  listing: fc.nat(),
  seller: fc.option(personArb, { nil: null }),
  offerBuyer: personArb,
  submitOffer: fc.boolean(),
  tourBuyer: personArb,
  savedSearchOwner: personArb,
  favouriteOwner: personArb,
  mortgageOwner: personArb,
  sellerCaseOwner: personArb,
  partnerOwner: personArb,
  partnerAdmin: fc.option(personArb, { nil: null }),
});
type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

const notVisitor = (facts: Omit<CallerFacts, 'signedIn'>): CallerFacts => ({ signedIn: true, ...facts });

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'hearth-authz-'));
  process.env.HEARTH_UPLOAD_DIR = uploadDir;
  // PDF jobs are queued, never run: only who may queue and read them matters here.
  server = await startTestServer({ trustProxy: true, jobs: false });
  png = new Uint8Array(await sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a6' } }).png().toBuffer());
  people = [];
  for (let i = 0; i < POOL_SIZE; i += 1) people.push(await signUp(server));
  editor = await signUp(server);
  await server.db.query('UPDATE users SET is_editor = true WHERE id = $1', [editor.user.id]);
  const { rows } = await server.db.query<{ id: number; time_zone: string }>(
    'SELECT id, time_zone FROM listings WHERE internet_entire_listing_display AND enable_request_tour ORDER BY id LIMIT 8',
  );
  listings = rows.map((r) => ({ id: Number(r.id), zone: r.time_zone }));
  await server.db.query('UPDATE listings SET enable_offer = true WHERE id = ANY($1::bigint[])', [listings.map((l) => l.id)]);
}, 120_000);

afterAll(async () => {
  await server?.close();
  delete process.env.HEARTH_UPLOAD_DIR;
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});

/** The partner of the previous run (another partner, for "another partner's member" and its key). */
let previousPartner: { id: number; keyAdmin: string; members: Map<number, 'owner' | 'admin'> } | null = null;

async function runWorld(world: World): Promise<void> {
  const db = server.db;
  // ---- Roles of the pool, for this run
  for (let i = 0; i < POOL_SIZE; i += 1) {
    const f = world.flags[i]!;
    await db.query('UPDATE users SET is_superuser = $2, is_company_agent = $3, is_editor = $4, role = $5, is_manager = $6 WHERE id = $1', [
      people[i]!.user.id,
      f.superuser,
      f.companyAgent,
      f.editor,
      f.attorney ? 'ATTORNEY' : null,
      f.manager,
    ]);
  }
  const base = (i: number): CallerFacts => {
    const f = world.flags[i]!;
    return {
      signedIn: true,
      administrator: f.superuser,
      editor: f.editor,
      companyAgent: f.companyAgent,
      caseStaff: f.superuser || f.companyAgent || f.attorney || f.manager,
    };
  };
  const person = (i: number): Caller => ({ label: `person${i}(${JSON.stringify(world.flags[i])})`, authorization: null, facts: base(i), person: i });
  const visitor: Caller = { label: 'visitor', authorization: null, facts: { signedIn: false }, person: null };
  const pool = [visitor, ...people.map((_p, i) => person(i))];
  const uid = (i: number) => people[i]!.user.id;

  // ---- Objects (nobody buys or tours their own listing)
  const notTheSeller = (i: number) => (i === world.seller ? (i + 1) % POOL_SIZE : i);
  world = { ...world, offerBuyer: notTheSeller(world.offerBuyer), tourBuyer: notTheSeller(world.tourBuyer) };
  const listing = listings[world.listing % listings.length]!;
  await db.query('UPDATE listings SET seller_user_id = $1 WHERE id = $2', [world.seller === null ? null : uid(world.seller), listing.id]);
  const isSeller = (i: number | null) => i !== null && world.seller === i;

  // Offer (optionally submitted through its questionnaire)
  const created = await must(person(world.offerBuyer), 'createOffer', { listingId: String(listing.id), appType: 'wfrmls-buyer' }, 'offer { id offerStatus } caseResponse { id }');
  let submitted = created.offer.offerStatus === 'Submitted';
  if (world.submitOffer && !submitted) {
    for (const data of offerScreens({ confirmed: { offer_amount: '450000' } })) await must(person(world.offerBuyer), 'questionnaireNextScreen', { respId: created.caseResponse.id, data }, 'screenId');
    submitted = true;
  }
  const offerId = created.offer.id as string;

  // Tour
  const day = buyerTourGrid(new Date(), listing.zone).gridDays[1]!;
  const newTour = async () =>
    (await must(person(world.tourBuyer), 'saveTour', { listingId: String(listing.id), scheduledDateTimes: [day.slots[1]!.dateTime] }, 'id')).id as string;
  const tourId = await newTour();

  // Saved search, favourite
  const newSavedSearch = async () =>
    (
      await must(
        person(world.savedSearchOwner),
        'saveSearch',
        { name: 'Authz', notificationFrequency: 'NEVER', searchModal: { geoInput: { bounds: { north: 41, south: 40, east: -111, west: -112.5 } }, searchInput: { classification: 'SALE' } } },
        'id',
      )
    ).id as string;
  const savedSearchId = await newSavedSearch();
  await must(person(world.favouriteOwner), 'saveFavorite', { listingId: String(listing.id) }, '__typename');
  const favourite = `${world.favouriteOwner}:${listing.id}`;
  if (favourites.has(favourite)) favourites.delete(favourite);
  else favourites.add(favourite);

  // Mortgage case and its questionnaire response; a guest's response with its PIN
  const mortgage = await must(person(world.mortgageOwner), 'createPreQualification', {}, 'id caseResponse { id }');
  const guestStart = await must(visitor, 'questionnaireStartScreen', { xmlqId: 'mortgage-prequalification' }, 'id pin');
  const guest: Caller = { label: 'guest with PIN', authorization: `Questionnaire ${guestStart.pin}`, facts: { signedIn: false }, person: null };

  // Seller case
  const sellerCase = await must(person(world.sellerCaseOwner), 'createSeller', { homeContext: testHome(), classification: 'SALE' }, 'caseId caseResponse { id }');

  // Partner with an owner, maybe an admin, API keys, a lead
  // One person owns at most MAX_PARTNERS_PER_USER partners: drop the owner's older ones (all but the previous run's).
  await db.query(`DELETE FROM partner_members WHERE user_id = $1 AND role = 'owner' AND partner_id <> $2`, [uid(world.partnerOwner), previousPartner?.id ?? 0]);
  const slug = freshSlug('authz');
  const partner = await must(person(world.partnerOwner), 'signUpPartner', { slug, name: 'Authz Realty' }, 'id');
  const partnerId = String(partner.id);
  const members = new Map<number, 'owner' | 'admin'>([[world.partnerOwner, 'owner']]);
  if (world.partnerAdmin !== null && world.partnerAdmin !== world.partnerOwner) {
    await must(person(world.partnerOwner), 'addPartnerMember', { partnerId, email: people[world.partnerAdmin]!.email, role: 'ADMIN' }, 'role');
    members.set(world.partnerAdmin, 'admin');
    await signInAgain(world.partnerAdmin);
  }
  const keyAdmin = (await must(person(world.partnerOwner), 'createApiKey', { partnerId, name: 'admin', scopes: ['ADMIN'] }, 'secret')).secret as string;
  const keyLeads = (await must(person(world.partnerOwner), 'createApiKey', { partnerId, name: 'leads', scopes: ['LEADS_READ'] }, 'secret')).secret as string;
  const keys: Caller[] = [
    { label: 'own admin key', authorization: `Bearer ${keyAdmin}`, facts: { signedIn: true, apiKey: { scopes: ['admin'], ownPartner: true } }, person: null },
    { label: 'own leads key', authorization: `Bearer ${keyLeads}`, facts: { signedIn: true, apiKey: { scopes: ['leads:read'], ownPartner: true } }, person: null },
    ...(previousPartner
      ? [{ label: 'other partner’s admin key', authorization: `Bearer ${previousPartner.keyAdmin}`, facts: { signedIn: true, apiKey: { scopes: ['admin'], ownPartner: false } }, person: null }]
      : []),
  ];
  const leadResponse = await fetch(`${server.url}/v1/api/contact-form/?partner=${slug}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp() },
    body: JSON.stringify({ firstName: 'Lee', lastName: 'Lead', email: 'lee.lead@example.com', phone: '8015550123', comment: 'Tell me more.' }),
  });
  if (leadResponse.status !== 201) throw new Error(`contact form: ${leadResponse.status} ${await leadResponse.text()}`);
  const leadId = ((await leadResponse.json()) as { id: string }).id;

  // A post (by the fixed editor)
  const newPost = async () =>
    (
      await must(
        editor,
        'createPost',
        { input: { slug: freshSlug('authz-post'), title: 'Authz', subtitle: 'Authz', markdown: 'Text.', highlights: [], metaDescription: 'Authz.', publishDate: null, tagSlugs: [] } },
        'id',
      )
    ).id as string;
  const postId = await newPost();

  // ---- What each caller is to each object
  const partnerFacts = (c: Caller): CallerFacts => (c.person === null ? c.facts : { ...c.facts, partnerRole: members.get(c.person) ?? null });
  const facts = {
    offer: (c: Caller) => (c.person === null ? c.facts : { ...c.facts, buyer: c.person === world.offerBuyer, seller: isSeller(c.person), submitted }),
    tour: (c: Caller) => (c.person === null ? c.facts : { ...c.facts, buyer: c.person === world.tourBuyer, seller: isSeller(c.person) }),
    savedSearch: (c: Caller) => (c.person === null ? c.facts : { ...c.facts, owner: c.person === world.savedSearchOwner }),
    // Company agents work seller cases only (sellers.ts caseRole).
    mortgageCase: (c: Caller) => (c.person === null ? c.facts : { ...c.facts, owner: c.person === world.mortgageOwner, companyAgent: false }),
    mortgageResponse: (c: Caller) => (c.person === null ? c.facts : { ...c.facts, owner: c.person === world.mortgageOwner }),
    sellerCase: (c: Caller) => (c.person === null ? c.facts : { ...c.facts, owner: c.person === world.sellerCaseOwner }),
    sellerResponse: (c: Caller) => (c.person === null ? c.facts : { ...c.facts, owner: c.person === world.sellerCaseOwner }),
    // The guest's PIN opens the guest's response only.
    guestResponse: (c: Caller): CallerFacts => ({ ...c.facts, owner: false, guestPin: c === guest }),
    partner: partnerFacts,
    plain: (c: Caller) => c.facts,
  };

  const check = async (
    operation: string,
    callers: readonly Caller[],
    factsOf: (c: Caller) => CallerFacts,
    args: Record<string, unknown> | (() => Promise<Record<string, unknown>>),
    acceptAlso: readonly string[] = [],
  ) => {
    const row = rowOf(operation);
    exercisedOnObjects.add(operation);
    // A factory makes a fresh object for the first caller and again after each success (a refusal changes nothing).
    let variables = typeof args === 'function' ? await args() : args;
    for (const caller of callers) {
      const outcome = await call(caller, operation.split('.')[1]!, variables);
      judge(row, caller, factsOf(caller), outcome, acceptAlso);
      if (outcome.ok && typeof args === 'function') variables = await args();
    }
  };
  const everyone = [...pool, guest, ...keys];

  // Offers and tours
  await check('Query.offer', everyone, facts.offer, { id: offerId });
  await check('Query.requestedTour', everyone, facts.tour, { id: tourId });
  await check('Mutation.modifyTour', everyone, facts.tour, async () => ({ id: await newTour(), tourStatus: 'CANCELLED' }));
  await check('Mutation.saveTourSeller', everyone, facts.tour, async () => ({ id: await newTour(), tourStatus: 'ACCEPTED' }));

  // Saved searches
  await check('Query.savedSearch', everyone, facts.savedSearch, { id: savedSearchId });
  await check('Mutation.deleteSaved', everyone, facts.savedSearch, async () => ({ id: await newSavedSearch() }));
  await check('Mutation.updateSavedSearch', everyone, facts.savedSearch, { id: savedSearchId, notificationFrequency: 'WEEKLY' });

  // Cases and responses
  await check('Query.mortgageCase', everyone, facts.mortgageCase, { id: mortgage.id });
  await check('Query.case', everyone, facts.mortgageCase, { id: mortgage.id });
  await check('Query.preQualificationEdit', everyone, facts.mortgageCase, { caseResponseId: mortgage.caseResponse.id });
  await check('Query.currentScreen', everyone, facts.mortgageResponse, { id: mortgage.caseResponse.id });
  await check('Query.questionnaireSummary', everyone, facts.mortgageResponse, { responseId: mortgage.caseResponse.id });
  await check('Query.currentScreen', everyone, facts.guestResponse, { id: guestStart.id });
  await check('Query.questionnaireSummary', everyone, facts.guestResponse, { responseId: guestStart.id });
  await check('Mutation.questionnairePreviousScreen', everyone, facts.guestResponse, { respId: guestStart.id });
  await check('Query.case', everyone, facts.sellerCase, { id: sellerCase.caseId });
  await check('Query.listingDescription', everyone, facts.sellerCase, { caseId: sellerCase.caseId });
  await check('Query.listingPhotos', everyone, facts.sellerCase, { applicationCaseId: sellerCase.caseId });
  await check('Query.marketingMaterials', everyone, facts.sellerCase, { applicationCaseId: sellerCase.caseId });
  await check('Query.caseMarketingTemplates', everyone, facts.sellerCase, { applicationCaseId: sellerCase.caseId });
  await check('Query.currentScreen', everyone, facts.sellerResponse, { id: sellerCase.caseResponse.id });
  await check('Query.myDocuments', everyone, facts.plain, {});

  // Partners, keys, leads
  for (const operation of ['Query.partnerSettings', 'Query.partnerSnippets', 'Query.partnerAudit', 'Query.partnerMembers', 'Query.apiKeys', 'Query.partnerActivity', 'Query.partnerLeads'])
    await check(operation, everyone, facts.partner, { partnerId });
  // null: no collector set (not a refusal).
  await check('Query.analyticsForwarder', everyone, facts.partner, { partnerId }, ['NULL']);
  await check('Mutation.updatePartnerSettings', everyone, facts.partner, { partnerId, input: { agentApp: false } });
  await check('Mutation.setPartnerPoweredBy', everyone, facts.partner, { partnerId, show: true });
  await check('Query.partnerLead', everyone, facts.partner, { id: leadId });
  await check('Query.leadActivity', everyone, facts.partner, { leadId });
  await check('Mutation.setLeadStatus', everyone, facts.partner, { id: leadId, status: 'CONTACTED' });
  await check('Mutation.addLeadNote', everyone, facts.partner, { id: leadId, body: 'Called back.' });

  // Posts
  await check('Query.editorPost', everyone, facts.plain, { id: postId });
  await check('Mutation.updatePost', everyone, facts.plain, async () => ({
    id: postId,
    input: { slug: freshSlug('authz-post'), title: 'Authz', subtitle: 'Authz', markdown: 'Text.', highlights: [], metaDescription: 'Authz.', publishDate: null, tagSlugs: [] },
  }));
  await check('Mutation.unpublishPost', everyone, facts.plain, async () => ({ id: await newPost() }));

  // Documents of the mortgage case (documents.ts caseRole: its owner and case staff)
  const slots = (await must(person(world.mortgageOwner), 'myDocuments', { applicationCaseId: mortgage.id }, 'caseComponents { id component { id } }'))[0]
    .caseComponents as { id: string; component: { id: string } }[];
  const photoSlot = slots.find((slot) => slot.component.id === 'photo-id')!.id;
  // A slot holds at most 5 documents (documents.ts slotLimit): the oldest go, so each upload here has room.
  const roomInPhotoSlot = () =>
    server.db.query(
      `DELETE FROM uploaded_documents WHERE id IN (SELECT id FROM uploaded_documents
         WHERE case_component_id = $1 AND application_case_id = $2 AND translation_of IS NULL ORDER BY id DESC OFFSET 4)`,
      [photoSlot, mortgage.id],
    );
  const newDocument = async (translationOf?: string) => {
    if (!translationOf) await roomInPhotoSlot();
    const args = { componentId: photoSlot, applicationCaseId: mortgage.id, translationOf };
    const outcome = await callUpload(person(world.mortgageOwner), 'createUploadedDocument', args, { bytes: png, name: 'id.png' }, 'id');
    if (!outcome.ok) throw new Error(`upload failed in setup: ${outcome.code}`);
    return String((outcome.data as { id: string }).id);
  };
  const documentId = await newDocument();
  const pdfJob = (await must(person(world.mortgageOwner), 'generatePdf', { applicationCaseId: mortgage.id }, 'id')).id as string;
  const checkUpload = async (operation: string, args: () => Promise<Record<string, unknown>>, factsOf: (c: Caller) => CallerFacts = facts.mortgageResponse) => {
    const row = rowOf(operation);
    exercisedOnObjects.add(operation);
    let variables = await args();
    for (const caller of everyone) {
      const outcome = await callUpload(caller, operation.split('.')[1]!, variables, { bytes: png, name: 'id.png' });
      judge(row, caller, factsOf(caller), outcome);
      if (outcome.ok) variables = await args();
    }
  };
  await check('Query.uploadedDocument', everyone, facts.mortgageResponse, { id: documentId });
  await check('Query.latestUploadedDocument', everyone, facts.mortgageResponse, { componentId: photoSlot, applicationCaseId: mortgage.id });
  await check('Query.generatedPdf', everyone, facts.mortgageResponse, { id: pdfJob });
  await check('Mutation.generatePdf', everyone, facts.mortgageResponse, { applicationCaseId: mortgage.id });
  await check('Mutation.deleteUploadedDocument', everyone, facts.mortgageResponse, async () => ({ id: await newDocument() }));
  await check('Mutation.deleteUploadedTranslatedDocument', everyone, facts.mortgageResponse, async () => {
    const original = await newDocument();
    await newDocument(original);
    return { id: original };
  });
  await checkUpload('Mutation.createUploadedDocument', async () => {
    await roomInPhotoSlot();
    return { componentId: photoSlot, applicationCaseId: mortgage.id };
  });
  await checkUpload('Mutation.updateUploadedDocument', async () => ({ id: await newDocument() }));

  // The mortgage response's answers (questionnaires/access.ts: the user who started it)
  const screenId = (await must(person(world.mortgageOwner), 'currentScreen', { id: mortgage.caseResponse.id }, 'screenId')).screenId as string;
  await check('Query.questionnaireScreen', everyone, facts.mortgageResponse, { responseId: mortgage.caseResponse.id, screenId });
  await check('Mutation.questionnaireResetHistory', everyone, facts.mortgageResponse, { respId: mortgage.caseResponse.id });
  await check('Mutation.resetQuestionnaireResponseHistory', everyone, facts.mortgageResponse, { respId: mortgage.caseResponse.id });
  await check('Mutation.questionnaireNextScreen', everyone, facts.guestResponse, { respId: guestStart.id, data: {} });

  // The seller case: its listing, marketing, open houses
  await check('Mutation.updateSellerListing', everyone, facts.sellerCase, { caseId: sellerCase.caseId, priceInPennies: 45_000_000 });
  await check('Mutation.nextQueue', everyone, facts.sellerCase, { appCaseId: sellerCase.caseId });
  await check('Mutation.publishListing', everyone, facts.sellerCase, { caseId: sellerCase.caseId, publishNow: false });
  await checkUpload('Mutation.uploadListingPhoto', async () => ({ applicationCaseId: sellerCase.caseId }), facts.sellerCase);
  await check('Mutation.updatePhotoManagement', everyone, facts.sellerCase, { applicationCaseId: sellerCase.caseId, mediaObject: {} });
  await check('Mutation.createMarketingMaterial', everyone, facts.sellerCase, { applicationCaseId: sellerCase.caseId, templateId: 'flyer-letter' });
  const materialId = (await must(person(world.sellerCaseOwner), 'createMarketingMaterial', { applicationCaseId: sellerCase.caseId, templateId: 'flyer-letter' }, 'id')).id as string;
  await check('Query.marketingMaterial', everyone, facts.sellerCase, { id: materialId });
  await check('Mutation.saveMarketingMaterial', everyone, facts.sellerCase, { id: materialId, dataStructure: { texts: { headline: 'Just listed' } } });
  await check('Query.caseListingAgent', everyone, facts.sellerCase, { applicationCaseId: sellerCase.caseId });
  await check('Mutation.setCaseListingAgent', everyone, facts.sellerCase, { applicationCaseId: sellerCase.caseId, agentUserId: null });
  const openHouseDay = openHouseDays(new Date(), listing.zone)[2]!.day;
  const slot = (k: number) => ({ start: instantAt(openHouseDay, 570 + 30 * (k % 22), listing.zone).toISOString(), end: instantAt(openHouseDay, 600 + 30 * (k % 22), listing.zone).toISOString() });
  // By applicationCaseId: the case's listing is not published, so the owner and company agents get BAD_USER_INPUT, others NOT_FOUND.
  await check('Mutation.newOpenHouse', everyone, facts.sellerCase, { applicationCaseId: sellerCase.caseId, ...slot(runCounter) });
  const listingFacts = (c: Caller): CallerFacts => (c.person === null ? c.facts : { ...c.facts, seller: isSeller(c.person) });
  await check('Query.openHousesByListing', everyone, listingFacts, { listingId: String(listing.id) });
  if (world.seller !== null) {
    const openHouse = await must(person(world.seller), 'newOpenHouse', { listingId: String(listing.id), ...slot(runCounter) }, 'id');
    await check('Query.openHouse', everyone, listingFacts, { id: openHouse.id });
    await check('Mutation.saveOpenHouse', everyone, listingFacts, { id: openHouse.id, openHouseStatus: 'Activate' });
  }
  runCounter += 1;

  // Partner members and keys (fresh people and keys, so order does not matter)
  const newcomer = async () => {
    const someone = await signUp(server);
    return someone;
  };
  await check('Mutation.addPartnerMember', everyone, facts.partner, async () => ({ partnerId, email: (await newcomer()).email, role: 'ADMIN' }));
  await check('Mutation.removePartnerMember', everyone, facts.partner, async () => {
    const someone = await newcomer();
    await must(person(world.partnerOwner), 'addPartnerMember', { partnerId, email: someone.email, role: 'ADMIN' }, 'role');
    return { partnerId, userId: String(someone.user.id) };
  });
  await check('Mutation.createApiKey', everyone, facts.partner, { partnerId, name: 'more', scopes: ['LEADS_READ'] });
  await check('Mutation.revokeApiKey', everyone, facts.partner, async () => ({
    id: (await must(person(world.partnerOwner), 'createApiKey', { partnerId, name: 'doomed', scopes: ['LEADS_READ'] }, 'key { id }')).key.id,
  }));
  await checkUpload('Mutation.uploadPartnerImage', async () => ({ partnerId, kind: 'LOGO' }), facts.partner);
  await check('Mutation.setAnalyticsForwarder', everyone, facts.partner, { partnerId, url: null }, ['NULL']);

  // Signed-in devices: another device of the saved search's owner (revokeSession: that person's own devices only)
  const newSession = async () => {
    const response = await postJson(server, '/v1/api/api-token-auth/', { username: people[world.savedSearchOwner]!.email, password: STRONG_PASSWORD });
    if (response.status !== 200) throw new Error(`sign-in: ${response.status}`);
    const sessions = (await must(person(world.savedSearchOwner), 'mySessions', {}, 'id current')) as { id: string; current: boolean }[];
    return { id: sessions.find((session) => !session.current)!.id };
  };
  await check('Mutation.revokeSession', everyone, facts.savedSearch, newSession);

  // Lists of the viewer's own things: an object is listed exactly for whom the table lets see it
  const listed = async (operation: string, args: Record<string, unknown>, selection: string, visibleTo: (c: Caller) => boolean, contains: (data: any) => boolean) => {
    exercisedOnObjects.add(operation);
    for (const caller of pool.slice(1)) {
      const data = await must(caller, operation.split('.')[1]!, args, selection);
      tally.calls += 1;
      const expected = visibleTo(caller);
      if (contains(data) !== expected) {
        if (contains(data)) tally.leaks += 1;
        else tally.wrongfulRefusals += 1;
        tally.mismatches.push({ operation, caller: caller.label, expected: expected ? 'listed' : 'not listed', got: contains(data) ? 'listed' : 'not listed' });
      }
    }
  };
  const byId = (id: string) => (d: { id: string }[]) => d.some((x) => String(x.id) === String(id));
  const flagsOf = (c: Caller) => world.flags[c.person!]!;
  await listed('Query.savedSearches', {}, 'id', (c) => c.person === world.savedSearchOwner, byId(savedSearchId));
  await listed('Query.mortgageCases', {}, 'id', (c) => c.person === world.mortgageOwner, byId(mortgage.id));
  await listed('Query.offers', {}, 'id', (c) => c.person === world.offerBuyer || (isSeller(c.person) && submitted), byId(offerId));
  // The list shows company agents submitted offers only (offer(id) opens a Draft to them too: offers.ts offerRole).
  await listed('Query.offersByListing', { listingId: String(listing.id) }, 'id', (c) => c.person === world.offerBuyer || ((isSeller(c.person) || flagsOf(c).companyAgent) && submitted), byId(offerId));
  await listed('Query.requestedTours', {}, 'id', (c) => c.person === world.tourBuyer || isSeller(c.person), byId(tourId));
  await listed('Query.requestedTourByListing', { listingId: String(listing.id) }, 'id', (c) => c.person === world.tourBuyer || isSeller(c.person) || flagsOf(c).companyAgent, byId(tourId));
  await listed('Query.myPartners', {}, 'id', (c) => members.has(c.person!) || flagsOf(c).superuser, byId(partnerId));
  // saveFavorite toggles: the listing is a favourite of whoever toggled it on (this run or an earlier one).
  await listed('Query.favoriteListings', {}, 'listing { id }', (c) => favourites.has(`${c.person}:${listing.id}`), (d: { listing: { id: string } }[]) => d.some((f) => String(f.listing.id) === String(listing.id)));

  previousPartner = { id: Number(partnerId), keyAdmin, members };
}

/** Operations with no object: each caller once, by role only. */
async function checkByRole(): Promise<void> {
  const visitor: Caller = { label: 'visitor', authorization: null, facts: { signedIn: false }, person: null };
  const plain: Caller = { label: 'plain user', authorization: null, facts: { signedIn: true }, person: 0 };
  await server.db.query('UPDATE users SET is_superuser = false, is_company_agent = false, is_editor = false, role = NULL, is_manager = false WHERE id = $1', [people[0]!.user.id]);
  const ed: Caller = { label: 'editor', authorization: `Token ${editor.token}`, facts: { signedIn: true, editor: true }, person: null };
  const key: Caller = { label: 'admin key', authorization: `Bearer ${previousPartner!.keyAdmin}`, facts: { signedIn: true, apiKey: { scopes: ['admin'], ownPartner: true } }, person: null };
  const callers = [visitor, plain, ed, key];
  const cases: [string, Record<string, unknown>, string[]?][] = [
    ['Query.allPosts', {}],
    ['Query.allTags', {}],
    ['Query.marketingTemplates', {}],
    ['Query.sellerIntakeQuestionnaire', {}],
    ['Query.mortgagePreApprovalQuestionnaire', {}],
    ['Query.mortgageRefinanceQuestionnaire', {}],
    ['Query.listingInfo', { id: String(listings[0]!.id) }],
    ['Query.me', {}],
    ['Query.notifications', {}],
    ['Query.favoriteListings', {}],
    ['Query.savedSearches', {}],
    ['Query.mortgageCases', {}],
    ['Query.offers', {}],
    ['Query.requestedTours', {}],
    ['Query.myPartners', {}],
    ['Query.myListings', {}],
    ['Query.mySessions', {}],
    ['Query.offersByListing', { listingId: String(listings[0]!.id) }],
    ['Query.requestedTourByListing', { listingId: String(listings[0]!.id) }],
    ['Query.editorPosts', {}],
    ['Query.postPreview', { markdown: 'Hello **there**.' }],
    ['Mutation.markNotificationsRead', {}],
    ['Mutation.createPartner', { slug: 'PLACEHOLDER', name: 'Authz Admin Realty' }],
    ['Query.postsByTag', { slug: 'buying' }],
    ['Query.postInfo', { slug: 'no-such-post' }, ['NULL']],
    ['Query.housingSentences', { regionName: 'Salt Lake City' }],
    ['Query.marketMetrics', { regionName: '84101' }],
    ['Query.placeSearch', { query: 'Salt' }],
    ['Query.listingsInfo', { geoInput: { bounds: { north: 41, south: 40, east: -111, west: -112.5 } } }],
    ['Query.marketingTemplate', { id: 'flyer-letter' }],
    ['Query.sellerHomeAt', { lat: 40.76, lng: -111.89 }, ['NULL']],
    ['Query.translate', { context: { text: 'Hello', language: 'ES' } }],
    ['Query.cases', { applicationType: 'mortgage-prequalification' }],
    ['Mutation.saveSettings', { firstName: 'Ada' }],
    ['Mutation.createRefinance', {}],
    ['Mutation.questionnaireStartScreen', { xmlqId: 'mortgage-prequalification' }],
    ['Mutation.createPost', { input: 'PLACEHOLDER' }],
    ['Mutation.saveSearch', { name: 'Role', notificationFrequency: 'NEVER', searchModal: { geoInput: { bounds: { north: 41, south: 40, east: -111, west: -112.5 } } } }],
    ['Mutation.saveFavorite', { listingId: String(listings[1]!.id) }],
    ['Mutation.createPreQualification', {}],
    ['Mutation.createOffer', { listingId: String(listings[2]!.id), appType: 'wfrmls-buyer' }],
    ['Mutation.createSeller', { homeContext: testHome(), classification: 'SALE' }],
    ['Mutation.singleScreenQuestionnaire', { applicationCase: 'authz', slugId: 'mortgage-prequalification' }],
    ['Query.listingFeed', { feedInput: { kind: 'NEWEST', limit: 2 } }],
    ['Query.listingLoad', {}],
    ['Query.stayLoad', {}],
    ['Query.availabilityCalendar', { listingId: String(listings[0]!.id), month: 1, year: 2027, count: 1 }, ['NULL']],
  ];
  const fresh = (args: Record<string, unknown>) =>
    args.slug === 'PLACEHOLDER'
      ? { ...args, slug: freshSlug('authz-admin') }
      : args.input === 'PLACEHOLDER'
        ? { input: { slug: freshSlug('authz-post'), title: 'Authz', subtitle: 'Authz', markdown: 'Text.', highlights: [], metaDescription: 'Authz.', publishDate: null, tagSlugs: [] } }
        : args;
  for (const [operation, args, acceptAlso] of cases) {
    exercisedByRole.add(operation);
    const row = rowOf(operation);
    for (const caller of callers) judge(row, caller, caller.facts, await call(caller, operation.split('.')[1]!, fresh(args)), acceptAlso);
  }
  for (const [operation, args] of [
    ['Mutation.uploadUserPhoto', {}],
    ['Mutation.uploadPostImage', { alt: 'A picture' }],
  ] as const) {
    exercisedByRole.add(operation);
    const row = rowOf(operation);
    for (const caller of callers) judge(row, caller, caller.facts, await callUpload(caller, operation.split('.')[1]!, args, { bytes: png, name: 'picture.png' }));
  }
}

describe(`authorization matrix: every caller on random objects (${engineName()})`, () => {
  it(
    `0 leaks, 0 wrongful refusals (${RUNS} runs)`,
    async () => {
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(worldArb, async (world) => {
          await runWorld(world);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      await checkByRole();
      const untested = AUTHORIZATION_MATRIX.filter((r) => !exercisedOnObjects.has(r.operation) && !exercisedByRole.has(r.operation)).map((r) => r.operation);
      console.log(
        `authorization matrix: ${tally.calls} calls in ${RUNS} runs (${((Date.now() - started) / 1000).toFixed(1)} s), ` +
          `${tally.leaks} leaks, ${tally.wrongfulRefusals} wrongful refusals, ${tally.wrongShape} refusals of the wrong shape; ` +
          `${exercisedOnObjects.size} operations on objects, ${[...exercisedByRole].filter((op) => !exercisedOnObjects.has(op)).length} by role only, ${untested.length} by the table only (${untested.join(', ')})`,
      );
      const grouped = new Map<string, string[]>();
      for (const m of tally.mismatches) {
        const key = `${m.operation}: expected ${m.expected}, got ${m.got}`;
        grouped.set(key, [...(grouped.get(key) ?? []), m.caller]);
      }
      expect([...grouped].map(([key, callers]) => `${key} (${callers.length}×, e.g. ${callers[0]})`)).toEqual([]);
      expect(tally.leaks).toBe(0);
      expect(tally.wrongfulRefusals).toBe(0);
      expect(tally.wrongShape).toBe(0);
      expect(tally.calls).toBeGreaterThan(100);
    },
    LONG ? 900_000 : 240_000,
  );
});
