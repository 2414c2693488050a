/** What a query asks of a listing it links to and names: its id, its route's slug pair and its address. */
import * as z from 'zod/mini';
import { LISTING_ADDRESS_FIELDS, listingAddressSchema } from './listing-address';

z.config({ jitless: true });

/** The selection of a listing (GraphQL type Listing) shown as a link with its address. */
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
