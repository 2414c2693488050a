/**
 * Place search for the search box when the partner has no maps key (DESIGN §3): cities, ZIPs,
 * neighbourhoods and street addresses from our own public listings, prefix and typo tolerant.
 *
 * PGlite has no pg_trgm and the same code must run on PostgreSQL, so cities, ZIPs and neighbourhoods
 * (a few thousand names at most) live in an in-memory index per database, rebuilt when older than
 * PLACE_INDEX_TTL_MS or when the importer calls invalidatePlaceIndex. Street addresses (one per listing)
 * stay in SQL: a prefix match, asked only when the text has a digit, as addresses here start with one.
 *
 * Ranking: exact name > name starts with the text > a word of the name starts with it > typo match
 * (edit distance 1 from 4 letters, 2 from 8, or trigram similarity ≥ 0.45); ties go to the place with
 * more listings, then cities before neighbourhoods, ZIPs and addresses.
 */
import type { Queryable } from '../../db';
import { ADDRESS_DISPLAYED, PUBLIC_LISTING } from '../search/listing';
import { badInput } from '../../domain-error';
import type { PlaceFilter } from '../search/filters';
import { US_STATES } from '../../site/us-states';

export type PlaceKind = 'city' | 'zip' | 'address' | 'neighbourhood' | 'state';

export interface PlaceResult {
  description: string;
  /** 0 when unknown (spec §3 address search result). */
  lat: number;
  lng: number;
  kind: PlaceKind;
  placeId: string;
}

interface IndexedPlace extends PlaceResult {
  key: string;
  /** The whole description normalised ('salt lake city ut usa'): what a search route's location spells. */
  descriptionKey: string;
  words: string[];
  countryCode: string;
  listingCount: number;
  filter: PlaceFilter;
}

export const PLACE_INDEX_TTL_MS = 60_000;
export const DEFAULT_PLACE_COUNTRIES = ['US', 'NP'];
export const MAX_PLACE_RESULTS = 20;
const DEFAULT_PLACE_RESULTS = 8;
const MAX_QUERY_LENGTH = 100;
const KIND_ORDER: Record<PlaceKind, number> = { city: 0, neighbourhood: 1, zip: 2, address: 3, state: 4 };
const COUNTRY_NAMES: Record<string, string> = { US: 'USA', NP: 'Nepal' };

/** Lower case, no accents, words separated by single spaces. */
export function normalizePlaceText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

function trigrams(text: string): Set<string> {
  const padded = `  ${text} `;
  const set = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  return set;
}

/** pg_trgm's similarity: shared trigrams over all trigrams of both. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a);
  const tb = trigrams(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return shared / (ta.size + tb.size - shared || 1);
}

/** 4 exact, 3 prefix, 2 word prefix, 1 typo-tolerant, 0 no match. */
export function matchTier(query: string, key: string, words: string[]): number {
  if (key === query) return 4;
  if (key.startsWith(query)) return 3;
  if (query.length >= 2 && words.some((w) => w.startsWith(query))) return 2;
  const allowed = query.length >= 8 ? 2 : query.length >= 4 ? 1 : 0;
  if (allowed > 0) {
    // Against the name's beginning of about the query's length: "salt lak" vs "salt lake city".
    for (const length of [query.length - 1, query.length, query.length + 1]) {
      if (length > 0 && length <= key.length && editDistance(query, key.slice(0, length)) <= allowed) return 1;
    }
  }
  if (query.length >= 3 && trigramSimilarity(query, key) >= 0.45) return 1;
  return 0;
}

interface PlaceIndex {
  builtAt: number;
  places: IndexedPlace[];
}

const indexes = new WeakMap<object, Promise<PlaceIndex>>();

/** The importer calls this after a run so new cities are searchable at once. */
export function invalidatePlaceIndex(db: Queryable): void {
  indexes.delete(db);
}

const countryName = (code: string) => COUNTRY_NAMES[code] ?? code;
const coordinate = (value: number | null) => (value === null || !Number.isFinite(value) ? 0 : Math.round(value * 1e6) / 1e6);

function indexed(
  place: Omit<IndexedPlace, 'key' | 'words' | 'descriptionKey'>,
  name: string,
): IndexedPlace {
  const key = normalizePlaceText(name);
  return { ...place, key, words: key.split(' '), descriptionKey: normalizePlaceText(place.description) };
}

/** A row of listings grouped into one place: how many, and where they lie on average. */
interface PlaceGroup {
  country_code: string;
  n: number;
  lat: number | null;
  lng: number | null;
}

/** The indexed places of one kind, one a group; `place` names each (and the name it is found by) in its country `cc`. */
function groupPlaces<R extends PlaceGroup>(
  rows: readonly R[],
  place: (r: R, cc: string) => Pick<IndexedPlace, 'kind' | 'description' | 'placeId' | 'filter'> & { name: string },
): IndexedPlace[] {
  return rows.map((r) => {
    const cc = r.country_code.trim();
    const { kind, description, placeId, filter, name } = place(r, cc);
    return indexed({ kind, description, lat: coordinate(r.lat), lng: coordinate(r.lng), placeId, countryCode: cc, listingCount: r.n, filter }, name);
  });
}

async function buildIndex(db: Queryable): Promise<PlaceIndex> {
  type Group = PlaceGroup & { city: string; state_province: string };
  const cities = await db.query<Group>(
    `SELECT l.country_code, min(l.city) AS city, min(l.state_province) AS state_province, count(*)::int AS n,
            avg(l.latitude) AS lat, avg(l.longitude) AS lng
       FROM listings l WHERE ${PUBLIC_LISTING} GROUP BY l.country_code, lower(l.city)`,
  );
  const zips = await db.query<Group & { postal_code: string }>(
    `SELECT l.country_code, l.postal_code, min(l.city) AS city, min(l.state_province) AS state_province,
            count(*)::int AS n, avg(l.latitude) AS lat, avg(l.longitude) AS lng
       FROM listings l WHERE ${PUBLIC_LISTING} GROUP BY l.country_code, l.postal_code`,
  );
  const neighbourhoods = await db.query<Group & { neighbourhood: string }>(
    `SELECT l.country_code, min(l.neighbourhood) AS neighbourhood, min(l.city) AS city,
            min(l.state_province) AS state_province, count(*)::int AS n, avg(l.latitude) AS lat, avg(l.longitude) AS lng
       FROM listings l WHERE ${PUBLIC_LISTING} AND l.neighbourhood IS NOT NULL
      GROUP BY l.country_code, lower(l.city), lower(l.neighbourhood)`,
  );
  // States (and Nepal's provinces): the housing market pages bound their search by one.
  const states = await db.query<Omit<Group, 'city'>>(
    `SELECT l.country_code, upper(l.state_province) AS state_province, count(*)::int AS n, avg(l.latitude) AS lat, avg(l.longitude) AS lng
       FROM listings l WHERE ${PUBLIC_LISTING} AND l.state_province <> '' GROUP BY l.country_code, upper(l.state_province)`,
  );
  const places: IndexedPlace[] = [
    ...groupPlaces(states.rows, (r, cc) => {
      const name = (cc === 'US' ? US_STATES[r.state_province] : undefined) ?? r.state_province;
      return {
        kind: 'state',
        description: `${name}, ${countryName(cc)}`,
        placeId: `state:${cc}:${r.state_province}`,
        filter: { kind: 'state', stateProvince: r.state_province, countryCode: cc },
        name,
      };
    }),
    ...groupPlaces(cities.rows, (r, cc) => ({
      kind: 'city',
      description: `${r.city}, ${r.state_province}, ${countryName(cc)}`,
      placeId: `city:${cc}:${normalizePlaceText(r.city)}`,
      filter: { kind: 'city', city: r.city, countryCode: cc },
      name: r.city,
    })),
    ...groupPlaces(zips.rows, (r, cc) => ({
      kind: 'zip',
      description: `${r.postal_code}, ${r.city}, ${r.state_province}, ${countryName(cc)}`,
      placeId: `zip:${cc}:${r.postal_code}`,
      filter: { kind: 'zip', postalCode: r.postal_code, countryCode: cc },
      name: r.postal_code,
    })),
    ...groupPlaces(neighbourhoods.rows, (r, cc) => ({
      kind: 'neighbourhood',
      description: `${r.neighbourhood}, ${r.city}, ${r.state_province}, ${countryName(cc)}`,
      placeId: `neighbourhood:${cc}:${normalizePlaceText(r.city)}:${normalizePlaceText(r.neighbourhood)}`,
      filter: { kind: 'neighbourhood', neighbourhood: r.neighbourhood, city: r.city, countryCode: cc },
      name: r.neighbourhood,
    })),
  ];
  return { builtAt: Date.now(), places };
}

async function placeIndex(db: Queryable): Promise<PlaceIndex> {
  const cached = indexes.get(db);
  if (cached) {
    const index = await cached.catch(() => null);
    if (index && Date.now() - index.builtAt < PLACE_INDEX_TTL_MS) return index;
    if (indexes.get(db) !== cached) return placeIndex(db);
  }
  const building = buildIndex(db);
  indexes.set(db, building);
  building.catch(() => indexes.delete(db));
  return building;
}

/**
 * Streets that start with `$1` (lower case) in byte order: a range of listings_street_prefix_idx (migration
 * 320), walked in order, so a one-digit text reads a few rows of the index rather than the whole table.
 * `$2` is the first text after every string that starts with `$1` (`$1` followed by the last code point).
 * The planner picks the index only while its estimates hold: the street expression as the index spells it
 * (the collation on the parameters' side) and the country compared as the column's own type.
 */
export const ADDRESS_MATCHES_SQL = `SELECT l.id, l.street_line1, l.city, l.state_province, l.country_code, l.latitude, l.longitude
       FROM listings l
      WHERE ${PUBLIC_LISTING} AND ${ADDRESS_DISPLAYED} AND l.country_code = ANY($3::bpchar[])
        AND lower(l.street_line1) >= ($1 COLLATE "C") AND lower(l.street_line1) < ($2 COLLATE "C")
      ORDER BY lower(l.street_line1) COLLATE "C", l.id LIMIT $4`;

/** The parameters of ADDRESS_MATCHES_SQL for a typed prefix. */
export const addressMatchParams = (prefix: string, countries: string[], limit: number) => [prefix, `${prefix}\u{10FFFF}`, countries, limit];

async function addressMatches(db: Queryable, query: string, countries: string[], limit: number): Promise<IndexedPlace[]> {
  const { rows } = await db.query<{
    id: number;
    street_line1: string;
    city: string;
    state_province: string;
    country_code: string;
    latitude: number | null;
    longitude: number | null;
  }>(ADDRESS_MATCHES_SQL, addressMatchParams(query, countries, limit));
  return rows.map((r) =>
    indexed(
      {
        kind: 'address',
        description: `${r.street_line1}, ${r.city}, ${r.state_province}, ${countryName(r.country_code.trim())}`,
        lat: coordinate(r.latitude),
        lng: coordinate(r.longitude),
        placeId: `address:${r.id}`,
        countryCode: r.country_code.trim(),
        listingCount: 1,
        filter:
          r.latitude !== null && r.longitude !== null
            ? { kind: 'address', latitude: r.latitude, longitude: r.longitude }
            : { kind: 'none' },
      },
      r.street_line1,
    ),
  );
}

/** Two-letter country codes, upper case; the default when none are given. */
export function placeCountries(countries: readonly string[] | null | undefined): string[] {
  if (!countries || countries.length === 0) return DEFAULT_PLACE_COUNTRIES;
  if (countries.length > 20) throw badInput('countries takes at most 20 country codes.', 'countries');
  return countries.map((c) => {
    if (!/^[A-Za-z]{2}$/.test(c)) throw badInput(`countries: "${c}" is not a two-letter country code.`, 'countries');
    return c.toUpperCase();
  });
}

async function rankedPlaces(
  db: Queryable,
  text: string,
  countries: readonly string[] | null | undefined,
  limit: number,
): Promise<IndexedPlace[]> {
  if (text.length > MAX_QUERY_LENGTH) {
    throw badInput(`query is longer than ${MAX_QUERY_LENGTH} characters.`, 'query');
  }
  const allowed = placeCountries(countries);
  const query = normalizePlaceText(text);
  if (!query) return [];
  const index = await placeIndex(db);
  const scored: { place: IndexedPlace; tier: number }[] = [];
  for (const place of index.places) {
    if (!allowed.includes(place.countryCode)) continue;
    // The whole description typed (a search route's location: 'Salt Lake City, UT, USA') is the place itself.
    const tier = query === place.descriptionKey ? 4 : matchTier(query, place.key, place.words);
    if (tier > 0) scored.push({ place, tier });
  }
  if (/\d/.test(query)) {
    for (const place of await addressMatches(db, text.trim().toLowerCase(), allowed, limit)) {
      scored.push({ place, tier: matchTier(query, place.key, place.words) || 2 });
    }
  }
  scored.sort(
    (a, b) =>
      b.tier - a.tier ||
      b.place.listingCount - a.place.listingCount ||
      KIND_ORDER[a.place.kind] - KIND_ORDER[b.place.kind] ||
      a.place.description.localeCompare(b.place.description),
  );
  return scored.slice(0, limit).map((s) => s.place);
}

export async function searchPlaces(
  db: Queryable,
  text: string,
  countries?: readonly string[] | null,
  limit: number = DEFAULT_PLACE_RESULTS,
): Promise<PlaceResult[]> {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PLACE_RESULTS) {
    throw badInput(`limit must be from 1 to ${MAX_PLACE_RESULTS}.`, 'limit');
  }
  const places = await rankedPlaces(db, text, countries, limit);
  return places.map(({ description, lat, lng, kind, placeId }) => ({ description, lat, lng, kind, placeId }));
}

/** The best place for free text (listingLoad `address` / `search`), or null when nothing matches. */
export async function resolvePlace(
  db: Queryable,
  text: string,
  countries?: readonly string[] | null,
): Promise<PlaceFilter | null> {
  const [best] = await rankedPlaces(db, text, countries, 1);
  return best ? best.filter : null;
}
