/**
 * Log in, log out and the post-login redirect screen (spec §2, §4, §8). The server does what it can before
 * any script runs (ends the session cookie, works out where to go); site/site.js does the rest (forgets the
 * stored user and its token, waits the 500 ms, replaces the history entry).
 */
import { nextAfterLogin } from '../../core/auth/guards';
import { siteTexts as t } from '../../core/i18n/site';
import { authenticate, clearSessionCookies, parseCookies } from '../accounts/session';
import { revokeCredential } from '../accounts/tokens';
import { escapeHtml, exactPage, section, type PageBuilder } from './html';

/** The cookie the login guard leaves with the route a visitor wanted (spec §5: recorded for after login). */
export const REMEMBERED_ROUTE_COOKIE = 'hearth-next';
/** Long enough to sign up and confirm an email on the way. */
export const REMEMBERED_ROUTE_SECONDS = 60 * 60;

/** Spec §9: post-login redirect delay. */
export const REDIRECT_DELAY_MS = 500;

/**
 * A path on this site from a `next` value: '/account?x=1' as it is; another origin, a protocol-relative
 * '//host', a backslash trick or anything that is not a path → null.
 */
export function sameSitePath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  try {
    const url = new URL(next, 'http://site.invalid');
    return url.origin === 'http://site.invalid' ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

const withQuery = ({ path, query }: { path: string; query: Record<string, string> }) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

export const logInPage: PageBuilder = exactPage((site) => {
  const next = sameSitePath(site.ctx.url.searchParams.get('next'));
  return {
    title: 'Log in',
    noindex: true,
    main: `<div class="log-in" data-log-in${next ? ` data-next="${escapeHtml(next)}"` : ''}>${section('Log in', '<hearth-sign-in></hearth-sign-in>')}</div>`,
  };
});

/** /redirect: waits 500 ms, then replaces the history entry with `next`, or the remembered route (spec §2). */
export const redirectPage: PageBuilder = exactPage((site) => {
  const { ctx } = site;
  const saved = parseCookies(ctx.req.headers.cookie).get(REMEMBERED_ROUTE_COOKIE) ?? null;
  const target = withQuery(nextAfterLogin(sameSitePath(ctx.url.searchParams.get('next')) ?? '', sameSitePath(saved)));
  // Read once: the next login starts afresh.
  if (saved !== null) ctx.res.setHeader('Set-Cookie', `${REMEMBERED_ROUTE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`);
  const href = escapeHtml(target);
  return {
    title: t.redirecting,
    noindex: true,
    head: `<noscript><meta http-equiv="refresh" content="1;url=${href}"></noscript>`,
    main: `<section class="redirect" data-redirect-to="${href}" data-delay="${REDIRECT_DELAY_MS}"><h1>${t.redirecting}</h1><p><a href="${href}">Continue</a></p></section>`,
  };
});

/**
 * /log-out[?next=…]: the session cookie's credential is revoked and the cookies cleared here; the page's
 * script revokes the stored token, forgets the stored user and goes on to `next` (this site only, else /),
 * where the toast 'You've been successfully logged out.' appears: the page leaves it as a flash (flash.ts), so the
 * next page says it whether or not it has an element.
 */
export const logOutPage: PageBuilder = exactPage(async (site) => {
  const { ctx } = site;
  const viewer = await authenticate(ctx.services.db, ctx.req.headers, 'GET').catch(() => null);
  if (viewer?.via === 'session') await revokeCredential(ctx.services.db, viewer.credentialId);
  clearSessionCookies(ctx.res, site.publicOrigin);
  const next = escapeHtml(sameSitePath(ctx.url.searchParams.get('next')) ?? '/');
  return {
    title: t.nav.logOut,
    noindex: true,
    // The next page says 'You've been successfully logged out.' (flash.ts), whatever it holds.
    leavesFlash: 'logged-out',
    chrome: { header: false },
    head: `<noscript><meta http-equiv="refresh" content="0;url=${next}"></noscript>`,
    main: `<section class="log-out" data-log-out data-next="${next}"><h1>${t.loggingOut}</h1><p><a href="${next}">Continue</a></p></section>`,
  };
});
