/**
 * The Filters sheet's live count: how many homes the search would find with the filters being chosen,
 * asked (listingLoad with no rows) once the visitor pauses, so its apply button can say 'Show 123 homes'
 * before anything is applied. The filters already applied are not asked again: their count is known.
 */
import { useRef } from 'react';
import { useLoad } from '../graphql/use-load';
import { countListings, type SearchCount } from './api';
import { createFetchPolicy } from './fetch-policy';
import { searchScope, type SearchFilters, type SearchModel } from './search-model';

/** Wait after the last change before counting. */
export const FILTER_COUNT_DEBOUNCE_MS = 300;

export type FilterCount =
  /** Asking; `count` is the last answer (null before the first), shown meanwhile. */
  | { status: 'counting'; count: SearchCount | null }
  | { status: 'ready'; count: SearchCount }
  | { status: 'failed'; count: null };

const fetchPolicy = createFetchPolicy();

/**
 * `pending`: the filters in the sheet (null while it is closed: nothing is asked). `applied`: the count of
 * the model's own filters, when the results are loaded.
 */
export function useFilterCount(model: SearchModel, pending: SearchFilters | null, applied: SearchCount | null): FilterCount {
  const key = pending ? JSON.stringify(pending) : null;
  const known = key !== null && key === JSON.stringify(model.filters) ? applied : null;
  const asked = pending && !known ? { ...model, filters: pending } : null;
  // The count depends on the pending filters and where the search is, not on the page or view.
  const where = asked && JSON.stringify([key, asked.location, asked.bounds ?? null, asked.polygon ?? null]);
  const { result, loading } = useLoad(
    where,
    () => {
      // The order does not change a count.
      const { orderBy: _order, ...variables } = searchScope(asked!);
      return countListings(variables, fetchPolicy.next(JSON.stringify(variables)));
    },
    { delay: FILTER_COUNT_DEBOUNCE_MS },
  );
  // The count last shown (the applied filters' own, or an answer) stays while the next is asked; a sheet
  // opened again starts without one.
  const shown = useRef<SearchCount | null>(null);
  const count: FilterCount = known
    ? { status: 'ready', count: known }
    : result && !loading
      ? result.ok
        ? { status: 'ready', count: result.value }
        : { status: 'failed', count: null }
      : { status: 'counting', count: pending ? shown.current : null };
  shown.current = count.count;
  return count;
}
