/**
 * Credentials: API tokens and session ids (30 days, revocable) and single-use links (reset, verify).
 * Each is 32 random bytes shown once to its owner; the database keeps only the sha256, so reading the
 * table gives nobody a way in.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db';
import { USER_COLUMNS, toUser, type UserRecord } from './users';

export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
export const VERIFY_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type CredentialKind = 'token' | 'session';
export type OneTimePurpose = 'reset_password' | 'verify_email';

/** 32 random bytes, URL-safe base64 (43 characters). */
export const newSecret = () => randomBytes(32).toString('base64url');
export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** What a credential may look like; anything else is refused before it reaches the database. */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;
export const isSecretShaped = (value: string) => SECRET_SHAPE.test(value);

export interface IssuedCredential {
  secret: string;
  /** Sessions only. */
  csrfToken: string | null;
}

export async function issueCredential(db: Queryable, userId: number, kind: CredentialKind): Promise<IssuedCredential> {
  const secret = newSecret();
  const csrfToken = kind === 'session' ? newSecret() : null;
  await db.query(
    `INSERT INTO auth_tokens (user_id, token_hash, kind, csrf_token, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`,
    [userId, hashSecret(secret), kind, csrfToken, TOKEN_LIFETIME_MS],
  );
  return { secret, csrfToken };
}

export interface Credential {
  id: number;
  kind: CredentialKind;
  csrfToken: string | null;
  user: UserRecord;
}

/** The live credential of this kind with this secret, with its user; null when unknown, expired or revoked. */
export async function findCredential(db: Queryable, secret: string, kind: CredentialKind): Promise<Credential | null> {
  if (!isSecretShaped(secret)) return null;
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT t.id AS credential_id, t.kind, t.csrf_token, ${USER_COLUMNS}
       FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.kind = $2 AND t.revoked_at IS NULL AND t.expires_at > now()`,
    [hashSecret(secret), kind],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.credential_id),
    kind: row.kind as CredentialKind,
    csrfToken: (row.csrf_token as string | null) ?? null,
    user: toUser(row as unknown as Parameters<typeof toUser>[0]),
  };
}

export async function revokeCredential(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE auth_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [id]);
}

/** After a password change: every device signs in again. */
export async function revokeAllCredentials(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE auth_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}

// ---------------------------------------------------------------------------------------------------
// Single-use links

export async function issueOneTimeToken(
  db: Queryable,
  userId: number,
  purpose: OneTimePurpose,
  lifetimeMs: number,
  email: string | null = null,
): Promise<string> {
  const secret = newSecret();
  await db.query(
    `INSERT INTO one_time_tokens (token_hash, user_id, purpose, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`,
    [hashSecret(secret), userId, purpose, email, lifetimeMs],
  );
  return secret;
}

/**
 * The link of a password-reset mail. It ends every other live reset link of the account first, so only
 * the newest mail's link works (issue 13: an older link still set a password after a newer one was used).
 * The user's row is locked, so two requests at once cannot both leave a live link. Call it in a transaction.
 */
export async function issuePasswordResetLink(tx: Queryable, userId: number): Promise<string> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  await endOneTimeTokens(tx, userId, 'reset_password');
  return issueOneTimeToken(tx, userId, 'reset_password', RESET_LINK_LIFETIME_MS);
}

/** Ends every live link of this purpose of the account: marked used, as if it had been. */
export async function endOneTimeTokens(db: Queryable, userId: number, purpose: OneTimePurpose): Promise<void> {
  await db.query('UPDATE one_time_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [
    userId,
    purpose,
  ]);
}

/**
 * Marks the link used and returns its user id and email; null when unknown, used, expired or for another
 * purpose. One UPDATE … RETURNING, so two clicks at once cannot both succeed.
 */
export async function consumeOneTimeToken(
  db: Queryable,
  secret: string,
  purpose: OneTimePurpose,
): Promise<{ userId: number; email: string | null } | null> {
  if (!isSecretShaped(secret)) return null;
  const { rows } = await db.query<{ user_id: number; email: string | null }>(
    `UPDATE one_time_tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id, email`,
    [hashSecret(secret), purpose],
  );
  return rows[0] ? { userId: Number(rows[0].user_id), email: rows[0].email } : null;
}

/** The user of a live link without using it up (a reset form that fails validation keeps its link). */
export async function peekOneTimeToken(db: Queryable, secret: string, purpose: OneTimePurpose): Promise<number | null> {
  if (!isSecretShaped(secret)) return null;
  const { rows } = await db.query<{ user_id: number }>(
    `SELECT user_id FROM one_time_tokens
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
    [hashSecret(secret), purpose],
  );
  return rows[0] ? Number(rows[0].user_id) : null;
}
