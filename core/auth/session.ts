/**
 * The signed-in user, shared by every element on the page through the one jotai store and kept across
 * reloads as the stored user record of spec §4 (with its token). At start the stored record is checked
 * with the server; a failed check means logged out (spec §8). Embeds authenticate with the bearer token
 * (third-party cookies are blocked); the hosted site, on the API's own origin, also gets the session
 * cookie, whose unsafe requests carry the csrftoken cookie back as X-CSRFToken.
 */
import { atom } from 'jotai/vanilla';
import { runtimeSettings } from '../config/config';
import { hearthStore } from '../state/store';
import { userSchema, type User } from './user';

export type SessionStatus = 'checking' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  token: string | null;
}

export const sessionAtom = atom<SessionState>({ status: 'checking', user: null, token: null });

export const storageKey = (api: string) => `hearth:user:${api}`;

/** True on the hosted site, where the API is same-origin and cookies work. */
export function isSameOrigin(): boolean {
  return runtimeSettings().api === location.origin;
}

/** The csrftoken cookie's value, for X-CSRFToken (spec §7). */
export function csrfToken(doc: Document = document): string | null {
  const match = doc.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** Headers every authenticated request carries. */
export function authHeaders(token: string | null = hearthStore.get(sessionAtom).token): Record<string, string> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Token ${token}`;
  const csrf = isSameOrigin() ? csrfToken() : null;
  if (csrf) headers['X-CSRFToken'] = csrf;
  return headers;
}

function readStored(api: string): User | null {
  try {
    const text = localStorage.getItem(storageKey(api));
    if (!text) return null;
    const parsed = userSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.token ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeStored(api: string, user: User | null): void {
  try {
    if (user) localStorage.setItem(storageKey(api), JSON.stringify(user));
    else localStorage.removeItem(storageKey(api));
  } catch {
    // storage blocked: the session lasts as long as the page
  }
}

/** Records a signed-in user (from login, sign-up, Google, or the start check). */
export function setSignedIn(user: User): void {
  const { api } = runtimeSettings();
  writeStored(api, user);
  hearthStore.set(sessionAtom, { status: 'authenticated', user, token: user.token ?? null });
}

/** Forgets the user locally: storage, the session atom, and on the hosted site the readable cookies. */
export function clearSession(): void {
  const { api } = runtimeSettings();
  writeStored(api, null);
  if (isSameOrigin()) document.cookie = 'csrftoken=; Max-Age=0; path=/';
  hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null });
}

/** GET /user/me/ with a token: the user, null when the server says no, or throws on a network failure. */
export async function fetchMe(token: string | null, fetchImpl: typeof fetch = fetch): Promise<User | null> {
  const { api } = runtimeSettings();
  const response = await fetchImpl(`${api}/user/me/`, {
    headers: { Accept: 'application/json', ...authHeaders(token) },
    credentials: isSameOrigin() ? 'include' : 'omit',
  });
  if (response.status === 401 || response.status === 403) return null;
  if (!response.ok) throw new Error(`/user/me/ answered ${response.status}`);
  const parsed = userSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('/user/me/ answered an unexpected shape');
  return { ...parsed.data, token: parsed.data.token ?? token };
}

let started: Promise<SessionState> | undefined;

/** The page's one start check (idempotent): the stored record, confirmed by the server. */
export function ensureSession(): Promise<SessionState> {
  if (!started) {
    started = (async () => {
      const { api } = runtimeSettings();
      const stored = readStored(api);
      // Nothing to check without a credential: no stored token, and on the hosted site no session cookie either
      // (its readable twin, csrftoken, is set and cleared with it). A visitor is anonymous without asking, so a
      // signed-out page makes no /user/me/ call that could only answer 401 (issue 35).
      if (!stored && !(isSameOrigin() && csrfToken() !== null)) {
        clearSession();
        return hearthStore.get(sessionAtom);
      }
      try {
        const user = await fetchMe(stored?.token ?? null);
        if (user) setSignedIn(user);
        else clearSession();
      } catch {
        clearSession(); // spec §8: a failed check at start means logged out
      }
      return hearthStore.get(sessionAtom);
    })();
    // Another tab signing in or out changes storage: follow it.
    addEventListener('storage', (event) => {
      if (event.key !== storageKey(runtimeSettings().api)) return;
      const user = readStored(runtimeSettings().api);
      if (user) hearthStore.set(sessionAtom, { status: 'authenticated', user, token: user.token ?? null });
      else hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null });
    });
  }
  return started;
}
