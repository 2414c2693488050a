/**
 * State of a search surface as a hook: the model, its results page (listingLoad with the §9 fetch policy),
 * the §9 loading flag, and the optional URL sync (pushState on change, restore on back/forward).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
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
}

export function useSearch({ initial, pageSize, urlSync, onChange }: SearchOptions) {
  const [model, setModel] = useState<SearchModel>(() => (urlSync ? fromQueryString(location.search, initial) : initial));
  const [results, setResults] = useState<ResultsState>({ status: 'loading', page: null });
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const flag = useRef(createLoadingFlag(setLoading));
  const fromHistory = useRef(true);
  const latest = useRef(onChange);
  latest.current = onChange;

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
      const query = toQueryString(model, location.search);
      if (`?${query}` !== location.search) history.pushState(history.state, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
    }
    fromHistory.current = false;
    latest.current(model);
  }, [model, urlSync]);

  useEffect(() => {
    let live = true;
    const variables = listingLoadVariables(model, pageSize);
    flag.current.start();
    setResults((previous) => ({ status: 'loading', page: previous.page }));
    loadSearchPage(variables, fetchPolicy.next(JSON.stringify(variables)))
      .then((page) => {
        if (!live) return;
        setResults({ status: page.listings.length > 0 ? 'ready' : 'empty', page });
        flag.current.cursorsArrived();
      })
      .catch(() => {
        if (!live) return;
        setResults({ status: 'failed', page: null });
        flag.current.settled();
      });
    return () => {
      live = false;
    };
    // Only the search itself matters, not the view it is shown in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify({ ...model, view: null }), pageSize, attempt]);

  useEffect(() => () => flag.current.dispose(), []);

  return {
    model,
    results,
    loading,
    update: useCallback((next: (model: SearchModel) => SearchModel) => setModel(next), []),
    retry: useCallback(() => setAttempt((n) => n + 1), []),
    /** The map's markers arrived: the search is no longer loading (spec §9 caps the wait at 5000 ms). */
    settled: useCallback(() => flag.current.settled(), []),
  };
}
