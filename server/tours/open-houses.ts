/**
 * Open houses made by a listing's seller (spec §3 Open house, §4, §5; issue 7), in the `open_houses`
 * table of migration 002 next to the feed's. Only the listing's seller (listings.seller_user_id) may
 * create, read (here) or change them; everyone else gets NOT_FOUND. Feed open houses (source_key set)
 * are the MLS's: the importer would overwrite a change, so they are read-only here.
 * Public listings show the active ones that are not over (server/listings/search/listing.ts).
 */
import { tourTexts } from '../../core/i18n/tours';
import { openHouseTimeError, parseInstant } from '../../core/tours/tour-times';
import type { Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import type { UserRecord } from '../accounts/users';
import { PUBLIC_ADDRESS_COLUMNS, publicAddress, type PublicAddress, type PublicAddressRow } from '../listings/search/listing';

export interface SellerOpenHouse {
  id: number;
  listingId: number;
  start: Date;
  end: Date;
  isActive: boolean;
  isVirtual: boolean;
  virtualUrl: string | null;
  fromFeed: boolean;
  listing: {
    slugId: string;
    listingCodeId: string;
    address: PublicAddress;
    timeZone: string;
    sellerUserId: number | null;
    isPublic: boolean;
  };
}

interface Row extends PublicAddressRow {
  id: number;
  listing_id: number;
  start_at: Date;
  end_at: Date;
  is_active: boolean;
  is_virtual: boolean;
  virtual_url: string | null;
  source_key: string | null;
  slug_id: string;
  listing_code_id: string;
  time_zone: string;
  seller_user_id: number | null;
  is_public: boolean;
}

const SELECT = `SELECT o.id, o.listing_id, o.start_at, o.end_at, o.is_active, o.is_virtual, o.virtual_url, o.source_key,
    l.slug_id, l.listing_code_id, ${PUBLIC_ADDRESS_COLUMNS}, l.time_zone, l.seller_user_id,
    l.internet_entire_listing_display AS is_public
  FROM open_houses o JOIN listings l ON l.id = o.listing_id`;

const toOpenHouse = (r: Row): SellerOpenHouse => ({
  id: Number(r.id),
  listingId: Number(r.listing_id),
  start: r.start_at,
  end: r.end_at,
  isActive: r.is_active,
  isVirtual: r.is_virtual,
  virtualUrl: r.virtual_url,
  fromFeed: r.source_key !== null,
  listing: {
    slugId: r.slug_id,
    listingCodeId: r.listing_code_id,
    address: publicAddress(r),
    timeZone: r.time_zone,
    sellerUserId: r.seller_user_id === null ? null : Number(r.seller_user_id),
    isPublic: r.is_public,
  },
});

const notFound = () => new DomainError('NOT_FOUND', 'Open house not found.');

export async function findOpenHouse(db: Queryable, id: number): Promise<SellerOpenHouse | null> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE o.id = $1`, [id]);
  return rows[0] ? toOpenHouse(rows[0]) : null;
}

export const isSellerOf = (openHouse: SellerOpenHouse, user: UserRecord) => openHouse.listing.sellerUserId === user.id;

/** The seller's open house; NOT_FOUND for anyone else. */
export async function sellersOpenHouse(db: Queryable, id: number, user: UserRecord): Promise<SellerOpenHouse> {
  const openHouse = await findOpenHouse(db, id);
  if (!openHouse || !isSellerOf(openHouse, user)) throw notFound();
  return openHouse;
}

/** At most this many open houses come back for one listing (a seller adds a few a month). */
export const OPEN_HOUSES_BY_LISTING_MAX = 200;

/**
 * Every open house of a listing, cancelled and past ones too, for its seller: the upcoming ones first
 * (soonest first), then those that are over (latest first). NOT_FOUND for anyone else, as for a listing
 * that does not exist. Company agents are not let in: every open-house change is the seller's alone
 * (createOpenHouse, updateOpenHouse), and a list they could not act on would only mislead.
 */
export async function listOpenHousesByListing(
  db: Queryable,
  listingId: number,
  user: UserRecord,
  now = new Date(),
): Promise<SellerOpenHouse[]> {
  const { rows: owner } = await db.query<{ seller_user_id: number | null }>('SELECT seller_user_id FROM listings WHERE id = $1', [
    listingId,
  ]);
  if (!owner[0] || owner[0].seller_user_id === null || Number(owner[0].seller_user_id) !== user.id) {
    throw new DomainError('NOT_FOUND', 'Listing not found.');
  }
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE o.listing_id = $1
      ORDER BY (o.end_at > $2) DESC,
        CASE WHEN o.end_at > $2 THEN o.start_at END ASC,
        o.start_at DESC, o.id
      LIMIT ${OPEN_HOUSES_BY_LISTING_MAX}`,
    [listingId, now],
  );
  return rows.map(toOpenHouse);
}

/**
 * listOpenHousesByListing for many listings in one query (SellerListing.openHouses of a page of cases), in its
 * order and cap; for the listing's seller only: any other viewer gets an empty list for that listing.
 */
export async function listOpenHousesByListings(
  db: Queryable,
  listingIds: readonly number[],
  user: UserRecord,
  now = new Date(),
): Promise<SellerOpenHouse[][]> {
  const { rows } = await db.query<Row & { k: number }>(
    `SELECT k.k, x.* FROM unnest($1::bigint[]) WITH ORDINALITY AS k(listing_id, k)
       CROSS JOIN LATERAL (SELECT s.*, row_number() OVER () AS n FROM (${SELECT}
         WHERE o.listing_id = k.listing_id AND l.seller_user_id = $2::bigint
         ORDER BY (o.end_at > $3) DESC,
           CASE WHEN o.end_at > $3 THEN o.start_at END ASC,
           o.start_at DESC, o.id
         LIMIT ${OPEN_HOUSES_BY_LISTING_MAX}) s) x
     ORDER BY k.k, x.n`,
    [listingIds, user.id, now],
  );
  const result: SellerOpenHouse[][] = listingIds.map(() => []);
  for (const r of rows) result[Number(r.k) - 1]!.push(toOpenHouse(r));
  return result;
}

/** Anyone may download the calendar file of an open house the public can see: active, not over, public listing. */
export const isPublicOpenHouse = (o: SellerOpenHouse, now = new Date()) => o.isActive && o.listing.isPublic && o.end > now;

function readTimes(startText: string, endText: string, zone: string, now: Date): { start: Date; end: Date } {
  const start = parseInstant(startText);
  if (!start) throw badInput('start must be an ISO date-time with a time zone.', 'start');
  const end = parseInstant(endText);
  if (!end) throw badInput('end must be an ISO date-time with a time zone.', 'end');
  const error = openHouseTimeError(start, end, now, zone);
  if (error) throw badInput(error, error === tourTexts.openHouseOrder ? 'end' : 'start');
  return { start, end };
}

export async function createOpenHouse(
  db: Queryable,
  user: UserRecord,
  input: { listingId: number; start: string; end: string },
  now = new Date(),
): Promise<SellerOpenHouse> {
  const { rows } = await db.query<{ time_zone: string; seller_user_id: number | null }>(
    'SELECT time_zone, seller_user_id FROM listings WHERE id = $1',
    [input.listingId],
  );
  const listing = rows[0];
  if (!listing || listing.seller_user_id === null || Number(listing.seller_user_id) !== user.id) {
    throw new DomainError('NOT_FOUND', 'Listing not found.');
  }
  return insertOpenHouse(db, { id: input.listingId, timeZone: listing.time_zone }, user.id, input, now);
}

/**
 * Adds an open house to a listing whose manager the caller has already established (createOpenHouse: the
 * listing's seller; server/sellers/case-open-house.ts: the seller case's owner or agent): the spec's time rules.
 */
export async function insertOpenHouse(
  db: Queryable,
  listing: { id: number; timeZone: string },
  createdBy: number,
  input: { start: string; end: string },
  now = new Date(),
): Promise<SellerOpenHouse> {
  const { start, end } = readTimes(input.start, input.end, listing.timeZone, now);
  const { rows: inserted } = await db.query<{ id: number }>(
    `INSERT INTO open_houses (listing_id, start_at, end_at, is_active, created_by_user_id)
     VALUES ($1, $2, $3, true, $4) RETURNING id`,
    [listing.id, start, end, createdBy],
  );
  return (await findOpenHouse(db, Number(inserted[0]!.id)))!;
}

export type OpenHouseStatusChange = 'Cancelled' | 'Activate';

/**
 * New times (both or neither) and/or a status: 'Cancelled' makes it inactive, 'Activate' active again
 * (only while it is not over).
 */
export async function updateOpenHouse(
  db: Queryable,
  user: UserRecord,
  id: number,
  input: { start?: string | null; end?: string | null; openHouseStatus?: OpenHouseStatusChange | null },
  now = new Date(),
): Promise<SellerOpenHouse> {
  const openHouse = await sellersOpenHouse(db, id, user);
  if (openHouse.fromFeed) throw badInput('This open house comes from the MLS feed and cannot be changed here.', 'id');
  let { start, end } = openHouse;
  const hasStart = Boolean(input.start);
  const hasEnd = Boolean(input.end);
  if (hasStart !== hasEnd) throw badInput('Give both start and end, or neither.', hasStart ? 'end' : 'start');
  if (hasStart) {
    const given = readTimes(input.start!, input.end!, openHouse.listing.timeZone, now);
    const changed = given.start.getTime() !== start.getTime() || given.end.getTime() !== end.getTime();
    if (changed) ({ start, end } = given);
  }
  let isActive = openHouse.isActive;
  if (input.openHouseStatus === 'Cancelled') isActive = false;
  if (input.openHouseStatus === 'Activate') {
    if (end.getTime() <= now.getTime()) throw badInput('This open house is over and cannot be activated.', 'openHouseStatus');
    isActive = true;
  }
  await db.query('UPDATE open_houses SET start_at = $2, end_at = $3, is_active = $4, updated_at = now() WHERE id = $1', [
    id,
    start,
    end,
    isActive,
  ]);
  return (await findOpenHouse(db, id))!;
}
