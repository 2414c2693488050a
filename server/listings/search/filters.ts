/**
 * The search filters of listingLoad, stayLoad and listingsInfo (spec §7 geoInput, searchInput,
 * searchType) turned into one SQL condition over `listings l`. Every limit is checked here, before any
 * SQL runs, and a violation is a BAD_USER_INPUT DomainError naming the argument.
 */
import { NEW_LISTING_SQL, PUBLIC_LISTING, SEARCHABLE_SQL, type Classification } from './listing';
import { badInput } from '../../domain-error';
import { SqlParams } from './sql';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface GeoBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

export interface GeoInput {
  bounds?: GeoBounds | null;
  center?: GeoPoint | null;
  /** With `center`: metres. */
  radiusMeters?: number | null;
  /** A shape drawn on the map: at least 3 and at most MAX_POLYGON_VERTICES points, closed implicitly. */
  polygon?: GeoPoint[] | null;
}

export interface SearchInput {
  minPriceInPennies?: number | null;
  maxPriceInPennies?: number | null;
  minBedrooms?: number | null;
  minBathrooms?: number | null;
  propertyTypes?: string[] | null;
  classification?: Classification | null;
  minAreaSqFt?: number | null;
  maxAreaSqFt?: number | null;
  minLotSizeSqFt?: number | null;
  maxLotSizeSqFt?: number | null;
  minYearBuilt?: number | null;
  maxYearBuilt?: number | null;
  hasOpenHouse?: boolean | null;
  newListingsOnly?: boolean | null;
  /** Full text over the address (when shown) and the remarks. */
  keywords?: string | null;
  /** The rental fields of spec §3: equal to the listing's value, in any case. */
  tenantType?: string | null;
  tenantGenderPreference?: string | null;
  preferredTenant?: string | null;
  roomType?: string | null;
  foodIncluded?: boolean | null;
}

/** The text rental filters and their columns. */
export const RENTAL_TEXT_FILTERS = {
  tenantType: 'l.tenant_type',
  tenantGenderPreference: 'l.tenant_gender_preference',
  preferredTenant: 'l.preferred_tenant',
  roomType: 'l.room_type',
} as const;
const MAX_RENTAL_FILTER_LENGTH = 100;

/** A place the free-text `address`/`search` resolved to (server/listings/places). */
export type PlaceFilter =
  | { kind: 'city'; city: string; countryCode: string }
  | { kind: 'zip'; postalCode: string; countryCode: string }
  | { kind: 'neighbourhood'; neighbourhood: string; city: string; countryCode: string }
  | { kind: 'state'; stateProvince: string; countryCode: string }
  | { kind: 'address'; latitude: number; longitude: number }
  | { kind: 'none' };

export interface ListingFilter {
  geo?: GeoInput | null;
  search?: SearchInput | null;
  classification?: Classification | null;
  place?: PlaceFilter | null;
  /** Keywords from a free-text `search` that named no place. */
  keywords?: string | null;
  stay?: StayDates | null;
  /**
   * ISO 3166 codes: only listings in these countries. A stay search with no place stays in the partner's
   * country (one currency), as a place search stays in the partner's countries.
   */
  countries?: readonly string[] | null;
  /** Stays that sleep at least this many (stay.guests says the same with dates). */
  guests?: number | null;
}

export interface StayDates {
  /** YYYY-MM-DD; the night of checkIn is the first night. */
  checkIn: string;
  checkOut: string;
  guests?: number | null;
}

export const MAX_POLYGON_VERTICES = 200;
/** A radius search covers at most a metro area; wider is a bounds search. */
export const MAX_RADIUS_METERS = 100_000;
/** Around a street address the free text named. */
export const ADDRESS_RADIUS_METERS = 250;
export const MAX_STAY_NIGHTS = 60;
const MAX_KEYWORDS_LENGTH = 200;
const MAX_PROPERTY_TYPES = 20;
/** Prices above this are typing mistakes: $100 billion in pennies. */
const MAX_PRICE_IN_PENNIES = 1e13;
const MAX_SQ_FT = 1e9;
const EARTH_RADIUS_METERS = 6_371_008.8;
const METERS_PER_DEGREE_LATITUDE = (Math.PI * EARTH_RADIUS_METERS) / 180;

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function checkLatitude(value: number, name: string) {
  if (!isFiniteNumber(value) || value < -90 || value > 90) {
    throw badInput(`${name} must be a latitude between -90 and 90.`, name);
  }
}

function checkLongitude(value: number, name: string) {
  if (!isFiniteNumber(value) || value < -180 || value > 180) {
    throw badInput(`${name} must be a longitude between -180 and 180.`, name);
  }
}

function checkRange(min: number | null | undefined, max: number | null | undefined, limit: number, name: string) {
  for (const [value, which] of [
    [min, 'min'],
    [max, 'max'],
  ] as const) {
    if (value === null || value === undefined) continue;
    if (!isFiniteNumber(value) || value < 0 || value > limit) {
      throw badInput(`searchInput.${which}${name} must be between 0 and ${limit}.`, `searchInput.${which}${name}`);
    }
  }
  if (min !== null && min !== undefined && max !== null && max !== undefined && min > max) {
    throw badInput(`searchInput.min${name} is greater than searchInput.max${name}.`, `searchInput.min${name}`);
  }
}

/** The rectangle a geoInput covers (for a polygon or circle, the rectangle around it). */
export function geoEnvelope(geo: GeoInput): GeoBounds {
  if (geo.bounds) return geo.bounds;
  if (geo.polygon) {
    const lats = geo.polygon.map((p) => p.latitude);
    const lngs = geo.polygon.map((p) => p.longitude);
    return { north: Math.max(...lats), south: Math.min(...lats), east: Math.max(...lngs), west: Math.min(...lngs) };
  }
  const { latitude, longitude } = geo.center!;
  const dLat = geo.radiusMeters! / METERS_PER_DEGREE_LATITUDE;
  const dLng = dLat / Math.max(0.01, Math.cos((latitude * Math.PI) / 180));
  return {
    north: Math.min(90, latitude + dLat),
    south: Math.max(-90, latitude - dLat),
    east: Math.min(180, longitude + dLng),
    west: Math.max(-180, longitude - dLng),
  };
}

/** Throws BAD_USER_INPUT unless exactly one well-formed shape is given. */
export function validateGeo(geo: GeoInput): void {
  const shapes = [geo.bounds, geo.center, geo.polygon].filter((s) => s !== null && s !== undefined).length;
  if (shapes !== 1) {
    throw badInput('geoInput takes exactly one of bounds, center (with radiusMeters) or polygon.', 'geoInput');
  }
  if (geo.bounds) {
    const { north, south, east, west } = geo.bounds;
    checkLatitude(north, 'geoInput.bounds.north');
    checkLatitude(south, 'geoInput.bounds.south');
    checkLongitude(east, 'geoInput.bounds.east');
    checkLongitude(west, 'geoInput.bounds.west');
    if (south > north) {
      throw badInput('geoInput.bounds: south is north of north (inverted bounds).', 'geoInput.bounds');
    }
    if (west > east) {
      throw badInput(
        'geoInput.bounds: west is east of east. Viewports across the antimeridian (180°) are not supported; ' +
          'split them in two.',
        'geoInput.bounds',
      );
    }
  }
  if (geo.center) {
    checkLatitude(geo.center.latitude, 'geoInput.center.latitude');
    checkLongitude(geo.center.longitude, 'geoInput.center.longitude');
    const r = geo.radiusMeters;
    if (r === null || r === undefined) {
      throw badInput('geoInput.center needs radiusMeters.', 'geoInput.radiusMeters');
    }
    if (!isFiniteNumber(r) || r <= 0 || r > MAX_RADIUS_METERS) {
      throw badInput(
        `geoInput.radiusMeters must be more than 0 and at most ${MAX_RADIUS_METERS}.`,
        'geoInput.radiusMeters',
      );
    }
  } else if (geo.radiusMeters !== null && geo.radiusMeters !== undefined) {
    throw badInput('geoInput.radiusMeters goes with geoInput.center.', 'geoInput.radiusMeters');
  }
  if (geo.polygon) {
    const n = geo.polygon.length;
    if (n < 3 || n > MAX_POLYGON_VERTICES) {
      throw badInput(
        `geoInput.polygon must have between 3 and ${MAX_POLYGON_VERTICES} points; it has ${n}.`,
        'geoInput.polygon',
      );
    }
    geo.polygon.forEach((p, i) => {
      checkLatitude(p.latitude, `geoInput.polygon[${i}].latitude`);
      checkLongitude(p.longitude, `geoInput.polygon[${i}].longitude`);
    });
  }
}

function validateSearch(s: SearchInput): void {
  checkRange(s.minPriceInPennies, s.maxPriceInPennies, MAX_PRICE_IN_PENNIES, 'PriceInPennies');
  checkRange(s.minAreaSqFt, s.maxAreaSqFt, MAX_SQ_FT, 'AreaSqFt');
  checkRange(s.minLotSizeSqFt, s.maxLotSizeSqFt, MAX_SQ_FT, 'LotSizeSqFt');
  checkRange(s.minYearBuilt, s.maxYearBuilt, 2200, 'YearBuilt');
  checkRange(s.minBedrooms, null, 100, 'Bedrooms');
  checkRange(s.minBathrooms, null, 100, 'Bathrooms');
  if (s.propertyTypes && s.propertyTypes.length > MAX_PROPERTY_TYPES) {
    throw badInput(
      `searchInput.propertyTypes takes at most ${MAX_PROPERTY_TYPES} types.`,
      'searchInput.propertyTypes',
    );
  }
  for (const name of Object.keys(RENTAL_TEXT_FILTERS) as (keyof typeof RENTAL_TEXT_FILTERS)[]) {
    const value = s[name];
    if (value !== null && value !== undefined && (typeof value !== 'string' || value.length > MAX_RENTAL_FILTER_LENGTH)) {
      throw badInput(`searchInput.${name} must be text of at most ${MAX_RENTAL_FILTER_LENGTH} characters.`, `searchInput.${name}`);
    }
  }
  if (s.keywords && s.keywords.length > MAX_KEYWORDS_LENGTH) {
    throw badInput(
      `searchInput.keywords is longer than ${MAX_KEYWORDS_LENGTH} characters.`,
      'searchInput.keywords',
    );
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Nights between two YYYY-MM-DD dates, after checking both. */
export function stayNights(stay: StayDates): number {
  for (const [value, name] of [
    [stay.checkIn, 'checkIn'],
    [stay.checkOut, 'checkOut'],
  ] as const) {
    if (!DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
      throw badInput(`stayInput.${name} must be a date as YYYY-MM-DD.`, `stayInput.${name}`);
    }
  }
  const nights = (Date.parse(`${stay.checkOut}T00:00:00Z`) - Date.parse(`${stay.checkIn}T00:00:00Z`)) / DAY_MS;
  if (nights < 1 || nights > MAX_STAY_NIGHTS) {
    throw badInput(
      `stayInput.checkOut must be 1 to ${MAX_STAY_NIGHTS} nights after checkIn.`,
      'stayInput.checkOut',
    );
  }
  if (stay.guests !== null && stay.guests !== undefined && (stay.guests < 1 || stay.guests > 100)) {
    throw badInput('stayInput.guests must be between 1 and 100.', 'stayInput.guests');
  }
  return nights;
}

/** Validates the whole filter; call before building SQL so no half-checked input reaches the database. */
export function validateFilter(filter: ListingFilter): void {
  if (filter.geo) validateGeo(filter.geo);
  if (filter.search) validateSearch(filter.search);
  if (filter.stay) stayNights(filter.stay);
}

/** The haversine distance in metres from (lat, lng) placeholders to the row's position. */
const distanceSql = (lat: string, lng: string) =>
  `(2 * ${EARTH_RADIUS_METERS} * asin(sqrt(
      power(sin(radians(l.latitude - ${lat}) / 2), 2)
      + cos(radians(${lat})) * cos(radians(l.latitude)) * power(sin(radians(l.longitude - ${lng}) / 2), 2))))`;

/**
 * Written `(… <@ …) IS TRUE` when `indexed` is false: the same test, but one no index answers, so the
 * planner walks the ORDER BY's index instead (see listing-load.ts, plan choice).
 */
let spatialIndexed = true;
const spatial = (condition: string) => (spatialIndexed ? condition : `(${condition}) IS TRUE`);

function circleConditions(p: SqlParams, center: GeoPoint, radiusMeters: number): string[] {
  const box = geoEnvelope({ center, radiusMeters });
  const lat = p.float(center.latitude);
  const lng = p.float(center.longitude);
  return [
    // The rectangle lets the GiST index answer; the distance trims its corners.
    spatial(`l.location <@ ${p.box(box)}`),
    `${distanceSql(lat, lng)} <= ${p.float(radiusMeters)}`,
  ];
}

function geoConditions(p: SqlParams, geo: GeoInput): string[] {
  if (geo.bounds) {
    return [spatial(`l.location <@ ${p.box(geo.bounds)}`)];
  }
  if (geo.center) return circleConditions(p, geo.center, geo.radiusMeters!);
  const text = `(${geo.polygon!.map((pt) => `(${pt.longitude},${pt.latitude})`).join(',')})`;
  return [spatial(`l.location <@ ${p.add(text)}::polygon`)];
}

function placeConditions(p: SqlParams, place: PlaceFilter): string[] {
  switch (place.kind) {
    case 'city':
      return [`l.country_code = ${p.add(place.countryCode)}`, `lower(l.city) = lower(${p.add(place.city)})`];
    case 'zip':
      return [`l.country_code = ${p.add(place.countryCode)}`, `l.postal_code = ${p.add(place.postalCode)}`];
    case 'neighbourhood':
      return [
        `l.country_code = ${p.add(place.countryCode)}`,
        `lower(l.city) = lower(${p.add(place.city)})`,
        `lower(l.neighbourhood) = lower(${p.add(place.neighbourhood)})`,
      ];
    case 'state':
      return [`l.country_code = ${p.add(place.countryCode)}`, `upper(l.state_province) = upper(${p.add(place.stateProvince)})`];
    case 'address':
      return circleConditions(p, place, ADDRESS_RADIUS_METERS);
    case 'none':
      return ['false'];
  }
}

function keywordCondition(p: SqlParams, keywords: string): string | null {
  // plainto_tsquery ignores operators in user text; prefix matching on the last word helps typing.
  const words = keywords.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words || words.length === 0) return null;
  const query = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
  return `l.search_vector @@ to_tsquery('simple', ${p.add(query)})`;
}

/**
 * The WHERE body (without `WHERE`) for a validated filter: public, searchable listings matching every
 * given part. Parameters go into `p`.
 */
export function filterSql(p: SqlParams, filter: ListingFilter, options: { spatialIndex?: boolean } = {}): string {
  spatialIndexed = options.spatialIndex ?? true;
  try {
    return buildFilterSql(p, filter);
  } finally {
    spatialIndexed = true;
  }
}

function buildFilterSql(p: SqlParams, filter: ListingFilter): string {
  const where = [PUBLIC_LISTING, SEARCHABLE_SQL];
  const s = filter.search ?? {};
  const classification = filter.classification ?? s.classification;
  if (filter.classification && s.classification && filter.classification !== s.classification) {
    // searchType and searchInput.classification disagree: nothing can match both.
    where.push('false');
  }
  if (classification) where.push(`l.classification = ${p.add(classification)}`);
  if (filter.geo) where.push(...geoConditions(p, filter.geo));
  if (filter.place) where.push(...placeConditions(p, filter.place));
  if (filter.guests) where.push(`coalesce(l.max_guests, 1) >= ${p.add(filter.guests)}`);
  if (filter.countries) where.push(`l.country_code = ANY(${p.add([...filter.countries])}::text[])`);
  if (isFiniteNumber(s.minPriceInPennies)) where.push(`l.price_in_pennies >= ${p.add(Math.ceil(s.minPriceInPennies))}`);
  if (isFiniteNumber(s.maxPriceInPennies)) where.push(`l.price_in_pennies <= ${p.add(Math.floor(s.maxPriceInPennies))}`);
  if (isFiniteNumber(s.minBedrooms)) where.push(`l.bedrooms >= ${p.add(s.minBedrooms)}`);
  if (isFiniteNumber(s.minBathrooms)) where.push(`l.bathrooms >= ${p.add(s.minBathrooms)}`);
  if (s.propertyTypes && s.propertyTypes.length > 0) where.push(`l.property_type = ANY(${p.add(s.propertyTypes)}::text[])`);
  if (isFiniteNumber(s.minAreaSqFt)) where.push(`l.area_sq_ft >= ${p.float(s.minAreaSqFt)}`);
  if (isFiniteNumber(s.maxAreaSqFt)) where.push(`l.area_sq_ft <= ${p.float(s.maxAreaSqFt)}`);
  if (isFiniteNumber(s.minLotSizeSqFt)) where.push(`l.lot_size_sq_ft >= ${p.float(s.minLotSizeSqFt)}`);
  if (isFiniteNumber(s.maxLotSizeSqFt)) where.push(`l.lot_size_sq_ft <= ${p.float(s.maxLotSizeSqFt)}`);
  if (isFiniteNumber(s.minYearBuilt)) where.push(`l.year_built >= ${p.add(s.minYearBuilt)}`);
  if (isFiniteNumber(s.maxYearBuilt)) where.push(`l.year_built <= ${p.add(s.maxYearBuilt)}`);
  if (s.newListingsOnly) where.push(NEW_LISTING_SQL);
  for (const [name, column] of Object.entries(RENTAL_TEXT_FILTERS) as [keyof typeof RENTAL_TEXT_FILTERS, string][]) {
    const value = s[name]?.trim();
    if (value) where.push(`lower(${column}) = lower(${p.add(value)})`);
  }
  if (typeof s.foodIncluded === 'boolean') where.push(`l.food_included = ${p.add(s.foodIncluded)}`);
  if (s.hasOpenHouse) {
    where.push('EXISTS (SELECT 1 FROM open_houses o WHERE o.listing_id = l.id AND o.is_active AND o.end_at > now())');
  }
  for (const text of [s.keywords, filter.keywords]) {
    const condition = text ? keywordCondition(p, text) : null;
    if (condition) where.push(condition);
  }
  if (filter.stay) where.push(...stayConditions(p, filter.stay));
  return where.join('\n   AND ');
}

/**
 * A stay is bookable for [checkIn, checkOut) when every night is available, check-in is allowed on the
 * first day with the stay's length within that day's min/max nights, check-out is allowed on the last.
 */
function stayConditions(p: SqlParams, stay: StayDates): string[] {
  const nights = stayNights(stay);
  const checkIn = `${p.add(stay.checkIn)}::date`;
  const checkOut = `${p.add(stay.checkOut)}::date`;
  const n = p.add(nights);
  const conditions = [
    `(SELECT count(*) FROM stay_availability a WHERE a.listing_id = l.id AND a.available
        AND a.calendar_date >= ${checkIn} AND a.calendar_date < ${checkOut}) = ${n}`,
    `EXISTS (SELECT 1 FROM stay_availability a WHERE a.listing_id = l.id AND a.calendar_date = ${checkIn}
        AND a.available_for_checkin AND a.min_nights <= ${n} AND a.max_nights >= ${n})`,
    `EXISTS (SELECT 1 FROM stay_availability a WHERE a.listing_id = l.id AND a.calendar_date = ${checkOut}
        AND a.available_for_checkout)`,
  ];
  if (stay.guests) conditions.push(`coalesce(l.max_guests, 1) >= ${p.add(stay.guests)}`);
  return conditions;
}
