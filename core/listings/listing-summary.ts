/** The little a lead form needs of a listing: its address and first photo (`listingInfo`, spec §7). */
import { useEffect, useState } from 'react';

export interface ListingSummary {
  id: string;
  slugId: string | null;
  listingCodeId: string | null;
  photoUri: string | null;
  address: { streetLine1: string | null; city: string | null; stateProvince: string | null; postalCode: string | null } | null;
}

/** The listing address selection every listing query shares (what `formatAddress` reads). */
export const LISTING_ADDRESS_FIELDS = /* GraphQL */ `
  address {
    streetLine1
    city
    stateProvince
    postalCode
  }
`;

/** A plain string: urql parses it in the lazily loaded client chunk, keeping the parser out of the runtime. */
export const ContactFormListingQuery = /* GraphQL */ `
  query ContactFormListing($listingId: ID!) {
    listingInfo(listingId: $listingId) {
      id
      slugId
      listingCodeId
      photoUri
      ${LISTING_ADDRESS_FIELDS}
    }
  }
`;

/** "123 Main St, Salt Lake City, UT 84101" from whichever parts exist. */
export function formatAddress(address: ListingSummary['address']): string {
  if (!address) return '';
  const region = [address.stateProvince, address.postalCode].filter(Boolean).join(' ');
  return [address.streetLine1, address.city, region].filter(Boolean).join(', ');
}

export type ListingSummaryState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'loaded'; listing: ListingSummary }
  | { status: 'missing' };

/** Loads the summary when there is an id and no listing object was given; errors are shown inline, not toasted. */
export function useListingSummary(listingId: number | null, given?: ListingSummary | null): ListingSummaryState {
  const [state, setState] = useState<ListingSummaryState>({ status: 'none' });
  useEffect(() => {
    if (given || listingId === null) {
      setState({ status: 'none' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    // The GraphQL client (urql) is its own chunk, loaded by the first element that queries.
    import('../graphql/client')
      .then(({ graphqlClient }) =>
        graphqlClient()
          .query<{ listingInfo: ListingSummary | null }, { listingId: string }>(
            ContactFormListingQuery,
            { listingId: String(listingId) },
            { muteError: true, requestPolicy: 'cache-first' },
          )
          .toPromise(),
      )
      .then((result) => {
        if (!live) return;
        const listing = result.data?.listingInfo;
        setState(listing ? { status: 'loaded', listing } : { status: 'missing' });
      })
      .catch(() => live && setState({ status: 'missing' }));
    return () => {
      live = false;
    };
  }, [listingId, given]);
  if (given) return { status: 'loaded', listing: given };
  return state;
}
