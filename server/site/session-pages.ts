/**
 * Log in, log out and the post-login redirect screen (spec §2, §4, §8). The server does what it can before
 * any script runs (ends the session cookie, works out where to go); site/site.js does the rest (forgets the
 * stored user and its token, waits the 500 ms, replaces the history entry).
 */
import { nextAfterLogin, safeNext } from '../../core/auth/guards';
import { siteTexts as t } from '../../core/i18n/site';
import { clearSessionCookies, CSRF_FIELD, csrfCookie, DetailError, formSessionViewer, parseCookies } from '../accounts/session';
import { revokeDevice } from '../accounts/tokens';
import { readBody } from '../http/body';
import { keepUncompressed } from '../http/compression';
import { canonicalOrigin } from '../http/cors';
import { HttpError } from '../http/errors';
import type { RequestContext, Route } from '../http/router';
import { escapeHtml, exactPage, section, type PageBuilder } from './html';

/** The cookie the login guard leaves with the route a visitor wanted (spec §5: recorded for after login). */
export const REMEMBERED_ROUTE_COOKIE = 'hearth-next';
/** Long enough to sign up and confirm an email on the way. */
export const REMEMBERED_ROUTE_SECONDS = 60 * 60;

/** Spec §9: post-login redirect delay. */
export const REDIRECT_DELAY_MS = 500;

const withQuery = ({ path, query }: { path: string; query: Record<string, string> }) => {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
};

export const logInPage: PageBuilder = exactPage((site) => {
  const next = safeNext(site.ctx.url.searchParams.get('next'));
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
  const target = withQuery(nextAfterLogin(safeNext(ctx.url.searchParams.get('next')) ?? '', safeNext(saved)));
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

/** Where log-out goes on to: `next` on this site, else the home page. */
const logOutNext = (ctx: RequestContext) => safeNext(ctx.url.searchParams.get('next')) ?? '/';

/**
 * GET /log-out[?next=…] (spec §2: "logs out, honours a next query parameter"). A GET ends nothing: any site can
 * link here, and a browser follows a link with its SameSite=Lax session cookie. So a request with a live
 * credential (the session cookie; <hearth-app>'s token) gets the question and a "Log out" button, which POSTs
 * here with the session's CSRF token (logOutRoute); <hearth-app> sends that button's form as its own signOut.
 * A request without one (a session ended elsewhere, spec §8's 401: the browser comes here through /logout)
 * has nothing left to end: the dead cookies are cleared, and the page's script forgets the stored user (once
 * the server confirms its token is dead too: site/site.js), goes on to `next`, where
 * the toast 'You've been successfully logged out.' appears: this page leaves it as a flash (flash.ts), so the next
 * page says it whether or not it has an element.
 */
export const logOutPage: PageBuilder = exactPage((site) => {
  const { ctx } = site;
  const next = escapeHtml(logOutNext(ctx));
  if (site.viewer) {
    const action = escapeHtml(`/log-out?next=${encodeURIComponent(logOutNext(ctx))}`);
    const token = escapeHtml(csrfCookie(ctx.req.headers) ?? '');
    // The token next to `next`, which any link chooses: not compressed (BREACH; server/http/compression.ts).
    keepUncompressed(ctx.res);
    return {
      title: t.nav.logOut,
      noindex: true,
      chrome: { header: false },
      main:
        `<section class="log-out" data-log-out-confirm data-next="${next}"><h1>${t.nav.logOut}</h1><p>${t.logOutConfirm}</p>` +
        `<form method="post" action="${action}" class="cta"><input type="hidden" name="${CSRF_FIELD}" value="${token}">` +
        `<button type="submit" class="button">${t.logOutButton}</button> <a href="${next}">${t.stayLoggedIn}</a></form></section>`,
    };
  }
  clearSessionCookies(ctx.res, site.publicOrigin);
  return {
    title: t.nav.logOut,
    noindex: true,
    // The next page says 'You've been successfully logged out.' (flash.ts), whatever it holds.
    leavesFlash: 'logged-out',
    chrome: { header: false },
    head: `<noscript><meta http-equiv="refresh" content="0;url=${next}"></noscript>`,
    main:
      `<section class="log-out" data-log-out data-next="${next}"><h1>${t.loggingOut}</h1><p><a href="${next}">Continue</a></p>` +
      // Shown by site/site.js only for a stored token the server says is still alive: asked, not ended.
      `<div hidden data-log-out-token><h1>${t.nav.logOut}</h1><p>${t.logOutConfirm}</p>` +
      `<p class="cta"><button type="button" class="button">${t.logOutButton}</button> <a href="${next}">${t.stayLoggedIn}</a></p></div></section>`,
  };
});

/** A form's fields, `application/x-www-form-urlencoded` (what a browser sends for our log-out form). */
async function formFields(ctx: RequestContext): Promise<URLSearchParams> {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(ctx.req.headers['content-type'] ?? '')) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the log-out form as application/x-www-form-urlencoded.');
  }
  return new URLSearchParams((await readBody(ctx.req, 2_048)).toString('utf8'));
}

/** A page-level refusal of the log-out form: the session stays, the browser is told why. */
const refusedLogOut = (detail: string) => new HttpError(403, 'csrf_failed', detail);

/**
 * POST /log-out[?next=…]: the log-out page's button. It must come from a page of this site: an Origin (or
 * Sec-Fetch-Site) of another site is refused, and the session's CSRF token must be in the form, as the
 * X-CSRFToken header must be on any other write (a cross-site form carries neither the token nor, under
 * SameSite=Lax, the cookie). Then the device signs out — the session and the token paired with it — the
 * cookies are cleared, and the browser goes on (303) to GET /log-out, which now has nothing to end and finishes
 * the log-out in the page (the stored user, the toast, `next`).
 */
async function logOutPost(ctx: RequestContext): Promise<void> {
  const { db, config } = ctx.services;
  const fetchSite = ctx.req.headers['sec-fetch-site'];
  const otherOrigin = ctx.origin !== undefined && canonicalOrigin(ctx.origin) !== canonicalOrigin(config.publicOrigin);
  if (otherOrigin || (fetchSite !== undefined && fetchSite !== 'same-origin')) {
    throw refusedLogOut('Log out from this site’s own log-out page.');
  }
  const fields = await formFields(ctx);
  let viewer;
  try {
    viewer = await formSessionViewer(db, ctx.req.headers, fields.get(CSRF_FIELD));
  } catch (error) {
    if (error instanceof DetailError) throw refusedLogOut('The log-out form was not this session’s: open the log-out page again.');
    throw error;
  }
  if (viewer) await revokeDevice(db, viewer.credentialId);
  clearSessionCookies(ctx.res, config.publicOrigin);
  ctx.res.statusCode = 303;
  ctx.res.setHeader('Location', `/log-out?next=${encodeURIComponent(logOutNext(ctx))}`);
  ctx.res.setHeader('Cache-Control', 'no-store');
  ctx.res.end();
}

/** The log-out form's route (the page itself is the router's GET of /log-out). */
export const logOutRoute: Pick<Route, 'POST'> = { POST: logOutPost };
