/**
 * Behaviour of <hearth-saved-searches>: follow the session (signed out → a sign-in prompt), load the viewer's saved
 * searches, and change them: the email alerts (a frequency, or off), the name (Rename, checked as the server does),
 * and Delete after a confirm step. Each change is the server's answer once it comes (a row shows its own refusal;
 * nothing is changed then), and what happened is said in one status line for screen readers.
 */
import { useRef, useState } from 'react';
import type { Failure } from '../graphql/call';
import { useSignedInLoad } from '../graphql/use-signed-in-load';
import { savedSearchTexts as t } from '../i18n/search';
import type { NotificationFrequency } from './api';
import { deleteSavedSearch, loadSavedSearches, updateSavedSearch, type SavedSearch } from './saved-searches';

/** The server's limit on a saved search's name (server/accounts/saved-searches.ts). */
export const SAVED_SEARCH_NAME_MAX = 200;

export type SavedSearchesState =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'loaded'; searches: SavedSearch[] }
  | { status: 'failed' };

/** What the element tells the page about a change (`hearth-saved-search-changed`). */
export interface SavedSearchChangedDetail {
  savedSearchId: string;
  change: 'renamed' | 'alerts' | 'deleted';
  name: string;
  notificationFrequency: NotificationFrequency;
}

export function changeFailureMessage(failure: Failure): string {
  if (failure.kind === 'network') return t.errors.network;
  if (failure.kind === 'server' || !failure.message) return t.errors.server;
  return failure.message;
}

/** A name the server takes (1 to 200 characters once trimmed), or why not. */
export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Please name the search.';
  if ([...trimmed].length > SAVED_SEARCH_NAME_MAX) return `Keep the name under ${SAVED_SEARCH_NAME_MAX} characters.`;
  return null;
}

export interface UseSavedSearchesOptions {
  onChanged?: (detail: SavedSearchChangedDetail) => void;
  /** Injected in tests. */
  api?: { load: typeof loadSavedSearches; update: typeof updateSavedSearch; remove: typeof deleteSavedSearch };
}

const API = { load: loadSavedSearches, update: updateSavedSearch, remove: deleteSavedSearch };

export function useSavedSearches({ onChanged, api = API }: UseSavedSearchesOptions = {}) {
  const { state: load, reload, signIn } = useSignedInLoad('saved-searches', () => api.load());
  /** The server's answers to this page's changes, over the loaded list. */
  const [changed, setChanged] = useState<Readonly<Record<string, SavedSearch>>>({});
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<Readonly<Record<string, 'alerts' | 'name' | 'delete'>>>({});
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [renaming, setRenaming] = useState<{ id: string; name: string; problem: string | null } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const inFlight = useRef(new Set<string>());
  const told = useRef(onChanged);
  told.current = onChanged;

  const state: SavedSearchesState =
    load.status === 'loaded'
      ? { status: 'loaded', searches: load.value.filter((s) => !deleted.has(s.id)).map((s) => changed[s.id] ?? s) }
      : load.status === 'failed'
        ? { status: 'failed' }
        : load;
  const find = (id: string) => (state.status === 'loaded' ? state.searches.find((s) => s.id === id) : undefined);

  /** Runs one change of a row; the row is busy meanwhile, and a second change of it waits for the first. */
  const change = async <T,>(id: string, kind: 'alerts' | 'name' | 'delete', send: () => ReturnType<typeof api.update> | ReturnType<typeof api.remove>, done: (value: T) => void) => {
    if (inFlight.current.has(id)) return;
    inFlight.current.add(id);
    setBusy((all) => ({ ...all, [id]: kind }));
    setErrors(({ [id]: _gone, ...rest }) => rest);
    try {
      const result = await send();
      if (result.ok) done(result.value as T);
      else setErrors((all) => ({ ...all, [id]: changeFailureMessage(result.failure) }));
    } finally {
      inFlight.current.delete(id);
      setBusy(({ [id]: _gone, ...rest }) => rest);
    }
  };

  const tell = (search: SavedSearch, what: SavedSearchChangedDetail['change']) =>
    told.current?.({ savedSearchId: search.id, change: what, name: search.name, notificationFrequency: search.notificationFrequency });

  return {
    state,
    reload,
    signIn,
    busy,
    errors,
    renaming,
    confirming,
    /** What the last change did (a polite live region). */
    status,
    actions: {
      setAlerts: (id: string, notificationFrequency: NotificationFrequency) =>
        void change<SavedSearch>(id, 'alerts', () => api.update(id, { notificationFrequency }), (saved) => {
          setChanged((all) => ({ ...all, [id]: saved }));
          setStatus(t.alertsChanged(t.frequencies[saved.notificationFrequency]));
          tell(saved, 'alerts');
        }),
      startRename: (id: string) => {
        const search = find(id);
        if (search) setRenaming({ id, name: search.name, problem: null });
      },
      typeName: (name: string) => setRenaming((r) => (r ? { ...r, name, problem: null } : r)),
      cancelRename: () => setRenaming(null),
      saveName: () => {
        if (!renaming) return;
        const problem = nameProblem(renaming.name);
        if (problem) return setRenaming({ ...renaming, problem });
        const { id } = renaming;
        void change<SavedSearch>(id, 'name', () => api.update(id, { name: renaming.name.trim() }), (saved) => {
          setChanged((all) => ({ ...all, [id]: saved }));
          setRenaming(null);
          setStatus(t.renamed);
          tell(saved, 'renamed');
        });
      },
      askDelete: (id: string) => setConfirming(id),
      keep: () => setConfirming(null),
      confirmDelete: () => {
        const id = confirming;
        const search = id ? find(id) : undefined;
        if (!id || !search) return;
        void change(id, 'delete', () => api.remove(id), () => {
          setDeleted((all) => new Set(all).add(id));
          setConfirming(null);
          setStatus(t.deleted(search.name));
          tell(search, 'deleted');
        });
      },
    },
  };
}

export type SavedSearchesController = ReturnType<typeof useSavedSearches>;
