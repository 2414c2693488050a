/**
 * The one rule for every URL the API hands out (DESIGN §1 "URLs work from any origin"): a path on our
 * site (`/media/listing/…/1.svg`, `/media/users/…`, `/static/…`) becomes absolute on our public origin,
 * because inside a shadow root on an agent's page a site-relative path resolves against the agent's
 * origin. An absolute URL (an MLS feed's photo, a Google picture) is left as it is.
 */

/**
 * `path` on our public origin when it is a path of our site, else `url` unchanged. Joined as text, not
 * with `new URL`: a stored `/\host/x` must stay on our host, where the URL parser would leave for `host`.
 */
export function publicUrl(url: string, publicOrigin: string): string;
export function publicUrl(url: string | null | undefined, publicOrigin: string): string | null;
export function publicUrl(url: string | null | undefined, publicOrigin: string): string | null {
  if (url == null) return null;
  return url.startsWith('/') && !url.startsWith('//') ? `${publicOrigin}${url}` : url;
}

/**
 * A configured public origin (HEARTH_PUBLIC_ORIGIN: the address clients reach us on behind a proxy or
 * CDN) as an origin. It must be a bare http(s) origin: a path would be dropped from every URL, so it is
 * refused instead, with a clear error.
 */
export function parsePublicOrigin(configured: string): string {
  let url: URL | undefined;
  try {
    url = new URL(configured);
  } catch {
    // not a URL: refused below
  }
  const bare =
    url !== undefined &&
    /^https?:$/.test(url.protocol) &&
    !url.username &&
    !url.password &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !/[\s?#]/.test(configured);
  if (!bare) {
    throw new Error(`HEARTH_PUBLIC_ORIGIN must be an origin like https://homes.example.com (scheme, host, optional port; no path), not "${configured}".`);
  }
  return url!.origin;
}
