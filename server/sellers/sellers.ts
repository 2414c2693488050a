/**
 * The seller's workspace (spec §1 sellers, §3 Case and Queue, §4 seller listing visibility and seller case
 * queues, §7 createSeller, case, cases, myListings, nextQueue; issue 19).
 *
 * A seller case is an application_cases row of type 'seller-sale' or 'seller-rent' (migration 200) whose
 * listing_id names the seller's own listing (listings.seller_user_id = the case's user) and whose response
 * is the intake questionnaire. The case moves through the queues of its type (case_queues: intake → photos
 * → pricing → review → published); nextQueue moves it on once the current queue is complete.
 *
 * Visibility (§4): the listing is made hidden (internet_entire_listing_display false, status 'Incomplete').
 * publishListing makes it public at once, or schedules it (publish_at) for the publish job
 * (publish-job.ts), or takes it down again. Publishing needs the intake completed and a price.
 *
 * Roles for one case:
 *   SELLER  the case's user (owner of the listing): reads and changes it.
 *   BUYER   the user of a buyer case (an offer): reads it here (its offer lives in server/offers).
 *   AGENT   a company agent (users.is_company_agent): reads and changes seller cases.
 * Everyone else gets NOT_FOUND, exactly as for an id that does not exist.
 */
import type { SellerHomeAddress } from '../../core/sellers/home-context';
import type { UserRecord } from '../accounts/users';
import { findApplicationType, insertCase, type CaseResponse } from '../cases/cases';
import type { Database, Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import { homePrice, monthlyRent } from '../../core/validation/plausibility';
import { PUBLIC_ADDRESS_COLUMNS, PUBLIC_LISTING, publicAddress, SHOWN_DIRECTIONS, type PublicAddress, type PublicAddressRow } from '../listings/search/listing';
import { slugify } from '../listings/reso/mapping';
import { latestDefinition } from '../questionnaires/definitions';
import { startOwnedResponse } from '../questionnaires/responses';
import { assertRequiredSlotsFilled } from '../payments/required-slots';
import type { HomeFacts, ListingFacts } from './description';
import { findSnapshot, takeSnapshot, type CaseSnapshotRecord } from './snapshots';

export const SELLER_SALE_TYPE = 'seller-sale';
export const SELLER_RENT_TYPE = 'seller-rent';
export const SELLER_TYPES = [SELLER_SALE_TYPE, SELLER_RENT_TYPE] as const;
export type SellerClassification = 'sale' | 'rent';

export const MY_LISTINGS_PAGE_SIZE = 10;
export const CASES_MAX = 100;
/** How far ahead a publish date may be. */
export const PUBLISH_AT_MAX_DAYS = 366;

export type CaseRole = 'SELLER' | 'BUYER' | 'AGENT';
export type SellerListingStatus = 'DRAFT' | 'SCHEDULED' | 'PUBLISHED';

const notFound = () => new DomainError('NOT_FOUND', 'Case not found.');
export const isSellerType = (slug: string) => (SELLER_TYPES as readonly string[]).includes(slug);

// ---------------------------------------------------------------------------------------------------
// Records

/** The home a seller starts from (spec §3 seller listing context keys), checked by the schema. */
export interface HomeContext extends SellerHomeAddress {
  bedrooms: number | null;
  bathrooms: number | null;
  area: number | null;
}

export interface CaseQueue {
  id: number;
  name: string;
  displayName: string;
  displayText: string;
  customDirective: string | null;
  queueType: string;
  doneButtonText: string;
  backButtonText: string;
  shortName: string;
  adminName: string;
  statusName: string;
  queuePriority: number;
  dataLocked: boolean;
  postReview: boolean;
  feedbackQueue: string | null;
  nextQueue: string | null;
}

export interface QueueVisit {
  queue: string;
  enteredAt: Date;
  leftAt: Date | null;
}

export interface SellerListing extends HomeFacts {
  id: number;
  slugId: string;
  listingCodeId: string;
  classification: string;
  status: string;
  address: PublicAddress;
  aptSuite: string | null;
  county: string | null;
  lat: number | null;
  lng: number | null;
  countryCode: string;
  propertyType: string;
  overview: string | null;
  /** 'seller' once the seller wrote the description; else it is composed from the facts. */
  descriptionSource: 'generated' | 'seller' | null;
  /** Bathrooms as answered (2.5); `bathrooms` is the whole number the listing column holds. */
  bathroomsAnswered: number | null;
  priceInPennies: number;
  priceCurrencyCode: string;
  mlsNumber: string | null;
  photoCount: number;
  coverPhotoUri: string | null;
  toursEnabled: boolean;
  offersEnabled: boolean;
  visible: boolean;
  /** The seller's driving directions (intake driving_directions; location_data.directions), plain text. */
  drivingDirections: string | null;
}

export interface CaseRecord {
  id: number;
  userId: number;
  type: { id: number; slugId: string; name: string };
  response: CaseResponse & { lastScreenHistory: string[] };
  /** The answers so far (case(id, context) returns the keys asked for). */
  context: Record<string, unknown>;
  queue: CaseQueue | null;
  /** Every queue of the case's type, in order (empty for cases without queues). */
  queues: CaseQueue[];
  history: QueueVisit[];
  publishNow: boolean;
  publishAt: Date | null;
  publishedAt: Date | null;
  createdAt: Date;
  /** The seller's listing (seller cases only). */
  listing: SellerListing | null;
}

/** What the viewer is to this case; null = may not see it (NOT_FOUND). */
export function caseRole(c: Pick<CaseRecord, 'userId' | 'type'>, user: UserRecord): CaseRole | null {
  if (c.userId === user.id) return isSellerType(c.type.slugId) ? 'SELLER' : 'BUYER';
  if (user.isCompanyAgent && isSellerType(c.type.slugId)) return 'AGENT';
  return null;
}

/** Where a seller listing stands for the public (§4 visibility). */
export function listingStatusOf(c: Pick<CaseRecord, 'publishAt' | 'publishedAt'>): SellerListingStatus {
  if (c.publishedAt) return 'PUBLISHED';
  return c.publishAt ? 'SCHEDULED' : 'DRAFT';
}

// ---------------------------------------------------------------------------------------------------
// Queues

interface QueueRow {
  id: number;
  application_type_id: number;
  name: string;
  display_name: string;
  display_text: string;
  custom_directive: string | null;
  queue_type: string;
  done_button_text: string;
  back_button_text: string;
  short_name: string;
  admin_name: string;
  status_name: string;
  queue_priority: number;
  data_locked: boolean;
  post_review: boolean;
  feedback_queue: string | null;
  next_queue: string | null;
}

const toQueue = (r: QueueRow): CaseQueue => ({
  id: Number(r.id),
  name: r.name,
  displayName: r.display_name,
  displayText: r.display_text,
  customDirective: r.custom_directive,
  queueType: r.queue_type,
  doneButtonText: r.done_button_text,
  backButtonText: r.back_button_text,
  shortName: r.short_name,
  adminName: r.admin_name,
  statusName: r.status_name,
  queuePriority: Number(r.queue_priority),
  dataLocked: r.data_locked,
  postReview: r.post_review,
  feedbackQueue: r.feedback_queue,
  nextQueue: r.next_queue,
});

async function queuesOfTypes(db: Queryable, typeIds: number[]): Promise<Map<number, CaseQueue[]>> {
  const byType = new Map<number, CaseQueue[]>();
  if (!typeIds.length) return byType;
  const { rows } = await db.query<QueueRow>('SELECT * FROM case_queues WHERE application_type_id = ANY($1::smallint[]) ORDER BY queue_priority', [typeIds]);
  for (const row of rows) {
    const list = byType.get(Number(row.application_type_id)) ?? [];
    list.push(toQueue(row));
    byType.set(Number(row.application_type_id), list);
  }
  return byType;
}

// ---------------------------------------------------------------------------------------------------
// Reading

interface CaseRow extends PublicAddressRow {
  id: number;
  user_id: number;
  type_id: number;
  type_slug: string;
  type_name: string;
  response_id: string;
  completed_at: Date | null;
  history: string[];
  context: Record<string, unknown>;
  queue_id: number | null;
  publish_now: boolean;
  publish_at: Date | null;
  published_at: Date | null;
  created_at: Date;
  listing_id: number | null;
  listing_slug_id: string | null;
  listing_code_id: string | null;
  classification: string | null;
  status: string | null;
  unit_number: string | null;
  county: string | null;
  latitude: number | null;
  longitude: number | null;
  country_code: string | null;
  property_type: string | null;
  property_sub_type: string | null;
  neighbourhood: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  area: number | null;
  lot_size: number | null;
  year_built: number | null;
  garage_bays: number | null;
  amenities: { label?: string }[] | null;
  overview: string | null;
  description_source: string | null;
  bathrooms_answered: string | null;
  price_in_pennies: number | null;
  price_currency_code: string | null;
  mls_number: string | null;
  photo_count: number | null;
  cover_photo: string | null;
  enable_request_tour: boolean | null;
  enable_offer: boolean | null;
  internet_entire_listing_display: boolean | null;
  driving_directions: string | null;
  visits: { queue: string; entered_at: string; left_at: string | null }[] | null;
}

const CASE_SELECT = `SELECT c.id, c.user_id, t.id AS type_id, t.slug_id AS type_slug, t.name AS type_name, c.response_id, r.completed_at,
    r.history, r.context, c.queue_id, c.publish_now, c.publish_at, c.published_at, c.created_at,
    l.id AS listing_id, l.slug_id AS listing_slug_id, l.listing_code_id, l.classification, l.status, ${PUBLIC_ADDRESS_COLUMNS},
    l.unit_number, l.county, l.latitude, l.longitude, l.country_code, l.property_type, l.property_sub_type, l.neighbourhood,
    l.bedrooms, l.bathrooms, l.area, l.lot_size, l.year_built, l.garage_bays, l.amenities, l.overview, l.price_in_pennies,
    l.building_data ->> 'descriptionSource' AS description_source, l.building_data ->> 'bathrooms' AS bathrooms_answered,
    l.price_currency_code, l.mls_number, jsonb_array_length(l.photos) AS photo_count, l.photos -> 0 ->> 'photoUrl' AS cover_photo,
    l.enable_request_tour, l.enable_offer, l.internet_entire_listing_display, ${SHOWN_DIRECTIONS},
    (SELECT json_agg(json_build_object('queue', q.name, 'entered_at', h.entered_at, 'left_at', h.left_at) ORDER BY h.entered_at, h.id)
       FROM case_queue_history h JOIN case_queues q ON q.id = h.queue_id WHERE h.case_id = c.id) AS visits
  FROM application_cases c
  JOIN application_types t ON t.id = c.application_type_id
  JOIN questionnaire_responses r ON r.id = c.response_id
  LEFT JOIN listings l ON l.id = c.listing_id AND t.slug_id IN ('${SELLER_SALE_TYPE}', '${SELLER_RENT_TYPE}')`;

const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

function toCase(r: CaseRow, queues: Map<number, CaseQueue[]>): CaseRecord {
  const typeQueues = queues.get(Number(r.type_id)) ?? [];
  const listing: SellerListing | null =
    r.listing_id === null
      ? null
      : {
          id: Number(r.listing_id),
          slugId: r.listing_slug_id!,
          listingCodeId: r.listing_code_id!,
          classification: r.classification!,
          status: r.status!,
          address: publicAddress(r),
          aptSuite: r.unit_number,
          county: r.county,
          lat: num(r.latitude),
          lng: num(r.longitude),
          countryCode: r.country_code ?? 'US',
          propertyType: r.property_type ?? 'Residential',
          propertySubType: r.property_sub_type,
          neighbourhood: r.neighbourhood,
          bedrooms: num(r.bedrooms),
          bathrooms: num(r.bathrooms),
          area: num(r.area),
          lotSize: num(r.lot_size),
          yearBuilt: num(r.year_built),
          garageBays: num(r.garage_bays),
          amenities: (r.amenities ?? []).map((a) => a.label ?? '').filter(Boolean),
          overview: r.overview,
          descriptionSource: r.description_source === 'seller' ? 'seller' : r.description_source === 'generated' ? 'generated' : null,
          bathroomsAnswered: r.bathrooms_answered && Number.isFinite(Number(r.bathrooms_answered)) ? Number(r.bathrooms_answered) : null,
          priceInPennies: Number(r.price_in_pennies ?? 0),
          priceCurrencyCode: (r.price_currency_code ?? 'USD').trim(),
          mlsNumber: r.mls_number,
          photoCount: Number(r.photo_count ?? 0),
          coverPhotoUri: r.cover_photo,
          toursEnabled: Boolean(r.enable_request_tour),
          offersEnabled: Boolean(r.enable_offer),
          visible: Boolean(r.internet_entire_listing_display),
          drivingDirections: r.driving_directions,
        };
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    type: { id: Number(r.type_id), slugId: r.type_slug, name: r.type_name },
    response: { id: r.response_id, completedAt: r.completed_at, lastScreenHistory: r.history ?? [] },
    context: r.context ?? {},
    queue: typeQueues.find((q) => q.id === num(r.queue_id)) ?? null,
    queues: typeQueues,
    history: (r.visits ?? []).map((v) => ({ queue: v.queue, enteredAt: new Date(v.entered_at), leftAt: v.left_at ? new Date(v.left_at) : null })),
    publishNow: r.publish_now,
    publishAt: r.publish_at,
    publishedAt: r.published_at,
    createdAt: r.created_at,
    listing,
  };
}

async function casesWhere(db: Queryable, where: string, params: unknown[], tail = ''): Promise<CaseRecord[]> {
  const { rows } = await db.query<CaseRow>(`${CASE_SELECT} WHERE ${where} ${tail}`, params);
  const queues = await queuesOfTypes(db, [...new Set(rows.map((r) => Number(r.type_id)))]);
  return rows.map((r) => toCase(r, queues));
}

async function findCase(db: Queryable, id: number): Promise<CaseRecord | null> {
  return (await casesWhere(db, 'c.id = $1', [id]))[0] ?? null;
}

/** The case if the user may read it; else NOT_FOUND. */
export async function readableCase(db: Queryable, id: number, user: UserRecord): Promise<CaseRecord> {
  const found = await findCase(db, id);
  if (!found || !caseRole(found, user)) throw notFound();
  return found;
}

/** A seller case the user may change (its seller or a company agent); else NOT_FOUND. */
export async function sellerCaseFor(db: Queryable, id: number, user: UserRecord): Promise<CaseRecord & { listing: SellerListing }> {
  const found = await findCase(db, id);
  const role = found ? caseRole(found, user) : null;
  if (!found || !found.listing || (role !== 'SELLER' && role !== 'AGENT')) throw notFound();
  return found as CaseRecord & { listing: SellerListing };
}

/** cases(applicationType, context): the viewer's cases of one type, newest first. */
export async function listCases(db: Queryable, user: UserRecord, typeSlug: string): Promise<CaseRecord[]> {
  return casesWhere(db, 'c.user_id = $1 AND t.slug_id = $2', [user.id, typeSlug], `ORDER BY c.created_at DESC, c.id DESC LIMIT ${CASES_MAX}`);
}

export interface MyListingsInput {
  viewType: 'ALL' | SellerClassification;
  statusTypeFilter: 'ALL' | SellerListingStatus;
  page: number;
  searchFilter: string;
}

export interface MyListingsPage {
  page: number;
  numPages: number;
  total: number;
  hasNext: boolean;
  hasPrev: boolean;
  items: CaseRecord[];
}

const STATUS_SQL: Record<SellerListingStatus, string> = {
  PUBLISHED: 'c.published_at IS NOT NULL',
  SCHEDULED: 'c.published_at IS NULL AND c.publish_at IS NOT NULL',
  DRAFT: 'c.published_at IS NULL AND c.publish_at IS NULL',
};

/** myListings: the viewer's seller cases, filtered by classification, status and address text, a page at a time. */
export async function myListings(db: Queryable, user: UserRecord, input: MyListingsInput): Promise<MyListingsPage> {
  const params: unknown[] = [user.id, [...SELLER_TYPES]];
  const where = ['c.user_id = $1', 't.slug_id = ANY($2::text[])', 'l.id IS NOT NULL'];
  if (input.viewType !== 'ALL') {
    params.push(input.viewType);
    where.push(`l.classification = $${params.length}`);
  }
  if (input.statusTypeFilter !== 'ALL') where.push(STATUS_SQL[input.statusTypeFilter]);
  const search = input.searchFilter.trim().toLowerCase();
  if (search) {
    params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`lower(l.street_line1 || ' ' || l.city || ' ' || l.state_province || ' ' || l.postal_code) LIKE $${params.length}`);
  }
  const condition = where.join(' AND ');
  const { rows: counted } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM application_cases c JOIN application_types t ON t.id = c.application_type_id
       LEFT JOIN listings l ON l.id = c.listing_id WHERE ${condition}`,
    params,
  );
  const total = Number(counted[0]?.total ?? 0);
  const numPages = Math.max(1, Math.ceil(total / MY_LISTINGS_PAGE_SIZE));
  const page = Math.min(input.page, numPages);
  const items = await casesWhere(db, condition, params, `ORDER BY c.created_at DESC, c.id DESC LIMIT ${MY_LISTINGS_PAGE_SIZE} OFFSET ${(page - 1) * MY_LISTINGS_PAGE_SIZE}`);
  return { page, numPages, total, hasNext: page < numPages, hasPrev: page > 1, items };
}

// ---------------------------------------------------------------------------------------------------
// Starting a listing (createSeller)

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/**
 * What the intake questionnaire knows of the home from the start: the spec's context keys, and the same
 * values under the variables of the intake's address and basics widgets so their fields are filled in.
 */
export function sellerCaseContext(home: HomeContext): Record<string, string> {
  return {
    address: home.address,
    aptSuite: text(home.aptSuite),
    city: home.city,
    county: text(home.county),
    short_state: home.short_state,
    zip_code: home.zip_code,
    lat: text(home.lat),
    lng: text(home.lng),
    bedrooms: text(home.bedrooms),
    bathrooms: text(home.bathrooms),
    area: text(home.area),
    street: home.address,
    apt: text(home.aptSuite),
    usstate: home.short_state,
    postal: home.zip_code,
  };
}

export interface CreatedSeller {
  caseId: number;
  responseId: string;
  listingId: number;
}

/**
 * createSeller(homeContext, classification): the hidden listing (id from seller_listing_id_seq), the case in
 * its first queue, and the intake response seeded with the home, in one transaction.
 */
export async function createSeller(
  db: Database,
  user: UserRecord,
  partnerId: number,
  input: { home: HomeContext; classification: SellerClassification },
): Promise<CreatedSeller> {
  const type = await findApplicationType(db, input.classification === 'rent' ? SELLER_RENT_TYPE : SELLER_SALE_TYPE);
  const questionnaire = await latestDefinition(db, type.questionnaireSlug);
  if (!questionnaire) throw new Error(`The ${type.questionnaireSlug} questionnaire is missing.`);
  const home = input.home;
  return db.transaction(async (tx) => {
    const { rows: ids } = await tx.query<{ id: number }>("SELECT nextval('seller_listing_id_seq')::bigint AS id");
    const listingId = Number(ids[0]!.id);
    await tx.query(
      `INSERT INTO listings (id, listing_code_id, slug_id, street_line1, unit_number, city, county, state_province, postal_code,
          latitude, longitude, price_in_pennies, classification, status, internet_entire_listing_display, source, seller_user_id,
          bedrooms, bathrooms, area, area_unit, area_sq_ft, modification_timestamp)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, $12, 'Incomplete', false, 'seller', $13, $14, $15, $16,
          CASE WHEN $16::float8 IS NULL THEN NULL ELSE 'sqft' END, $16, now())`,
      [
        listingId,
        `S${listingId}`,
        slugify(home.address, home.city, home.short_state, home.zip_code),
        home.address,
        home.aptSuite,
        home.city,
        home.county,
        home.short_state,
        home.zip_code,
        home.lat,
        home.lng,
        input.classification,
        user.id,
        home.bedrooms,
        home.bathrooms === null ? null : Math.floor(home.bathrooms),
        home.area,
      ],
    );
    // The owner step starts with the seller's own name and email.
    const context = { ...sellerCaseContext(home), first_name: user.firstName, last_name: user.lastName, email: user.email };
    const responseId = await startOwnedResponse(tx, questionnaire, { partnerId, userId: user.id }, context);
    const caseId = await insertCase(tx, { userId: user.id, type, responseId, listingId });
    // The intake's widgets that work on the case (overview, document uploads) read its id from the context.
    await tx.query(`UPDATE questionnaire_responses SET context = context || jsonb_build_object('case_id', $2::text) WHERE id = $1`, [responseId, String(caseId)]);
    await enterQueue(tx, caseId, type.id, null, user.id);
    return { caseId, responseId, listingId };
  });
}

/** Moves the case into `queueName` (null: the type's first queue), closing the visit of the queue it leaves. */
async function enterQueue(tx: Queryable, caseId: number, typeId: number, queueName: string | null, userId: number): Promise<CaseQueue> {
  const { rows } = await tx.query<QueueRow>(
    `SELECT * FROM case_queues WHERE application_type_id = $1 AND ($2::text IS NULL OR name = $2) ORDER BY queue_priority LIMIT 1`,
    [typeId, queueName],
  );
  const queue = rows[0];
  if (!queue) throw new Error(`No queue ${queueName ?? '(first)'} for application type ${typeId}.`);
  await tx.query('UPDATE case_queue_history SET left_at = clock_timestamp() WHERE case_id = $1 AND left_at IS NULL', [caseId]);
  await tx.query('INSERT INTO case_queue_history (case_id, queue_id, moved_by_user_id) VALUES ($1, $2, $3)', [caseId, queue.id, userId]);
  await tx.query('UPDATE application_cases SET queue_id = $2, updated_at = now() WHERE id = $1', [caseId, queue.id]);
  return toQueue(queue);
}

// ---------------------------------------------------------------------------------------------------
// Queues: nextQueue (the data lock is data-lock.ts)

/** Why the case's current queue is not complete yet; null when it is. */
export function incompleteReason(c: CaseRecord & { listing: SellerListing }): string | null {
  switch (c.queue?.queueType) {
    case 'questionnaire':
      return c.response.completedAt ? null : 'Finish the home details questionnaire first.';
    case 'photos':
      return c.listing.photoCount > 0 ? null : 'Add at least one photo first.';
    case 'pricing':
      return c.listing.priceInPennies > 0 ? null : 'Set the price first.';
    case 'review':
      return c.publishNow || c.publishAt ? null : 'Publish the listing now or choose a publish date first.';
    default:
      return null;
  }
}

/**
 * nextQueue(appCaseId, contextQueue): the case moves from its current queue (which must be complete) to
 * the next one, which is returned. `contextQueue`, when given, must name the current queue: a page that is
 * out of date cannot skip a step.
 */
export async function advanceQueue(db: Database, user: UserRecord, caseId: number, contextQueue: string | null): Promise<CaseQueue> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM application_cases WHERE id = $1 FOR UPDATE', [caseId]);
    const c = await sellerCaseFor(tx, caseId, user);
    const current = c.queue;
    if (!current) throw new Error(`Seller case ${caseId} has no queue.`);
    if (contextQueue !== null && contextQueue !== current.name) {
      throw badInput(`The case is in the ${current.displayName} step, not ${contextQueue}.`, 'contextQueue');
    }
    if (!current.nextQueue) throw badInput('This listing has gone through every step.', 'appCaseId');
    const reason = incompleteReason(c);
    if (reason) throw badInput(reason, 'appCaseId');
    await assertRequiredSlotsFilled(tx, caseId, current.id);
    const next = await enterQueue(tx, caseId, c.type.id, current.nextQueue, user.id);
    // A queue that locks the data keeps what was submitted: the answers and the listing as they are now.
    if (next.dataLocked) await takeSnapshot(tx, { caseId, queue: next, answers: c.context, listing: c.listing, userId: user.id });
    return next;
  });
}

/** caseSnapshot(snapshotName): a snapshot of a case the user may read (owner, or a company agent for seller cases); else NOT_FOUND. */
export async function readableSnapshot(db: Queryable, name: string, user: UserRecord): Promise<CaseSnapshotRecord> {
  const snapshot = await findSnapshot(db, name);
  if (!snapshot) throw new DomainError('NOT_FOUND', 'Snapshot not found.');
  const found = await findCase(db, snapshot.caseId);
  if (!found || !caseRole(found, user)) throw new DomainError('NOT_FOUND', 'Snapshot not found.');
  return snapshot;
}

// ---------------------------------------------------------------------------------------------------
// Publishing and editing the listing

export interface PublishInput {
  publishNow: boolean;
  publishAt: Date | null;
  toursEnabled: boolean | null;
  offersEnabled: boolean | null;
}

function requireReady(c: CaseRecord & { listing: SellerListing }): void {
  if (!c.response.completedAt) throw badInput('Finish the home details questionnaire before publishing.', 'caseId');
  if (c.listing.priceInPennies <= 0) throw badInput('Set the price before publishing.', 'caseId');
}

/**
 * publishListing: publishNow → public at once (the search generation moves with the row); publishAt → hidden
 * until then, when the publish job makes it public; neither → taken down (hidden again).
 */
export async function publishListing(db: Database, user: UserRecord, caseId: number, input: PublishInput, now: Date = new Date()): Promise<CaseRecord> {
  if (input.publishNow && input.publishAt) throw badInput('Publish now or choose a publish date, not both.', 'publishAt');
  if (input.publishAt) {
    if (input.publishAt.getTime() <= now.getTime()) throw badInput('The publish date must be in the future; use publish now instead.', 'publishAt');
    if (input.publishAt.getTime() > now.getTime() + PUBLISH_AT_MAX_DAYS * 86_400_000) throw badInput(`The publish date must be within ${PUBLISH_AT_MAX_DAYS} days.`, 'publishAt');
  }
  await db.transaction(async (tx) => {
    await tx.query('SELECT id FROM application_cases WHERE id = $1 FOR UPDATE', [caseId]);
    const c = await sellerCaseFor(tx, caseId, user);
    if (input.publishNow || input.publishAt) requireReady(c);
    await tx.query(
      `UPDATE application_cases SET publish_now = $2, publish_at = $3, updated_at = now(),
          published_at = CASE WHEN $2 THEN coalesce(published_at, now()) ELSE NULL END
        WHERE id = $1`,
      [caseId, input.publishNow, input.publishNow ? now : input.publishAt],
    );
    await tx.query(
      `UPDATE listings SET internet_entire_listing_display = $2,
          status = CASE WHEN $2 THEN 'Active' WHEN $3 THEN 'Coming Soon' ELSE 'Incomplete' END,
          list_date = CASE WHEN $2 THEN coalesce(list_date, current_date) ELSE list_date END,
          enable_request_tour = coalesce($4, enable_request_tour), enable_offer = coalesce($5, enable_offer),
          modification_timestamp = now(), updated_at = now()
        WHERE id = $1`,
      [c.listing.id, input.publishNow, input.publishAt !== null, input.toursEnabled, input.offersEnabled],
    );
  });
  return (await findCase(db, caseId))!;
}

export interface ListingUpdate {
  priceInPennies: number | null;
  /** The seller confirmed an unusual price (core/validation/plausibility.ts); it is kept with the listing. */
  priceConfirmed?: boolean | null;
  description: string | null;
  toursEnabled: boolean | null;
  offersEnabled: boolean | null;
}

/**
 * A seller's price by the plausibility rules both sides apply (issue 36): an impossible one is refused, an
 * unusual one ($5,000 for a house, $40,000 a month of rent) only with the seller's confirmation — refused with
 * `extensions.plausibility = 'confirm'` until then, so a client knows to ask "Is that right?".
 */
function checkListingPrice(listing: SellerListing, priceInPennies: number, confirmed: boolean): void {
  const judgement = { today: new Date(), currencyCode: listing.priceCurrencyCode.trim() };
  const amount = priceInPennies / 100;
  const finding = listing.classification === 'rent' ? monthlyRent(amount, judgement) : homePrice(amount, judgement, 'The asking price');
  if (finding?.level === 'refuse') throw badInput(finding.message, 'priceInPennies', { plausibility: 'refuse' });
  if (finding?.level === 'confirm' && !confirmed) throw badInput(finding.message, 'priceInPennies', { plausibility: 'confirm' });
}

/** updateSellerListing: the price, the description (plain text), the tour and offer flags. */
export async function updateSellerListing(db: Database, user: UserRecord, caseId: number, input: ListingUpdate): Promise<CaseRecord> {
  await db.transaction(async (tx) => {
    const c = await sellerCaseFor(tx, caseId, user);
    if (input.priceInPennies !== null) checkListingPrice(c.listing, input.priceInPennies, input.priceConfirmed === true);
    await tx.query(
      `UPDATE listings SET price_in_pennies = coalesce($2, price_in_pennies), overview = coalesce($3, overview),
          building_data = CASE WHEN $3::text IS NULL THEN building_data ELSE building_data || '{"descriptionSource":"seller"}' END
            || CASE WHEN $2::bigint IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('priceConfirmedInPennies', CASE WHEN $6 THEN $2::bigint END) END,
          enable_request_tour = coalesce($4, enable_request_tour), enable_offer = coalesce($5, enable_offer),
          modification_timestamp = now(), updated_at = now()
        WHERE id = $1`,
      [c.listing.id, input.priceInPennies, input.description, input.toursEnabled, input.offersEnabled, input.priceConfirmed === true],
    );
  });
  return (await findCase(db, caseId))!;
}

/** The publish job's step: listings whose publish date has come become public. Returns how many. */
export async function publishDueListings(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ listing_id: number }>(
      `UPDATE application_cases SET published_at = publish_at, updated_at = now()
        WHERE publish_at <= $1 AND published_at IS NULL AND listing_id IS NOT NULL RETURNING listing_id`,
      [now],
    );
    if (!rows.length) return 0;
    await tx.query(
      `UPDATE listings SET internet_entire_listing_display = true, status = 'Active', list_date = coalesce(list_date, current_date),
          modification_timestamp = now(), updated_at = now()
        WHERE id = ANY($1::bigint[])`,
      [rows.map((r) => Number(r.listing_id))],
    );
    return rows.length;
  });
}

/** The facts a description is composed from. */
export const factsOf = (l: SellerListing): ListingFacts => ({
  classification: l.classification === 'rent' ? 'rent' : 'sale',
  propertySubType: l.propertySubType,
  city: l.address.city,
  stateProvince: l.address.stateProvince,
  neighbourhood: l.neighbourhood,
  bedrooms: l.bedrooms,
  bathrooms: l.bathroomsAnswered ?? l.bathrooms,
  area: l.area,
  lotSize: l.lotSize,
  yearBuilt: l.yearBuilt,
  garageBays: l.garageBays,
  amenities: l.amenities,
  priceInPennies: l.priceInPennies,
  priceCurrencyCode: l.priceCurrencyCode,
});

// ---------------------------------------------------------------------------------------------------
// Where is the home (reverse geocoding from our own listings)

export interface HomeLocation {
  address: string;
  city: string;
  county: string;
  short_state: string;
  zip_code: string;
  lat: number;
  lng: number;
  /** True when a known street address is at the point; else only the area (city, ZIP) is known. */
  exact: boolean;
}

/** An address within this many degrees (~100 m) counts as the home itself. */
const EXACT_DEGREES = 0.001;
/** Beyond this (~30 km) nothing of ours says where the point is. */
const AREA_DEGREES = 0.3;

/** The home at a point: the nearest public address of our listings, or the area around it. */
export async function homeAt(db: Queryable, lat: number, lng: number): Promise<HomeLocation | null> {
  const { rows } = await db.query<PublicAddressRow & { county: string | null; latitude: number; longitude: number; distance: number }>(
    `SELECT ${PUBLIC_ADDRESS_COLUMNS}, l.county, l.latitude, l.longitude, l.location <-> point($2, $1) AS distance
       FROM listings l WHERE ${PUBLIC_LISTING} AND l.location IS NOT NULL
         AND l.location <@ box(point($2 - $3, $1 - $3), point($2 + $3, $1 + $3))
      ORDER BY l.location <-> point($2, $1) LIMIT 1`,
    [lat, lng, AREA_DEGREES],
  );
  const near = rows[0];
  if (!near) return null;
  const address = publicAddress(near);
  const exact = Number(near.distance) <= EXACT_DEGREES && address.streetLine1 !== null;
  return {
    address: exact ? address.streetLine1! : '',
    city: address.city,
    county: near.county ?? '',
    short_state: address.stateProvince,
    zip_code: address.postalCode,
    lat,
    lng,
    exact,
  };
}
