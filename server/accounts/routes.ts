/**
 * The account REST calls of spec §7 (and sign-up, email verification): token login, /user/me/, logout,
 * password reset, the password rules. Order inside each handler: partner and origin (a refused page
 * writes nothing), rate limit (cheap, before reading the body), then the body.
 */
import { z } from 'zod';
import { clientIp } from '../http/client-ip';
import { canonicalOrigin } from '../http/cors';
import { readJsonObject, REST_BODY_LIMIT } from '../http/body';
import { HttpError, type FieldErrors } from '../http/errors';
import { rateLimitsFor, retryAfterSeconds, type RateDecision, type RateLimit } from '../http/rate-limit';
import { API_CSP, sendJson } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import { queueMail } from '../mail/outbox';
import { partnerBrand } from '../partners/brand';
import { guardPartnerRequest, partnerPreflight } from '../partners/guard';
import { DEFAULT_PARTNER_SLUG, findPartnerBySlug, type Partner } from '../partners/repository';
import { resolvePartner } from '../partners/resolve';
import { EMAIL_MAX, emailKey, emailProblem, normalizeEmail, REQUIRED } from './email-address';
import { FAILED_LOGIN_LIMITS, LoginAttempts, type FailedLoginLimits } from './login-attempts';
import { failedLoginsMail, passwordResetMail, verificationMail } from './mails';
import { acceptPartnerInvitations } from '../partners/invitations';
import { oauthRoutes } from './oauth';
import { userPhotoRoutes } from './photos';
import { deviceOf } from './device';
import { burnPasswordCheck, checkPassword, hashPassword, passwordProblem, setPassword, verifyPassword } from './passwords';
import {
  authenticate,
  clearSessionCookies,
  notAuthenticated,
  setSessionCookies,
  withDetailErrors,
} from './session';
import {
  consumeOneTimeToken,
  issueCredential,
  issueOneTimeToken,
  issuePasswordResetLink,
  peekOneTimeToken,
  revokeDevice,
  VERIFY_LINK_LIFETIME_MS,
} from './tokens';
import { findUserByEmail, findUserById, insertUser, userJson, type UserRecord } from './users';

// ---------------------------------------------------------------------------------------------------
// Texts (spec §8 where the spec has them)

export const INVALID_CREDENTIALS_MESSAGE = 'Unable to login with that email/password';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';
export const INVALID_RESET_TOKEN_MESSAGE = 'This reset link is invalid or has expired.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
const TOO_LONG = (max: number) => `Keep it under ${max} characters.`;

// ---------------------------------------------------------------------------------------------------
// Rate limits

export interface AccountRateLimits {
  /** Login, sign-up and reset requests per client IP (each endpoint counted on its own). */
  perClient: RateLimit;
  /** Reset mails per account (email). */
  perAccount: RateLimit;
  /** Wrong passwords per account and client IP, and when the owner is told (login-attempts.ts). */
  failedLogins: FailedLoginLimits;
}

export const DEFAULT_ACCOUNT_RATE_LIMITS: AccountRateLimits = {
  perClient: { max: 10, windowMs: 60_000 },
  perAccount: { max: 5, windowMs: 60_000 },
  failedLogins: FAILED_LOGIN_LIMITS,
};

/** 429 with Retry-After when a limit refused; nothing when it allowed. */
function refuseWhenLimited(decision: RateDecision): void {
  if (decision.allowed) return;
  const seconds = retryAfterSeconds(decision.retryAfterMs);
  throw new HttpError(429, 'rate_limited', `Too many attempts. Try again in ${seconds} seconds.`, undefined, {
    'Retry-After': String(seconds),
  });
}

/** Counts a hit against one of the account limits; 429 when the window is full. */
async function enforce(ctx: RequestContext, scope: 'client' | 'account', limit: RateLimit, key: string): Promise<void> {
  refuseWhenLimited(await rateLimitsFor(ctx.services.db).hit(`account-${scope}`, limit, key));
}

// ---------------------------------------------------------------------------------------------------
// Bodies

const NAME_MAX = 100;

const text = z.string().max(10_000);
export const LoginBody = z.object({ username: text.optional(), password: text.optional(), session: z.boolean().optional() });
export const SignUpBody = z.object({
  email: text.optional(),
  password: text.optional(),
  firstName: text.optional(),
  lastName: text.optional(),
  session: z.boolean().optional(),
});
export const EmailBody = z.object({ email: text.optional() });
export const ResetBody = z.object({ password: text.optional(), re_enter_password: text.optional() });
export const RequirementsBody = z.object({ password: text.optional(), email: text.optional() });

function parseBody<T>(schema: z.ZodType<T>, body: Record<string, unknown>): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'body');
    fields[key] ??= issue.code === 'too_big' ? 'This value is too long.' : 'This value has the wrong type.';
  }
  throw new HttpError(400, 'validation', 'Some fields need attention.', fields);
}

const validationError = (fields: FieldErrors) => new HttpError(400, 'validation', 'Some fields need attention.', fields);

// ---------------------------------------------------------------------------------------------------
// Helpers

/** Only a page on our own origin (the hosted site) may get a cookie session; embeds use the token. */
function isSameOrigin(ctx: RequestContext): boolean {
  if (ctx.origin === undefined) return true;
  return canonicalOrigin(ctx.origin) === canonicalOrigin(ctx.services.config.publicOrigin);
}

async function signIn(ctx: RequestContext, user: UserRecord, wantsSession: boolean, status: number): Promise<void> {
  const { db, config } = ctx.services;
  const device = deviceOf(ctx.req.headers);
  const token = await issueCredential(db, user.id, 'token', { device });
  if (wantsSession && isSameOrigin(ctx)) {
    setSessionCookies(ctx.res, await issueCredential(db, user.id, 'session', { device, pairedWith: token.id }), config.publicOrigin);
  }
  sendJson(ctx.res, status, { token: token.secret, user: userJson(user, token.secret, config.publicOrigin) });
}

const siteUrl = (ctx: RequestContext) => ctx.services.config.publicOrigin;

/**
 * A link of a mail to a page of ours, for the partner whose site the person used: `?partner=` names it, so the
 * page shows its brand (our own site's links need none).
 */
export const linkForPartner = (url: string, partner: Pick<Partner, 'slug'>) =>
  partner.slug === DEFAULT_PARTNER_SLUG ? url : `${url}?partner=${encodeURIComponent(partner.slug)}`;

/** The verification mail, in the brand of the partner whose site the person signed up on; also when a user changes their email. */
export async function queueVerificationMail(
  db: Parameters<typeof queueMail>[0],
  user: { id: number; email: string },
  publicOrigin: string,
  partner: Pick<Partner, 'slug' | 'name' | 'appContext'>,
): Promise<void> {
  const secret = await issueOneTimeToken(db, user.id, 'verify_email', VERIFY_LINK_LIFETIME_MS, user.email);
  await queueMail(db, verificationMail(user.email, linkForPartner(`${publicOrigin}/v1/api/verify-email/${secret}`, partner), partnerBrand(partner).name));
}

// ---------------------------------------------------------------------------------------------------
// Handlers

function accountHandlers(limits: AccountRateLimits) {
  const perClient = (ctx: RequestContext, key: string) => enforce(ctx, 'client', limits.perClient, key);
  const perAccount = (ctx: RequestContext, key: string) => enforce(ctx, 'account', limits.perAccount, key);
  const ipOf = (ctx: RequestContext) => clientIp(ctx.req, ctx.services.config.trustProxy);

  async function login(ctx: RequestContext): Promise<void> {
    const { db, logger } = ctx.services;
    const partner = await guardPartnerRequest(ctx);
    const ip = ipOf(ctx);
    await perClient(ctx, `login|${ip}`);
    const body = parseBody(LoginBody, await readJsonObject(ctx.req, REST_BODY_LIMIT));
    const username = normalizeEmail(body.username ?? '');
    const password = body.password ?? '';
    const fields: FieldErrors = {};
    if (username === '') fields.username = REQUIRED;
    if (password === '') fields.password = REQUIRED;
    if (Object.keys(fields).length > 0) throw validationError(fields);
    const attempts = new LoginAttempts(rateLimitsFor(db), limits.failedLogins);
    const account = emailKey(username);
    refuseWhenLimited(await attempts.check(account, ip));

    const user = username.length <= EMAIL_MAX ? await findUserByEmail(db, username) : null;
    const ok = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
    if (!user || !ok) {
      if ((await attempts.failed(account, ip)) && user) {
        const { max, windowMs } = limits.failedLogins.ownerAlert;
        await queueMail(db, failedLoginsMail(user.email, max, windowMs, partnerBrand(partner).name));
        logger.info(`[accounts] failed sign-ins mail for user ${user.id} in the outbox`);
      }
      throw new HttpError(400, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
    }
    await signIn(ctx, user, body.session === true, 200);
  }

  async function signUp(ctx: RequestContext): Promise<void> {
    const { db, config, logger } = ctx.services;
    const partner = await guardPartnerRequest(ctx);
    await perClient(ctx, `sign-up|${ipOf(ctx)}`);
    const body = parseBody(SignUpBody, await readJsonObject(ctx.req, REST_BODY_LIMIT));
    const email = normalizeEmail(body.email ?? '');
    const password = body.password ?? '';
    const firstName = body.firstName?.trim() ?? '';
    const lastName = body.lastName?.trim() ?? '';
    const fields: FieldErrors = {};
    const emailError = emailProblem(email);
    if (emailError) fields.email = emailError;
    const passwordError = password === '' ? REQUIRED : passwordProblem(password, email);
    if (passwordError) fields.password = passwordError;
    if (firstName.length > NAME_MAX) fields.firstName = TOO_LONG(NAME_MAX);
    if (lastName.length > NAME_MAX) fields.lastName = TOO_LONG(NAME_MAX);
    if (Object.keys(fields).length > 0) throw validationError(fields);

    const passwordHash = await hashPassword(password);
    const user = await db.transaction(async (tx) => {
      const created = await insertUser(tx, { email, passwordHash, firstName, lastName });
      if (created) await queueVerificationMail(tx, created, config.publicOrigin, partner);
      return created;
    });
    if (!user) throw validationError({ email: EMAIL_TAKEN_MESSAGE });
    logger.info(`[accounts] user ${user.id} signed up; verification mail in the outbox`);
    await signIn(ctx, user, body.session === true, 201);
  }

  async function me(ctx: RequestContext): Promise<void> {
    await guardPartnerRequest(ctx);
    const viewer = await authenticate(ctx.services.db, ctx.req.headers, ctx.method);
    if (!viewer) throw notAuthenticated();
    sendJson(ctx.res, 200, userJson(viewer.user, viewer.token, ctx.services.config.publicOrigin));
  }

  async function logout(ctx: RequestContext): Promise<void> {
    await guardPartnerRequest(ctx);
    const viewer = await authenticate(ctx.services.db, ctx.req.headers, ctx.method);
    // The device signs out: the credential and the one paired with it at sign-in (the site's session and token).
    if (viewer) await revokeDevice(ctx.services.db, viewer.credentialId);
    clearSessionCookies(ctx.res, ctx.services.config.publicOrigin);
    ctx.res.statusCode = 204;
    ctx.res.setHeader('Cache-Control', 'no-store');
    ctx.res.end();
  }

  async function requestPasswordReset(ctx: RequestContext): Promise<void> {
    const { db, logger } = ctx.services;
    const partner = await guardPartnerRequest(ctx);
    await perClient(ctx, `reset|${ipOf(ctx)}`);
    const body = parseBody(EmailBody, await readJsonObject(ctx.req, REST_BODY_LIMIT));
    const email = body.email ?? '';
    const emailError = emailProblem(email);
    if (emailError) throw validationError({ email: emailError });
    // Same answer whether or not the account exists: this call must not tell who has an account.
    await perAccount(ctx, `reset|${emailKey(email)}`);
    const user = await findUserByEmail(db, email);
    if (user) {
      await db.transaction(async (tx) => {
        const secret = await issuePasswordResetLink(tx, user.id);
        await queueMail(tx, passwordResetMail(user.email, linkForPartner(`${siteUrl(ctx)}/reset/${secret}`, partner), partnerBrand(partner).name));
      });
      logger.info(`[accounts] password reset mail for user ${user.id} in the outbox`);
    }
    sendJson(ctx.res, 200, { ok: true });
  }

  /** The one-time secret after the route's prefix; malformed percent-encoding is no secret (an invalid link, not a 500). */
  function secretOfPath(rest: string): string {
    try {
      return decodeURIComponent(rest.replace(/\/$/, ''));
    } catch {
      return '';
    }
  }

  async function resetPassword(ctx: RequestContext): Promise<void> {
    const { db } = ctx.services;
    await guardPartnerRequest(ctx);
    await perClient(ctx, `reset|${ipOf(ctx)}`);
    const secret = secretOfPath(ctx.rest);
    const invalidToken = new HttpError(400, 'invalid_token', INVALID_RESET_TOKEN_MESSAGE);
    const body = parseBody(ResetBody, await readJsonObject(ctx.req, REST_BODY_LIMIT));
    const userId = await peekOneTimeToken(db, secret, 'reset_password');
    const user = userId === null ? null : await findUserById(db, userId);
    if (!user) throw invalidToken;

    const password = body.password ?? '';
    const again = body.re_enter_password ?? '';
    const fields: FieldErrors = {};
    const passwordError = password === '' ? REQUIRED : passwordProblem(password, user.email);
    if (passwordError) fields.password = passwordError;
    if (again === '') fields.re_enter_password = REQUIRED;
    else if (again !== password) fields.re_enter_password = PASSWORDS_DO_NOT_MATCH;
    if (Object.keys(fields).length > 0) throw validationError(fields);

    const passwordHash = await hashPassword(password);
    const done = await db.transaction(async (tx) => {
      const link = await consumeOneTimeToken(tx, secret, 'reset_password');
      if (!link || link.userId !== user.id) return false;
      await setPassword(tx, user.id, passwordHash);
      return true;
    });
    if (!done) throw invalidToken;
    sendJson(ctx.res, 200, { ok: true });
  }

  async function verifyEmail(ctx: RequestContext): Promise<void> {
    const { db } = ctx.services;
    const secret = secretOfPath(ctx.rest);
    const verified = await db.transaction(async (tx) => {
      const link = await consumeOneTimeToken(tx, secret, 'verify_email');
      if (!link) return false;
      // A link sent to an address the user has since changed verifies nothing.
      const { rows } = await tx.query(
        `UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now()
          WHERE id = $1 AND lower(email) = lower($2) RETURNING id`,
        [link.userId, link.email ?? ''],
      );
      if (rows.length > 0) await acceptPartnerInvitations(tx, link.userId, link.email ?? '');
      return rows.length > 0;
    });
    // The page in the brand of the partner the link names (an unknown one: the default brand).
    const resolution = await resolvePartner(ctx);
    const partner = resolution.found ? resolution.partner : await findPartnerBySlug(db, DEFAULT_PARTNER_SLUG);
    sendPage(
      ctx,
      verified ? 200 : 400,
      verified ? 'Your email address is confirmed. You can close this page.' : 'This link is invalid or has expired.',
      partner ? partnerBrand(partner).name : '',
    );
  }

  async function passwordRequirements(ctx: RequestContext): Promise<void> {
    await guardPartnerRequest(ctx);
    const input =
      ctx.method === 'POST'
        ? parseBody(RequirementsBody, await readJsonObject(ctx.req, REST_BODY_LIMIT))
        : { password: ctx.url.searchParams.get('password') ?? '', email: ctx.url.searchParams.get('email') ?? '' };
    sendJson(ctx.res, 200, checkPassword(input.password ?? '', input.email ?? ''));
  }

  return { login, signUp, me, logout, requestPasswordReset, resetPassword, verifyEmail, passwordRequirements };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function sendPage(ctx: RequestContext, status: number, message: string, brand: string): void {
  const html = `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(brand)}</title><p>${escapeHtml(message)}</p></html>`;
  ctx.res.statusCode = status;
  ctx.res.setHeader('Content-Type', 'text/html; charset=utf-8');
  ctx.res.setHeader('Content-Security-Policy', API_CSP);
  ctx.res.setHeader('Cache-Control', 'no-store');
  ctx.res.setHeader('Content-Length', Buffer.byteLength(html));
  ctx.res.end(html);
}

// ---------------------------------------------------------------------------------------------------
// Routes

function logoutNavigation(ctx: RequestContext): void {
  ctx.res.statusCode = 302;
  ctx.res.setHeader('Location', `/log-out${ctx.url.search}`);
  ctx.res.setHeader('Cache-Control', 'no-store');
  ctx.res.end();
}

export function accountRoutes(limits: AccountRateLimits = DEFAULT_ACCOUNT_RATE_LIMITS): Record<string, Route> {
  const h = accountHandlers(limits);
  const post = (handler: Route['POST']) => ({ POST: handler, OPTIONS: partnerPreflight(['POST']) });
  return {
    '/v1/api/api-token-auth/': post(h.login),
    '/v1/api/sign-up/': post(h.signUp),
    '/user/me/': { GET: withDetailErrors(h.me), OPTIONS: partnerPreflight(['GET']) },
    // POST signs out (spec §7); a navigation to /logout (spec §8: "navigate to /logout with a next
    // parameter") goes on to the hosted site's log-out page with its query, which honours `next`.
    '/logout/': { ...post(withDetailErrors(h.logout)), GET: logoutNavigation },
    '/v1/api/reset-password/': post(h.requestPasswordReset),
    '/v1/api/reset/*': post(h.resetPassword),
    '/v1/api/verify-email/*': { GET: h.verifyEmail },
    '/v1/api/password-validation-requirements/': {
      GET: h.passwordRequirements,
      POST: h.passwordRequirements,
      OPTIONS: partnerPreflight(['GET', 'POST']),
    },
    ...oauthRoutes(),
    ...userPhotoRoutes,
  };
}
