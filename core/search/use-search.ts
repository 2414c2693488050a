/**
 * State of a search surface as a hook: the model, its results page (listingLoad with the §9 fetch policy),
 * the §9 loading flag, and the optional URL sync (pushState on change, restore on back/forward).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLoad } from '../graphql/use-load';
import { loadSearchPage, type SearchPage } from './api';
import { createFetchPolicy } from './fetch-policy';
import { createLoadingFlag } from './loading';
import { listingLoadVariables, type SearchModel } from './search-model';
import { fromQueryString, toQueryString } from './url-sync';

export type ResultsState =
  | { status: 'loading'; page: SearchPage | null }
  | { status: 'ready'; page: SearchPage }
  | { status: 'empty'; page: SearchPage }
  | { status: 'failed'; page: null };

// One policy per page: two search elements asking the same thing share the window.
const fetchPolicy = createFetchPolicy();

export interface SearchOptions {
  initial: SearchModel;
  pageSize: number;
  urlSync: boolean;
  onChange(model: SearchModel): void;
  /** The first page a hosted page wrote for the first search, if it answers these variables (api.ts servedSearchPage). */
  served?: (variables: Record<string, unknown>) => SearchPage | null;
}

export function useSearch({ initial, pageSize, urlSync, onChange, served }: SearchOptions) {
  const [model, setModel] = useState<SearchModel>(() => (urlSync ? fromQueryString(location.search, initial) : initial));
  const [loading, setLoading] = useState(true);
  const flag = useRef(createLoadingFlag(setLoading));
  const fromHistory = useRef(true);
  const latest = useRef(onChange);
  latest.current = onChange;
  /** Asked once, by the first search: later ones are the visitor's own. */
  const firstServed = useRef(served);

  useEffect(() => {
    if (!urlSync) return;
    const restore = () => {
      fromHistory.current = true;
      setModel(fromQueryString(location.search, initial));
    };
    addEventListener('popstate', restore);
    return () => removeEventListener('popstate', restore);
    // The initial model only matters for the first render and for missing parameters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlSync]);

  useEffect(() => {
    if (urlSync && !fromHistory.current) {
      const query = toQueryString(model, location.search, initial.filters.classification);
      if (`?${query}` !== location.search) history.pushState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    }
    fromHistory.current = false;
    latest.current(model);
  }, [model, urlSync]);

  // Only the search itself matters, not the view it is shown in.
  const searchKey = JSON.stringify({ search: { ...model, view: null }, pageSize });
  const page = useLoad(searchKey, () => {
    const variables = listingLoadVariables(model, pageSize);
    flag.current.start();
    const servedPage = firstServed.current?.(variables);
    firstServed.current = undefined;
    if (servedPage) return Promise.resolve({ ok: true as const, value: servedPage });
    return loadSearchPage(variables, fetchPolicy.next(JSON.stringify(variables)));
  });
  useEffect(() => {
    if (page.latest?.ok) flag.current.cursorsArrived();
    else if (page.latest) flag.current.settled();
  }, [page.latest]);
  // While a search runs, the last page found stays on screen.
  const results: ResultsState =
    page.loading || !page.result
      ? { status: 'loading', page: page.latest?.ok ? page.latest.value : null }
      : page.result.ok
        ? { status: page.result.value.listings.length > 0 ? 'ready' : 'empty', page: page.result.value }
        : { status: 'failed', page: null };

  useEffect(() => () => flag.current.dispose(), []);

  return {
    model,
    results,
    loading,
    update: useCallback((next: (model: SearchModel) => SearchModel) => setModel(next), []),
    retry: page.reload,
    /** The map's markers arrived: the search is no longer loading (spec §9 caps the wait at 5000 ms). */
    settled: useCallback(() => flag.current.settled(), []),
  };
}
