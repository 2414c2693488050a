/**
 * <hearth-app>'s router: the site path shown (from the page's URL under the base), its page loaded through
 * the site-page API, history entries of its own (back and forward load the page again, scroll restored),
 * the redirects of route guards followed in place (at most a few in a row), same-URL navigation ignored,
 * a jump to an anchor scrolled to, and the document's title set to the page's. A contained app (the
 * `contained` attribute) starts at the home page and keeps its route in itself: no history entry, no title.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Result } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { dialogPathOf, pageOf } from '../routing/dialog-paths';
import { pageUrlOf, samePageExceptHash, sitePathOf } from './app-path';
import { loadSitePage, type SitePage } from './site-page-api';

/** Guards send a visitor on once or twice; more in a row is a loop. */
export const MAX_REDIRECTS = 5;

/** How the page should be scrolled once it is shown. */
export type ScrollIntent = { kind: 'top' } | { kind: 'restore'; y: number } | { kind: 'anchor'; id: string } | { kind: 'none' };

export type ShownPage = Extract<SitePage, { kind: 'page' }>;

export type SiteAppState =
  | { status: 'loading'; page: ShownPage | null }
  | { status: 'ready'; page: ShownPage }
  | { status: 'failed'; page: ShownPage | null; message: string | null }
  | { status: 'redirect-loop'; page: ShownPage | null };

interface EntryState {
  hearthApp: number;
}

const entryOf = (state: unknown): number | null =>
  state && typeof state === 'object' && typeof (state as EntryState).hearthApp === 'number' ? (state as EntryState).hearthApp : null;

const withoutHash = (path: string) => path.split('#', 1)[0]!;
const hashOf = (path: string) => {
  const index = path.indexOf('#');
  return index < 0 ? '' : decodeURIComponent(path.slice(index + 1));
};

export interface SiteApp {
  state: SiteAppState;
  /** The site path shown (or being loaded). */
  path: string;
  navigate: (sitePath: string, options?: { replace?: boolean }) => void;
  retry: () => void;
  /** Read (and cleared) by the view once the page is in the DOM. */
  takeScrollIntent: () => ScrollIntent;
}

export function useSiteApp(base: string, contained = false): SiteApp {
  const [path, setPath] = useState(() => (contained ? '/' : sitePathOf(location, base)));
  const pathRef = useRef(path);
  pathRef.current = path;
  const scrollIntent = useRef<ScrollIntent>({ kind: hashOf(path) ? 'anchor' : 'none', id: hashOf(path) } as ScrollIntent);
  const scrollOf = useRef(new Map<number, number>());
  const nextEntry = useRef(1);
  const currentEntry = useRef<number>(0);
  const redirects = useRef(0);
  const [shown, setShown] = useState<ShownPage | null>(null);
  const [looping, setLooping] = useState(false);

  // The first entry is the page the visitor arrived on: mark it as ours so back to it loads it again.
  useEffect(() => {
    if (contained) return;
    const existing = entryOf(history.state);
    if (existing !== null) {
      currentEntry.current = existing;
      nextEntry.current = existing + 1;
    } else {
      currentEntry.current = nextEntry.current++;
      history.replaceState({ ...(history.state as object | null), hearthApp: currentEntry.current }, '');
    }
  }, []);

  const key = withoutHash(path);
  const load = useLoad<SitePage>(key, () => loadSitePage(key));

  const navigate = useCallback(
    (sitePath: string, { replace = false } = {}) => {
      const current = pathRef.current;
      if (sitePath === current && !replace) return; // same URL: nothing to do
      scrollOf.current.set(currentEntry.current, window.scrollY);
      if (!replace) {
        redirects.current = 0;
        setLooping(false);
      }
      const entry = replace ? currentEntry.current : nextEntry.current++;
      if (!contained) {
        const url = pageUrlOf(sitePath, base);
        if (replace) history.replaceState({ hearthApp: entry }, '', url);
        else history.pushState({ hearthApp: entry }, '', url);
      }
      currentEntry.current = entry;
      const id = hashOf(sitePath);
      scrollIntent.current = id ? { kind: 'anchor', id } : samePageExceptHash(sitePath, current) ? { kind: 'none' } : { kind: 'top' };
      setPath(sitePath);
    },
    [base, contained],
  );

  useEffect(() => {
    if (contained) return;
    const onPop = (event: PopStateEvent) => {
      const entry = entryOf(event.state);
      const sitePath = sitePathOf(location, base);
      // An element's own entry on the same page — the search map's URL sync, a dialog's route over the page
      // (…/request-tour), the gallery's photo — is not a page change.
      const pageBeneath = (p: string) => pageOf(withoutHash(p).split('?', 1)[0]!);
      if (pageBeneath(sitePath) === pageBeneath(pathRef.current) && (entry === null || dialogPathOf(location.pathname) !== null || entry === currentEntry.current)) return;
      scrollOf.current.set(currentEntry.current, window.scrollY);
      if (entry !== null) currentEntry.current = entry;
      const y = entry === null ? undefined : scrollOf.current.get(entry);
      scrollIntent.current = y === undefined ? { kind: 'top' } : { kind: 'restore', y };
      redirects.current = 0;
      setLooping(false);
      setPath(sitePath);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [base, contained]);

  // A guard's redirect is followed in place, replacing the entry that asked for the guarded page.
  const result: Result<SitePage> | undefined = load.result;
  const redirect = result?.ok && result.value.kind === 'redirect' ? result.value.location : null;
  useEffect(() => {
    if (redirect === null) return;
    if (redirects.current >= MAX_REDIRECTS || redirect === pathRef.current) {
      setLooping(true);
      return;
    }
    redirects.current += 1;
    navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  const page = result?.ok && result.value.kind === 'page' ? result.value : null;
  useEffect(() => {
    if (!page || load.loading) return;
    setShown(page);
    if (!contained) document.title = page.title;
  }, [page, load.loading, contained]);

  let state: SiteAppState;
  if (looping) state = { status: 'redirect-loop', page: shown };
  else if (result && !result.ok && !load.loading) state = { status: 'failed', page: shown, message: result.failure.message };
  else if (page && !load.loading && shown === page) state = { status: 'ready', page };
  else state = { status: 'loading', page: shown };

  const takeScrollIntent = useCallback(() => {
    const intent = scrollIntent.current;
    scrollIntent.current = { kind: 'none' };
    return intent;
  }, []);

  return { state, path, navigate, retry: load.reload, takeScrollIntent };
}
