/** POST /v1/api/registration/ (server/contact/registration.ts): the registered visitor becomes the partner's lead. */
import { currentVisitorId } from '../analytics/visitor';
import { authHeaders, isSameOrigin } from '../auth/session';
import { runtimeSettings } from '../config/context';

/** The lead's id, or null when it could not be made (the visitor is registered either way). */
export async function registerLead(listingId: number | null): Promise<string | null> {
  const { api, partner } = runtimeSettings();
  const visitorId = currentVisitorId();
  try {
    const response = await fetch(`${api}/v1/api/registration/${partner ? `?partner=${encodeURIComponent(partner)}` : ''}`, {
      method: 'POST',
      credentials: isSameOrigin() ? 'include' : 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeaders() },
      body: JSON.stringify({ ...(listingId !== null ? { listingId } : {}), ...(visitorId ? { visitorId } : {}) }),
    });
    const json = (await response.json().catch(() => null)) as { id?: unknown } | null;
    return response.ok && typeof json?.id === 'string' ? json.id : null;
  } catch {
    return null;
  }
}
