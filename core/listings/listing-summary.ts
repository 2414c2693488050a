/** The little a lead form needs of a listing: its address and first photo (`listingInfo`, spec §7). */
import * as z from 'zod/mini';
import { query } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { lazySchema } from '../validation/lazy-schema';
import { LISTING_LINK_FIELDS, listingAddressSchema } from './listing-address';

z.config({ jitless: true });

/** What the query answers, and what a listing set on the element may hold. */
const buildListingSummary = () =>
  z.object({
    id: z.string(),
    slugId: z.nullable(z.string()),
    listingCodeId: z.nullable(z.string()),
    photoUri: z.nullable(z.string()),
    address: listingAddressSchema(),
  });

export type ListingSummary = z.infer<ReturnType<typeof buildListingSummary>>;

const summaryOrNullSchema = lazySchema(() => z.nullable(buildListingSummary()));

/** A plain string: urql parses it in the lazily loaded client chunk, keeping the parser out of the runtime. */
export const ContactFormListingQuery = /* GraphQL */ `
  query ContactFormListing($listingId: ID!) {
    listingInfo(listingId: $listingId) {
      ${LISTING_LINK_FIELDS}
      photoUri
    }
  }
`;

export type ListingSummaryState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'loaded'; listing: ListingSummary }
  | { status: 'missing' };

/** Loads the summary when there is an id and no listing object was given; errors are shown inline, not toasted. */
export function useListingSummary(listingId: number | null, given?: ListingSummary | null): ListingSummaryState {
  const { result } = useLoad(given || listingId === null ? null : String(listingId), () =>
    query(ContactFormListingQuery, { listingId: String(listingId) }, summaryOrNullSchema, { muteError: true, requestPolicy: 'cache-first' }),
  );
  if (given) return { status: 'loaded', listing: given };
  if (listingId === null) return { status: 'none' };
  if (!result) return { status: 'loading' };
  return result.ok && result.value ? { status: 'loaded', listing: result.value } : { status: 'missing' };
}
