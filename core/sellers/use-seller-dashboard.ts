/**
 * Behaviour of <hearth-seller-dashboard>: follow the session (signed out → a sign-in prompt), hold the
 * filter (view type, status, search text, page) and load that page of myListings; typing in the search
 * waits for the text to settle and starts again at page 1.
 */
import { useCallback, useEffect, useState } from 'react';
import { requireSignIn } from '../auth/require-sign-in';
import { ensureSession, sessionAtom } from '../auth/session';
import { useLoad } from '../graphql/use-load';
import { useHearthValue } from '../state/hooks';
import { loadMyListings, type ListingsStatusFilter, type ListingsView, type MyListingsFilter, type MyListingsPage } from './sellers-api';

export type DashboardState =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; page: MyListingsPage };

export const INITIAL_FILTER: MyListingsFilter = { viewType: 'ALL', statusTypeFilter: 'ALL', page: 1, searchFilter: '' };
export const SEARCH_DELAY_MS = 300;

/** The filter after one change: any change but the page starts again at page 1. */
export function changeFilter(filter: MyListingsFilter, change: Partial<MyListingsFilter>): MyListingsFilter {
  return { ...filter, ...change, page: change.page ?? 1 };
}

export function useSellerDashboard() {
  const session = useHearthValue(sessionAtom);
  useEffect(() => {
    void ensureSession();
  }, []);
  const [filter, setFilter] = useState<MyListingsFilter>(INITIAL_FILTER);
  const signedIn = session.status === 'authenticated';
  const key = signedIn ? `${session.user?.id}|${JSON.stringify(filter)}` : null;
  const { result, latest, loading, reload } = useLoad(key, () => loadMyListings(filter), { delay: filter.searchFilter ? SEARCH_DELAY_MS : 0 });
  const shown = result ?? (loading ? latest : undefined);
  const state: DashboardState =
    session.status === 'checking'
      ? { status: 'checking' }
      : !signedIn
        ? { status: 'signed-out' }
        : !shown
          ? { status: 'loading' }
          : shown.ok
            ? { status: 'loaded', page: shown.value }
            : { status: 'failed' };
  const change = useCallback((c: Partial<MyListingsFilter>) => setFilter((f) => changeFilter(f, c)), []);
  return {
    state,
    filter,
    busy: loading,
    reload,
    signIn: useCallback(() => void requireSignIn(), []),
    setView: useCallback((viewType: ListingsView) => change({ viewType }), [change]),
    setStatus: useCallback((statusTypeFilter: ListingsStatusFilter) => change({ statusTypeFilter }), [change]),
    setSearch: useCallback((searchFilter: string) => change({ searchFilter }), [change]),
    setPage: useCallback((page: number) => change({ page }), [change]),
  };
}
