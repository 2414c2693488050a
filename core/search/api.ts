/**
 * The search's calls (spec §7): listingLoad for the results page (and, with no rows, for a count),
 * listingsInfo for the map's pins or clusters, saveSearch. Plain strings, parsed in the lazily loaded
 * client chunk; validated against the server schema in core/graphql/operations.test.ts.
 */
import { LISTING_CARD_FIELDS } from '../listings/listing-card-data';
import type { CardListing } from '../listings/listing-card-data';
import type { Bounds } from '../maps/projection';
import type { RequestPolicy } from './fetch-policy';
import type { searchScope, SearchInput } from './search-model';

export const SearchListingsQuery = /* GraphQL */ `
  query SearchListings(
    $first: Int
    $after: String
    $offset: Int
    $orderBy: ListingOrder
    $address: String
    $geoInput: GeoInput
    $searchInput: SearchInput
  ) {
    listingLoad(first: $first, after: $after, offset: $offset, orderBy: $orderBy, address: $address, geoInput: $geoInput, searchInput: $searchInput) {
      totalCount
      totalCountCapped
      pageInfo {
        hasNextPage
        hasPreviousPage
      }
      pageCursors {
        first {
          cursor
          page
          isCurrent
        }
        around {
          cursor
          page
          isCurrent
        }
        last {
          cursor
          page
          isCurrent
        }
        previous {
          cursor
          page
          isCurrent
        }
      }
      edges {
        node {
          ${LISTING_CARD_FIELDS}
          classification
          priceLabel
          location {
            latitude
            longitude
          }
        }
      }
    }
  }
`;

/** How many homes a search finds, without reading any (the Filters sheet's 'Show 123 homes'). */
export const SearchCountQuery = /* GraphQL */ `
  query SearchCount($address: String, $geoInput: GeoInput, $searchInput: SearchInput) {
    listingLoad(first: 0, address: $address, geoInput: $geoInput, searchInput: $searchInput) {
      totalCount
      totalCountCapped
    }
  }
`;

export const MapMarkersQuery = /* GraphQL */ `
  query MapMarkers($geoInput: GeoInput!, $searchInput: SearchInput) {
    listingsInfo(geoInput: $geoInput, searchInput: $searchInput) {
      mode
      totalCount
      pins {
        ids
        latitudes
        longitudes
        pricesInPennies
      }
      clusters {
        count
        latitude
        longitude
        bounds {
          north
          south
          east
          west
        }
      }
    }
  }
`;

export const SaveSearchMutation = /* GraphQL */ `
  mutation SaveSearch($name: String!, $notificationFrequency: NotificationFrequency!, $searchModal: JSON!) {
    saveSearch(name: $name, notificationFrequency: $notificationFrequency, searchModal: $searchModal) {
      id
      name
      notificationFrequency
    }
  }
`;

export interface PageCursor {
  cursor: string;
  page: number;
  isCurrent: boolean;
}

export interface PageCursors {
  first: PageCursor | null;
  around: PageCursor[];
  last: PageCursor | null;
  previous: PageCursor | null;
}

export type SearchListing = CardListing & {
  classification: 'SALE' | 'RENT' | 'STAY';
  /** The feed's price period ('/mo', '/wk'), if any (core/listings/price-period.ts). */
  priceLabel: string | null;
  location: { latitude: number; longitude: number } | null;
};

export interface SearchPage {
  totalCount: number;
  totalCountCapped: boolean;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean };
  pageCursors: PageCursors;
  listings: SearchListing[];
}

export interface MapData {
  mode: 'PINS' | 'CLUSTERS';
  totalCount: number;
  pins: { ids: string[]; latitudes: number[]; longitudes: number[]; pricesInPennies: number[] } | null;
  clusters: { count: number; latitude: number; longitude: number; bounds: Bounds }[];
}

export type NotificationFrequency = 'INSTANT' | 'DAILY' | 'WEEKLY' | 'NEVER';

/** Errors are shown by the element (error state with retry), not toasted. */
export async function loadSearchPage(variables: Record<string, unknown>, requestPolicy: RequestPolicy): Promise<SearchPage> {
  const { graphqlClient } = await import('../graphql/client');
  const result = await graphqlClient()
    .query<{ listingLoad: Omit<SearchPage, 'listings'> & { edges: { node: SearchListing }[] } }>(SearchListingsQuery, variables, {
      muteError: true,
      requestPolicy,
    })
    .toPromise();
  if (result.error || !result.data) throw new Error(result.error?.message ?? 'No data');
  const { edges, ...page } = result.data.listingLoad;
  return { ...page, listings: edges.map((e) => e.node) };
}

export interface SearchCount {
  totalCount: number;
  totalCountCapped: boolean;
}

export async function countListings(
  variables: Omit<ReturnType<typeof searchScope>, 'orderBy'>,
  requestPolicy: RequestPolicy,
): Promise<SearchCount> {
  const { graphqlClient } = await import('../graphql/client');
  const result = await graphqlClient()
    .query<{ listingLoad: SearchCount }>(SearchCountQuery, variables, { muteError: true, requestPolicy })
    .toPromise();
  if (result.error || !result.data) throw new Error(result.error?.message ?? 'No data');
  return result.data.listingLoad;
}

export async function loadMapData(bounds: Bounds, searchInput: SearchInput, requestPolicy: RequestPolicy): Promise<MapData> {
  const { graphqlClient } = await import('../graphql/client');
  const result = await graphqlClient()
    .query<{ listingsInfo: MapData }>(MapMarkersQuery, { geoInput: { bounds }, searchInput }, { muteError: true, requestPolicy })
    .toPromise();
  if (result.error || !result.data) throw new Error(result.error?.message ?? 'No data');
  return result.data.listingsInfo;
}

/** Saves the search (listingLoad's variables without paging); server errors are toasted (spec §8). */
export async function saveSearch(name: string, notificationFrequency: NotificationFrequency, searchModal: object): Promise<boolean> {
  const { graphqlClient } = await import('../graphql/client');
  const result = await graphqlClient().mutation(SaveSearchMutation, { name, notificationFrequency, searchModal }).toPromise();
  return Boolean(result.data);
}
