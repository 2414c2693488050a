/**
 * Signed, short-lived download links for calendar files, so a plain <a href> works in an embed (no
 * Authorization header on a link). The token names the user it was made for; the route re-checks that
 * user's access, so a link stops working when access ends, and after ICAL_LINK_LIFETIME_MS in any case.
 * Key: HEARTH_SECRET when set (required when several API processes share the traffic), else a random
 * per-process key (links then die with a restart, which is harmless: the client asks for a fresh one).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const ICAL_LINK_LIFETIME_MS = 60 * 60 * 1000;
export type IcalKind = 'tour' | 'open-house';

const processKey = randomBytes(32);
const key = () => (process.env.HEARTH_SECRET ? Buffer.from(process.env.HEARTH_SECRET, 'utf8') : processKey);
const sign = (payload: string) => createHmac('sha256', key()).update(`ical:${payload}`).digest('base64url');

export function signIcalToken(kind: IcalKind, id: number, userId: number, now = Date.now()): string {
  const expires = Math.floor((now + ICAL_LINK_LIFETIME_MS) / 1000);
  return `${userId}.${expires}.${sign(`${kind}:${id}:${userId}:${expires}`)}`;
}

/** The user id the token was made for, or null (malformed, forged, for another file, or expired). */
export function verifyIcalToken(kind: IcalKind, id: number, token: string, now = Date.now()): number | null {
  const match = /^([1-9][0-9]{0,15})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expires = Number(match[2]);
  const expected = Buffer.from(sign(`${kind}:${id}:${userId}:${expires}`));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (expires * 1000 <= now) return null;
  return userId;
}

export const icalPath = (kind: IcalKind, id: number) => `/v1/api/${kind === 'tour' ? 'tours' : 'open-houses'}/${id}/ical`;

export const icalLink = (origin: string, kind: IcalKind, id: number, userId: number) =>
  `${origin}${icalPath(kind, id)}?token=${signIcalToken(kind, id, userId)}`;

/**
 * The link of a public open house (active, not over, on a public listing): the route serves those to
 * anyone, so it carries no token and never expires. Tour links stay private (icalLink).
 */
export const publicOpenHouseIcalLink = (origin: string, id: number) => `${origin}${icalPath('open-house', id)}`;
