/** POST /v1/api/contact-form/ (spec §7): the lead goes to the partner's API, errors come back typed. */
import { currentVisitorId } from '../analytics/visitor';
import { runtimeSettings } from '../config/config';
import type { ContactFieldErrors, ContactFormValues } from '../validation/contact';

export type ContactSubmitResult =
  | { kind: 'created'; id: string }
  | { kind: 'invalid'; errors: ContactFieldErrors }
  | { kind: 'rate-limited'; retryAfterSeconds: number | null }
  | { kind: 'failed'; reason: 'server' | 'network' };

export interface ContactSubmitOptions {
  listingId?: number | null;
  /** The honeypot field's value: people never see it, bots fill it. */
  honeypot?: string;
  fetchImpl?: typeof fetch;
}

export async function submitContactForm(
  values: ContactFormValues,
  { listingId = null, honeypot = '', fetchImpl = fetch }: ContactSubmitOptions = {},
): Promise<ContactSubmitResult> {
  const { api, partner } = runtimeSettings();
  // With visitor activity recorded, the lead names the page's visitor (the agent sees what they looked at).
  const visitorId = currentVisitorId();
  const body = { ...values, ...(listingId !== null ? { listingId } : {}), ...(honeypot ? { website: honeypot } : {}), ...(visitorId ? { visitorId } : {}) };
  let response: Response;
  try {
    response = await fetchImpl(`${api}/v1/api/contact-form/?partner=${encodeURIComponent(partner)}`, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'failed', reason: 'network' };
  }
  const json = (await response.json().catch(() => null)) as { id?: unknown; fields?: unknown } | null;
  if (response.status === 201 && typeof json?.id === 'string') return { kind: 'created', id: json.id };
  if (response.status === 400 && json?.fields && typeof json.fields === 'object') {
    return { kind: 'invalid', errors: json.fields as ContactFieldErrors };
  }
  if (response.status === 429) {
    const retry = Number(response.headers.get('Retry-After'));
    return { kind: 'rate-limited', retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null };
  }
  return { kind: 'failed', reason: 'server' };
}
