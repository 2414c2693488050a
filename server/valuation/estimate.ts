/**
 * "What is my home worth" (issue 18): where the home is, what it is, and its estimate from comparable
 * sales (the arithmetic is in comparables.ts). The home is found from what the owner picked in our place
 * search (an address of one of our listings, or any place with its coordinates), from free text through
 * the same place search, or, for 'Current location', described by the nearest of our addresses' city
 * (our reverse geocoding: we know no street without a listing there).
 *
 * Sales are read nearest first through the spatial index (`location <-> point`, GiST, with a box
 * pre-filter of MAX_DISTANCE_METERS): the latest 'Closed' event of each listing's status history within
 * LOOKBACK_MONTHS is its sale (sold price = that event's price, sold date = its time).
 */
import { formatAddress } from '../../core/format/address';
import type { Queryable } from '../db';
import { VersionedCache } from '../db/changes';
import { badInput, DomainError } from '../domain-error';
import { searchPlaces } from '../listings/places/place-search';
import { PUBLIC_ADDRESS_COLUMNS, PUBLIC_LISTING, publicAddress, type PublicAddress } from '../listings/search/listing';
import { estimateFromSales, LOOKBACK_MONTHS, MAX_DISTANCE_METERS, MIN_COMPARABLES, MIN_SPREAD, type Confidence, type Sale } from './comparables';

/** The home types an owner can pick, and the listings' property_sub_type each compares with. */
export const HOME_TYPES = {
  SINGLE_FAMILY: 'Single Family Residence',
  TOWNHOUSE: 'Townhouse',
  CONDOMINIUM: 'Condominium',
} as const;
export type HomeType = keyof typeof HOME_TYPES;
const DEFAULT_HOME_TYPE: HomeType = 'SINGLE_FAMILY';

/** Candidate sales read per estimate, nearest first. */
const CANDIDATES = 200;
/** Estimates kept for inputs asked again (estimateHomeValue). */
export const RECENT_ESTIMATES = 1_000;

export interface HomeFacts {
  homeType: HomeType | null;
  bedrooms: number | null;
  bathrooms: number | null;
  /** Living area in sq ft. */
  livingArea: number | null;
  yearBuilt: number | null;
}

export interface HomeInput extends HomeFacts {
  /** What the owner typed or picked. */
  address: string;
  /** The picked suggestion's id (`address:<listing id>` for one of our addresses). */
  placeId: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The home is this listing of ours (its sale is not its own comparable). */
  listingId: number | null;
}

/** The home as estimated: where, and the facts used (the owner's, else the listing's). */
export interface ResolvedHome extends HomeFacts {
  address: string;
  latitude: number;
  longitude: number;
  listingId: number | null;
  homeType: HomeType;
  /** Which facts came from our listing rather than the owner. */
  factsFromListing: boolean;
}

export interface ComparableSale extends Sale {
  address: PublicAddress;
  slugId: string;
  listingCodeId: string;
  bathrooms: number | null;
  homeType: string;
  currencyCode: string;
  photoUrl: string | null;
}

export interface HomeValue {
  home: ResolvedHome;
  status: 'ESTIMATED' | 'NOT_ENOUGH_SALES';
  currencyCode: string | null;
  lowInPennies: number | null;
  estimateInPennies: number | null;
  highInPennies: number | null;
  confidence: Confidence | null;
  comparables: {
    sale: ComparableSale;
    distanceMeters: number;
    weight: number;
    adjustedValueInPennies: number;
  }[];
  /** How it was computed (or why there is no number), in plain words. */
  method: string;
}

// ---------------------------------------------------------------------------------------------------
// The home

interface ListingFactsRow {
  id: number;
  latitude: number | null;
  longitude: number | null;
  street_line1: string | null;
  city: string;
  state_province: string;
  postal_code: string;
  property_sub_type: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  area_sq_ft: number | null;
  year_built: number | null;
}

async function listingFacts(db: Queryable, id: number): Promise<ListingFactsRow | null> {
  const { rows } = await db.query<ListingFactsRow>(
    `SELECT l.id, l.latitude, l.longitude, ${PUBLIC_ADDRESS_COLUMNS}, l.property_sub_type, l.bedrooms, l.bathrooms,
            l.area_sq_ft, l.year_built
       FROM listings l WHERE ${PUBLIC_LISTING} AND l.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

const typeOfSubType = (subType: string | null): HomeType | null =>
  (Object.entries(HOME_TYPES).find(([, value]) => value === subType)?.[0] as HomeType | undefined) ?? null;

/** Our reverse geocoding: the city, state and ZIP of the nearest public listing within 5 km. */
async function describePosition(db: Queryable, latitude: number, longitude: number): Promise<string | null> {
  const { rows } = await db.query<{ city: string; state_province: string; postal_code: string }>(
    `SELECT l.city, l.state_province, l.postal_code FROM listings l
      WHERE ${PUBLIC_LISTING} AND l.location <@ box(point($3::float8, $4::float8), point($5::float8, $6::float8))
      ORDER BY l.location <-> point($2::float8, $1::float8) LIMIT 1`,
    [latitude, longitude, longitude - 0.07, latitude - 0.05, longitude + 0.07, latitude + 0.05],
  );
  const r = rows[0];
  return r ? `Near ${formatAddress({ city: r.city, stateProvince: r.state_province, postalCode: r.postal_code })}` : null;
}

const ADDRESS_PLACE = /^address:([1-9][0-9]{0,15})$/;
const NOT_FOUND_MESSAGE = 'We could not find that address. Pick one of the suggestions.';

export async function resolveHome(db: Queryable, input: HomeInput): Promise<ResolvedHome> {
  let listingId = input.listingId ?? (input.placeId ? Number(ADDRESS_PLACE.exec(input.placeId)?.[1] ?? NaN) : NaN);
  let latitude = input.latitude;
  let longitude = input.longitude;
  let address = input.address.trim();

  if (Number.isNaN(listingId) && (latitude === null || longitude === null || (latitude === 0 && longitude === 0))) {
    if (!address) throw badInput('Enter the address of the home.', 'input.address');
    const [best] = await searchPlaces(db, address, null, 1);
    if (!best || (best.lat === 0 && best.lng === 0)) throw badInput(NOT_FOUND_MESSAGE, 'input.address');
    const match = ADDRESS_PLACE.exec(best.placeId);
    if (match) listingId = Number(match[1]);
    latitude = best.lat;
    longitude = best.lng;
    address = best.description;
  }

  const listing = Number.isNaN(listingId) ? null : await listingFacts(db, listingId);
  if (!Number.isNaN(listingId) && !listing) {
    if (input.listingId !== null) throw new DomainError('NOT_FOUND', 'Listing not found.', 'input.listingId');
    throw badInput(NOT_FOUND_MESSAGE, 'input.placeId');
  }
  if (listing) {
    if (listing.latitude === null || listing.longitude === null) throw badInput('That home has no position on the map.', 'input.address');
    latitude = listing.latitude;
    longitude = listing.longitude;
    address = formatAddress(publicAddress(listing));
  } else if (latitude !== null && longitude !== null) {
    if (!address || /^current location$/i.test(address)) {
      const near = await describePosition(db, latitude, longitude);
      if (!near) throw badInput('There are no homes of ours near that position.', 'input.address');
      address = near;
    }
  }
  const facts = {
    homeType: input.homeType ?? typeOfSubType(listing?.property_sub_type ?? null),
    bedrooms: input.bedrooms ?? listing?.bedrooms ?? null,
    bathrooms: input.bathrooms ?? listing?.bathrooms ?? null,
    livingArea: input.livingArea ?? listing?.area_sq_ft ?? null,
    yearBuilt: input.yearBuilt ?? listing?.year_built ?? null,
  };
  const factsFromListing =
    listing !== null &&
    (facts.bedrooms !== input.bedrooms || facts.livingArea !== input.livingArea || facts.yearBuilt !== input.yearBuilt || facts.bathrooms !== input.bathrooms);
  return {
    ...facts,
    homeType: facts.homeType ?? DEFAULT_HOME_TYPE,
    address: address.slice(0, 300),
    latitude: latitude!,
    longitude: longitude!,
    listingId: listing ? listing.id : null,
    factsFromListing,
  };
}

// ---------------------------------------------------------------------------------------------------
// The sales

interface SaleRow {
  id: number;
  latitude: number;
  longitude: number;
  street_line1: string | null;
  city: string;
  state_province: string;
  postal_code: string;
  slug_id: string;
  listing_code_id: string;
  property_sub_type: string;
  bedrooms: number | null;
  bathrooms: number | null;
  area_sq_ft: number | null;
  year_built: number | null;
  price_currency_code: string;
  photos: { photoUrl: string }[];
  sold_price: string | number;
  sold_at: Date;
}

/** Sales of `homeType` within MAX_DISTANCE_METERS of the home and LOOKBACK_MONTHS of `now`, nearest first. */
export async function nearbySales(
  db: Queryable,
  home: Pick<ResolvedHome, 'latitude' | 'longitude' | 'homeType' | 'listingId'>,
  now: Date,
): Promise<ComparableSale[]> {
  const dLat = MAX_DISTANCE_METERS / 111_320;
  const dLng = dLat / Math.max(0.05, Math.cos((home.latitude * Math.PI) / 180));
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - LOOKBACK_MONTHS);
  const { rows } = await db.query<SaleRow>(
    `SELECT l.id, l.latitude, l.longitude, ${PUBLIC_ADDRESS_COLUMNS}, l.slug_id, l.listing_code_id, l.property_sub_type,
            l.bedrooms, l.bathrooms, l.area_sq_ft, l.year_built, l.price_currency_code,
            jsonb_path_query_array(l.photos, '$[0]') AS photos, s.price_in_pennies AS sold_price, s.changed_at AS sold_at
       FROM listings l
       CROSS JOIN LATERAL (
         SELECT h.price_in_pennies, h.changed_at FROM listing_status_history h
          WHERE h.listing_id = l.id AND h.status = 'Closed' AND h.changed_at > $6::timestamptz AND h.changed_at <= $7::timestamptz
          ORDER BY h.changed_at DESC LIMIT 1) s
      WHERE ${PUBLIC_LISTING} AND l.classification = 'sale' AND l.property_sub_type = $5
        AND l.location <@ box(point($3::float8, $4::float8), point($9::float8, $10::float8))
        AND l.id IS DISTINCT FROM $8::bigint
      ORDER BY l.location <-> point($2::float8, $1::float8)
      LIMIT ${CANDIDATES}`,
    [
      home.latitude,
      home.longitude,
      home.longitude - dLng,
      home.latitude - dLat,
      HOME_TYPES[home.homeType],
      since.toISOString(),
      now.toISOString(),
      home.listingId,
      home.longitude + dLng,
      home.latitude + dLat,
    ],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    latitude: r.latitude,
    longitude: r.longitude,
    address: publicAddress(r),
    slugId: r.slug_id,
    listingCodeId: r.listing_code_id,
    homeType: r.property_sub_type,
    bedrooms: r.bedrooms,
    bathrooms: r.bathrooms,
    livingArea: r.area_sq_ft,
    yearBuilt: r.year_built,
    currencyCode: r.price_currency_code.trim(),
    photoUrl: r.photos[0]?.photoUrl ?? null,
    soldPriceInPennies: Number(r.sold_price),
    soldAt: r.sold_at,
  }));
}

// ---------------------------------------------------------------------------------------------------
// The estimate

const MILE_METERS = 1_609.344;
const miles = (meters: number) => (meters / MILE_METERS < 1 ? (meters / MILE_METERS).toFixed(1) : String(Math.round((meters / MILE_METERS) * 10) / 10));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function methodSentence(home: ResolvedHome, count: number, farthest: number): string {
  const type = HOME_TYPES[home.homeType].toLowerCase();
  const size = home.livingArea
    ? `each sale's price per sq ft was applied to your ${Math.round(home.livingArea).toLocaleString('en-US')} sq ft (a little less per sq ft for larger homes)`
    : 'their sold prices were used as they are, because we do not know your living area';
  const weighted = [
    'distance',
    ...(home.livingArea ? ['size'] : []),
    ...(home.yearBuilt ? ['age'] : []),
    ...(home.bedrooms !== null ? ['bedrooms'] : []),
    'how recent the sale is',
  ];
  return (
    `We compared ${plural(count, `${type} sale`, `${type} sales`)} within ${miles(farthest)} miles in the last ${LOOKBACK_MONTHS} months: ` +
    `${size}, and each was weighted by ${weighted.slice(0, -1).join(', ')} and ${weighted.at(-1)}. ` +
    `The estimate is the weighted average of those values; the range is their weighted standard deviation either side, a little wider when there are few (at least ${MIN_SPREAD * 100} %).` +
    (home.factsFromListing ? ' Facts you left empty are those of our listing of the home.' : '')
  );
}

function notEnoughSalesMethod(home: ResolvedHome): string {
  const type = HOME_TYPES[home.homeType].toLowerCase();
  return (
    `Not enough sales nearby: an honest estimate needs at least ${MIN_COMPARABLES} recent sales of ${type} homes like yours ` +
    `within ${miles(MAX_DISTANCE_METERS)} miles in the last ${LOOKBACK_MONTHS} months, and we found fewer. Ask for a precise valuation instead.`
  );
}

/** The estimate of a resolved home at `now`. */
export async function valueHome(db: Queryable, home: ResolvedHome, now: Date): Promise<HomeValue> {
  const sales = await nearbySales(db, home, now);
  // One currency per estimate: the nearest sale's (a region's listings share it).
  const currency = sales[0]?.currencyCode ?? null;
  const sameCurrency = sales.filter((s) => s.currencyCode === currency);
  const estimate = estimateFromSales(home, sameCurrency, now);
  if (!estimate) {
    return {
      home,
      status: 'NOT_ENOUGH_SALES',
      currencyCode: currency,
      lowInPennies: null,
      estimateInPennies: null,
      highInPennies: null,
      confidence: null,
      comparables: [],
      method: notEnoughSalesMethod(home),
    };
  }
  const farthest = Math.max(...estimate.comparables.map((c) => c.distanceMeters));
  return {
    home,
    status: 'ESTIMATED',
    currencyCode: currency,
    lowInPennies: estimate.lowInPennies,
    estimateInPennies: estimate.estimateInPennies,
    highInPennies: estimate.highInPennies,
    confidence: estimate.confidence,
    comparables: estimate.comparables,
    method: methodSentence(home, estimate.comparables.length, farthest),
  };
}

/**
 * Estimates of a home asked for again — the element as the owner changes a fact and changes it back, the
 * precise valuation right after the estimate, the same home from many visitors — are answered from here:
 * at most RECENT_ESTIMATES per database (the least recently used go first), only while no listing, sale or
 * status history has changed since (the change feed's search version, server/db/changes.ts) and within
 * the hour they were computed in (the sales' recency weights and window move with the clock).
 */
const recentEstimates = new VersionedCache<HomeValue>('search', RECENT_ESTIMATES);
const ESTIMATE_HOUR_MS = 3_600_000;

/** The input as checked (trimmed text, absent facts null), its fields in a fixed order: equal inputs, equal keys. */
export const homeInputKey = (input: HomeInput): string =>
  JSON.stringify([
    input.address,
    input.placeId,
    input.latitude,
    input.longitude,
    input.listingId,
    input.homeType,
    input.bedrooms,
    input.bathrooms,
    input.livingArea,
    input.yearBuilt,
  ]);

/** The estimate of `input` now (a recent one when there is one), or at `now` when given (tests, the bench). */
export async function estimateHomeValue(db: Queryable, input: HomeInput, now?: Date): Promise<HomeValue> {
  if (now) return valueHome(db, await resolveHome(db, input), now);
  const at = new Date();
  const key = `${Math.floor(at.getTime() / ESTIMATE_HOUR_MS)}|${homeInputKey(input)}`;
  return recentEstimates.read(db, key, async () => valueHome(db, await resolveHome(db, input), at));
}
