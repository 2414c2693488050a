/**
 * Who is calling (DESIGN §1 cross-origin auth): `Authorization: Token|Bearer <token>` (embeds: browsers
 * block third-party cookies, so a header is the only thing that works on a partner's page), else the
 * hosted site's `sessionid` cookie. A cookie is sent by the browser on its own, so every unsafe request it
 * authenticates must also carry X-CSRFToken equal to the `csrftoken` cookie (and to the session's own
 * value, so a cookie planted by a sibling subdomain is not enough). A header token needs no CSRF check:
 * no other site can make a browser send it.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db';
import { isStateChanging } from '../http/cors';
import { sendJson } from '../http/respond';
import type { Handler } from '../http/router';
import { findCredential, TOKEN_LIFETIME_MS, type IssuedCredential } from './tokens';
import type { UserRecord } from './users';

export const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

/** Spec §8: the client logs out on exactly this 401 detail. */
export const NOT_AUTHENTICATED_DETAIL = 'Authentication credentials were not provided.';
export const CSRF_FAILED_DETAIL = 'CSRF Failed: CSRF token missing or incorrect.';

/** An error answered as `{ detail }` (the spec's wording for 401 / 403), not our `{ error, message }`. */
export class DetailError extends Error {
  constructor(
    readonly status: 401 | 403,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'DetailError';
  }
}

export const notAuthenticated = () => new DetailError(401, NOT_AUTHENTICATED_DETAIL);

export function sendDetailError(res: ServerResponse, error: DetailError): void {
  const headers: Record<string, string> = error.status === 401 ? { 'WWW-Authenticate': 'Token' } : {};
  sendJson(res, error.status, { detail: error.detail }, headers);
}

/** Wraps a route handler so a DetailError becomes its `{ detail }` response. */
export function withDetailErrors(handler: Handler): Handler {
  return async (ctx) => {
    try {
      await handler(ctx);
    } catch (error) {
      if (error instanceof DetailError) sendDetailError(ctx.res, error);
      else throw error;
    }
  };
}

// ---------------------------------------------------------------------------------------------------
// Reading the credentials

export interface Viewer {
  user: UserRecord;
  credentialId: number;
  via: 'token' | 'session';
  /** The raw token when the request was authenticated by one (echoed in the user JSON). */
  token: string | null;
}

const TOKEN_HEADER = /^(Token|Bearer)\s+(\S+)\s*$/i;

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The viewer of a request, or null for a visitor (no credentials, or a token/session that is unknown,
 * expired or revoked). Throws DetailError 403 when a session cookie authenticates an unsafe method
 * without the matching X-CSRFToken header.
 */
export async function authenticate(db: Queryable, headers: IncomingHttpHeaders, method: string): Promise<Viewer | null> {
  const authorization = headerValue(headers.authorization);
  const tokenMatch = authorization ? TOKEN_HEADER.exec(authorization.trim()) : null;
  if (tokenMatch) {
    const token = tokenMatch[2]!;
    const credential = await findCredential(db, token, 'token');
    return credential ? { user: credential.user, credentialId: credential.id, via: 'token', token } : null;
  }

  return sessionViewer(db, headers, isStateChanging(method) ? headerValue(headers[CSRF_HEADER]) ?? null : undefined);
}

/**
 * The viewer of the session cookie. `presented` is the CSRF token the request carries (the X-CSRFToken header,
 * or a form's field where a form cannot send headers): it must equal the csrftoken cookie and the session's own
 * value, else DetailError 403. `undefined`: a safe method, nothing to check.
 */
async function sessionViewer(db: Queryable, headers: IncomingHttpHeaders, presented: string | null | undefined): Promise<Viewer | null> {
  const cookies = parseCookies(headerValue(headers.cookie));
  const sessionId = cookies.get(SESSION_COOKIE);
  if (!sessionId) return null;
  const session = await findCredential(db, sessionId, 'session');
  if (!session) return null;
  if (presented !== undefined) {
    const cookie = cookies.get(CSRF_COOKIE);
    const ok =
      presented !== null &&
      cookie !== undefined &&
      session.csrfToken !== null &&
      sameSecret(presented, cookie) &&
      sameSecret(presented, session.csrfToken);
    if (!ok) throw new DetailError(403, CSRF_FAILED_DETAIL);
  }
  return { user: session.user, credentialId: session.id, via: 'session', token: null };
}

/** The field a server-written form carries the CSRF token in (it cannot send the X-CSRFToken header). */
export const CSRF_FIELD = 'csrfmiddlewaretoken';

/**
 * The session of a form POSTed by one of our pages: its CSRF_FIELD must match as the header would (403
 * otherwise); null when there is no live session.
 */
export const formSessionViewer = (db: Queryable, headers: IncomingHttpHeaders, presented: string | null): Promise<Viewer | null> =>
  sessionViewer(db, headers, presented);

/** The csrftoken cookie of a request (what a page writes into its forms' CSRF_FIELD), or null. */
export const csrfCookie = (headers: IncomingHttpHeaders): string | null => parseCookies(headerValue(headers.cookie)).get(CSRF_COOKIE) ?? null;

// ---------------------------------------------------------------------------------------------------
// Writing the cookies

function cookie(name: string, value: string, options: { httpOnly: boolean; secure: boolean; maxAgeSeconds: number }) {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${options.maxAgeSeconds}`,
    'SameSite=Lax',
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

const isHttps = (publicOrigin: string) => publicOrigin.startsWith('https:');

export function setSessionCookies(res: ServerResponse, session: IssuedCredential, publicOrigin: string): void {
  const secure = isHttps(publicOrigin);
  const maxAgeSeconds = Math.floor(TOKEN_LIFETIME_MS / 1000);
  res.setHeader('Set-Cookie', [
    cookie(SESSION_COOKIE, session.secret, { httpOnly: true, secure, maxAgeSeconds }),
    // Readable by the page's script: it copies it into the X-CSRFToken header.
    cookie(CSRF_COOKIE, session.csrfToken ?? '', { httpOnly: false, secure, maxAgeSeconds }),
  ]);
}

export function clearSessionCookies(res: ServerResponse, publicOrigin: string): void {
  const secure = isHttps(publicOrigin);
  res.setHeader('Set-Cookie', [
    cookie(SESSION_COOKIE, '', { httpOnly: true, secure, maxAgeSeconds: 0 }),
    cookie(CSRF_COOKIE, '', { httpOnly: false, secure, maxAgeSeconds: 0 }),
  ]);
}
