/**
 * A listing's address on one line (spec §3 Listing address): "123 Main St, Salt Lake City, UT 84101" from
 * whichever parts exist; the street is missing when the feed withholds it. The elements, the API's
 * `listingAddress` fields and the mails all write it this way.
 */
export interface AddressParts {
  streetLine1?: string | null;
  city?: string | null;
  stateProvince?: string | null;
  postalCode?: string | null;
}

export function formatAddress(address: AddressParts | null | undefined): string {
  if (!address) return '';
  const region = [address.stateProvince, address.postalCode].filter(Boolean).join(' ');
  return [address.streetLine1, address.city, region].filter(Boolean).join(', ');
}
