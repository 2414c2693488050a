/**
 * The search (spec §7): listingLoad and stayLoad (Relay paging with numbered pages) and listingsInfo
 * (map pins or clusters). Filters and limits live in server/listings/search/; this file maps GraphQL
 * arguments onto them.
 */
import { resolvePlace } from '../../listings/places/place-search';
import { listingsInfo, PIN_THRESHOLD, type ListingsInfo, type MapCluster, type PackedPins } from '../../listings/search/clusters';
import type { GeoInput as GeoFilter, ListingFilter, PlaceFilter, SearchInput as SearchFilter, StayDates } from '../../listings/search/filters';
import { COUNT_CAP, loadListings, type ListingConnection, type ListingOrder } from '../../listings/search/listing-load';
import type { Classification } from '../../listings/search/listing';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PageCursor, type PageCursors } from '../../listings/search/paging';
import { builder } from './builder';
import { requestedListingFields } from './listing-fields';
import type { GraphqlContext } from '../context';
import { Listing, ListingClassificationEnum } from './listings';
import { partnerCountries } from './places';
import { stayRegion } from '../../stays/stays';

// ---------------------------------------------------------------------------------------------------
// Inputs

const GeoPointInput = builder.inputType('GeoPointInput', {
  description: 'A point: latitude and longitude in degrees.',
  fields: (t) => ({ latitude: t.float({ required: true }), longitude: t.float({ required: true }) }),
});

const GeoBoundsInput = builder.inputType('GeoBoundsInput', {
  description: 'A map viewport. west ≤ east: viewports across the antimeridian are rejected.',
  fields: (t) => ({
    north: t.float({ required: true }),
    south: t.float({ required: true }),
    east: t.float({ required: true }),
    west: t.float({ required: true }),
  }),
});

const GeoInput = builder.inputType('GeoInput', {
  description: 'Exactly one of: bounds; center with radiusMeters (≤ 100 km); polygon (3 to 200 points).',
  fields: (t) => ({
    bounds: t.field({ type: GeoBoundsInput }),
    center: t.field({ type: GeoPointInput }),
    radiusMeters: t.float(),
    polygon: t.field({ type: [GeoPointInput] }),
  }),
});

const SearchInput = builder.inputType('SearchInput', {
  description: 'Every given filter must match. Money in pennies; areas in square feet.',
  fields: (t) => ({
    minPriceInPennies: t.float(),
    maxPriceInPennies: t.float(),
    minBedrooms: t.int(),
    minBathrooms: t.int(),
    propertyTypes: t.stringList({ description: 'RESO PropertyType values, e.g. Residential, Land.' }),
    classification: t.field({ type: ListingClassificationEnum }),
    minAreaSqFt: t.float(),
    maxAreaSqFt: t.float(),
    minLotSizeSqFt: t.float(),
    maxLotSizeSqFt: t.float(),
    minYearBuilt: t.int(),
    maxYearBuilt: t.int(),
    hasOpenHouse: t.boolean({ description: 'Only listings with an active open house that is not over.' }),
    newListingsOnly: t.boolean({ description: 'Only listings with newListing = true.' }),
    keywords: t.string({ description: 'Words in the address (when shown) or the remarks; the last may be a prefix.' }),
    tenantType: t.string({ description: 'Rentals whose tenantType is this (e.g. Family, Individual, Group); any case.' }),
    tenantGenderPreference: t.string({ description: 'Rentals whose tenantGenderPreference is this (e.g. Any, Female only); any case.' }),
    preferredTenant: t.string({ description: 'Rentals whose preferredTenant is this (e.g. Students, Working professionals); any case.' }),
    roomType: t.string({ description: 'Rentals and stays whose roomType is this (e.g. Entire home, Private room); any case.' }),
    foodIncluded: t.boolean({ description: 'true: only listings with food included; false: only those without.' }),
  }),
});

const StayInput = builder.inputType('StayInput', {
  description: 'Check-in, check-out and guests of a stay search.',
  fields: (t) => ({
    checkIn: t.string({ required: true, description: 'YYYY-MM-DD.' }),
    checkOut: t.string({ required: true, description: 'YYYY-MM-DD, 1 to 60 nights after checkIn.' }),
    guests: t.int(),
  }),
});

const ListingOrderEnum = builder.enumType('ListingOrder', {
  description: 'Every order ends on the listing id, so pages never repeat or skip a listing.',
  values: {
    NEWEST: { value: 'newest', description: 'List date, newest first (the default).' },
    PRICE_ASC: { value: 'price_asc' },
    PRICE_DESC: { value: 'price_desc' },
    BEDS: { value: 'beds', description: 'Most bedrooms first.' },
    AREA: { value: 'area', description: 'Largest first.' },
    DAYS_ON_MARKET: { value: 'days_on_market', description: 'Fewest days on market first.' },
  } as const,
});

// ---------------------------------------------------------------------------------------------------
// Connection

const PageInfo = builder.objectRef<ListingConnection['pageInfo']>('PageInfo').implement({
  description: 'Where the page is in the results (Relay).',
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage'),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage'),
    startCursor: t.exposeString('startCursor', { nullable: true }),
    endCursor: t.exposeString('endCursor', { nullable: true }),
  }),
});

const PageCursorRef = builder.objectRef<PageCursor>('PageCursor').implement({
  description: 'A numbered page: pass `cursor` as `after` (with the same `first`) to read it.',
  fields: (t) => ({
    cursor: t.exposeString('cursor'),
    page: t.exposeInt('page'),
    isCurrent: t.exposeBoolean('isCurrent'),
  }),
});

const PageCursorsRef = builder.objectRef<PageCursors>('PageCursors').implement({
  description: 'Cursors to jump to pages of the results: first, around the current one, last.',
  fields: (t) => ({
    first: t.field({ type: PageCursorRef, nullable: true, resolve: (c) => c.first }),
    around: t.field({ type: [PageCursorRef], resolve: (c) => c.around }),
    last: t.field({ type: PageCursorRef, nullable: true, resolve: (c) => c.last }),
    previous: t.field({ type: PageCursorRef, nullable: true, resolve: (c) => c.previous }),
  }),
});

const ListingEdge = builder.objectRef<ListingConnection['edges'][number]>('ListingEdge').implement({
  description: 'One search result and its cursor.',
  fields: (t) => ({
    cursor: t.exposeString('cursor'),
    node: t.field({ type: Listing, resolve: (e) => e.node }),
  }),
});

const ListingConnectionRef = builder.objectRef<ListingConnection>('ListingConnection').implement({
  description: 'A page of search results (Relay connection) with page cursors.',
  fields: (t) => ({
    edges: t.field({ type: [ListingEdge], resolve: (c) => c.edges }),
    totalCount: t.exposeInt('totalCount', { description: `Counted up to ${COUNT_CAP}; see totalCountCapped.` }),
    totalCountCapped: t.exposeBoolean('totalCountCapped', {
      description: `True when more than ${COUNT_CAP} listings match and totalCount stopped counting.`,
    }),
    pageInfo: t.field({ type: PageInfo, resolve: (c) => c.pageInfo }),
    pageCursors: t.field({ type: PageCursorsRef, resolve: (c) => c.pageCursors }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// listingLoad, stayLoad

interface LoadArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  offset?: number | null;
  orderBy?: string | null;
  search?: string | null;
  address?: string | null;
  geoInput?: GeoFilter | null;
  searchInput?: SearchFilter | null;
  searchType?: string | null;
}

/**
 * `address` names a place (resolved by place search; nothing matches → no results). `search` is a place
 * when one matches, otherwise keywords.
 */
async function buildFilter(ctx: GraphqlContext, args: LoadArgs): Promise<ListingFilter> {
  const countries = partnerCountries(ctx.partner);
  let place: PlaceFilter | null = null;
  let keywords: string | null = null;
  if (args.address?.trim()) place = (await resolvePlace(ctx.db, args.address, countries)) ?? { kind: 'none' };
  if (args.search?.trim()) {
    const found = place ? null : await resolvePlace(ctx.db, args.search, countries);
    if (found) place = found;
    else keywords = args.search;
  }
  return {
    geo: args.geoInput ?? null,
    search: args.searchInput ?? null,
    classification: (args.searchType as Classification | null | undefined) ?? null,
    place,
    keywords,
  };
}

const loadArgs = (t: Parameters<Parameters<typeof builder.queryField>[1]>[0]) => ({
  first: t.arg.int({ description: `Page size, default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}.` }),
  last: t.arg.int({ description: `Page size backward, at most ${MAX_PAGE_SIZE}.` }),
  after: t.arg.string({ description: 'A cursor (edges.cursor, pageInfo.endCursor): the page after it.' }),
  before: t.arg.string({ description: 'A cursor: the page before it (with last).' }),
  offset: t.arg.int({ description: 'Rows to skip (with first).' }),
  orderBy: t.arg({ type: ListingOrderEnum, description: 'The order of the results.' }),
  search: t.arg.string({ description: 'Free text: a place when one matches, else keywords.' }),
  address: t.arg.string({ description: 'A place: city, ZIP, neighbourhood or street address.' }),
  geoInput: t.arg({ type: GeoInput, description: 'Where: map bounds, a radius around a point, or a polygon.' }),
  searchInput: t.arg({ type: SearchInput, description: 'The filters: price, beds, baths, type, status…' }),
  searchType: t.arg({ type: ListingClassificationEnum, description: 'Shortcut for searchInput.classification.' }),
});

builder.queryField('listingLoad', (t) =>
  t.field({
    type: ListingConnectionRef,
    description: 'Public listings for sale, rent or stay that a buyer can act on (Active, Coming Soon, Pending, Under Contract).',
    args: loadArgs(t),
    resolve: async (_root, args, ctx, info) =>
      loadListings(ctx.db, {
        ...args,
        orderBy: args.orderBy as ListingOrder | null,
        filter: await buildFilter(ctx, args),
        fields: requestedListingFields(info),
      }),
  }),
);

builder.queryField('stayLoad', (t) =>
  t.field({
    type: ListingConnectionRef,
    description: 'Stays (classification STAY), bookable for stayInput’s dates when given, in the place or map area searched; with neither, in the partner’s country (the first of its search countries).',
    args: { ...loadArgs(t), stayInput: t.arg({ type: StayInput, description: 'Check-in, check-out and guests: only stays free for those dates.' }) },
    resolve: async (_root, args, ctx, info) => {
      const filter = await buildFilter(ctx, { ...args, searchType: 'stay' });
      const stay: StayDates | null = args.stayInput ?? null;
      return loadListings(ctx.db, {
        ...args,
        orderBy: args.orderBy as ListingOrder | null,
        filter: { ...filter, stay, countries: stayRegion(ctx.partner.appContext, filter) },
        fields: requestedListingFields(info),
      });
    },
  }),
);

// ---------------------------------------------------------------------------------------------------
// listingsInfo

const PackedPinsRef = builder.objectRef<PackedPins>('PackedPins').implement({
  description: 'Pins as parallel arrays: the i-th id goes with the i-th latitude, longitude and price.',
  fields: (t) => ({
    ids: t.exposeIDList('ids'),
    latitudes: t.exposeFloatList('latitudes'),
    longitudes: t.exposeFloatList('longitudes'),
    pricesInPennies: t.exposeFloatList('pricesInPennies'),
  }),
});

const ClusterBounds = builder.objectRef<MapCluster['bounds']>('MapClusterBounds').implement({
  description: "The bounds of a map cluster's listings.",
  fields: (t) => ({
    north: t.exposeFloat('north'),
    south: t.exposeFloat('south'),
    east: t.exposeFloat('east'),
    west: t.exposeFloat('west'),
  }),
});

const MapClusterRef = builder.objectRef<MapCluster>('MapCluster').implement({
  description: 'Listings grouped into one map marker.',
  fields: (t) => ({
    count: t.exposeInt('count'),
    latitude: t.exposeFloat('latitude', { description: 'Average position of its listings.' }),
    longitude: t.exposeFloat('longitude'),
    minPriceInPennies: t.exposeFloat('minPriceInPennies'),
    maxPriceInPennies: t.exposeFloat('maxPriceInPennies'),
    bounds: t.field({ type: ClusterBounds, resolve: (c) => c.bounds }),
  }),
});

const MapModeEnum = builder.enumType('MapMode', {
  description: 'Whether the map shows single pins or clusters.',
  values: { PINS: { value: 'pins' }, CLUSTERS: { value: 'clusters' } } as const,
});

const ListingsInfoRef = builder.objectRef<ListingsInfo>('ListingsInfo').implement({
  description: "The map's pins or clusters for a viewport, with the total.",
  fields: (t) => ({
    totalCount: t.exposeInt('totalCount'),
    mode: t.field({ type: MapModeEnum, resolve: (i) => i.mode }),
    pins: t.field({ type: PackedPinsRef, nullable: true, resolve: (i) => i.pins }),
    clusters: t.field({ type: [MapClusterRef], resolve: (i) => i.clusters }),
  }),
});

builder.queryField('listingsInfo', (t) =>
  t.field({
    type: ListingsInfoRef,
    description: `Map pins for a viewport: every listing up to ${PIN_THRESHOLD} matches, else grid clusters (at most 289).`,
    args: {
      geoInput: t.arg({ type: GeoInput, required: true, description: "Where: the map's bounds (or a radius or polygon)." }),
      searchInput: t.arg({ type: SearchInput, description: 'The filters of the search.' }),
      address: t.arg.string({
        description: "The search's place, as listingLoad's `address`: only its listings are drawn, so what the map counts in view is what the list counts.",
      }),
    },
    resolve: async (_root, args, ctx) => listingsInfo(ctx.db, await buildFilter(ctx, { geoInput: args.geoInput, searchInput: args.searchInput, address: args.address })),
  }),
);
