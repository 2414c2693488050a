/**
 * The lead inbox (issue 16, `<hearth-leads>`): a partner's leads with filters and keyset pages, one lead with
 * its listing's public card, its stay dates or home valuation, and its notes; status changes and notes.
 * Every function checks access first (access.ts): a stranger gets NOT_FOUND, exactly like an id that does not
 * exist. Leads are written by the forms (server/contact/leads.ts insertLead); this module never moves them.
 *
 * The record of a lead is its notes: each note a person writes, and one note per status change (status_to
 * set, body empty), in order; the lead's own status_changed_at says when it last changed.
 */
import { phoneCountryOf } from '../../core/format/phone';
import type { UserRecord } from '../accounts/users';
import { stayColumns } from '../contact/lead-stay';
import { toLeadMessage, type LeadMessage, type LeadMessageRow } from '../contact/leads';
import type { Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import { LISTING_COLUMNS, PUBLIC_LISTING, toPublicListing, type ListingRow, type PublicListing } from '../listings/search/listing';
import { LEAD_SOURCES, type LeadSource } from '../webhooks/webhooks';
import { canManagePartnerLeads } from './access';

export const LEAD_STATUSES = ['new', 'contacted', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const INBOX_PAGE_DEFAULT = 25;
export const INBOX_PAGE_MAX = 100;
export const NOTE_MAX = 5_000;
/** The newest notes a lead's detail holds (a lead worked for years stays readable). */
export const NOTES_SHOWN_MAX = 200;
export const SEARCH_MAX = 200;

export interface LeadFilter {
  source: LeadSource | null;
  listingId: number | null;
  status: LeadStatus | null;
  /** Leads created at or after this instant. */
  from: Date | null;
  /** Leads created before this instant. */
  to: Date | null;
  /** Words of the name or the email address, case-insensitive. */
  search: string | null;
}

export const NO_FILTER: LeadFilter = { source: null, listingId: null, status: null, from: null, to: null, search: null };

export interface InboxLead extends LeadMessage {
  id: string;
  partnerId: number;
  source: LeadSource;
  status: LeadStatus;
  statusChangedAt: Date | null;
  listingId: number | null;
  /** The listing's public card; null without a listing, or when it is hidden or gone from the feed. */
  listing: PublicListing | null;
  createdAt: Date;
  /** The country its phone is read and shown for: its partner's (core/format/phone.ts `phoneCountryOf`). */
  phoneCountry: string;
}

export interface LeadValuation {
  address: string;
  homeType: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  livingArea: number | null;
  yearBuilt: number | null;
  estimateInPennies: number | null;
  lowInPennies: number | null;
  highInPennies: number | null;
  currencyCode: string | null;
  optIn: boolean;
}

export interface LeadNote {
  id: string;
  body: string;
  /** Set when the note records a status change. */
  statusTo: LeadStatus | null;
  authorName: string | null;
  createdAt: Date;
}

export interface LeadDetail extends InboxLead {
  valuation: LeadValuation | null;
  notes: LeadNote[];
}

export interface InboxPage {
  leads: InboxLead[];
  totalCount: number;
  /** The id of the last lead of the page: pass it as `after` for the next one; null on the last page. */
  endCursor: string | null;
  hasNextPage: boolean;
}

// ---------------------------------------------------------------------------------------------------
// Filters from text (REST query parameters; GraphQL passes them through the same checks)

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isLeadId = (value: string) => UUID.test(value);

export interface RawLeadFilter {
  source?: string | null;
  listingId?: string | null;
  status?: string | null;
  from?: string | null;
  to?: string | null;
  search?: string | null;
}

/** ISO 8601 with a date, optionally a time and offset (a bare date is midnight UTC). */
const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

function instant(text: string): Date | null {
  if (!INSTANT.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Reads a filter; the mistakes come back by field (an empty object when there are none). */
export function readLeadFilter(raw: RawLeadFilter): { filter: LeadFilter; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const given = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());
  const filter: LeadFilter = { ...NO_FILTER };

  const source = given(raw.source);
  if (source !== null) {
    if ((LEAD_SOURCES as readonly string[]).includes(source)) filter.source = source as LeadSource;
    else errors.source = `source must be one of ${LEAD_SOURCES.join(', ')}.`;
  }
  const status = given(raw.status);
  if (status !== null) {
    if ((LEAD_STATUSES as readonly string[]).includes(status)) filter.status = status as LeadStatus;
    else errors.status = `status must be one of ${LEAD_STATUSES.join(', ')}.`;
  }
  const listingId = given(raw.listingId);
  if (listingId !== null) {
    const id = /^[1-9][0-9]{0,15}$/.test(listingId) ? Number(listingId) : NaN;
    if (Number.isSafeInteger(id)) filter.listingId = id;
    else errors.listingId = 'listingId must be a positive whole number.';
  }
  for (const key of ['from', 'to'] as const) {
    const text = given(raw[key]);
    if (text === null) continue;
    const date = instant(text);
    if (date) filter[key] = date;
    else errors[key] = `${key} must be a date or an ISO 8601 date and time.`;
  }
  if (filter.from && filter.to && filter.from >= filter.to) errors.to = 'to must be after from.';
  const search = given(raw.search);
  if (search !== null) {
    if (search.length > SEARCH_MAX) errors.search = `search must be at most ${SEARCH_MAX} characters.`;
    else filter.search = search;
  }
  return { filter, errors };
}

// ---------------------------------------------------------------------------------------------------
// Reading

const partnerNotFound = () => new DomainError('NOT_FOUND', 'Partner not found.');
const leadNotFound = () => new DomainError('NOT_FOUND', 'Lead not found.');

/** NOT_FOUND unless `viewer` may work the partner's leads. */
export async function requireLeadManager(db: Queryable, viewer: UserRecord | null, partnerId: number): Promise<void> {
  if (!(await canManagePartnerLeads(db, viewer, partnerId))) throw partnerNotFound();
}

interface LeadRow extends LeadMessageRow {
  id: string;
  seq: string | number;
  partner_id: string | number;
  source: LeadSource;
  status: LeadStatus;
  status_changed_at: Date | null;
  listing_id: string | number | null;
  created_at: Date;
  partner_countries: unknown;
}

const LEAD_COLUMNS = `ld.id, ld.seq, ld.partner_id, ld.source, ld.status, ld.status_changed_at, ld.first_name, ld.last_name,
  ld.email, ld.phone, ld.comment, ld.page_origin, ld.listing_id, ${stayColumns('ld.')}, ld.created_at,
  (SELECT p.app_context #> '{partner,addressSearchComponentRestrictions,country}' FROM partners p WHERE p.id = ld.partner_id) AS partner_countries`;

const toLead = (r: LeadRow, listing: PublicListing | null): InboxLead => ({
  id: r.id,
  partnerId: Number(r.partner_id),
  source: r.source,
  status: r.status,
  statusChangedAt: r.status_changed_at,
  ...toLeadMessage(r),
  listingId: r.listing_id === null ? null : Number(r.listing_id),
  listing,
  createdAt: r.created_at,
  phoneCountry: phoneCountryOf(r.partner_countries),
});

/** The public cards of these listings, by id (hidden listings are absent: the street-withheld rule applies). */
async function publicListings(db: Queryable, ids: readonly number[]): Promise<Map<number, PublicListing>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const { rows } = await db.query<ListingRow>(`SELECT ${LISTING_COLUMNS} FROM listings l WHERE ${PUBLIC_LISTING} AND l.id = ANY($1::bigint[])`, [unique]);
  return new Map(rows.map((r) => [Number(r.id), toPublicListing(r)]));
}

/** `%`, `_` and `\` typed by the user match themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(partnerId: number, filter: LeadFilter, params: unknown[]): string {
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const conditions = [`ld.partner_id = ${add(partnerId)}`];
  if (filter.source) conditions.push(`ld.source = ${add(filter.source)}`);
  if (filter.status) conditions.push(`ld.status = ${add(filter.status)}`);
  if (filter.listingId !== null) conditions.push(`ld.listing_id = ${add(filter.listingId)}::bigint`);
  if (filter.from) conditions.push(`ld.created_at >= ${add(filter.from.toISOString())}::timestamptz`);
  if (filter.to) conditions.push(`ld.created_at < ${add(filter.to.toISOString())}::timestamptz`);
  if (filter.search) {
    // Each word must be in the name or the address.
    for (const word of filter.search.split(/\s+/).filter(Boolean).slice(0, 8)) {
      const p = add(likePattern(word));
      conditions.push(`(ld.first_name ILIKE ${p} OR ld.last_name ILIKE ${p} OR ld.email ILIKE ${p})`);
    }
  }
  return conditions.join(' AND ');
}

/**
 * The partner's leads matching `filter`, newest first, `first` at a time; `after` is the id of the last lead
 * already seen (pages stay stable while new leads arrive). A cursor that is not a lead of this partner is a
 * mistake named `after`.
 */
export async function listInboxLeads(
  db: Queryable,
  viewer: UserRecord | null,
  partnerId: number,
  filter: LeadFilter,
  page: { first: number; after: string | null },
): Promise<InboxPage> {
  await requireLeadManager(db, viewer, partnerId);
  return readInboxPage(db, partnerId, filter, page);
}

/** listInboxLeads without the access check: for callers that checked it another way (a partner API key). */
export async function readInboxPage(
  db: Queryable,
  partnerId: number,
  filter: LeadFilter,
  page: { first: number; after: string | null },
  options: { withListings?: boolean; count?: boolean } = {},
): Promise<InboxPage> {
  let afterSeq: number | null = null;
  if (page.after !== null) {
    const { rows } = isLeadId(page.after)
      ? await db.query<{ seq: string | number }>('SELECT seq FROM leads WHERE id = $1 AND partner_id = $2', [page.after, partnerId])
      : { rows: [] };
    if (!rows[0]) throw badInput('after must be the id of a lead of this partner.', 'after');
    afterSeq = Number(rows[0].seq);
  }
  const params: unknown[] = [];
  const where = whereOf(partnerId, filter, params);
  const countParams = [...params];
  params.push(afterSeq, page.first + 1);
  const { rows } = await db.query<LeadRow>(
    `SELECT ${LEAD_COLUMNS} FROM leads ld
      WHERE ${where} AND ($${params.length - 1}::bigint IS NULL OR ld.seq < $${params.length - 1}::bigint)
      ORDER BY ld.seq DESC LIMIT $${params.length}`,
    params,
  );
  const hasNextPage = rows.length > page.first;
  const shown = rows.slice(0, page.first);
  const listings =
    options.withListings === false ? new Map<number, PublicListing>() : await publicListings(db, shown.flatMap((r) => (r.listing_id === null ? [] : [Number(r.listing_id)])));
  const leads = shown.map((r) => toLead(r, r.listing_id === null ? null : (listings.get(Number(r.listing_id)) ?? null)));
  let totalCount = 0;
  if (options.count !== false) {
    const { rows: counted } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM leads ld WHERE ${where}`, countParams);
    totalCount = Number(counted[0]!.n);
  }
  return { leads, totalCount, endCursor: hasNextPage ? leads.at(-1)!.id : null, hasNextPage };
}

interface ValuationRow {
  address: string;
  facts: Record<string, unknown> | null;
  estimate_in_pennies: string | number | null;
  low_in_pennies: string | number | null;
  high_in_pennies: string | number | null;
  currency_code: string | null;
  opt_in: boolean;
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const pennies = (value: string | number | null) => (value === null ? null : Number(value));

async function valuationOf(db: Queryable, leadId: string): Promise<LeadValuation | null> {
  const { rows } = await db.query<ValuationRow>(
    `SELECT address, facts, estimate_in_pennies, low_in_pennies, high_in_pennies, currency_code, opt_in
       FROM home_valuation_requests WHERE lead_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [leadId],
  );
  const r = rows[0];
  if (!r) return null;
  const facts = r.facts ?? {};
  return {
    address: r.address,
    homeType: typeof facts.homeType === 'string' ? facts.homeType : null,
    bedrooms: num(facts.bedrooms),
    bathrooms: num(facts.bathrooms),
    livingArea: num(facts.livingArea),
    yearBuilt: num(facts.yearBuilt),
    estimateInPennies: pennies(r.estimate_in_pennies),
    lowInPennies: pennies(r.low_in_pennies),
    highInPennies: pennies(r.high_in_pennies),
    currencyCode: r.currency_code?.trim() ?? null,
    optIn: r.opt_in,
  };
}

async function notesOf(db: Queryable, leadId: string): Promise<LeadNote[]> {
  const { rows } = await db.query<{ id: string | number; body: string; status_to: LeadStatus | null; first_name: string | null; last_name: string | null; created_at: Date }>(
    `SELECT * FROM (
       SELECT n.id, n.body, n.status_to, u.first_name, u.last_name, n.created_at
         FROM lead_notes n LEFT JOIN users u ON u.id = n.author_user_id
        WHERE n.lead_id = $1 ORDER BY n.id DESC LIMIT ${NOTES_SHOWN_MAX}) newest
     ORDER BY id`,
    [leadId],
  );
  return rows.map((r) => ({
    id: String(r.id),
    body: r.body,
    statusTo: r.status_to,
    authorName: r.first_name === null ? null : `${r.first_name} ${r.last_name ?? ''}`.trim(),
    createdAt: r.created_at,
  }));
}

/** The lead row when `viewer` may work it, else NOT_FOUND (also for ids that are not ids). */
async function manageableLead(db: Queryable, viewer: UserRecord | null, leadId: string): Promise<LeadRow> {
  if (!viewer || !isLeadId(leadId)) throw leadNotFound();
  const { rows } = await db.query<LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads ld WHERE ld.id = $1`, [leadId]);
  const row = rows[0];
  if (!row || !(await canManagePartnerLeads(db, viewer, Number(row.partner_id)))) throw leadNotFound();
  return row;
}

async function detailOf(db: Queryable, row: LeadRow): Promise<LeadDetail> {
  const listings = row.listing_id === null ? new Map<number, PublicListing>() : await publicListings(db, [Number(row.listing_id)]);
  const lead = toLead(row, row.listing_id === null ? null : (listings.get(Number(row.listing_id)) ?? null));
  const [valuation, notes] = await Promise.all([valuationOf(db, row.id), notesOf(db, row.id)]);
  return { ...lead, valuation, notes };
}

/** One lead with its listing card, stay dates or valuation, and notes. */
export async function leadDetail(db: Queryable, viewer: UserRecord | null, leadId: string): Promise<LeadDetail> {
  return detailOf(db, await manageableLead(db, viewer, leadId));
}

// ---------------------------------------------------------------------------------------------------
// Working a lead

/** Sets the status; a change is written as a note and stamps status_changed_at (the same status changes nothing). */
export async function setLeadStatus(db: Queryable, viewer: UserRecord | null, leadId: string, status: LeadStatus): Promise<LeadDetail> {
  if (!(LEAD_STATUSES as readonly string[]).includes(status)) throw badInput(`status must be one of ${LEAD_STATUSES.join(', ')}.`, 'status');
  const row = await manageableLead(db, viewer, leadId);
  if (row.status !== status) {
    // One statement: the change and its note together, and a concurrent change of the same lead waits on the row.
    await db.query(
      `WITH changed AS (
         UPDATE leads SET status = $2, status_changed_at = now(), updated_at = now()
          WHERE id = $1 AND status <> $2 RETURNING id)
       INSERT INTO lead_notes (lead_id, author_user_id, body, status_to)
       SELECT id, $3, '', $2 FROM changed`,
      [leadId, status, viewer!.id],
    );
  }
  return leadDetail(db, viewer, leadId);
}

/** Adds a note (plain text, at most 5,000 characters; rendered as text, never as markup). */
export async function addLeadNote(db: Queryable, viewer: UserRecord | null, leadId: string, body: string): Promise<LeadDetail> {
  const text = body.replace(/\r\n?/g, '\n').trim();
  if (text === '') throw badInput('Write a note first.', 'body');
  if (text.length > NOTE_MAX) throw badInput(`A note must be at most ${NOTE_MAX.toLocaleString('en-US')} characters.`, 'body');
  await manageableLead(db, viewer, leadId);
  await db.query('INSERT INTO lead_notes (lead_id, author_user_id, body) VALUES ($1, $2, $3)', [leadId, viewer!.id, text]);
  await db.query('UPDATE leads SET updated_at = now() WHERE id = $1', [leadId]);
  return leadDetail(db, viewer, leadId);
}
