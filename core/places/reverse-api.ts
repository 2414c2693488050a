/**
 * Reverse geocoding for the questionnaire's map-search address (widget spec §7: "reverse geocode of a
 * latitude and longitude; the first result is used and its formatted address fills the search box"),
 * without a maps key: our server's `sellerHomeAt` over our own listings' addresses — the street when a
 * known address is at the point, else the area (city, county, state, ZIP). Null when nothing of ours is
 * near or the API cannot be asked.
 */
import { loadHomeAt } from './home-at-api';

export interface ReverseGeocoded {
  /** The street line ('1 Main St'); empty when only the area is known. */
  street: string;
  city: string;
  county: string;
  /** The state's code ('UT'). */
  state: string;
  postalCode: string;
  /** 'street, city, state postal' as the search box shows it. */
  formattedAddress: string;
}

export function formatAddress(found: Omit<ReverseGeocoded, 'formattedAddress'>): string {
  return [found.street, found.city, [found.state, found.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

export async function reverseGeocode(lat: number, lng: number): Promise<ReverseGeocoded | null> {
  if (!(Math.abs(lat) <= 90) || !(Math.abs(lng) <= 180)) return null;
  const found = await loadHomeAt(lat, lng);
  if (!found.ok || !found.value) return null;
  const home = found.value;
  const parts = { street: home.exact ? home.address : '', city: home.city, county: home.county, state: home.short_state, postalCode: home.zip_code };
  return { ...parts, formattedAddress: formatAddress(parts) };
}
