/**
 * Where is the home at a point, for Start Listing (/selling/listing-detail?lat&lng; issue 19): a reverse geocoder
 * behind one interface. With the partner's Google Maps key, Google's Geocoding API (a server-side call, so the
 * browser never needs the Geocoding API enabled on its key); without one, or when Google fails or knows nothing
 * there, our own place data (homeAt: the nearest public address of our listings). The Google endpoint is
 * HEARTH_GOOGLE_GEOCODING_URL when set: the tests point it at a local HTTP double.
 */
import type { Queryable } from '../db';
import type { Partner } from '../partners/repository';
import { defaultLogger, type Logger } from '../log';
import { locateTypedAddress, type LocatedAddress } from './address';
import { homeAt, type HomeLocation } from './sellers';

export interface ReverseGeocoder {
  /** The home at the point; null when the provider knows nothing there. Throws when the provider fails. */
  reverse(lat: number, lng: number): Promise<HomeLocation | null>;
}

export const GOOGLE_GEOCODING_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
/** Start Listing waits at most this long for Google before answering from our own data. */
const GOOGLE_TIMEOUT_MS = 4_000;
const MAPS_KEY = /^[A-Za-z0-9_-]{10,200}$/;

/** The partner's Google Maps key (app context `mapsKey`), when it has a well-formed one. */
export function partnerMapsKey(partner: Pick<Partner, 'appContext'>): string | null {
  const context = partner.appContext as { mapsKey?: unknown } | null;
  const key = context && typeof context === 'object' ? context.mapsKey : undefined;
  return typeof key === 'string' && MAPS_KEY.test(key) ? key : null;
}

// ---------------------------------------------------------------------------------------------------
// Google

interface GoogleComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

interface GoogleResult {
  address_components?: GoogleComponent[];
  types?: string[];
  geometry?: { location?: { lat?: unknown; lng?: unknown } };
}

interface GoogleAnswer {
  status?: string;
  error_message?: string;
  results?: GoogleResult[];
}

/** One Geocoding API result as a home: street (when it names a building), city, county, state, ZIP. */
export function homeOfGoogleResult(result: GoogleResult, lat: number, lng: number): HomeLocation | null {
  const parts = result.address_components ?? [];
  const part = (type: string, short = false) => {
    const found = parts.find((c) => Array.isArray(c.types) && c.types.includes(type));
    return found ? String(short ? found.short_name : found.long_name) : '';
  };
  const city = part('locality') || part('postal_town') || part('sublocality') || part('administrative_area_level_3');
  const state = part('administrative_area_level_1', true);
  if (!city && !state) return null;
  const number = part('street_number');
  const route = part('route', true);
  const exact = Boolean(number && route);
  return {
    address: exact ? `${number} ${route}` : '',
    city,
    county: part('administrative_area_level_2').replace(/ County$/, ''),
    short_state: state,
    zip_code: part('postal_code'),
    lat,
    lng,
    exact,
  };
}

/** Google's reverse geocoding with `key`: the most precise result first (a street address before an area). */
export function googleGeocoder(key: string, endpoint = process.env.HEARTH_GOOGLE_GEOCODING_URL || GOOGLE_GEOCODING_URL): ReverseGeocoder {
  return {
    async reverse(lat, lng) {
      const url = new URL(endpoint);
      url.searchParams.set('latlng', `${lat},${lng}`);
      url.searchParams.set('key', key);
      url.searchParams.set('result_type', 'street_address|premise|subpremise|route|locality|postal_code');
      const response = await fetch(url, { signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS), headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`Google Geocoding answered HTTP ${response.status}.`);
      const answer = (await response.json()) as GoogleAnswer;
      if (answer.status === 'ZERO_RESULTS') return null;
      if (answer.status !== 'OK' || !Array.isArray(answer.results)) {
        throw new Error(`Google Geocoding answered ${String(answer.status)}${answer.error_message ? `: ${answer.error_message}` : ''}.`);
      }
      for (const result of answer.results) {
        const home = homeOfGoogleResult(result, lat, lng);
        if (home) return home;
      }
      return null;
    },
  };
}

/** Our own place data: the nearest public address of our listings, or the area around it. */
export const ownPlacesGeocoder = (db: Queryable): ReverseGeocoder => ({ reverse: (lat, lng) => homeAt(db, lat, lng) });

/**
 * sellerHomeAt: Google when the partner has a maps key, falling back to our own data when Google fails (logged)
 * or knows nothing there; our own data otherwise.
 */
export async function homeAtFor(
  db: Queryable,
  partner: Pick<Partner, 'appContext' | 'slug'>,
  lat: number,
  lng: number,
  google: (key: string) => ReverseGeocoder = googleGeocoder,
  log: Logger = defaultLogger,
): Promise<HomeLocation | null> {
  const key = partnerMapsKey(partner);
  if (key) {
    try {
      const home = await google(key).reverse(lat, lng);
      if (home) return home;
    } catch (error) {
      log.warn(`Reverse geocoding for partner ${partner.slug} fell back to our own places: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return ownPlacesGeocoder(db).reverse(lat, lng);
}

// ---------------------------------------------------------------------------------------------------
// A typed address (the sell page's Start Listing with text nobody chose from the suggestions)

export interface AddressGeocoder {
  /** The typed address in parts with its point; null when the provider knows nothing of it. Throws when it fails. */
  forward(text: string): Promise<LocatedAddress | null>;
}

/** Google's geocoding of a typed US address with `key`: its first result, the point where Google puts it. */
export function googleAddressGeocoder(key: string, endpoint = process.env.HEARTH_GOOGLE_GEOCODING_URL || GOOGLE_GEOCODING_URL): AddressGeocoder {
  return {
    async forward(text) {
      const url = new URL(endpoint);
      url.searchParams.set('address', text);
      url.searchParams.set('components', 'country:US');
      url.searchParams.set('key', key);
      const response = await fetch(url, { signal: AbortSignal.timeout(GOOGLE_TIMEOUT_MS), headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`Google Geocoding answered HTTP ${response.status}.`);
      const answer = (await response.json()) as GoogleAnswer;
      if (answer.status === 'ZERO_RESULTS') return null;
      if (answer.status !== 'OK' || !Array.isArray(answer.results)) {
        throw new Error(`Google Geocoding answered ${String(answer.status)}${answer.error_message ? `: ${answer.error_message}` : ''}.`);
      }
      const first = answer.results[0];
      const lat = Number(first?.geometry?.location?.lat);
      const lng = Number(first?.geometry?.location?.lng);
      if (!first || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
      const home = homeOfGoogleResult(first, lat, lng);
      if (!home) return null;
      const subpremise = (first.address_components ?? []).find((c) => Array.isArray(c.types) && c.types.includes('subpremise'))?.long_name ?? null;
      return {
        address: home.address,
        aptSuite: subpremise,
        city: home.city,
        county: home.county,
        short_state: home.short_state,
        zip_code: home.zip_code,
        lat,
        lng,
        located: home.exact ? 'ADDRESS' : home.zip_code ? 'ZIP' : 'CITY',
      };
    },
  };
}

/**
 * sellerAddress: the typed text is checked and parsed first (a refused text never leaves the server); then
 * Google when the partner has a maps key (what Google leaves out, such as the unit, comes from our parse),
 * falling back to our own parse and places when Google fails (logged) or knows nothing of it.
 */
export async function sellerAddressFor(
  db: Queryable,
  partner: Pick<Partner, 'appContext' | 'slug'>,
  text: string,
  google: (key: string) => AddressGeocoder = googleAddressGeocoder,
  log: Logger = defaultLogger,
): Promise<LocatedAddress> {
  const ours = await locateTypedAddress(db, text);
  const key = partnerMapsKey(partner);
  if (key) {
    try {
      const found = await google(key).forward(text);
      if (found) return { ...found, aptSuite: found.aptSuite ?? ours.aptSuite, county: found.county || ours.county };
    } catch (error) {
      log.warn(`Address geocoding for partner ${partner.slug} fell back to our own places: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return ours;
}

