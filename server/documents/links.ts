/**
 * Short-lived signed links to a stored document or generated PDF (issue 20), so an <iframe>, <img> or <a download>
 * works in an embed, where no Authorization header goes with a link. The signature (HMAC-SHA256) covers the
 * kind, the id, whom the link was made for (`u<userId>` or `g<responseId>` for a guest with the response's PIN)
 * and the expiry; the route re-checks that holder's access on every request, so a link stops working when
 * access ends, and after DOCUMENT_LINK_LIFETIME_MS in any case.
 * Key: HEARTH_SECRET when set (required when several API processes share the traffic), else a random
 * per-process key (links then die with a restart, which is harmless: the client asks for fresh ones).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DOCUMENT_LINK_LIFETIME_MS = 5 * 60 * 1000;
export type LinkKind = 'document' | 'pdf' | 'attachment-pdf' | 'signed-pdf';

/** Who a link was made for. */
export type LinkHolder = { userId: number } | { guestResponseId: string };

const processKey = randomBytes(32);
const key = () => (process.env.HEARTH_SECRET ? Buffer.from(process.env.HEARTH_SECRET, 'utf8') : processKey);
const sign = (payload: string) => createHmac('sha256', key()).update(`document-link:${payload}`).digest('base64url');

const holderText = (holder: LinkHolder) => ('userId' in holder ? `u${holder.userId}` : `g${holder.guestResponseId}`);

const HOLDER = /^(?:u([1-9][0-9]{0,15})|g([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))$/;

export const documentPath = (kind: LinkKind, id: number) =>
  kind === 'document' ? `/v1/api/documents/${id}` : `/v1/api/generated-pdfs/${id}/${kind === 'pdf' ? 'pdf' : kind === 'signed-pdf' ? 'signed' : 'attachment'}`;

export function signedQuery(kind: LinkKind, id: number, holder: LinkHolder, now = Date.now()): string {
  const expires = Math.floor((now + DOCUMENT_LINK_LIFETIME_MS) / 1000);
  const who = holderText(holder);
  return `holder=${who}&expires=${expires}&signature=${sign(`${kind}:${id}:${who}:${expires}`)}`;
}

/** The absolute link on our public origin. `download` asks for an attachment rather than inline display. */
export const signedLink = (origin: string, kind: LinkKind, id: number, holder: LinkHolder, options: { download?: boolean; now?: number } = {}) =>
  `${origin}${documentPath(kind, id)}?${signedQuery(kind, id, holder, options.now)}${options.download ? '&download=1' : ''}`;

/** The holder the link was made for, or null (malformed, forged, for another file, or expired). */
export function verifySignedLink(kind: LinkKind, id: number, params: URLSearchParams, now = Date.now()): LinkHolder | null {
  const who = params.get('holder') ?? '';
  const expiresText = params.get('expires') ?? '';
  const signature = params.get('signature') ?? '';
  const holder = HOLDER.exec(who);
  if (!holder || !/^[0-9]{1,12}$/.test(expiresText) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) return null;
  const expires = Number(expiresText);
  const expected = Buffer.from(sign(`${kind}:${id}:${who}:${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (expires * 1000 <= now) return null;
  return holder[1] ? { userId: Number(holder[1]) } : { guestResponseId: holder[2]! };
}
