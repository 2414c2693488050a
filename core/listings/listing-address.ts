/** The address every listing query asks for, and the shape its answer is checked against. */
import * as z from 'zod/mini';

z.config({ jitless: true });

/** The listing address selection every listing query shares (what core/format/address.ts writes on one line). */
export const LISTING_ADDRESS_FIELDS = /* GraphQL */ `
  address {
    streetLine1
    city
    stateProvince
    postalCode
  }
`;

/** Parts may be missing: the street when the feed withholds it, any of them in a listing set on an element. */
export const listingAddressSchema = () =>
  z.nullable(
    z.object({
      streetLine1: z.nullable(z.string()),
      city: z.nullable(z.string()),
      stateProvince: z.nullable(z.string()),
      postalCode: z.nullable(z.string()),
    }),
  );

/**
 * The selection of a listing (GraphQL type Listing) shown as a link with its address: its id, its route's slug
 * pair and its address. Kept in this module so an element does not load one more tiny chunk for it.
 */
export const LISTING_LINK_FIELDS = /* GraphQL */ `
  id
  slugId
  listingCodeId
  ${LISTING_ADDRESS_FIELDS}
`;

/** The answer to LISTING_LINK_FIELDS (a shape to spread into z.object). */
export const listingLinkShape = () => ({
  id: z.string(),
  slugId: z.string(),
  listingCodeId: z.string(),
  address: listingAddressSchema(),
});
