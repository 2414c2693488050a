/**
 * The search's calls (spec §7): listingLoad for the results page (and, with no rows, for a count),
 * listingsInfo for the map's pins or clusters, saveSearch. Plain strings, parsed in the lazily loaded
 * client chunk; validated against the server schema in core/graphql/operations.test.ts.
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { cardListingShape } from '../listings/listing-card-data';
import { LISTING_CARD_FIELDS } from '../listings/listing-card-fields';
import type { Bounds } from '../maps/projection';
import { lazySchema } from '../validation/lazy-schema';
import type { RequestPolicy } from './fetch-policy';
import type { searchScope, SearchInput } from './search-model';

z.config({ jitless: true });

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
          tenantType
          tenantGenderPreference
          preferredTenant
          roomType
          foodIncluded
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
  query MapMarkers($geoInput: GeoInput!, $searchInput: SearchInput, $address: String) {
    listingsInfo(geoInput: $geoInput, searchInput: $searchInput, address: $address) {
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

// ---- shapes ----

const buildPageCursor = () => z.object({ cursor: z.string(), page: z.number(), isCurrent: z.boolean() });

export type PageCursor = z.infer<ReturnType<typeof buildPageCursor>>;

const buildPageCursors = () =>
  z.object({
    first: z.nullable(buildPageCursor()),
    around: z.array(buildPageCursor()),
    last: z.nullable(buildPageCursor()),
    previous: z.nullable(buildPageCursor()),
  });

export type PageCursors = z.infer<ReturnType<typeof buildPageCursors>>;

const buildSearchListing = () =>
  z.object({
    ...cardListingShape(),
    classification: z.enum(['SALE', 'RENT', 'STAY']),
    /** The feed's price period ('/mo', '/wk'), if any (core/listings/price-period.ts). */
    priceLabel: z.nullable(z.string()),
    /** The rental fields of spec §3 (core/stays/rental-facts.ts shows them on the card). */
    tenantType: z.optional(z.nullable(z.string())),
    tenantGenderPreference: z.optional(z.nullable(z.string())),
    preferredTenant: z.optional(z.nullable(z.string())),
    roomType: z.optional(z.nullable(z.string())),
    foodIncluded: z.optional(z.nullable(z.boolean())),
    location: z.nullable(z.object({ latitude: z.number(), longitude: z.number() })),
  });

export type SearchListing = z.infer<ReturnType<typeof buildSearchListing>>;

const countShape = () => ({ totalCount: z.number(), totalCountCapped: z.boolean() });

const connectionSchema = lazySchema(() =>
  z.object({
    ...countShape(),
    pageInfo: z.object({ hasNextPage: z.boolean(), hasPreviousPage: z.boolean() }),
    pageCursors: buildPageCursors(),
    edges: z.array(z.object({ node: buildSearchListing() })),
  }),
);

export type SearchPage = Omit<z.infer<ReturnType<typeof connectionSchema.schema>>, 'edges'> & { listings: SearchListing[] };

const countSchema = lazySchema(() => z.object(countShape()));

export type SearchCount = z.infer<ReturnType<typeof countSchema.schema>>;

const buildMapData = () =>
  z.object({
    mode: z.enum(['PINS', 'CLUSTERS']),
    totalCount: z.number(),
    pins: z.nullable(
      z.object({ ids: z.array(z.string()), latitudes: z.array(z.number()), longitudes: z.array(z.number()), pricesInPennies: z.array(z.number()) }),
    ),
    clusters: z.array(
      z.object({
        count: z.number(),
        latitude: z.number(),
        longitude: z.number(),
        bounds: z.object({ north: z.number(), south: z.number(), east: z.number(), west: z.number() }),
      }),
    ),
  });

type MapData = z.infer<ReturnType<typeof buildMapData>>;

const mapDataSchema = lazySchema(buildMapData);
const savedSearchSchema = lazySchema(() => z.object({ id: z.string() }));

export type NotificationFrequency = 'INSTANT' | 'DAILY' | 'WEEKLY' | 'NEVER';

// ---- calls ----

const pageOf = ({ edges, ...page }: z.infer<ReturnType<typeof connectionSchema.schema>>): SearchPage => ({ ...page, listings: edges.map((e) => e.node) });

/** One page of results; errors are shown by the element (error state with retry), not toasted. */
export async function loadSearchPage(variables: Record<string, unknown>, requestPolicy: RequestPolicy): Promise<Result<SearchPage>> {
  const loaded = await query(SearchListingsQuery, variables, connectionSchema, { muteError: true, requestPolicy });
  return loaded.ok ? { ok: true, value: pageOf(loaded.value) } : loaded;
}

/**
 * What a hosted page writes into its `<hearth-search-map>` (server/site/search-data.ts): the variables of the
 * element's first search and `listingLoad`'s answer to them, as a `<script type="application/json">` of its light DOM.
 */
export interface ServedSearch {
  variables: Record<string, unknown>;
  listingLoad: unknown;
}

/**
 * The first results page a hosted page wrote into the element, when it answers `variables` (the search the
 * element is about to ask for) and checks as the query's answer does; null otherwise (the element asks). Read
 * once: the data is taken out of the page as it is read.
 */
export function servedSearchPage(host: HTMLElement, variables: Record<string, unknown>): SearchPage | null {
  const script = host.querySelector(':scope > script[type="application/json"][data-search-page]');
  if (!script?.textContent) return null;
  script.remove();
  try {
    const served = JSON.parse(script.textContent) as ServedSearch;
    if (JSON.stringify(served.variables) !== JSON.stringify(variables)) return null;
    const checked = connectionSchema.safeParse(served.listingLoad);
    return checked.success ? pageOf(checked.data) : null;
  } catch {
    return null;
  }
}

export function countListings(variables: Omit<ReturnType<typeof searchScope>, 'orderBy'>, requestPolicy: RequestPolicy): Promise<Result<SearchCount>> {
  return query(SearchCountQuery, variables, countSchema, { muteError: true, requestPolicy });
}

/**
 * The map's markers for the area in view, within the search's own scope (its place, when it searches one),
 * so the clusters count what the list counts.
 */
export function loadMapData(bounds: Bounds, searchInput: SearchInput, address: string | null, requestPolicy: RequestPolicy): Promise<Result<MapData>> {
  return query(MapMarkersQuery, { geoInput: { bounds }, searchInput, ...(address ? { address } : {}) }, mapDataSchema, { muteError: true, requestPolicy });
}

/** Saves the search (listingLoad's variables without paging); server errors are toasted (spec §8). */
export async function saveSearch(name: string, notificationFrequency: NotificationFrequency, searchModal: object): Promise<boolean> {
  return (await mutate(SaveSearchMutation, { name, notificationFrequency, searchModal }, savedSearchSchema)).ok;
}
