/**
 * Confirming that the person at the keyboard owns the account, before a change a stolen session must not be able
 * to make on its own: a new password (changePassword) and deleting the account (deleteAccount). An account with a
 * password gives it again; an account without one (it signs in with Google only) must have signed in within
 * RECENT_SIGN_IN_MS on this device.
 *
 * Wrong passwords are counted per account (REAUTH_FAILURES): past the limit every attempt is refused
 * RATE_LIMITED until the window has passed, the right password too, so a held session cannot guess the password
 * it would need to take the account over for good. The limit lives in the server's rate-limit windows
 * (server/http/rate-limit.ts: the database on PostgreSQL, shared by every API process).
 */
import type { Database } from '../db';
import { badInput, DomainError, rateLimited } from '../domain-error';
import { rateLimitsFor, retryAfterSeconds, type RateLimit } from '../http/rate-limit';
import { verifyPassword } from './passwords';
import type { Viewer } from './session';

/** Wrong current passwords one account may give before it has to wait. */
export const REAUTH_FAILURES: RateLimit = { max: 5, windowMs: 15 * 60_000 };
/** An account without a password confirms with a sign-in this recent. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password.';
export const WRONG_CURRENT_PASSWORD = 'That is not your current password.';
export const SIGN_IN_AGAIN = 'Sign in again to confirm it is you, then try within 10 minutes.';

const SCOPE = 'account-reauth-failures';

/**
 * Throws unless `password` is the viewer's current password (or, for an account without one, the viewer's sign-in
 * on this device is recent). `argument` names the password argument in the refusal.
 */
export async function confirmAccountOwner(db: Database, viewer: Viewer, password: string | null | undefined, argument: string): Promise<void> {
  const { rows } = await db.query<{ password_hash: string | null; recent: boolean }>(
    `SELECT u.password_hash, (t.created_at > now() - $3 * interval '1 millisecond') AS recent
       FROM users u LEFT JOIN auth_tokens t ON t.id = $2 AND t.user_id = u.id
      WHERE u.id = $1`,
    [viewer.user.id, viewer.credentialId, RECENT_SIGN_IN_MS],
  );
  const row = rows[0];
  if (!row) throw new DomainError('UNAUTHENTICATED', SIGN_IN_AGAIN);
  if (row.password_hash === null) {
    if (row.recent !== true) throw new DomainError('FORBIDDEN', SIGN_IN_AGAIN, undefined, { reason: 'SIGN_IN_AGAIN' });
    return;
  }
  if (!password) throw badInput(CURRENT_PASSWORD_REQUIRED, argument);
  const limits = rateLimitsFor(db);
  const key = `user:${viewer.user.id}`;
  const allowed = await limits.peek(SCOPE, REAUTH_FAILURES, key);
  if (!allowed.allowed) {
    const seconds = retryAfterSeconds(allowed.retryAfterMs);
    throw rateLimited(`Too many wrong passwords. Try again in ${Math.ceil(seconds / 60)} minutes.`, seconds);
  }
  if (await verifyPassword(password, row.password_hash)) return;
  await limits.hit(SCOPE, REAUTH_FAILURES, key);
  throw badInput(WRONG_CURRENT_PASSWORD, argument);
}
