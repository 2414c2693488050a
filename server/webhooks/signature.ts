/**
 * The signature of a webhook delivery, as a receiver checks it: the header
 *
 *   Hearth-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>
 *
 * (the scheme Stripe made familiar). The timestamp is inside the signed text, so a captured delivery
 * cannot be replayed later with a new time; a receiver refuses timestamps older than its tolerance.
 * This module is the reference a partner's developer copies (docs/api.md), and what our tests verify with.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Hearth-Signature';
/** Five minutes, as receivers usually allow for clock skew and retries in flight. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** A new endpoint secret: `whsec_` and 32 random bytes in base64url. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');

/** The header value for a body sent at `timestamp` (unix seconds). */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'mismatch' | 'expired' };

/**
 * Checks a delivery: the header must carry a timestamp within `toleranceSeconds` of `now` and a v1
 * signature of exactly this raw body (compared in constant time).
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | null | undefined,
  { now = Date.now(), toleranceSeconds = DEFAULT_TOLERANCE_SECONDS }: { now?: number; toleranceSeconds?: number } = {},
): SignatureCheck {
  if (!header) return { ok: false, reason: 'malformed' };
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.trim().split('=', 2);
    if (!key || value === undefined) return { ok: false, reason: 'malformed' };
    parts.set(key, [...(parts.get(key) ?? []), value]);
  }
  const stamp = parts.get('t')?.[0];
  const signatures = parts.get('v1') ?? [];
  if (!stamp || !/^\d{1,12}$/.test(stamp) || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const timestamp = Number(stamp);
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const matches = signatures.some((signature) => {
    const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : null;
    return given !== null && timingSafeEqual(given, expected);
  });
  if (!matches) return { ok: false, reason: 'mismatch' };
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, timestamp };
}
