/**
 * A partner's API keys (issue 16): created by its administrators, the secret shown once, only its sha256
 * kept (with a short prefix to tell keys apart), scoped, revocable at once. `Authorization: Partner <key>`
 * on the REST routes a partner's systems call (guard.ts requirePartnerKey).
 */
import { randomBytes } from 'node:crypto';
import type { UserRecord } from '../accounts/users';
import type { Database, Queryable } from '../db';
import { requireRoom } from '../db/count-limit';
import { badInput, DomainError } from '../domain-error';
import { requirePartnerAdmin, writeAudit } from './admin';
import { hashApiKey } from './api-keys';

export const API_KEY_SCOPES = ['leads:read', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export interface ApiKeyRecord {
  id: number;
  partnerId: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdBy: string | null;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

/** A key just created: the secret is in this answer and nowhere else. */
export interface CreatedApiKey {
  key: ApiKeyRecord;
  secret: string;
}

const KEY_PREFIX = 'hk_';
/** Characters of the secret kept in clear (after `hk_`): enough to tell keys apart, far too few to guess the rest. */
const SHOWN_CHARACTERS = 8;
const MAX_ACTIVE_KEYS = 20;

interface KeyRow {
  id: number;
  partner_id: number;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  created_by_email: string | null;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

const KEY_COLUMNS = `k.id, k.partner_id, k.name, k.prefix, k.scopes, u.email AS created_by_email, k.created_at, k.revoked_at, k.last_used_at`;
const KEY_FROM = `partner_api_keys k LEFT JOIN users u ON u.id = k.created_by`;

const toKey = (r: KeyRow): ApiKeyRecord => ({
  id: Number(r.id),
  partnerId: Number(r.partner_id),
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes,
  createdBy: r.created_by_email,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
  lastUsedAt: r.last_used_at,
});

const keyNotFound = () => new DomainError('NOT_FOUND', 'API key not found.');

/** The partner's keys, newest first, revoked ones too (marked). */
export async function listApiKeys(db: Queryable, user: UserRecord, partnerId: number): Promise<ApiKeyRecord[]> {
  await requirePartnerAdmin(db, user, partnerId);
  const { rows } = await db.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM ${KEY_FROM} WHERE k.partner_id = $1 ORDER BY k.id DESC LIMIT 100`, [partnerId]);
  return rows.map(toKey);
}

export async function createApiKey(
  db: Database,
  user: UserRecord,
  partnerId: number,
  input: { name: string; scopes: readonly string[] },
): Promise<CreatedApiKey> {
  await requirePartnerAdmin(db, user, partnerId);
  const name = input.name.trim();
  if (name.length > 100 || /[\u0000-\u001f\u007f]/.test(name)) throw badInput('name must be at most 100 characters of text.', 'name');
  const scopes = [...new Set(input.scopes)];
  if (scopes.length === 0) throw badInput('Choose at least one scope.', 'scopes');
  const unknown = scopes.find((s) => !(API_KEY_SCOPES as readonly string[]).includes(s));
  if (unknown !== undefined) throw badInput(`Unknown scope "${unknown.slice(0, 40)}": use ${API_KEY_SCOPES.join(' or ')}.`, 'scopes');
  const secret = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const prefix = secret.slice(0, KEY_PREFIX.length + SHOWN_CHARACTERS);
  return db.transaction(async (tx) => {
    await requireRoom(tx, {
      owner: { table: 'partners', id: partnerId },
      count: 'SELECT count(*)::int AS n FROM partner_api_keys WHERE partner_id = $1 AND revoked_at IS NULL',
      params: [partnerId],
      max: MAX_ACTIVE_KEYS,
      refusal: () => badInput(`A partner may hold at most ${MAX_ACTIVE_KEYS} active keys: revoke one first.`, 'partnerId'),
    });
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO partner_api_keys (partner_id, name, prefix, key_hash, scopes, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [partnerId, name, prefix, hashApiKey(secret), scopes, user.id],
    );
    const id = Number(rows[0]!.id);
    await writeAudit(tx, partnerId, { kind: 'user', user }, 'apiKey.created', { prefix, name, scopes });
    const { rows: created } = await tx.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM ${KEY_FROM} WHERE k.id = $1`, [id]);
    return { key: toKey(created[0]!), secret };
  });
}

/** Revokes a key of a partner the viewer administers (NOT_FOUND otherwise); revoking twice changes nothing. */
export async function revokeApiKey(db: Database, user: UserRecord, keyId: number): Promise<ApiKeyRecord> {
  const { rows: found } = await db.query<{ partner_id: number }>('SELECT partner_id FROM partner_api_keys WHERE id = $1', [keyId]);
  if (!found[0]) throw keyNotFound();
  const partnerId = Number(found[0].partner_id);
  try {
    await requirePartnerAdmin(db, user, partnerId);
  } catch {
    throw keyNotFound();
  }
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ prefix: string }>(
      'UPDATE partner_api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING prefix',
      [keyId],
    );
    if (rows[0]) await writeAudit(tx, partnerId, { kind: 'user', user }, 'apiKey.revoked', { prefix: rows[0].prefix });
    const { rows: key } = await tx.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM ${KEY_FROM} WHERE k.id = $1`, [keyId]);
    return toKey(key[0]!);
  });
}

/** What a presented key may do: its partner and scopes (null: no such key, or revoked). */
export interface KeyGrant {
  partnerId: number;
  keyId: number | null;
  scopes: readonly ApiKeyScope[];
}

/** Last use is written at most once a minute per key: a busy integration should not write on every call. */
const LAST_USED_RESOLUTION = "interval '1 minute'";

/**
 * The grant of a presented key: a key of partner_api_keys (revoked: null), else a key set directly in
 * partners.api_key_hash (from before scopes; every scope).
 */
export async function findKeyGrant(db: Queryable, key: string): Promise<KeyGrant | null> {
  const hash = hashApiKey(key);
  const { rows } = await db.query<{ id: number; partner_id: number; scopes: ApiKeyScope[]; revoked_at: Date | null }>(
    'SELECT id, partner_id, scopes, revoked_at FROM partner_api_keys WHERE key_hash = $1',
    [hash],
  );
  const row = rows[0];
  if (row) {
    if (row.revoked_at) return null;
    await db.query(
      `UPDATE partner_api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - ${LAST_USED_RESOLUTION})`,
      [row.id],
    );
    return { partnerId: Number(row.partner_id), keyId: Number(row.id), scopes: row.scopes };
  }
  const { rows: legacy } = await db.query<{ id: number }>('SELECT id FROM partners WHERE api_key_hash = $1', [hash]);
  return legacy[0] ? { partnerId: Number(legacy[0].id), keyId: null, scopes: API_KEY_SCOPES } : null;
}

/**
 * Seed: keys set in partners.api_key_hash (the demo partners) become listed, revocable keys with every
 * scope; a key already listed is left alone.
 */
export async function importLegacyApiKeys(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO partner_api_keys (partner_id, name, prefix, key_hash, scopes)
     SELECT id, 'Key from before scopes', 'legacy', api_key_hash, ARRAY['leads:read', 'admin'] FROM partners
      WHERE api_key_hash IS NOT NULL
     ON CONFLICT (key_hash) DO NOTHING`,
  );
}
