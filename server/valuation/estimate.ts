/**
 * "What is my home worth" (issue 18): where the home is, what it is, and its estimate from the sales around it
 * (the arithmetic is in comparables.ts). The home is found from what the owner picked in our place search (an
 * address of one of our listings, or any place with its coordinates), from free text through the same place
 * search, or, for 'Current location', described by the nearest of our addresses' city (our reverse geocoding:
 * we know no street without a listing there). When the home is one of our listings, its lot and garage count
 * too, and while it is for sale its own list price (as it stood on the day valued) weighs in.
 *
 * Sales are read nearest first through the spatial index (`location <-> point`, GiST, with a box
 * pre-filter of MAX_DISTANCE_METERS): the latest 'Closed' event of each listing's status history within
 * LOOKBACK_MONTHS is its sale (sold price = that event's price, sold date = its time, the list price before it
 * = the event's previous price). A sale of the demo data (the seed's generated market, the demo sales) says so.
 */
import { formatAddress } from '../../core/format/address';
import { formatMoney } from '../../core/format/money';
import { formatNumber, formatPercent } from '../../core/format/number';
import type { Queryable } from '../db';
import { VersionedCache } from '../db/changes';
import { badInput, DomainError } from '../domain-error';
import { searchPlaces } from '../listings/places/place-search';
import { PUBLIC_ADDRESS_COLUMNS, PUBLIC_LISTING, publicAddress, type PublicAddress } from '../listings/search/listing';
import { SEED_SOURCE } from '../seed/listings';
import {
  estimateFromSalesInSlices,
  LOOKBACK_MONTHS,
  MAX_COMPARABLE_METERS,
  MAX_DISTANCE_METERS,
  MIN_COMPARABLES,
  RANGE_PROBABILITY,
  roundEstimate,
  withListPrice,
  type Confidence,
  type Sale,
  type ValueEstimate,
} from './comparables';

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

/** Listings of these sources are demo data, not sales that happened: the demo listings and sales, the seed's market. */
const DEMO_SOURCES = ['demo', SEED_SOURCE];

/** While a listing has one of these statuses its list price is the home's asking price. */
const FOR_SALE_STATUSES = ['Active', 'Active Under Contract', 'Coming Soon', 'Pending'];

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
  /** False when the owner gave facts other than our listing's: the listing's price is then not this home's. */
  asListed?: boolean;
}

export interface ComparableSale extends Sale {
  address: PublicAddress;
  slugId: string;
  listingCodeId: string;
  bathrooms: number | null;
  homeType: string;
  currencyCode: string;
  photoUrl: string | null;
  /** A sale of the demo data, not one that happened. */
  demo: boolean;
}

export interface HomeValue {
  home: ResolvedHome;
  status: 'ESTIMATED' | 'NOT_ENOUGH_SALES';
  currencyCode: string | null;
  lowInPennies: number | null;
  estimateInPennies: number | null;
  highInPennies: number | null;
  confidence: Confidence | null;
  /** How likely the sold price is to land between low and high (RANGE_PROBABILITY); null without an estimate. */
  rangeProbability: number | null;
  /** The home's own list price on the day valued, when it was for sale and the estimate used it. */
  listPriceInPennies: number | null;
  /** The local model's own estimate, before the comparables (what bench/home-value.ts compares them with). */
  modelEstimateInPennies: number | null;
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
  const same = (given: number | string | null, listed: number | string | null) => given === null || listed === null || given === listed;
  const asListed =
    listing !== null &&
    same(input.bedrooms, listing.bedrooms) &&
    same(input.bathrooms, listing.bathrooms) &&
    same(input.livingArea, listing.area_sq_ft) &&
    same(input.yearBuilt, listing.year_built) &&
    same(input.homeType, typeOfSubType(listing.property_sub_type));
  return {
    ...facts,
    homeType: facts.homeType ?? DEFAULT_HOME_TYPE,
    address: address.slice(0, 300),
    latitude: latitude!,
    longitude: longitude!,
    listingId: listing ? listing.id : null,
    factsFromListing,
    asListed,
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
  lot_size_sq_ft: number | null;
  garage_bays: number | null;
  price_currency_code: string;
  photos: { photoUrl: string }[];
  sold_price: string | number;
  sold_at: Date;
  list_price: string | number | null;
  demo: boolean;
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
            l.bedrooms, l.bathrooms, l.area_sq_ft, l.year_built, l.lot_size_sq_ft::float8 AS lot_size_sq_ft, l.garage_bays,
            l.price_currency_code, jsonb_path_query_array(l.photos, '$[0]') AS photos, s.price_in_pennies AS sold_price,
            s.changed_at AS sold_at, s.previous_price_in_pennies AS list_price, l.source = ANY($11::text[]) AS demo
       FROM listings l
       CROSS JOIN LATERAL (
         SELECT h.price_in_pennies, h.changed_at, h.previous_price_in_pennies FROM listing_status_history h
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
      DEMO_SOURCES,
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
    lotSize: r.lot_size_sq_ft === null ? null : Number(r.lot_size_sq_ft),
    garage: r.garage_bays,
    photoUrl: r.photos[0]?.photoUrl ?? null,
    soldPriceInPennies: Number(r.sold_price),
    soldAt: r.sold_at,
    listPriceInPennies: r.list_price === null ? null : Number(r.list_price),
    demo: r.demo,
  }));
}

/** What our listing of the home adds on the day valued: its lot and garage, and its list price while for sale. */
interface ListingOnDay {
  lotSize: number | null;
  garage: number | null;
  currencyCode: string;
  /** Its asking price that day, when it was for sale then. */
  listPriceInPennies: number | null;
}

async function listingOnDay(db: Queryable, id: number, now: Date): Promise<ListingOnDay | null> {
  const { rows } = await db.query<{
    lot_size_sq_ft: number | null;
    garage_bays: number | null;
    price_currency_code: string;
    classification: string;
    status: string | null;
    price_in_pennies: string | number | null;
  }>(
    // Its latest status and price on or before the day (its history), else as it stands when it has none.
    `SELECT l.lot_size_sq_ft::float8 AS lot_size_sq_ft, l.garage_bays, l.price_currency_code, l.classification,
            CASE WHEN h.status IS NOT NULL THEN h.status WHEN NOT e.has_history THEN l.status END AS status,
            CASE WHEN h.status IS NOT NULL THEN h.price_in_pennies WHEN NOT e.has_history THEN l.price_in_pennies END AS price_in_pennies
       FROM listings l
       LEFT JOIN LATERAL (
         SELECT h.status, h.price_in_pennies FROM listing_status_history h
          WHERE h.listing_id = l.id AND h.changed_at <= $2::timestamptz ORDER BY h.changed_at DESC, h.id DESC LIMIT 1) h ON true
       CROSS JOIN LATERAL (SELECT EXISTS (SELECT 1 FROM listing_status_history e WHERE e.listing_id = l.id) AS has_history) e
      WHERE ${PUBLIC_LISTING} AND l.id = $1`,
    [id, now.toISOString()],
  );
  const r = rows[0];
  if (!r) return null;
  const forSale = r.classification === 'sale' && r.status !== null && FOR_SALE_STATUSES.includes(r.status) && Number(r.price_in_pennies) > 0;
  return {
    lotSize: r.lot_size_sq_ft === null ? null : Number(r.lot_size_sq_ft),
    garage: r.garage_bays,
    currencyCode: r.price_currency_code.trim(),
    listPriceInPennies: forSale ? Number(r.price_in_pennies) : null,
  };
}

// ---------------------------------------------------------------------------------------------------
// The estimate

const MILE_METERS = 1_609.344;
const miles = (meters: number) => formatNumber(Math.max(0.1, Math.round((meters / MILE_METERS) * 10) / 10));
const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;
const signedPercent = (fraction: number) => `${fraction < 0 ? 'down' : 'up'} ${formatPercent(Math.abs(fraction) * 100)}`;

/** What the local model could learn from: the facts the home and its sales have. */
function factsWeighed(home: ResolvedHome & { lotSize: number | null; garage: number | null }): string {
  const facts = [
    home.livingArea ? 'size' : null,
    home.bathrooms !== null ? 'bathrooms' : null,
    home.bedrooms !== null ? 'bedrooms' : null,
    home.yearBuilt ? 'age' : null,
    home.lotSize ? 'lot' : null,
    home.garage !== null ? 'garage' : null,
  ].filter((f): f is string => f !== null);
  if (facts.length === 0) return 'what homes sell for there';
  return facts.length === 1 ? facts[0]! : `${facts.slice(0, -1).join(', ')} and ${facts.at(-1)}`;
}

function methodSentence(home: ResolvedHome & { lotSize: number | null; garage: number | null }, estimate: ValueEstimate<ComparableSale>, currency: string): string {
  const type = HOME_TYPES[home.homeType].toLowerCase();
  const farthest = Math.max(...estimate.comparables.map((c) => c.distanceMeters));
  const yearly = Math.exp(estimate.model.yearlyChange) - 1;
  const within = formatPercent((Math.exp(estimate.halfWidth) - 1) * 100);
  const range =
    estimate.checks.length > 0
      ? `The range is where 8 in 10 sales like yours land: we estimated the ${formatNumber(estimate.checks.length)} nearest sales the same way, each from the sales before it, and 8 in 10 came within about ${within} of their price.`
      : `The range is the spread of those adjusted prices, widened because they are few (about ${within} either side).`;
  const listed = estimate.listPrice
    ? ` The home is listed for ${formatMoney(estimate.listPrice.listPriceInPennies, currency)}, and homes nearby sold for a median ${formatPercent(estimate.listPrice.saleToList * 100)} of their last list price: that price counts for ${formatPercent(estimate.listPrice.weight * 100)} of the estimate.`
    : '';
  const size = home.livingArea ? '' : ' We do not know your living area, so this is the value of a home of the usual size of those sales.';
  return (
    `We compared the ${plural(estimate.comparables.length, `${type} sale`, `${type} sales`)} most like yours within ${miles(farthest)} miles in the last ${LOOKBACK_MONTHS} months. ` +
    `From the ${formatNumber(estimate.model.sales)} nearest sales we measured what ${factsWeighed(home)} are worth here and how prices moved (${signedPercent(yearly)} a year); ` +
    `each sale's price was adjusted by that to your home and to today, and the estimate is their average, weighted by how near, alike and recent each sale is. ` +
    range +
    listed +
    size +
    (home.factsFromListing ? ' Facts you left empty are those of our listing of the home.' : '')
  );
}

function notEnoughSalesMethod(home: ResolvedHome): string {
  const type = HOME_TYPES[home.homeType].toLowerCase();
  return (
    `Not enough sales nearby: an honest estimate needs at least ${MIN_COMPARABLES} recent sales of ${type} homes like yours ` +
    `within ${miles(MAX_COMPARABLE_METERS)} miles in the last ${LOOKBACK_MONTHS} months, and we found fewer. Ask for a precise valuation instead.`
  );
}

/** The estimate of a resolved home at `now`; `useListPrice: false` values a listed home as if it were not for sale. */
export async function valueHome(db: Queryable, home: ResolvedHome, now: Date, { useListPrice = true } = {}): Promise<HomeValue> {
  const [sales, listing] = await Promise.all([nearbySales(db, home, now), home.listingId === null ? null : listingOnDay(db, home.listingId, now)]);
  // One currency per estimate: the nearest sale's (a region's listings share it).
  const currency = sales[0]?.currencyCode ?? null;
  const sameCurrency = sales.filter((s) => s.currencyCode === currency);
  const subject = { ...home, lotSize: listing?.lotSize ?? null, garage: listing?.garage ?? null };
  const fromSales = await estimateFromSalesInSlices(subject, sameCurrency, now);
  if (!fromSales || currency === null) {
    return {
      home,
      status: 'NOT_ENOUGH_SALES',
      currencyCode: currency,
      lowInPennies: null,
      estimateInPennies: null,
      highInPennies: null,
      confidence: null,
      rangeProbability: null,
      listPriceInPennies: null,
      modelEstimateInPennies: null,
      comparables: [],
      method: notEnoughSalesMethod(home),
    };
  }
  const listPrice = useListPrice && home.asListed !== false && listing?.currencyCode === currency ? listing.listPriceInPennies : null;
  const estimate = listPrice === null ? fromSales : withListPrice(fromSales, subject, sameCurrency, listPrice);
  return {
    home,
    status: 'ESTIMATED',
    currencyCode: currency,
    lowInPennies: estimate.lowInPennies,
    estimateInPennies: estimate.estimateInPennies,
    highInPennies: estimate.highInPennies,
    confidence: estimate.confidence,
    rangeProbability: RANGE_PROBABILITY,
    listPriceInPennies: estimate.listPrice?.listPriceInPennies ?? null,
    modelEstimateInPennies: roundEstimate(Math.exp(estimate.model.intercept)),
    comparables: estimate.comparables,
    method: methodSentence(subject, estimate, currency),
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
