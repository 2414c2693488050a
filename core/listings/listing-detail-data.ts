/**
 * What a listing page shows (spec §3 Listing) and how it gets it: a `listing-id` (`listingInfo`), a
 * `slug-id` + `listing-code-id` (`listingBySlug`, the /listing/{slugId}/{listingCodeId} route), or data set on
 * the element. Plain-string operations: urql parses them in the lazily loaded client chunk.
 */
import { useEffect, useState } from 'react';
import type { CardListing } from './listing-card-data';
import { LISTING_ADDRESS_FIELDS } from './listing-summary';

export interface SimilarHome {
  id: string;
  slugId: string;
  listingCodeId: string;
  photoUri: string | null;
  priceInPennies: number | null;
  priceCurrencyCode: string;
  bedrooms: number | null;
  bathrooms: number | null;
  area: number | null;
  areaUnit: string | null;
  address: CardListing['address'];
}

export interface DetailOpenHouse {
  id: string;
  startDateTime: string;
  endDateTime: string;
  isActive: boolean;
  isVirtual: boolean;
  virtualUrl: string | null;
}

export interface PriceHistoryEntry {
  date: string;
  event: string;
  priceInPennies: number;
  previousPriceInPennies: number | null;
  status: string;
}

export interface DetailListing extends Omit<CardListing, 'openHouse' | 'listingBy' | 'photos'> {
  mlsNumber: string | null;
  title: string | null;
  overview: string | null;
  priceLabel: string | null;
  classification: 'SALE' | 'RENT' | 'STAY';
  propertyType: string;
  yearBuilt: number | null;
  garageBays: number | null;
  hoaFee: number | null;
  hoaFeeFrequencyType: string | null;
  lotSize: number | null;
  lotSizeUnit: string | null;
  daysOnHearth: number;
  enableRequestTour: boolean;
  enableOffer: boolean;
  videoSource: string | null;
  location: { latitude: number; longitude: number } | null;
  tenantType: string | null;
  tenantGenderPreference: string | null;
  preferredTenant: string | null;
  roomType: string | null;
  foodIncluded: boolean | null;
  photos: { photoUrl: string; description: string | null }[];
  priceHistory: PriceHistoryEntry[];
  openHouse: DetailOpenHouse[];
  amenities: { id: string; label: string; url: string | null }[];
  listingBy: {
    brokerage: { name: string; phone?: string | null } | null;
    agent: { name: string; phone?: string | null; email?: string | null } | null;
    system: string | null;
  } | null;
  showcase: { overview: string | null; overrideListingOverview: boolean; videoUrl: string | null; featured: boolean } | null;
  similarHomes: SimilarHome[];
  relatedPosts: string[];
}

const DETAIL_FIELDS = /* GraphQL */ `
  id
  slugId
  listingCodeId
  mlsNumber
  title
  overview
  priceLabel
  photoUri
  photos {
    photoUrl
    description
  }
  priceInPennies
  priceCurrencyCode
  bedrooms
  bathrooms
  area
  areaUnit
  lotSize
  lotSizeUnit
  yearBuilt
  garageBays
  hoaFee
  hoaFeeFrequencyType
  propertyType
  classification
  daysOnHearth
  ${LISTING_ADDRESS_FIELDS}
  location {
    latitude
    longitude
  }
  newListing
  lastPriceUpdate {
    priceDropDate
    priceDropAmountInPennies
  }
  underContract
  sold
  favoriteCount
  isFavorite
  enableRequestTour
  enableOffer
  videoSource
  tenantType
  tenantGenderPreference
  preferredTenant
  roomType
  foodIncluded
  priceHistory {
    date
    event
    priceInPennies
    previousPriceInPennies
    status
  }
  openHouse {
    id
    startDateTime
    endDateTime
    isActive
    isVirtual
    virtualUrl
  }
  amenities {
    id
    label
    url
  }
  listingBy {
    brokerage {
      name
      phone
    }
    agent {
      name
      phone
      email
    }
    system
  }
  showcase {
    overview
    overrideListingOverview
    videoUrl
    featured
  }
  similarHomes {
    id
    slugId
    listingCodeId
    photoUri
    priceInPennies
    priceCurrencyCode
    bedrooms
    bathrooms
    area
    areaUnit
    ${LISTING_ADDRESS_FIELDS}
  }
  relatedPosts
  timeZone
`;

export const ListingDetailQuery = /* GraphQL */ `
  query ListingDetail($listingId: ID!) {
    listingInfo(listingId: $listingId) {
      ${DETAIL_FIELDS}
    }
  }
`;

export const ListingDetailBySlugQuery = /* GraphQL */ `
  query ListingDetailBySlug($slugId: String!, $listingCodeId: String!) {
    listingBySlug(slugId: $slugId, listingCodeId: $listingCodeId) {
      ${DETAIL_FIELDS}
    }
  }
`;

/** Which listing to load: by id, or by the slug pair of the listing route. */
export type DetailKey = { listingId: number } | { slugId: string; listingCodeId: string } | null;

export type DetailState =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'loaded'; listing: DetailListing }
  | { status: 'missing' }
  | { status: 'failed' };

/** The listing as given, or loaded by id or slug (errors are shown in the element, not toasted). */
export function useDetailListing(key: DetailKey, given: DetailListing | null | undefined): DetailState {
  const [state, setState] = useState<DetailState>({ status: 'empty' });
  const keyText = key ? JSON.stringify(key) : '';
  useEffect(() => {
    if (given || !key) return;
    let live = true;
    setState({ status: 'loading' });
    const byId = 'listingId' in key;
    import('../graphql/client')
      .then(({ graphqlClient }) =>
        graphqlClient()
          .query<{ listingInfo?: DetailListing | null; listingBySlug?: DetailListing | null }>(
            byId ? ListingDetailQuery : ListingDetailBySlugQuery,
            byId ? { listingId: String(key.listingId) } : key,
            { muteError: true },
          )
          .toPromise(),
      )
      .then((result) => {
        if (!live) return;
        const listing = result.data?.listingInfo ?? result.data?.listingBySlug;
        if (result.error) setState({ status: 'failed' });
        else setState(listing ? { status: 'loaded', listing } : { status: 'missing' });
      })
      .catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
    };
    // The key is compared by value: a new object with the same id must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keyText, given]);
  if (given) return { status: 'loaded', listing: given };
  return key ? state : { status: 'empty' };
}
