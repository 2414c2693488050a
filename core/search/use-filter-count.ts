/**
 * The Filters sheet's live count: how many homes the search would find with the filters being chosen,
 * asked (listingLoad with no rows) once the visitor pauses, so its apply button can say 'Show 123 homes'
 * before anything is applied. The filters already applied are not asked again: their count is known.
 */
import { useEffect, useState } from 'react';
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
  const [count, setCount] = useState<FilterCount>({ status: 'counting', count: null });

  useEffect(() => {
    if (!pending) return;
    if (known) {
      setCount({ status: 'ready', count: known });
      return;
    }
    let live = true;
    setCount((previous) => ({ status: 'counting', count: previous.count }));
    const timer = setTimeout(() => {
      // The order does not change a count.
      const { orderBy: _order, ...variables } = searchScope({ ...model, filters: pending });
      countListings(variables, fetchPolicy.next(JSON.stringify(variables))).then(
        (next) => live && setCount({ status: 'ready', count: next }),
        () => live && setCount({ status: 'failed', count: null }),
      );
    }, FILTER_COUNT_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // The count depends on the pending filters and where the search is, not on the page or view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, known, model.location, JSON.stringify(model.bounds), JSON.stringify(model.polygon ?? null)]);

  return known ? { status: 'ready', count: known } : count;
}
