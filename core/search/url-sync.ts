/**
 * The search in the query string (`url-sync`): written with history.pushState on every change, read back
 * on load and on back/forward, so a shared link restores the same search. Parameters we do not own stay.
 */
import { formatPolygon, parsePolygon } from '../maps/polygon';
import type { Bounds } from '../maps/projection';
import { initialSearch, NO_FILTERS, RENTAL_TEXT_FILTERS, SORTS, type SearchFilters, type SearchModel, type SortKey } from './search-model';

const NUMBER_PARAMS = {
  minPrice: 'price_min',
  maxPrice: 'price_max',
  minBeds: 'beds',
  minBaths: 'baths',
  minArea: 'area_min',
  maxArea: 'area_max',
  minYearBuilt: 'year_min',
  maxYearBuilt: 'year_max',
} as const satisfies Partial<Record<keyof SearchFilters, string>>;

/** The rental filters' parameters (read only in rental classification). */
const RENTAL_PARAMS = {
  tenantType: 'tenant',
  tenantGenderPreference: 'gender',
  preferredTenant: 'preferred',
  roomType: 'room',
} as const satisfies Record<(typeof RENTAL_TEXT_FILTERS)[number], string>;

/** Every parameter this module writes; the rest of the query string is the host page's. */
const OWN_PARAMS = [
  'location',
  'bounds',
  'polygon',
  'type',
  'for',
  'open_house',
  'new',
  'sort',
  'page',
  'after',
  'view',
  'food',
  ...Object.values(NUMBER_PARAMS),
  ...Object.values(RENTAL_PARAMS),
];

const round = (n: number) => Number(n.toFixed(6));

/**
 * The model's parameters merged into `existing` (the page's own query string), without a leading '?'.
 * `start`: the classification the search started in; sale or rent is written `for=any` when it differs.
 */
export function toQueryString(model: SearchModel, existing = '', start: SearchModel['filters']['classification'] = null): string {
  const params = new URLSearchParams(existing);
  for (const name of OWN_PARAMS) params.delete(name);
  if (model.polygon) params.set('polygon', formatPolygon(model.polygon));
  else if (model.bounds) {
    const { south, west, north, east } = model.bounds;
    params.set('bounds', [south, west, north, east].map(round).join(','));
  } else if (model.location) params.set('location', model.location);
  const f = model.filters;
  for (const [key, name] of Object.entries(NUMBER_PARAMS) as [keyof typeof NUMBER_PARAMS, string][]) {
    if (f[key] !== null) params.set(name, String(f[key]));
  }
  if (f.propertyType) params.set('type', f.propertyType);
  if (f.classification) params.set('for', f.classification.toLowerCase());
  else if (start) params.set('for', 'any');
  if (f.hasOpenHouse) params.set('open_house', '1');
  if (f.newListingsOnly) params.set('new', '1');
  if (f.classification === 'RENT') {
    for (const name of RENTAL_TEXT_FILTERS) {
      const value = f[name];
      if (value) params.set(RENTAL_PARAMS[name], value);
    }
    if (f.foodIncluded) params.set('food', '1');
  }
  if (model.sort !== 'NEWEST') params.set('sort', model.sort.toLowerCase());
  if (model.page > 1) params.set('page', String(model.page));
  if (model.after) params.set('after', model.after);
  if (model.view !== 'map') params.set('view', model.view);
  return params.toString();
}

function numberParam(params: URLSearchParams, name: string, min = 0, max = 1e12): number | null {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

function boundsParam(raw: string | null): Bounds | null {
  const parts = raw?.split(',').map(Number);
  if (!parts || parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [south, west, north, east] = parts as [number, number, number, number];
  if (south >= north || west >= east || south < -90 || north > 90 || west < -180 || east > 180) return null;
  return { south, west, north, east };
}

/** The search a query string describes; what is missing or malformed falls back to `fallback`'s value. */
export function fromQueryString(search: string, fallback: SearchModel = initialSearch('', 'map')): SearchModel {
  const params = new URLSearchParams(search);
  const filters: SearchFilters = { ...NO_FILTERS };
  for (const [key, name] of Object.entries(NUMBER_PARAMS) as [keyof typeof NUMBER_PARAMS, string][]) {
    filters[key] = numberParam(params, name);
  }
  filters.propertyType = params.get('type')?.slice(0, 60) || null;
  const classification = params.get('for')?.toUpperCase();
  filters.classification = classification === 'SALE' || classification === 'RENT' ? classification : params.has('for') ? null : fallback.filters.classification;
  filters.hasOpenHouse = params.get('open_house') === '1';
  filters.newListingsOnly = params.get('new') === '1';
  if (filters.classification === 'RENT') {
    for (const name of RENTAL_TEXT_FILTERS) filters[name] = params.get(RENTAL_PARAMS[name])?.trim().slice(0, 100) || null;
    filters.foodIncluded = params.get('food') === '1';
  }
  const sort = params.get('sort')?.toUpperCase() as SortKey | undefined;
  const view = params.get('view');
  return {
    location: params.get('location')?.slice(0, 200) || fallback.location,
    bounds: boundsParam(params.get('bounds')),
    polygon: parsePolygon(params.get('polygon')?.slice(0, 8000) ?? null),
    filters,
    sort: sort && SORTS.includes(sort) ? sort : 'NEWEST',
    page: Math.floor(numberParam(params, 'page', 1, 10_000) ?? 1),
    after: params.get('after')?.slice(0, 500) || null,
    view: view === 'gallery' || view === 'map' ? view : fallback.view,
  };
}
