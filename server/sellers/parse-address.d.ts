/** The part of parse-address 1.1 (no types of its own) that the sell page's typed address uses. */
declare module 'parse-address' {
  /** A US address in parts; each only when found (Geo::StreetAddress::US's names). */
  export interface ParsedLocation {
    number?: string;
    prefix?: string;
    street?: string;
    type?: string;
    suffix?: string;
    sec_unit_type?: string;
    sec_unit_num?: string;
    city?: string;
    state?: string;
    zip?: string;
    plus4?: string;
  }
  export function parseLocation(address: string): ParsedLocation | null;
  const parser: { parseLocation: typeof parseLocation };
  export default parser;
}
