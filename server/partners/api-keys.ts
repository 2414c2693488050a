import { createHash } from 'node:crypto';

/**
 * Partner API keys are long random secrets, so a plain sha256 is enough to make a leaked table useless
 * (no dictionary to attack), and it lets us find the partner by the hash with an index lookup.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

const PARTNER_SCHEME = /^Partner\s+(\S+)\s*$/i;

/** The key of an `Authorization: Partner <key>` header, or null. */
export function readPartnerKey(authorization: string | undefined): string | null {
  if (!authorization) return null;
  return PARTNER_SCHEME.exec(authorization)?.[1] ?? null;
}
