/**
 * The public listing: every field of spec §3 Listing as the API serves it, read with one column list
 * so the search, the detail and the feed return the same object. Public means: hidden listings
 * (RESO InternetEntireListingDisplayYN = false) are never read, and the street line is withheld when
 * InternetAddressDisplayYN is false. The public address is read here for every read that shows one
 * (tours, offers, open houses, mails, calendar files, the contact form's lead); core/format/address.ts
 * writes it on one line.
 */
import type { Queryable } from '../../db';
import { SqlParams } from './sql';

/** Listed within the last NEW_LISTING_DAYS days (list_date on or after today minus 7) = `newListing`. */
export const NEW_LISTING_DAYS = 7;

/** Every public read starts from this condition (alias `l`). */
export const PUBLIC_LISTING = 'l.internet_entire_listing_display';

const LISTING_ID_TEXT = /^[1-9][0-9]{0,15}$/;

/**
 * A listing id from a client: a JSON number or a string of digits (GraphQL IDs are strings), positive
 * and small enough for a JavaScript number to hold exactly. Null when it is anything else.
 */
export function parseListingId(value: unknown): number | null {
  const n = typeof value === 'string' && LISTING_ID_TEXT.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

// ---------------------------------------------------------------------------------------------------
// The public address

/** The feed lets us show the street (RESO InternetAddressDisplayYN; alias `l`). */
export const ADDRESS_DISPLAYED = 'l.internet_address_display';

/** A street-level column of `l` (street_line1, unit_number) as the public may see it: NULL when withheld. */
export const shownAddressPart = (column: 'street_line1' | 'unit_number') => `CASE WHEN ${ADDRESS_DISPLAYED} THEN l.${column} END`;

/**
 * Driving directions (location_data.directions: RESO Directions, or the seller's intake answer) as the public
 * may see them: they may name the street, so they are NULL when the street is withheld.
 */
export const SHOWN_DIRECTIONS = `CASE WHEN ${ADDRESS_DISPLAYED} THEN l.location_data ->> 'directions' END AS driving_directions`;

/** location_data as the public may see it: without its directions when the street is withheld. */
const SHOWN_LOCATION_DATA = `CASE WHEN ${ADDRESS_DISPLAYED} THEN l.location_data ELSE l.location_data - 'directions' END AS location_data`;

/** The select list behind PublicAddress (alias `l`), read into it by publicAddress. */
export const PUBLIC_ADDRESS_COLUMNS = `${shownAddressPart('street_line1')} AS street_line1, l.city, l.state_province, l.postal_code`;

/** The address as anyone may see it: the street is null when the feed withholds it. */
export interface PublicAddress {
  streetLine1: string | null;
  city: string;
  stateProvince: string;
  postalCode: string;
}

export interface PublicAddressRow {
  street_line1: string | null;
  city: string;
  state_province: string;
  postal_code: string;
}

export const publicAddress = (r: PublicAddressRow): PublicAddress => ({
  streetLine1: r.street_line1,
  city: r.city,
  stateProvince: r.state_province,
  postalCode: r.postal_code,
});

// ---------------------------------------------------------------------------------------------------
// Which listings a buyer sees, and the computed fields

/** Statuses a buyer can still act on: what search, feeds and pins show (sold homes only via history). */
export const SEARCHABLE_STATUSES = ['Active', 'Active Under Contract', 'Coming Soon', 'Pending'] as const;

/**
 * The condition "a buyer can still act on it", with the statuses written into the SQL: a constant list is
 * prepared once per statement, while `status = ANY($n)` unpacks its array parameter for every row a
 * generic plan looks at (a neighbourhood's newest-first walk at 1M listings: 0.75 → 0.32 ms).
 */
export const SEARCHABLE_SQL = `l.status IN (${SEARCHABLE_STATUSES.map((s) => `'${s}'`).join(', ')})`;

/**
 * Days on market (spec daysOn{product}), one SQL expression so the `DAYS_ON_MARKET` order and the field
 * agree:
 *   - the feed gave DaysOnMarket: that figure plus the days since the feed said it (frozen once Closed);
 *   - otherwise counted from the list date, or, when the feed gave none, from the listing's latest
 *     'listed' event in its status history (when it came on the market, or was first seen), up to the
 *     close date for a sold home and to today otherwise;
 *   - 0 when there is nothing to count from.
 */
export const DAYS_ON_MARKET_SQL = `(CASE
  WHEN l.days_on_market IS NOT NULL THEN l.days_on_market + CASE WHEN l.status = 'Closed' THEN 0
    ELSE greatest(0, current_date - coalesce(l.modification_timestamp::date, current_date)) END
  ELSE coalesce(greatest(0,
    coalesce(CASE WHEN l.status = 'Closed' THEN l.close_date END, current_date)
    - coalesce(l.list_date, (SELECT max(h.changed_at)::date FROM listing_status_history h
        WHERE h.listing_id = l.id AND h.event = 'listed' AND h.changed_at <= now()))), 0) END)`;

export const NEW_LISTING_SQL = `coalesce(l.list_date >= current_date - ${NEW_LISTING_DAYS}, false)`;

export interface ListingPhoto {
  photoUrl: string;
  description: string | null;
  /** A seller's upload (server/listing-photos): its JPEG sizes as a srcset of site paths, and its upright size. */
  srcset?: string;
  width?: number;
  height?: number;
}

export interface Amenity {
  id: string;
  label: string;
  url: string | null;
}

export interface CurrencyValue {
  code: string;
  value: number;
  name: string;
}

export type Classification = 'sale' | 'rent' | 'stay';

/**
 * What a listing holds as the feed (or its seller) gave it and the API shows it: written by the RESO
 * importer (reso/mapping.ts ListingInput), read back as PublicListing.
 */
export interface ListingFacts {
  slugId: string;
  orgCodeId: string | null;
  mlsNumber: string | null;
  classification: Classification;
  propertyType: string;
  propertySubType: string | null;
  latitude: number | null;
  longitude: number | null;
  neighbourhood: string | null;
  countryCode: string;
  /** IANA zone of the listing: open-house and tour times are shown in it. */
  timeZone: string;
  area: number | null;
  areaSqFt: number | null;
  lotSize: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  yearBuilt: number | null;
  garageBays: number | null;
  hoaFeeInPennies: number | null;
  hoaFeeFrequency: string | null;
  priceInPennies: number;
  priceCurrencyCode: string;
  photos: ListingPhoto[];
  listDate: string | null;
  priceLabel: string | null;
  overview: string | null;
  enableRequestTour: boolean;
  enableOffer: boolean;
  videoSource: string | null;
  tenantType: string | null;
  tenantGenderPreference: string | null;
  preferredTenant: string | null;
  roomType: string | null;
  foodIncluded: boolean | null;
  maxGuests: number | null;
  listAgentName: string | null;
  listAgentPhone: string | null;
  listAgentEmail: string | null;
  listOfficeName: string | null;
  listOfficePhone: string | null;
  listingSystem: string | null;
  showcaseOverview: string | null;
  overrideListingOverview: boolean;
  showcaseVideoUrl: string | null;
  featured: boolean;
  amenities: Amenity[];
  relatedPostIds: string[];
}

export interface PublicListing extends ListingFacts {
  id: number;
  listingCodeId: string;
  status: string;
  address: PublicAddress;
  areaUnit: string | null;
  lotSizeUnit: string | null;
  favoriteCount: number;
  newListing: boolean;
  daysOnMarket: number;
  title: string | null;
  underContract: boolean;
  sold: boolean;
  locationData: unknown;
  buildingData: unknown;
  /** How to find the home, plain text; null when not given or when the street is withheld. */
  drivingDirections: string | null;
  visitCount: number;
  lastPriceDropDate: string | null;
  lastPriceDropInPennies: number | null;
  currencies: CurrencyValue[];
  /** Upcoming open houses, when the read that made this listing included them (a search page's openHouse). */
  openHouses?: OpenHouseEntry[];
}

/**
 * The open houses the public sees of listing `l.id` as one json value of OpenHouseEntry (active, not over,
 * soonest first, 20 at most; times in ISO 8601 UTC with milliseconds, like Date.toISOString): with a
 * search page's rows, and for any listings by upcomingOpenHouses.
 */
const OPEN_HOUSES_SQL = `(SELECT coalesce(json_agg(json_build_object('id', o.id,
      'startDateTime', to_char(o.start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'endDateTime', to_char(o.end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'isActive', o.is_active, 'isVirtual', o.is_virtual, 'virtualUrl', o.virtual_url) ORDER BY o.start_at, o.id), '[]'::json)
    FROM (SELECT * FROM open_houses o WHERE o.listing_id = l.id AND o.is_active AND o.end_at > now()
           ORDER BY o.start_at, o.id LIMIT 20) AS o) AS open_houses`;

/** The select list behind PublicListing (table alias `l`). Dates as text: no time-zone drift. */
export const LISTING_COLUMNS = `l.id, l.listing_code_id, l.slug_id, l.org_code_id, l.mls_number, l.status,
  l.classification, l.property_type, l.property_sub_type, l.latitude, l.longitude,
  ${PUBLIC_ADDRESS_COLUMNS}, l.neighbourhood, l.country_code, l.time_zone,
  l.area, l.area_unit, l.area_sq_ft, l.lot_size, l.lot_size_unit, l.bedrooms, l.bathrooms, l.year_built,
  l.garage_bays, l.hoa_fee_in_pennies, l.hoa_fee_frequency, l.price_in_pennies, l.price_currency_code,
  l.photos, l.favorite_count, ${NEW_LISTING_SQL} AS new_listing, ${DAYS_ON_MARKET_SQL} AS days_on_hearth,
  l.list_date::text AS list_date, l.title, l.price_label, l.overview, l.enable_request_tour, l.enable_offer,
  l.under_contract, l.sold, ${SHOWN_LOCATION_DATA}, ${SHOWN_DIRECTIONS}, l.building_data, l.video_source, l.visit_count,
  l.tenant_type, l.tenant_gender_preference, l.preferred_tenant, l.room_type, l.food_included, l.max_guests,
  l.last_price_drop_date::text AS last_price_drop_date, l.last_price_drop_in_pennies,
  l.list_agent_name, l.list_agent_phone, l.list_agent_email, l.list_office_name, l.list_office_phone,
  l.listing_system, l.showcase_overview, l.override_listing_overview, l.showcase_video_url, l.featured,
  l.amenities, l.currencies, l.related_post_ids`;

/**
 * The columns behind each simple PublicListing field, for reads that need only some fields (a search
 * page asks for ~15 of ~70: reading and parsing only those makes a page of 25 ~3 times cheaper on
 * PGlite). A field missing here, or a field whose resolver reads several (listingBy, showcase,
 * currencies, similarHomes, …), means "read every column" (listingColumns(null)).
 */
const FIELD_COLUMNS: Partial<Record<ListingField, string>> = {
  id: 'l.id',
  listingCodeId: 'l.listing_code_id',
  slugId: 'l.slug_id',
  orgCodeId: 'l.org_code_id',
  mlsNumber: 'l.mls_number',
  status: 'l.status',
  classification: 'l.classification',
  propertyType: 'l.property_type',
  propertySubType: 'l.property_sub_type',
  latitude: 'l.latitude',
  longitude: 'l.longitude',
  address: PUBLIC_ADDRESS_COLUMNS,
  neighbourhood: 'l.neighbourhood',
  countryCode: 'l.country_code',
  timeZone: 'l.time_zone',
  area: 'l.area',
  areaUnit: 'l.area_unit',
  areaSqFt: 'l.area_sq_ft',
  lotSize: 'l.lot_size',
  lotSizeUnit: 'l.lot_size_unit',
  bedrooms: 'l.bedrooms',
  bathrooms: 'l.bathrooms',
  yearBuilt: 'l.year_built',
  garageBays: 'l.garage_bays',
  hoaFeeInPennies: 'l.hoa_fee_in_pennies',
  hoaFeeFrequency: 'l.hoa_fee_frequency',
  priceInPennies: 'l.price_in_pennies',
  priceCurrencyCode: 'l.price_currency_code',
  photos: 'l.photos',
  // Only the first photo, as `photos` (a card's photoUri): a listing's full photo list is most of its row.
  firstPhoto: `jsonb_path_query_array(l.photos, '$[0]') AS photos`,
  favoriteCount: 'l.favorite_count',
  newListing: `${NEW_LISTING_SQL} AS new_listing`,
  daysOnMarket: `${DAYS_ON_MARKET_SQL} AS days_on_hearth`,
  listDate: 'l.list_date::text AS list_date',
  title: 'l.title',
  priceLabel: 'l.price_label',
  overview: 'l.overview',
  enableRequestTour: 'l.enable_request_tour',
  enableOffer: 'l.enable_offer',
  underContract: 'l.under_contract',
  sold: 'l.sold',
  locationData: SHOWN_LOCATION_DATA,
  drivingDirections: SHOWN_DIRECTIONS,
  buildingData: 'l.building_data',
  videoSource: 'l.video_source',
  visitCount: 'l.visit_count',
  tenantType: 'l.tenant_type',
  tenantGenderPreference: 'l.tenant_gender_preference',
  preferredTenant: 'l.preferred_tenant',
  roomType: 'l.room_type',
  foodIncluded: 'l.food_included',
  maxGuests: 'l.max_guests',
  lastPriceDropDate: 'l.last_price_drop_date::text AS last_price_drop_date',
  lastPriceDropInPennies: 'l.last_price_drop_in_pennies',
  listAgentName: 'l.list_agent_name',
  listAgentPhone: 'l.list_agent_phone',
  listAgentEmail: 'l.list_agent_email',
  listOfficeName: 'l.list_office_name',
  listOfficePhone: 'l.list_office_phone',
  listingSystem: 'l.listing_system',
  // With the page's rows instead of a second statement for the page's open houses.
  openHouses: OPEN_HOUSES_SQL,
};

/** A PublicListing property, or `firstPhoto`: `photos` holding only the first photo. */
export type ListingField = keyof PublicListing | 'firstPhoto';
export type ListingFieldSet = ReadonlySet<ListingField>;

/**
 * The select list for some fields of PublicListing (always with the id); every column for null or when
 * a field has no column of its own here. A listing read this way has only those fields: pass it only
 * to code that reads nothing else.
 */
export function listingColumns(fields: ListingFieldSet | null): string {
  if (!fields) return LISTING_COLUMNS;
  const columns = new Set(['l.id']);
  for (const field of fields) {
    if (field === 'firstPhoto' && fields.has('photos')) continue;
    const column = FIELD_COLUMNS[field];
    if (column === undefined) return LISTING_COLUMNS;
    columns.add(column);
  }
  return [...columns].join(', ');
}

export interface ListingRow extends PublicAddressRow {
  id: number;
  listing_code_id: string;
  slug_id: string;
  org_code_id: string | null;
  mls_number: string | null;
  status: string;
  classification: Classification;
  property_type: string;
  property_sub_type: string | null;
  latitude: number | null;
  longitude: number | null;
  neighbourhood: string | null;
  country_code: string;
  time_zone: string;
  area: number | null;
  area_unit: string | null;
  area_sq_ft: number | null;
  lot_size: number | null;
  lot_size_unit: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  year_built: number | null;
  garage_bays: number | null;
  hoa_fee_in_pennies: number | null;
  hoa_fee_frequency: string | null;
  price_in_pennies: number;
  price_currency_code: string;
  photos: ListingPhoto[];
  favorite_count: number;
  new_listing: boolean;
  days_on_hearth: number;
  list_date: string | null;
  title: string | null;
  price_label: string | null;
  overview: string | null;
  enable_request_tour: boolean;
  enable_offer: boolean;
  under_contract: boolean;
  sold: boolean;
  location_data: unknown;
  driving_directions: string | null;
  building_data: unknown;
  video_source: string | null;
  visit_count: number;
  tenant_type: string | null;
  tenant_gender_preference: string | null;
  preferred_tenant: string | null;
  room_type: string | null;
  food_included: boolean | null;
  max_guests: number | null;
  last_price_drop_date: string | null;
  last_price_drop_in_pennies: number | null;
  list_agent_name: string | null;
  list_agent_phone: string | null;
  list_agent_email: string | null;
  list_office_name: string | null;
  list_office_phone: string | null;
  listing_system: string | null;
  showcase_overview: string | null;
  override_listing_overview: boolean;
  showcase_video_url: string | null;
  featured: boolean;
  amenities: Amenity[];
  currencies: CurrencyValue[];
  related_post_ids: string[];
  open_houses?: OpenHouseEntry[];
}

export function toPublicListing(r: ListingRow): PublicListing {
  return {
    id: r.id,
    listingCodeId: r.listing_code_id,
    slugId: r.slug_id,
    orgCodeId: r.org_code_id,
    mlsNumber: r.mls_number,
    status: r.status,
    classification: r.classification,
    propertyType: r.property_type,
    propertySubType: r.property_sub_type,
    latitude: r.latitude,
    longitude: r.longitude,
    address: publicAddress(r),
    neighbourhood: r.neighbourhood,
    countryCode: r.country_code,
    timeZone: r.time_zone,
    area: r.area,
    areaUnit: r.area_unit,
    areaSqFt: r.area_sq_ft,
    lotSize: r.lot_size,
    lotSizeUnit: r.lot_size_unit,
    bedrooms: r.bedrooms,
    bathrooms: r.bathrooms,
    yearBuilt: r.year_built,
    garageBays: r.garage_bays,
    hoaFeeInPennies: r.hoa_fee_in_pennies,
    hoaFeeFrequency: r.hoa_fee_frequency,
    priceInPennies: r.price_in_pennies,
    // Optional: a read of some fields (listingColumns) may leave it out.
    priceCurrencyCode: r.price_currency_code?.trim(),
    photos: r.photos,
    favoriteCount: r.favorite_count,
    newListing: r.new_listing,
    daysOnMarket: r.days_on_hearth,
    listDate: r.list_date,
    title: r.title,
    priceLabel: r.price_label,
    overview: r.overview,
    enableRequestTour: r.enable_request_tour,
    enableOffer: r.enable_offer,
    underContract: r.under_contract,
    sold: r.sold,
    locationData: r.location_data,
    drivingDirections: r.driving_directions,
    buildingData: r.building_data,
    videoSource: r.video_source,
    visitCount: r.visit_count,
    tenantType: r.tenant_type,
    tenantGenderPreference: r.tenant_gender_preference,
    preferredTenant: r.preferred_tenant,
    roomType: r.room_type,
    foodIncluded: r.food_included,
    maxGuests: r.max_guests,
    lastPriceDropDate: r.last_price_drop_date,
    lastPriceDropInPennies: r.last_price_drop_in_pennies,
    listAgentName: r.list_agent_name,
    listAgentPhone: r.list_agent_phone,
    listAgentEmail: r.list_agent_email,
    listOfficeName: r.list_office_name,
    listOfficePhone: r.list_office_phone,
    listingSystem: r.listing_system,
    showcaseOverview: r.showcase_overview,
    overrideListingOverview: r.override_listing_overview,
    showcaseVideoUrl: r.showcase_video_url,
    featured: r.featured,
    amenities: r.amenities,
    currencies: r.currencies,
    relatedPostIds: r.related_post_ids,
    ...(r.open_houses ? { openHouses: r.open_houses } : {}),
  };
}

async function findOne(db: Queryable, where: string, params: unknown[]): Promise<PublicListing | null> {
  const { rows } = await db.query<ListingRow>(
    `SELECT ${LISTING_COLUMNS} FROM listings l WHERE ${PUBLIC_LISTING} AND ${where}`,
    params,
  );
  return rows[0] ? toPublicListing(rows[0]) : null;
}

/** One public listing by id (any status: a sold home's page stays reachable); null when hidden. */
export const findPublicListing = (db: Queryable, id: number) => findOne(db, 'l.id = $1', [id]);

/** /listing/{slugId}/{listingCodeId}: the code decides, the slug must match it (no guessing by slug). */
export const findPublicListingBySlug = (db: Queryable, slugId: string, listingCodeId: string) =>
  findOne(db, 'l.listing_code_id = $1 AND l.slug_id = $2', [listingCodeId, slugId]);

// ---------------------------------------------------------------------------------------------------
// Nested fields read on demand (the detail page asks for them; a search page does not).

export interface PriceHistoryEntry {
  date: string;
  event: string;
  status: string;
  priceInPennies: number;
  previousPriceInPennies: number | null;
}

/** The price history of each listing (newest first, 100 each), in the order of the ids. */
export async function priceHistories(db: Queryable, listingIds: readonly number[]): Promise<PriceHistoryEntry[][]> {
  const { rows } = await db.query<{
    listing_id: number;
    changed_at: Date;
    event: string;
    status: string;
    price_in_pennies: number;
    previous_price_in_pennies: number | null;
  }>(
    `SELECT listing_id, changed_at, event, status, price_in_pennies, previous_price_in_pennies FROM (
       SELECT h.*, row_number() OVER (PARTITION BY h.listing_id ORDER BY h.changed_at DESC, h.id DESC) AS n
         FROM listing_status_history h WHERE h.listing_id = ANY($1::int8[])) AS h
      WHERE n <= 100 ORDER BY listing_id, changed_at DESC, id DESC`,
    [[...new Set(listingIds)]],
  );
  const byListing = new Map<number, PriceHistoryEntry[]>();
  for (const r of rows) {
    const list = byListing.get(r.listing_id) ?? [];
    list.push({
      date: r.changed_at.toISOString(),
      event: r.event,
      status: r.status,
      priceInPennies: r.price_in_pennies,
      previousPriceInPennies: r.previous_price_in_pennies,
    });
    byListing.set(r.listing_id, list);
  }
  return listingIds.map((id) => byListing.get(id) ?? []);
}

export interface OpenHouseEntry {
  id: number;
  startDateTime: string;
  endDateTime: string;
  isActive: boolean;
  isVirtual: boolean;
  virtualUrl: string | null;
}

/** The open houses the public sees of each listing (active, not over, soonest first, 20 each), in the order of the ids. */
export async function upcomingOpenHouses(db: Queryable, listingIds: readonly number[]): Promise<OpenHouseEntry[][]> {
  const { rows } = await db.query<{ id: number; open_houses: OpenHouseEntry[] }>(
    `SELECT l.id, ${OPEN_HOUSES_SQL} FROM unnest($1::int8[]) AS l(id)`,
    [[...new Set(listingIds)]],
  );
  const byListing = new Map(rows.map((r) => [Number(r.id), r.open_houses]));
  return listingIds.map((id) => byListing.get(id) ?? []);
}

/** How far similar homes may be: about 11 km north–south (widened east–west by 1/cos(latitude)). */
export const SIMILAR_RADIUS_DEGREES = 0.1;
/** Similar price: within 25 % either side. */
export const SIMILAR_PRICE_SPREAD = 0.25;
export const SIMILAR_HOMES_LIMIT = 6;

/**
 * Up to 6 public, searchable homes of the same classification and property type, priced within 25 %,
 * nearest first (the GiST index answers `<->`). Without coordinates: the same city, closest price.
 */
export async function similarHomes(db: Queryable, listing: PublicListing): Promise<PublicListing[]> {
  const p = new SqlParams();
  const where = [
    PUBLIC_LISTING,
    `l.id <> ${p.add(listing.id)}`,
    `l.classification = ${p.add(listing.classification)}`,
    `l.property_type = ${p.add(listing.propertyType)}`,
    SEARCHABLE_SQL,
    `l.price_in_pennies BETWEEN ${p.add(Math.floor(listing.priceInPennies * (1 - SIMILAR_PRICE_SPREAD)))}
       AND ${p.add(Math.ceil(listing.priceInPennies * (1 + SIMILAR_PRICE_SPREAD)))}`,
  ];
  let order: string;
  if (listing.latitude !== null && listing.longitude !== null) {
    const dLng = SIMILAR_RADIUS_DEGREES / Math.max(0.01, Math.cos((listing.latitude * Math.PI) / 180));
    const lng = p.float(listing.longitude);
    const lat = p.float(listing.latitude);
    const halfWidth = p.float(dLng);
    const halfHeight = p.float(SIMILAR_RADIUS_DEGREES);
    where.push(
      `l.location <@ box(point(${lng} - ${halfWidth}, ${lat} - ${halfHeight}), point(${lng} + ${halfWidth}, ${lat} + ${halfHeight}))`,
    );
    order = `l.location <-> point(${lng}, ${lat})`;
  } else {
    where.push(`lower(l.city) = lower(${p.add(listing.address.city)})`);
    order = `abs(l.price_in_pennies - ${p.add(listing.priceInPennies)})`;
  }
  const { rows } = await db.query<ListingRow>(
    `SELECT ${LISTING_COLUMNS} FROM listings l WHERE ${where.join(' AND ')} ORDER BY ${order}, l.id LIMIT ${SIMILAR_HOMES_LIMIT}`,
    p.values,
  );
  return rows.map(toPublicListing);
}
