/**
 * Google sign-in (OAuth 2 authorization code + PKCE S256, OpenID Connect), on only when GOOGLE_CLIENT_ID
 * and GOOGLE_CLIENT_SECRET are set; GET /auth/check-social/ tells clients whether to show the button.
 *
 * For embeds the flow runs in a popup opened by an element on a partner's page:
 *   /login/google-oauth2/?origin=<opener origin>&partner=<slug>  → 302 to Google
 *   /login/google-oauth2/callback?code&state                     → a page that postMessages
 *       { type: 'hearth-login', token } to the opener origin only, then closes.
 * The opener origin must be one the partner allows (as for CORS). Three things tie the callback to the
 * request that started it: the signed `state`, a single-use row in oauth_logins (holding the PKCE
 * verifier), and an HttpOnly cookie with the same nonce in the popup's browser.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isOriginAllowed, canonicalOrigin } from '../http/cors';
import { HttpError } from '../http/errors';
import { sendJson } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import type { Queryable } from '../db';
import { guardPartnerRequest, partnerPreflight } from '../partners/guard';
import { requirePartner } from '../partners/resolve';
import { emailProblem } from './email-address';
import { parseCookies } from './session';
import { deviceOf } from './device';
import { issueCredential, newSecret } from './tokens';
import { findUserByEmail, findUserByGoogleSubject, insertUser, type UserRecord } from './users';
import { acceptPartnerInvitations } from '../partners/invitations';

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
}

/** Read on each request, so a deployment (or a test) can switch it without a code change. */
export function googleConfig(env: NodeJS.ProcessEnv = process.env): GoogleConfig | null {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  return {
    clientId,
    clientSecret,
    authorizationUrl: env.GOOGLE_AUTHORIZATION_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: env.GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
  };
}

const LOGIN_PATH = '/login/google-oauth2/';
const CALLBACK_PATH = '/login/google-oauth2/callback';
const FLOW_COOKIE = 'hearth_oauth';
const FLOW_LIFETIME_SECONDS = 600;
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const TOKEN_EXCHANGE_TIMEOUT_MS = 10_000;

/**
 * Signs `state`. HEARTH_SECRET when set (required when several API processes share the traffic);
 * otherwise a per-process key, enough for one process since a flow lasts minutes.
 */
const processSecret = randomBytes(32);
const stateKey = () => (process.env.HEARTH_SECRET ? Buffer.from(process.env.HEARTH_SECRET, 'utf8') : processSecret);

interface StatePayload {
  /** Nonce: the oauth_logins key, also the OpenID nonce. */
  n: string;
  /** Opener origin. */
  o: string;
}

const sign = (payload: string) => createHmac('sha256', stateKey()).update(payload).digest('base64url');

export function signState(payload: StatePayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(body)}`;
}

export function verifyState(state: string): StatePayload | null {
  const [body, mac, extra] = state.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<StatePayload>;
    return typeof payload.n === 'string' && typeof payload.o === 'string' ? { n: payload.n, o: payload.o } : null;
  } catch {
    return null;
  }
}

const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

// ---------------------------------------------------------------------------------------------------
// Handlers

async function checkSocial(ctx: RequestContext): Promise<void> {
  await guardPartnerRequest(ctx);
  const enabled = googleConfig() !== null;
  sendJson(ctx.res, 200, {
    google: { enabled, loginUrl: enabled ? `${ctx.services.config.publicOrigin}${LOGIN_PATH}` : null },
  });
}

const notConfigured = () => new HttpError(404, 'not_found', 'Google sign-in is not configured.');
const flowCookie = (ctx: RequestContext, value: string, maxAge: number) =>
  [
    `${FLOW_COOKIE}=${value}`,
    `Path=${LOGIN_PATH}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(ctx.services.config.publicOrigin.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');

async function startGoogleLogin(ctx: RequestContext): Promise<void> {
  const google = googleConfig();
  if (!google) throw notConfigured();
  const { db, config } = ctx.services;
  const partner = await requirePartner(ctx);
  const requested = ctx.url.searchParams.get('origin') ?? config.publicOrigin;
  const origin = canonicalOrigin(requested);
  if (!origin || !isOriginAllowed(partner.allowedOrigins, origin, { production: config.production, selfOrigin: config.publicOrigin })) {
    throw new HttpError(403, 'origin_not_allowed', 'This page may not sign in with Google for this partner.');
  }

  const nonce = newSecret();
  const verifier = newSecret();
  await db.query(
    `INSERT INTO oauth_logins (nonce, code_verifier, opener_origin, partner, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5 * interval '1 second')`,
    [nonce, verifier, origin, partner.slug, FLOW_LIFETIME_SECONDS],
  );
  const url = new URL(google.authorizationUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: google.clientId,
    redirect_uri: `${config.publicOrigin}${CALLBACK_PATH}`,
    scope: 'openid email profile',
    state: signState({ n: nonce, o: origin }),
    nonce,
    code_challenge: pkceChallenge(verifier),
    code_challenge_method: 'S256',
    prompt: 'select_account',
  }).toString();
  ctx.res.statusCode = 302;
  ctx.res.setHeader('Location', url.toString());
  ctx.res.setHeader('Set-Cookie', flowCookie(ctx, nonce, FLOW_LIFETIME_SECONDS));
  ctx.res.setHeader('Cache-Control', 'no-store');
  ctx.res.end();
}

interface GoogleIdentity {
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
  picture: string | null;
}

class GoogleLoginFailed extends Error {}

/** Code → tokens at Google's token endpoint (PKCE verifier included), then the ID token's claims. */
async function exchangeCode(google: GoogleConfig, code: string, verifier: string, redirectUri: string, nonce: string): Promise<GoogleIdentity> {
  const response = await fetch(google.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: google.clientId,
      client_secret: google.clientSecret,
      code_verifier: verifier,
    }),
    signal: AbortSignal.timeout(TOKEN_EXCHANGE_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new GoogleLoginFailed(`token endpoint unreachable: ${String(error)}`);
  });
  if (!response.ok) throw new GoogleLoginFailed(`token endpoint answered ${response.status}`);
  const body = (await response.json().catch(() => null)) as { id_token?: unknown } | null;
  if (typeof body?.id_token !== 'string') throw new GoogleLoginFailed('no id_token');

  // The ID token came straight from Google's token endpoint over TLS, so (OpenID Connect Core 3.1.3.7)
  // the TLS check stands in for its signature; the claims are still checked one by one.
  const part = body.id_token.split('.')[1];
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new GoogleLoginFailed('unreadable id_token');
  }
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!GOOGLE_ISSUERS.includes(String(claims.iss))) throw new GoogleLoginFailed('wrong issuer');
  if (!audience.includes(google.clientId)) throw new GoogleLoginFailed('wrong audience');
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) throw new GoogleLoginFailed('expired id_token');
  if (claims.nonce !== nonce) throw new GoogleLoginFailed('wrong nonce');
  if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') throw new GoogleLoginFailed('no subject or email');
  if (claims.email_verified !== true) throw new GoogleLoginFailed('email not verified by Google');
  const emailError = emailProblem(claims.email);
  if (emailError) throw new GoogleLoginFailed(`unusable email: ${emailError}`);
  return {
    subject: claims.sub,
    email: claims.email,
    givenName: typeof claims.given_name === 'string' ? claims.given_name.slice(0, 100) : '',
    familyName: typeof claims.family_name === 'string' ? claims.family_name.slice(0, 100) : '',
    picture: typeof claims.picture === 'string' && claims.picture.startsWith('https://') ? claims.picture.slice(0, 1000) : null,
  };
}

/** The Google account's user: by Google subject, else the account with that (Google-verified) email, else a new one. */
async function googleUser(db: Queryable, identity: GoogleIdentity): Promise<UserRecord> {
  const bySubject = await findUserByGoogleSubject(db, identity.subject);
  if (bySubject) return bySubject;
  const byEmail = await findUserByEmail(db, identity.email);
  if (byEmail) {
    await db.query(
      `UPDATE users SET google_subject = $2, email_verified_at = COALESCE(email_verified_at, now()), updated_at = now()
        WHERE id = $1 AND google_subject IS NULL`,
      [byEmail.id, identity.subject],
    );
    return byEmail;
  }
  const created = await insertUser(db, {
    email: identity.email,
    passwordHash: null,
    firstName: identity.givenName,
    lastName: identity.familyName,
    emailVerified: true,
    googleSubject: identity.subject,
    image: identity.picture,
  });
  if (created) return created;
  // Created by a parallel request a moment ago.
  const again = await findUserByEmail(db, identity.email);
  if (!again) throw new GoogleLoginFailed('could not create the user');
  return again;
}

async function finishGoogleLogin(ctx: RequestContext): Promise<void> {
  const google = googleConfig();
  if (!google) throw notConfigured();
  const { db, config, logger } = ctx.services;
  const params = ctx.url.searchParams;
  const state = verifyState(params.get('state') ?? '');
  const cookieNonce = parseCookies(ctx.req.headers.cookie).get(FLOW_COOKIE);
  ctx.res.setHeader('Set-Cookie', flowCookie(ctx, '', 0));
  if (!state || cookieNonce !== state.n) {
    sendLoginPage(ctx, 400, null, null);
    return;
  }
  const { rows } = await db.query<{ code_verifier: string; opener_origin: string }>(
    `UPDATE oauth_logins SET used_at = now()
      WHERE nonce = $1 AND used_at IS NULL AND expires_at > now()
      RETURNING code_verifier, opener_origin`,
    [state.n],
  );
  const flow = rows[0];
  if (!flow || flow.opener_origin !== state.o) {
    sendLoginPage(ctx, 400, state.o, { type: 'hearth-login', error: 'expired' });
    return;
  }
  const code = params.get('code');
  if (!code) {
    sendLoginPage(ctx, 400, flow.opener_origin, { type: 'hearth-login', error: params.get('error') ?? 'cancelled' });
    return;
  }
  try {
    const identity = await exchangeCode(google, code, flow.code_verifier, `${config.publicOrigin}${CALLBACK_PATH}`, state.n);
    const user = await googleUser(db, identity);
    await db.transaction((tx) => acceptPartnerInvitations(tx, user.id, identity.email));
    const token = await issueCredential(db, user.id, 'token', { device: deviceOf(ctx.req.headers) });
    logger.info(`[accounts] user ${user.id} signed in with Google`);
    sendLoginPage(ctx, 200, flow.opener_origin, { type: 'hearth-login', token: token.secret });
  } catch (error) {
    if (!(error instanceof GoogleLoginFailed)) throw error;
    logger.warn(`[accounts] Google sign-in failed: ${error.message}`);
    sendLoginPage(ctx, 400, flow.opener_origin, { type: 'hearth-login', error: 'failed' });
  }
}

/**
 * The popup's last page. Its one inline script runs under a CSP nonce (nothing else may run), reads the
 * message from a JSON data block and posts it to the opener's exact origin, never '*'.
 */
function sendLoginPage(ctx: RequestContext, status: number, origin: string | null, message: Record<string, string> | null): void {
  const scriptNonce = randomBytes(16).toString('base64');
  const data = JSON.stringify({ origin, message }).replace(/</g, '\\u003c');
  const text = message?.token ? 'Signed in. You can close this window.' : 'Sign-in did not complete. You can close this window and try again.';
  const script = origin && message
    ? `<script type="application/json" id="hearth-login">${data}</script>
<script nonce="${scriptNonce}">(function () {
  var d = JSON.parse(document.getElementById('hearth-login').textContent);
  if (window.opener) window.opener.postMessage(d.message, d.origin);
  window.close();
})();</script>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hearth sign-in</title></head>
<body><p>${text}</p>${script}</body></html>`;
  ctx.res.statusCode = status;
  ctx.res.setHeader('Content-Type', 'text/html; charset=utf-8');
  ctx.res.setHeader(
    'Content-Security-Policy',
    `default-src 'none'; script-src 'nonce-${scriptNonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  // The page must keep its link to the opener to post the token back.
  ctx.res.setHeader('Cross-Origin-Opener-Policy', 'unsafe-none');
  ctx.res.setHeader('Cache-Control', 'no-store');
  ctx.res.setHeader('Content-Length', Buffer.byteLength(html));
  ctx.res.end(html);
}

export function oauthRoutes(): Record<string, Route> {
  return {
    '/auth/check-social/': { GET: checkSocial, OPTIONS: partnerPreflight(['GET']) },
    [LOGIN_PATH]: { GET: startGoogleLogin },
    [CALLBACK_PATH]: { GET: finishGoogleLogin },
  };
}
