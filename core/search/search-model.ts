/**
 * The search a visitor is looking at (spec §2 search and gallery routes, §7 listingLoad): a place or a
 * map area, the filters, the sort, the page and the view. Plain data, so it is the `hearth-search-changed`
 * detail, the query string, and — as listingLoad variables — the saved search.
 */
import { toGeoPolygon } from '../maps/polygon';
import type { Bounds, LatLng } from '../maps/projection';
import { locationFromSlug } from '../places/places';

/** Spec §9: page size default 25; the server's cap is 100. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export const SORTS = ['NEWEST', 'PRICE_ASC', 'PRICE_DESC', 'BEDS', 'AREA', 'DAYS_ON_MARKET'] as const;
export type SortKey = (typeof SORTS)[number];

export type Classification = 'SALE' | 'RENT';

/**
 * The RESO PropertyType values the type filter offers (the API's values, shown in the words of
 * core/i18n/search.ts), each with the classification it belongs to (null: both).
 */
export const PROPERTY_TYPES = [
  { value: 'Residential', classification: null },
  { value: 'Residential Lease', classification: 'RENT' },
  { value: 'Residential Income', classification: 'SALE' },
  { value: 'Land', classification: null },
  { value: 'Commercial Sale', classification: 'SALE' },
  { value: 'Farm', classification: 'SALE' },
] as const satisfies readonly { value: string; classification: Classification | null }[];

export type PropertyType = (typeof PROPERTY_TYPES)[number]['value'];

/** The types the filter offers in a classification (null: sale or rent, every type). */
export const propertyTypesFor = (classification: Classification | null): PropertyType[] =>
  PROPERTY_TYPES.filter((type) => !classification || !type.classification || type.classification === classification).map((type) => type.value);

/** The values the rental filters offer (spec §3 rental fields, as our feeds write them). */
export const RENTAL_FILTER_OPTIONS = {
  tenantType: ['Family', 'Individual', 'Group'],
  tenantGenderPreference: ['Any', 'Female only', 'Male only'],
  preferredTenant: ['Family', 'Students', 'Working professionals', 'Any'],
  roomType: ['Entire house', 'Entire flat', 'Single room', 'Shared room', 'Private room'],
} as const;

export type RentalTextFilter = keyof typeof RENTAL_FILTER_OPTIONS;
export const RENTAL_TEXT_FILTERS = Object.keys(RENTAL_FILTER_OPTIONS) as RentalTextFilter[];
export type SearchView = 'map' | 'gallery';

/** Money in whole currency units (what a visitor types); areas in square feet. Null: no limit. */
export interface SearchFilters {
  minPrice: number | null;
  maxPrice: number | null;
  minBeds: number | null;
  minBaths: number | null;
  propertyType: string | null;
  classification: Classification | null;
  minArea: number | null;
  maxArea: number | null;
  minYearBuilt: number | null;
  maxYearBuilt: number | null;
  hasOpenHouse: boolean;
  newListingsOnly: boolean;
  /** Rental filters: only in rental classification (cleared when the search leaves it). */
  tenantType: string | null;
  tenantGenderPreference: string | null;
  preferredTenant: string | null;
  roomType: string | null;
  /** true: only rentals with food included. */
  foodIncluded: boolean;
}

export interface SearchModel {
  /** The place, as the route segment ('Salt-Lake-City,-UT,-USA'); ignored while `bounds` is set. */
  location: string;
  /** A map area from 'Search this area'. */
  bounds: Bounds | null;
  /** A drawn shape (draw-a-shape search, 3 to 200 vertices); wins over `bounds` and `location`. */
  polygon?: LatLng[] | null;
  filters: SearchFilters;
  sort: SortKey;
  /** 1-based. */
  page: number;
  /** The page's cursor from `pageCursors`; null reads the page by offset (a shared link). */
  after: string | null;
  view: SearchView;
}

export const NO_FILTERS: SearchFilters = {
  minPrice: null,
  maxPrice: null,
  minBeds: null,
  minBaths: null,
  propertyType: null,
  classification: null,
  minArea: null,
  maxArea: null,
  minYearBuilt: null,
  maxYearBuilt: null,
  hasOpenHouse: false,
  newListingsOnly: false,
  tenantType: null,
  tenantGenderPreference: null,
  preferredTenant: null,
  roomType: null,
  foodIncluded: false,
};

const NO_RENTAL_FILTERS = {
  tenantType: null,
  tenantGenderPreference: null,
  preferredTenant: null,
  roomType: null,
  foodIncluded: false,
} as const satisfies Partial<SearchFilters>;

/** The filters a search starts with: none, in the classification it is for (null: sale or rent). */
export const defaultFilters = (classification: Classification | null): SearchFilters => ({ ...NO_FILTERS, classification });

/** Spec §9 default search location, when neither the element's `location` nor the partner gives one. */
const FALLBACK_LOCATION = 'Salt-Lake-City,-UT,-USA';

/** The place a search element starts from: its `location` attribute, else the partner's default place, else spec §9's. */
export const startLocation = (attribute: string, partnerDefault: string | null | undefined): string => attribute || (partnerDefault ?? FALLBACK_LOCATION);

/** The classification a search element's `for` starts it in ('any': sale or rent). */
export const startClassification = (searchFor: 'sale' | 'rent' | 'any'): Classification | null =>
  searchFor === 'rent' ? 'RENT' : searchFor === 'sale' ? 'SALE' : null;

export function initialSearch(location: string, view: SearchView, classification: Classification | null = null): SearchModel {
  return { location, bounds: null, polygon: null, filters: defaultFilters(classification), sort: 'NEWEST', page: 1, after: null, view };
}

/**
 * How many filters differ from the ones the search started with (a range's min and max are one each): the
 * Filters button's badge. A search for sale that is still for sale has none set.
 */
export const activeFilterCount = (filters: SearchFilters, defaults: SearchFilters = NO_FILTERS) =>
  (Object.keys(NO_FILTERS) as (keyof SearchFilters)[]).filter((key) => filters[key] !== defaults[key]).length;

export const hasFilters = (filters: SearchFilters, defaults: SearchFilters = NO_FILTERS) => activeFilterCount(filters, defaults) > 0;

/**
 * `changes` over `filters`; leaving rental classification drops the rental filters, and a home type the new
 * classification does not offer (rentals when for sale) is dropped.
 */
export function mergeFilters(filters: SearchFilters, changes: Partial<SearchFilters>): SearchFilters {
  const next = { ...filters, ...changes };
  if (next.propertyType && !(propertyTypesFor(next.classification) as string[]).includes(next.propertyType)) next.propertyType = null;
  return next.classification === 'RENT' ? next : { ...next, ...NO_RENTAL_FILTERS };
}

/** A changed filter, sort or area starts again at page 1. */
export function withFilters(model: SearchModel, filters: Partial<SearchFilters>): SearchModel {
  return { ...model, filters: mergeFilters(model.filters, filters), page: 1, after: null };
}

export interface SearchInput {
  classification?: Classification;
  minPriceInPennies?: number;
  maxPriceInPennies?: number;
  minBedrooms?: number;
  minBathrooms?: number;
  propertyTypes?: string[];
  minAreaSqFt?: number;
  maxAreaSqFt?: number;
  minYearBuilt?: number;
  maxYearBuilt?: number;
  hasOpenHouse?: boolean;
  newListingsOnly?: boolean;
  tenantType?: string;
  tenantGenderPreference?: string;
  preferredTenant?: string;
  roomType?: string;
  foodIncluded?: boolean;
}

/** The filters as listingLoad's `searchInput` (money in pennies); only what is set. */
export function toSearchInput(f: SearchFilters): SearchInput {
  const input: SearchInput = {};
  if (f.classification) input.classification = f.classification;
  if (f.minPrice !== null) input.minPriceInPennies = Math.round(f.minPrice * 100);
  if (f.maxPrice !== null) input.maxPriceInPennies = Math.round(f.maxPrice * 100);
  if (f.minBeds !== null) input.minBedrooms = f.minBeds;
  if (f.minBaths !== null) input.minBathrooms = f.minBaths;
  if (f.propertyType) input.propertyTypes = [f.propertyType];
  if (f.minArea !== null) input.minAreaSqFt = f.minArea;
  if (f.maxArea !== null) input.maxAreaSqFt = f.maxArea;
  if (f.minYearBuilt !== null) input.minYearBuilt = f.minYearBuilt;
  if (f.maxYearBuilt !== null) input.maxYearBuilt = f.maxYearBuilt;
  if (f.hasOpenHouse) input.hasOpenHouse = true;
  if (f.newListingsOnly) input.newListingsOnly = true;
  if (f.classification === 'RENT') {
    for (const name of RENTAL_TEXT_FILTERS) {
      const value = f[name];
      if (value) input[name] = value;
    }
    if (f.foodIncluded) input.foodIncluded = true;
  }
  return input;
}

/** Where to search: the area when there is one, else the place. Also the saved search's body. */
export function searchScope(model: SearchModel) {
  return {
    ...(model.polygon
      ? { geoInput: { polygon: toGeoPolygon(model.polygon) } }
      : model.bounds
        ? { geoInput: { bounds: model.bounds } }
        : { address: locationFromSlug(model.location) }),
    searchInput: toSearchInput(model.filters),
    orderBy: model.sort,
  };
}

/** listingLoad variables for the model's page. */
export function listingLoadVariables(model: SearchModel, pageSize: number) {
  const first = Math.min(Math.max(1, Math.round(pageSize)), MAX_PAGE_SIZE);
  const paging = model.after ? { after: model.after } : model.page > 1 ? { offset: (model.page - 1) * first } : {};
  return { ...searchScope(model), first, ...paging };
}
