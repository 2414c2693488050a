/**
 * Where <hearth-app> is in the site: the partner's page URL under the element's base path ('/homes') maps
 * to a site path ('/homes/search?x' ↔ '/search?x'), and a link inside a page (a site path our server
 * wrote, or an element's absolute link to the hosted site) maps to a site path the app shows in place —
 * or to null when it must leave the app (another site, a file, a feed).
 */

/** '/homes/' → '/homes'; '' and '/' → '' (the app at the root of the partner's site). */
export function normalizeBase(base: string): string {
  const trimmed = base.trim().replace(/\/+$/, '');
  if (!trimmed) return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The base attribute: a path of letters, digits and - _ . ~ / (no query, no origin). */
export const isValidBase = (base: string) => /^\/?([A-Za-z0-9._~-]+\/?)*$/.test(base.trim()) && !base.includes('..') && base.length <= 200;

/** The site path the page's location stands for, or '/' when the location is outside the base. */
export function sitePathOf(location: { pathname: string; search: string; hash?: string }, base: string): string {
  const { pathname, search } = location;
  if (base && pathname !== base && !pathname.startsWith(`${base}/`)) return '/';
  return `${pathname.slice(base.length) || '/'}${search}`;
}

/** The page URL (path, query, hash) of a site path under the base. */
export const pageUrlOf = (sitePath: string, base: string) => `${base}${sitePath}`;

/** Site paths that are files, feeds, APIs or framed documents: opened as they are, never in the app. */
const NOT_PAGES = /^\/(v1|cdn|media|tiles|graphql|public_graphql|logout|site|healthz)(\/|$)|^\/(sitemap[^/]*\.xml|robots\.txt)$|\/feed\.xml$|^\/about\/[^/]+\/document$/;

/**
 * The site path a link goes to when the app should show it in place, else null. `href` as written in the
 * page (site-relative paths are the hosted site's); `siteOrigin` the hosted site's origin (where elements
 * link); `pageOrigin` and `base` the partner page's.
 */
export function internalSitePath(href: string, { siteOrigin, pageOrigin, base }: { siteOrigin: string; pageOrigin: string; base: string }): string | null {
  let url: URL;
  try {
    url = new URL(href, siteOrigin);
  } catch {
    return null;
  }
  const underBase = base !== '' && (url.pathname === base || url.pathname.startsWith(`${base}/`));
  let path: string;
  if (url.origin === pageOrigin && (underBase || (base === '' && url.origin !== siteOrigin))) {
    // A link the app itself wrote (under its base), or any page of the partner's site when the app is its root.
    path = url.pathname.slice(base.length) || '/';
  } else if (url.origin === siteOrigin) {
    path = url.pathname;
  } else {
    return null;
  }
  if (NOT_PAGES.test(path)) return null;
  return `${path}${url.search}${url.hash}`;
}

/** Same page, only the fragment differs (or is the same): scroll, do not load. */
export function samePageExceptHash(a: string, b: string): boolean {
  const strip = (path: string) => path.split('#', 1)[0];
  return strip(a) === strip(b);
}
