/**
 * What the hosted site's own script (site/site.js) does for a page, done for a page <hearth-app> shows in
 * its shadow root: links point under the app's base and open in place, pictures and frames come from our
 * origin, the shell's menus (one open at a time, Escape back to the button, closed by a click elsewhere)
 * and the phone menu button, the log-in, log-out and post-login redirect screens, the Sign Up / Log In
 * dialog, and the sell page's Start Listing form. `wirePage` returns the function that undoes it.
 */
import { authTexts } from '../i18n/auth';
import { showToast } from '../ui/toasts';
import { pageOf } from '../routing/dialog-paths';
import { internalSitePath, pageUrlOf } from './app-path';
import { wanted } from '../state/use-signal-effect';

export interface PageWiring {
  /** The hosted site's origin: where our server's site-relative paths point. */
  siteOrigin: string;
  /** The partner page's origin and the app's base path on it. */
  pageOrigin: string;
  base: string;
  /** The site path shown now, for `next` parameters. */
  currentPath: () => string;
  navigate: (sitePath: string, options?: { replace?: boolean }) => void;
  /** The app keeps its route to itself (`contained`): none of its elements may change the page's URL. */
  contained?: boolean;
}

const SITE_RELATIVE = /^\/(?!\/)/;

/** '/search/log-in?x' → '/search?x': after a login from the login dialog's URL, the page beneath it. */
export function pageBeneathLogin(sitePath: string): string {
  const index = sitePath.search(/[?#]/);
  const path = index < 0 ? sitePath : sitePath.slice(0, index);
  return `${pageOf(path, ['login'])}${index < 0 ? '' : sitePath.slice(index)}`;
}

/**
 * Links under the base (or absolute to our origin when they are files), pictures and frames from our origin;
 * in a contained app, elements that would follow the page's URL (`route-sync`, `url-sync`) do not.
 */
export function rewriteUrls(root: ParentNode, wiring: PageWiring): void {
  if (wiring.contained) {
    for (const element of root.querySelectorAll('[route-sync], [url-sync]')) {
      element.removeAttribute('route-sync');
      element.removeAttribute('url-sync');
    }
  }
  const where = { siteOrigin: wiring.siteOrigin, pageOrigin: wiring.pageOrigin, base: wiring.base };
  for (const anchor of root.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    const href = anchor.getAttribute('href')!;
    if (!SITE_RELATIVE.test(href)) continue;
    const sitePath = internalSitePath(href, where);
    anchor.setAttribute('href', sitePath === null ? `${wiring.siteOrigin}${href}` : pageUrlOf(sitePath, wiring.base));
  }
  // The policy documents may be framed by our own pages only (frame-ancestors 'self'): on a partner's page
  // the link beside the frame opens them instead.
  for (const frame of root.querySelectorAll('iframe.policy-frame')) frame.remove();
  for (const element of root.querySelectorAll('img[src], iframe[src], source[src], video[src], video[poster]')) {
    for (const name of ['src', 'poster']) {
      const value = element.getAttribute(name);
      if (value && SITE_RELATIVE.test(value)) element.setAttribute(name, `${wiring.siteOrigin}${value}`);
    }
  }
  for (const element of root.querySelectorAll('img[srcset], source[srcset]')) {
    const srcset = element.getAttribute('srcset')!;
    element.setAttribute(
      'srcset',
      srcset
        .split(',')
        .map((candidate) => candidate.trim().replace(/^\/(?!\/)/, `${wiring.siteOrigin}/`))
        .join(', '),
    );
  }
  // Elements that go to a page of the site themselves (a full navigation: the search box's search page, an
  // offer's page once made): under the base, where the app opens it.
  for (const [selector, name] of [
    ['hearth-search-box[search-page]', 'search-page'],
    ['hearth-make-offer[offer-url]', 'offer-url'],
    ['hearth-seller-dashboard[home-detail-url]', 'home-detail-url'],
  ] as const) {
    for (const element of root.querySelectorAll(selector)) {
      const page = element.getAttribute(name)!;
      if (SITE_RELATIVE.test(page)) element.setAttribute(name, pageUrlOf(page, wiring.base));
    }
  }
}

/** The link a click follows, across the shadow roots of the elements inside the page; null for other clicks. */
function clickedLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  for (const target of event.composedPath()) {
    if (target instanceof HTMLAnchorElement && target.hasAttribute('href')) {
      return target.target && target.target !== '_self' ? null : target.hasAttribute('download') ? null : target;
    }
  }
  return null;
}

export function wirePage(root: ShadowRoot, wiring: PageWiring): () => void {
  const cleanups: (() => void)[] = [];
  const on = (target: EventTarget, type: string, listener: (event: Event) => void) => {
    target.addEventListener(type, listener);
    cleanups.push(() => target.removeEventListener(type, listener));
  };
  const where = { siteOrigin: wiring.siteOrigin, pageOrigin: wiring.pageOrigin, base: wiring.base };

  // ---- links open in place ----
  on(root, 'click', (event) => {
    const anchor = clickedLink(event as MouseEvent);
    if (!anchor) return;
    const sitePath = internalSitePath(anchor.href, where);
    if (sitePath === null) return;
    event.preventDefault();
    wiring.navigate(sitePath);
  });

  // ---- menus (as site.js) ----
  const menus = [...root.querySelectorAll<HTMLDetailsElement>('details[data-menu]')];
  for (const details of menus) {
    const summary = details.querySelector('summary');
    on(details, 'toggle', () => {
      if (details.open) for (const other of menus) if (other !== details) other.open = false;
    });
    on(details, 'keydown', (event) => {
      if ((event as KeyboardEvent).key !== 'Escape' || !details.open) return;
      event.stopPropagation();
      details.open = false;
      summary?.focus();
    });
    on(details, 'focusout', (event) => {
      if (!details.contains((event as FocusEvent).relatedTarget as Node | null)) details.open = false;
    });
  }
  on(root, 'click', (event) => {
    for (const details of menus) if (details.open && !details.contains(event.target as Node)) details.open = false;
  });
  const toggle = root.querySelector<HTMLButtonElement>('.nav-toggle');
  const nav = root.querySelector('#site-nav');
  if (toggle && nav) {
    const setOpen = (open: boolean) => {
      toggle.setAttribute('aria-expanded', String(open));
      nav.classList.toggle('open', open);
    };
    toggle.hidden = false;
    on(toggle, 'click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
    on(root, 'keydown', (event) => {
      if ((event as KeyboardEvent).key !== 'Escape' || toggle.getAttribute('aria-expanded') !== 'true') return;
      setOpen(false);
      toggle.focus();
    });
  }

  // ---- post-login redirect screen: wait, then replace this entry with the target ----
  const redirect = root.querySelector<HTMLElement>('[data-redirect-to]');
  if (redirect) {
    const target = internalSitePath(redirect.dataset.redirectTo || '/', where) ?? '/';
    const timer = setTimeout(() => wiring.navigate(target, { replace: true }), Number(redirect.dataset.delay) || 500);
    cleanups.push(() => clearTimeout(timer));
  }

  // ---- log-out: revoke the token, forget the user, say so, go on ----
  // The page asks first while the server saw a live credential (a link from anywhere leads here): its button's
  // form is sent as this element's own sign-out (the token, with X-CSRFToken on our origin), not navigated to.
  // Nothing is said or navigated once the page has been left.
  const left = new AbortController();
  cleanups.push(() => left.abort());
  const signOutAndGo = (next: string) =>
    void wanted(
      left.signal,
      import('../auth/api')
        .then(({ signOut }) => signOut({ quiet: true }))
        .catch(() => undefined),
    ).then(() => {
      showToast({ message: authTexts.loggedOut, tone: 'success' });
      wiring.navigate(next, { replace: true });
    });
  const logOut = root.querySelector<HTMLElement>('[data-log-out]');
  if (logOut) {
    // The server saw no live credential: what is left to end is the element's own stored sign-in.
    signOutAndGo(internalSitePath(logOut.dataset.next || '/', where) ?? '/');
  }
  const confirmLogOut = root.querySelector<HTMLElement>('[data-log-out-confirm]');
  const confirmForm = confirmLogOut?.querySelector('form');
  if (confirmLogOut && confirmForm) {
    on(confirmForm, 'submit', (event) => {
      event.preventDefault();
      signOutAndGo(internalSitePath(confirmLogOut.dataset.next || '/', where) ?? '/');
    });
  }

  // ---- signing in: the log-in page, or the shell's button as a dialog over the page ----
  const afterLogin = (next: string) => wiring.navigate(next ? `/redirect?next=${encodeURIComponent(pageBeneathLogin(next))}` : '/redirect', { replace: true });
  const logIn = root.querySelector<HTMLElement>('[data-log-in]');
  if (logIn) on(logIn, 'hearth-login', () => afterLogin(logIn.dataset.next ?? ''));
  // The login dialog is a route (spec §2): {page}/log-in over the page, kept for back and forward.
  for (const trigger of root.querySelectorAll<HTMLElement>('[data-sign-in]')) {
    on(trigger, 'click', (event) => {
      event.preventDefault();
      event.stopPropagation();
      for (const old of root.querySelectorAll('hearth-sign-in[route-sync]')) old.remove();
      const dialog = document.createElement('hearth-sign-in');
      dialog.setAttribute('dialog', '');
      if (!wiring.contained) dialog.setAttribute('route-sync', '');
      dialog.addEventListener('hearth-login', () => afterLogin(wiring.currentPath()));
      dialog.addEventListener('hearth-sign-in-closed', () => {
        if (dialog.isConnected) trigger.focus();
      });
      root.append(dialog);
      window.hearth?.scan?.(root);
      cleanups.push(() => dialog.remove());
    });
  }
  // Arrived on a login dialog's URL: our server wrote the page with the dialog open.
  for (const dialog of root.querySelectorAll<HTMLElement>('.site-main hearth-sign-in[route-sync]')) {
    on(dialog, 'hearth-login', () => afterLogin(wiring.currentPath()));
  }

  // ---- sell page: a chosen address → /selling/listing-detail?lat&lng; Start Listing without one focuses the box ----
  for (const form of root.querySelectorAll<HTMLFormElement>('form[data-start-listing]')) {
    let place: { lat: number; lng: number } | null = null;
    const rent = form.dataset.for === 'rent' ? '&for=rent' : '';
    const go = () => wiring.navigate(`/selling/listing-detail?lat=${encodeURIComponent(place!.lat)}&lng=${encodeURIComponent(place!.lng)}${rent}`);
    on(form, 'hearth-search-changed', (event) => {
      place = (event as CustomEvent<{ lat: number; lng: number }>).detail;
      go();
    });
    on(form, 'submit', (event) => {
      event.preventDefault();
      if (place) go();
      else form.querySelector('hearth-search-box')?.shadowRoot?.querySelector('input')?.focus();
    });
  }

  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}
