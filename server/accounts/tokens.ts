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
  id: number;
  secret: string;
  /** Sessions only. */
  csrfToken: string | null;
}

export interface IssueOptions {
  /** The device label: its user agent summarised (device.ts deviceLabel). */
  device?: string | null;
  /** The credential issued with this one at the same sign-in (a hosted-site session's token): one device. */
  pairedWith?: number | null;
}

export async function issueCredential(
  db: Queryable,
  userId: number,
  kind: CredentialKind,
  options: IssueOptions = {},
): Promise<IssuedCredential> {
  const secret = newSecret();
  const csrfToken = kind === 'session' ? newSecret() : null;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO auth_tokens (user_id, token_hash, kind, csrf_token, expires_at, device, paired_with)
     VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond', $6, $7) RETURNING id`,
    [userId, hashSecret(secret), kind, csrfToken, TOKEN_LIFETIME_MS, options.device ?? null, options.pairedWith ?? null],
  );
  return { id: Number(rows[0]!.id), secret, csrfToken };
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
    `SELECT t.id AS credential_id, t.kind, t.csrf_token,
            (t.last_used_at < now() - interval '1 minute') AS credential_stale, ${USER_COLUMNS}
       FROM auth_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.kind = $2 AND t.revoked_at IS NULL AND t.expires_at > now()`,
    [hashSecret(secret), kind],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.credential_stale === true) await touchCredential(db, Number(row.credential_id));
  return {
    id: Number(row.credential_id),
    kind: row.kind as CredentialKind,
    csrfToken: (row.csrf_token as string | null) ?? null,
    user: toUser(row as unknown as Parameters<typeof toUser>[0]),
  };
}

/**
 * Records a use of the credential, at most once a minute (the condition is in the UPDATE too, so two
 * requests at once write it once): reading a credential stays a plain SELECT on almost every request.
 */
export async function touchCredential(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE auth_tokens SET last_used_at = now() WHERE id = $1 AND last_used_at < now() - interval '1 minute'`,
    [id],
  );
}

/**
 * After a password change or a privilege change (roles.ts, partner members): every device signs in again.
 * `except` keeps one credential alive: the one that made a change on its own user's behalf (docs/security.md).
 */
export async function revokeAllCredentials(db: Queryable, userId: number, except: number | null = null): Promise<number> {
  // `except` keeps its whole device: the credential and the one paired with it at sign-in.
  const { rows } = await db.query<{ device_id: number }>(
    `UPDATE auth_tokens SET revoked_at = now()
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
        AND COALESCE(paired_with, id) IS DISTINCT FROM (SELECT COALESCE(k.paired_with, k.id) FROM auth_tokens k WHERE k.id = $2::bigint)
      RETURNING COALESCE(paired_with, id) AS device_id`,
    [userId, except],
  );
  // Devices, not credentials: a token and its paired session count once.
  return new Set(rows.map((row) => Number(row.device_id))).size;
}

// ---------------------------------------------------------------------------------------------------
// Signed-in devices (GraphQL mySessions, revokeSession, revokeOtherSessions)

export interface DeviceSession {
  id: number;
  kind: CredentialKind;
  device: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

/** Most live credentials one user is shown (the newest first). */
export const SESSIONS_MAX = 100;

/**
 * The user's signed-in devices: live (unexpired, unrevoked) credentials, one per sign-in (a session paired
 * with its token is part of the token's device; its use counts as the device's), most recently used first.
 * `current` marks the device of the credential `currentId`.
 */
export async function listCredentials(db: Queryable, userId: number, currentId: number | null = null): Promise<(DeviceSession & { current: boolean })[]> {
  const { rows } = await db.query<{
    id: number;
    kind: CredentialKind;
    device: string | null;
    created_at: Date | string;
    last_used_at: Date | string;
    current: boolean;
  }>(
    `SELECT t.id, t.kind, t.device, t.created_at,
            GREATEST(t.last_used_at, (SELECT max(p.last_used_at) FROM auth_tokens p
                                       WHERE p.paired_with = t.id AND p.revoked_at IS NULL)) AS last_used_at,
            (t.id = $3::bigint OR EXISTS (SELECT 1 FROM auth_tokens c WHERE c.id = $3::bigint AND c.paired_with = t.id)) AS current
       FROM auth_tokens t
      WHERE t.user_id = $1 AND t.revoked_at IS NULL AND t.expires_at > now()
        -- A session whose token is gone (signed out through the token) is a device of its own.
        AND (t.paired_with IS NULL OR NOT EXISTS (SELECT 1 FROM auth_tokens o
                                                   WHERE o.id = t.paired_with AND o.revoked_at IS NULL AND o.expires_at > now()))
      ORDER BY 5 DESC, t.id DESC LIMIT $2`,
    [userId, SESSIONS_MAX, currentId],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    device: row.device,
    createdAt: new Date(row.created_at),
    lastUsedAt: new Date(row.last_used_at),
    current: row.current === true,
  }));
}

/**
 * Signs one device of this user out: the credential and any paired with it. False when the user has no live
 * credential with this id (another user's id reads exactly like one that does not exist).
 */
export async function revokeOwnCredential(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rows } = await db.query<{ id: number }>(
    `UPDATE auth_tokens SET revoked_at = now()
      WHERE (id = $1 OR paired_with = $1) AND user_id = $2 AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
    [id, userId],
  );
  return rows.length > 0;
}

/** Signs a device out: the credential `id` and the one paired with it at sign-in (a session and its token). */
export async function revokeDevice(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE auth_tokens SET revoked_at = now()
      WHERE revoked_at IS NULL AND (id = $1 OR paired_with = $1 OR id = (SELECT paired_with FROM auth_tokens WHERE id = $1))`,
    [id],
  );
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
