/**
 * The map-search address with the partner's Google Maps key (widget spec §7): Google's reverse geocoder
 * for a point — the first result, its address components read by long name (route, street_number,
 * locality, postal_code, administrative_area_level_1 and _2, country) and its formatted address for the
 * search box. Loaded only when a key exists (core/maps/google, lazily); null when Google cannot say, so
 * the widget falls back to our own reverse geocoder.
 */
import { googleLibrary } from '../../../core/maps/google';
import { countryParts, type MapAddressField } from './map-address.rules';

export interface GoogleAddressComponent {
  long_name: string;
  short_name?: string;
  types: string[];
}

/** Spec §7: address components by long name into the §3 variables (the state's code from its short name). */
export function componentsFromGoogle(components: readonly GoogleAddressComponent[]): Partial<Record<MapAddressField, string>> {
  const of = (type: string) => components.find((c) => c.types.includes(type));
  const number = of('street_number')?.long_name ?? '';
  const street = of('route')?.long_name ?? '';
  const state = of('administrative_area_level_1');
  const postal = of('postal_code')?.long_name ?? '';
  const country = countryParts(of('country')?.long_name ?? '');
  return {
    'street-number': number,
    street,
    'street-address': [number, street].filter(Boolean).join(' '),
    city: of('locality')?.long_name ?? '',
    county: of('administrative_area_level_2')?.long_name ?? '',
    'postal-code': postal,
    'zip-code': postal,
    'province-state': state?.long_name ?? '',
    'short-state': state?.short_name ?? '',
    country: country.name || (of('country')?.long_name ?? ''),
    'short-country': country.code,
    'full-country': country.name || (of('country')?.long_name ?? ''),
  };
}

/** Google's first reverse-geocoding result for a point; null when there is none or Google fails. */
export async function googleReverse(key: string, lat: number, lng: number): Promise<{ components: Partial<Record<MapAddressField, string>>; formattedAddress: string } | null> {
  try {
    const { Geocoder } = await googleLibrary(key, 'geocoding');
    const { results } = await new Geocoder().geocode({ location: { lat, lng } });
    const first = results[0] as (typeof results)[number] & { address_components?: GoogleAddressComponent[] };
    if (!first) return null;
    return { components: componentsFromGoogle(first.address_components ?? []), formattedAddress: first.formatted_address };
  } catch {
    return null;
  }
}
