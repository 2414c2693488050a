/**
 * The home a seller starts from (spec §3 seller listing context keys, §7 createSeller's homeContext): the
 * keys the sell page sends and the server seeds the intake questionnaire with.
 */

/** Where the home is, under the spec's context keys. */
export interface SellerHomeAddress {
  address: string;
  aptSuite: string | null;
  city: string;
  county: string | null;
  short_state: string;
  zip_code: string;
  lat: number;
  lng: number;
}
