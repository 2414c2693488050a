/** What a listing card shows (spec §3 Listing) and how it gets it: a `listing-id`, or data set on the element. */
import { useEffect, useState } from 'react';
import { LISTING_ADDRESS_FIELDS } from './listing-summary';

export interface CardListing {
  id: string;
  slugId: string;
  listingCodeId: string;
  photoUri: string | null;
  photos?: { photoUrl: string; description: string | null }[];
  priceInPennies: number | null;
  priceCurrencyCode: string;
  /** With priceLabel: what the price is per ('/mo', '/night'; core/listings/price-period.ts). */
  classification?: string | null;
  priceLabel?: string | null;
  bedrooms: number | null;
  bathrooms: number | null;
  area: number | null;
  areaUnit: string | null;
  address: { streetLine1: string | null; city: string | null; stateProvince: string | null; postalCode: string | null } | null;
  newListing: boolean;
  lastPriceUpdate: { priceDropDate: string; priceDropAmountInPennies: number } | null;
  underContract: boolean;
  sold: boolean;
  favoriteCount: number;
  isFavorite: boolean;
  openHouse: { startDateTime: string; endDateTime: string; isActive: boolean }[];
  listingBy: { brokerage: { name: string } | null; agent: { name: string } | null; system: string | null } | null;
  timeZone: string;
}

/** What a card shows of a listing: one selection, used by the card's own query and by search results. */
export const LISTING_CARD_FIELDS = /* GraphQL */ `
id
slugId
listingCodeId
photoUri
priceInPennies
priceCurrencyCode
classification
priceLabel
bedrooms
bathrooms
area
areaUnit
${LISTING_ADDRESS_FIELDS}
newListing
lastPriceUpdate {
  priceDropDate
  priceDropAmountInPennies
}
underContract
sold
favoriteCount
isFavorite
openHouse {
  startDateTime
  endDateTime
  isActive
}
listingBy {
  brokerage {
    name
  }
  agent {
    name
  }
  system
}
timeZone
`;

export const ListingCardQuery = /* GraphQL */ `
  query ListingCard($listingId: ID!) {
    listingInfo(listingId: $listingId) {
      ${LISTING_CARD_FIELDS}
    }
  }
`;

export type CardState =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'loaded'; listing: CardListing }
  | { status: 'missing' }
  | { status: 'failed' };

/** The card's data: as given, or loaded by id (errors are shown in the card, not toasted). */
export function useCardListing(listingId: number | null, given: CardListing | null | undefined): CardState {
  const [state, setState] = useState<CardState>({ status: 'empty' });
  useEffect(() => {
    if (given || listingId === null) return;
    let live = true;
    setState({ status: 'loading' });
    import('../graphql/client')
      .then(({ graphqlClient }) =>
        graphqlClient()
          .query<{ listingInfo: CardListing | null }>(ListingCardQuery, { listingId: String(listingId) }, { muteError: true })
          .toPromise(),
      )
      .then((result) => {
        if (!live) return;
        if (result.error) setState({ status: 'failed' });
        else setState(result.data?.listingInfo ? { status: 'loaded', listing: result.data.listingInfo } : { status: 'missing' });
      })
      .catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [listingId, given]);
  if (given) return { status: 'loaded', listing: given };
  return listingId === null ? { status: 'empty' } : state;
}
