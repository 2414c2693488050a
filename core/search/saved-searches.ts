/**
 * The viewer's saved searches (spec §3 Saved search; §7 savedSearches, deleteSaved; updateSavedSearch renames
 * and sets the alerts): the operations, their answers, and the pure translation of a saved search back into the
 * search it was (search-model.ts), so Open shows the same area and filters on /search and a row can say what it is.
 * Saving one is search-map's (core/search/api.ts saveSearch).
 */
import * as z from 'zod/mini';
import { mutate, query, type Result } from '../graphql/call';
import { CACHE_POLICIES } from '../graphql/cache-policies';
import type { LatLng } from '../maps/projection';
import { formatMoney } from '../format/money';
import { savedSearchTexts as t } from '../i18n/search';
import { locationFromSlug, locationSlug } from '../places/places';
import { lazySchema } from '../validation/lazy-schema';
import type { NotificationFrequency } from './api';
import { initialSearch, NO_FILTERS, RENTAL_TEXT_FILTERS, SORTS, type SearchFilters, type SearchModel, type SortKey } from './search-model';
import { toQueryString } from './url-sync';

z.config({ jitless: true });

const FREQUENCIES = ['INSTANT', 'DAILY', 'WEEKLY', 'NEVER'] as const satisfies readonly NotificationFrequency[];

const buildSavedSearch = () =>
  z.object({
    id: z.string(),
    name: z.string(),
    /** JSON text: listingLoad's variables as the search was saved ({ address | geoInput, searchInput, orderBy }). */
    searchModel: z.string(),
    notificationFrequency: z.enum(FREQUENCIES),
    createdAt: z.string(),
  });

export type SavedSearch = z.infer<ReturnType<typeof buildSavedSearch>>;

const savedSearchesSchema = lazySchema(() => z.array(buildSavedSearch()));
const savedSearchSchema = lazySchema(buildSavedSearch);
const deletedSchema = lazySchema(() => z.object({ id: z.string(), deleted: z.boolean() }));

const SAVED_SEARCH_FIELDS = /* GraphQL */ `
  id
  name
  searchModel
  notificationFrequency
  createdAt
`;

export const SavedSearchesQuery = /* GraphQL */ `
  query SavedSearches {
    savedSearches {
      ${SAVED_SEARCH_FIELDS}
    }
  }
`;

export const UpdateSavedSearchMutation = /* GraphQL */ `
  mutation UpdateSavedSearch($id: ID!, $name: String, $notificationFrequency: NotificationFrequency) {
    updateSavedSearch(id: $id, name: $name, notificationFrequency: $notificationFrequency) {
      ${SAVED_SEARCH_FIELDS}
    }
  }
`;

export const DeleteSavedMutation = /* GraphQL */ `
  mutation DeleteSaved($id: ID!) {
    deleteSaved(id: $id) {
      id
      deleted
    }
  }
`;

// ---- calls (errors are shown by the element, not toasted) ----

export function loadSavedSearches(fresh = false): Promise<Result<SavedSearch[]>> {
  return query(SavedSearchesQuery, {}, savedSearchesSchema, { muteError: true, requestPolicy: fresh ? 'network-only' : CACHE_POLICIES.savedSearches });
}

export function updateSavedSearch(id: string, changes: { name?: string; notificationFrequency?: NotificationFrequency }): Promise<Result<SavedSearch>> {
  return mutate(UpdateSavedSearchMutation, { id, ...changes }, savedSearchSchema, { muteError: true });
}

export function deleteSavedSearch(id: string): Promise<Result<{ id: string; deleted: boolean }>> {
  return mutate(DeleteSavedMutation, { id }, deletedSchema, { muteError: true });
}

// ---- a saved search as the search it was ----

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const METRES_PER_DEGREE = 111_320;

function boundsOf(geo: Json): SearchModel['bounds'] {
  const b = isObject(geo.bounds) ? geo.bounds : null;
  if (b) {
    const [north, south, east, west] = [numberOf(b.north), numberOf(b.south), numberOf(b.east), numberOf(b.west)];
    if (north !== null && south !== null && east !== null && west !== null && south < north && west < east) return { north, south, east, west };
  }
  // A radius (another client's saved search): the box around it, as the alerts match it.
  const center = isObject(geo.center) ? geo.center : null;
  const radius = numberOf(geo.radiusMeters);
  const lat = center ? numberOf(center.latitude) : null;
  const lng = center ? numberOf(center.longitude) : null;
  if (lat === null || lng === null || radius === null || radius <= 0) return null;
  const dLat = radius / METRES_PER_DEGREE;
  const dLng = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  return { north: Math.min(90, lat + dLat), south: Math.max(-90, lat - dLat), east: Math.min(180, lng + dLng), west: Math.max(-180, lng - dLng) };
}

function polygonOf(geo: Json): LatLng[] | null {
  if (!Array.isArray(geo.polygon)) return null;
  const points = geo.polygon.flatMap((p) => {
    const lat = isObject(p) ? numberOf(p.latitude) : null;
    const lng = isObject(p) ? numberOf(p.longitude) : null;
    return lat === null || lng === null ? [] : [{ lat, lng }];
  });
  return points.length >= 3 ? points : null;
}

function filtersOf(input: Json): SearchFilters {
  const money = (pennies: unknown) => {
    const n = numberOf(pennies);
    return n === null ? null : Math.round(n) / 100;
  };
  const classification = input.classification === 'SALE' || input.classification === 'RENT' ? input.classification : null;
  const filters: SearchFilters = {
    ...NO_FILTERS,
    classification,
    minPrice: money(input.minPriceInPennies),
    maxPrice: money(input.maxPriceInPennies),
    minBeds: numberOf(input.minBedrooms),
    minBaths: numberOf(input.minBathrooms),
    propertyType: Array.isArray(input.propertyTypes) ? textOf(input.propertyTypes[0]) : null,
    minArea: numberOf(input.minAreaSqFt),
    maxArea: numberOf(input.maxAreaSqFt),
    minYearBuilt: numberOf(input.minYearBuilt),
    maxYearBuilt: numberOf(input.maxYearBuilt),
    hasOpenHouse: input.hasOpenHouse === true,
    newListingsOnly: input.newListingsOnly === true,
  };
  if (classification === 'RENT') {
    for (const name of RENTAL_TEXT_FILTERS) filters[name] = textOf(input[name]);
    filters.foodIncluded = input.foodIncluded === true;
  }
  return filters;
}

/**
 * The search a saved search was (the inverse of search-model.ts `searchScope`): its place, map area or drawn shape,
 * its filters and sort, on the map at page 1. Null when the text is not a search at all.
 */
export function searchOfSaved(searchModel: string): SearchModel | null {
  let saved: unknown;
  try {
    saved = JSON.parse(searchModel);
  } catch {
    return null;
  }
  if (!isObject(saved)) return null;
  const geo = isObject(saved.geoInput) ? saved.geoInput : {};
  const address = textOf(saved.address);
  const sort = SORTS.includes(saved.orderBy as SortKey) ? (saved.orderBy as SortKey) : 'NEWEST';
  return {
    ...initialSearch(address ? locationSlug(address) : '', 'map'),
    polygon: polygonOf(geo),
    bounds: boundsOf(geo),
    filters: filtersOf(isObject(saved.searchInput) ? saved.searchInput : {}),
    sort,
  };
}

/** Where Open goes: the search page (`searchUrl`, e.g. the hosted site's /search) with the saved search in its query. */
export function savedSearchHref(searchUrl: string, searchModel: string): string | null {
  const search = searchOfSaved(searchModel);
  if (!search) return null;
  const [base, existing = ''] = searchUrl.split('?', 2) as [string, string?];
  const query = toQueryString(search, existing);
  return query ? `${base}?${query}` : base;
}

/** What a saved search looks at, for its row: where ('Salt Lake City, UT, USA', 'Map area', 'Drawn area') and its filters. */
export function savedSearchSummary(search: SearchModel): { where: string; filters: string[] } {
  const where = search.polygon ? t.drawnArea : search.bounds ? t.mapArea : search.location ? locationFromSlug(search.location) : t.anywhere;
  const f = search.filters;
  const money = (whole: number | null) => (whole === null ? null : formatMoney(Math.round(whole * 100), 'USD', { abbreviate: true, thousands: true }));
  const filters = [
    f.classification === 'SALE' ? t.forSale : f.classification === 'RENT' ? t.forRent : null,
    f.minPrice !== null || f.maxPrice !== null ? t.priceRange(money(f.minPrice), money(f.maxPrice)) : null,
    f.minBeds !== null ? t.minBeds(f.minBeds) : null,
    f.minBaths !== null ? t.minBaths(f.minBaths) : null,
    f.propertyType,
    f.hasOpenHouse ? t.openHouse : null,
    f.newListingsOnly ? t.newListings : null,
  ];
  return { where, filters: filters.filter((x): x is string => Boolean(x)) };
}
