/**
 * <hearth-app>: the hosted site in one element. `SiteAppView` renders a page our server composed (the
 * shell's header and footer and the page's <main>, every value escaped by the server) and the loading,
 * failed and redirect-loop states; `SiteApp` connects it to the router (core/app/use-site-app.ts) and, once a
 * page is in the DOM, maps its links under the base, wires the site's behaviours (core/app/page-behaviours.ts),
 * has the loader import the elements it holds, scrolls as the navigation asks and moves focus to its heading.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { normalizeBase } from '../../core/app/app-path';
import { rewriteUrls, wirePage, type PageWiring } from '../../core/app/page-behaviours';
import { useSiteApp, type SiteAppState } from '../../core/app/use-site-app';
import { runtimeSettings } from '../../core/config/context';
import type { ElementHandle } from '../../core/define-element/define-element';
import { appTexts as t } from '../../core/i18n/app';
import { Button } from '../../core/ui/button';

/** `hearth-page-changed` detail: the site path shown, its title and HTTP-like status (404 for the not-found page). */
export interface PageChangedDetail {
  path: string;
  title: string;
  status: number;
}

export interface SiteAppViewProps {
  state: SiteAppState;
  announcement: string;
  onRetry: () => void;
  onHome: () => void;
}

export function SiteAppView({ state, announcement, onRetry, onHome }: SiteAppViewProps) {
  const page = state.page;
  return (
    <div className="site-app" part="base" data-state={state.status} aria-busy={state.status === 'loading'}>
      {state.status === 'loading' && page && <div className="app-progress" part="progress" role="progressbar" aria-label={t.loading} />}
      {state.status === 'loading' && !page && (
        <p className="app-loading" part="loading" role="status">
          {t.loading}
        </p>
      )}
      {state.status === 'failed' && (
        <p className="app-failed" part="error" role="alert">
          {state.message ?? t.failed}
          <Button onClick={onRetry}>{t.retry}</Button>
        </p>
      )}
      {state.status === 'redirect-loop' && (
        <p className="app-failed" part="error" role="alert">
          {t.redirectLoop}
          <Button onClick={onHome}>{t.home}</Button>
        </p>
      )}
      {page && (
        <>
          <div className="app-header" dangerouslySetInnerHTML={{ __html: page.header }} />
          {/* Not a <main>: the partner's page has its own main landmark; the site's sheet is scoped to .site-main. */}
          <div className="site-main" id="main" part="main" tabIndex={-1} dangerouslySetInnerHTML={{ __html: page.main }} />
          <div className="app-footer" dangerouslySetInnerHTML={{ __html: page.footer }} />
        </>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

export function SiteApp({ base, contained = false, element }: { base: string; contained?: boolean; element: ElementHandle }) {
  const normalized = normalizeBase(base);
  const app = useSiteApp(normalized, contained);
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  const pathRef = useRef(app.path);
  pathRef.current = app.path;
  const page = app.state.status === 'ready' ? app.state.page : null;

  useLayoutEffect(() => {
    const root = element.host.shadowRoot;
    if (!page || !root) return;
    const wiring: PageWiring = {
      siteOrigin: new URL(runtimeSettings().api).origin,
      pageOrigin: location.origin,
      base: normalized,
      currentPath: () => pathRef.current,
      navigate: app.navigate,
      contained,
    };
    rewriteUrls(root, wiring);
    const undo = wirePage(root, wiring);
    window.hearth?.scan?.(root);

    const intent = app.takeScrollIntent();
    if (intent.kind === 'restore') window.scrollTo(0, intent.y);
    else if (intent.kind === 'anchor') root.getElementById(intent.id)?.scrollIntoView();
    else if (intent.kind === 'top' && element.host.getBoundingClientRect().top < 0) element.host.scrollIntoView();
    if (!first.current) {
      // A page shown in place is announced and its heading (else <main>) takes focus, as a new page would.
      const heading = root.querySelector<HTMLElement>('.site-main h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      } else {
        root.querySelector<HTMLElement>('.site-main')?.focus({ preventScroll: true });
      }
      setAnnouncement(t.shown(page.title));
    }
    first.current = false;
    element.emit<PageChangedDetail>('page-changed', { path: pathRef.current, title: page.title, status: page.status });
    return undo;
  }, [page]);

  return <SiteAppView state={app.state} announcement={announcement} onRetry={app.retry} onHome={() => app.navigate('/')} />;
}
