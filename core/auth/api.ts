/** The account REST calls of spec §7, each answering a typed outcome instead of throwing. */
import { runtimeSettings } from '../config/config';
import { authTexts } from '../i18n/auth';
import { showToast } from '../ui/toasts';
import { authHeaders, clearSession, fetchMe, isSameOrigin, setSignedIn } from './session';
import { userSchema, type User } from './user';

export type AuthOutcome =
  | { kind: 'ok'; user: User }
  | { kind: 'invalid'; message?: string; fields?: Record<string, string> }
  | { kind: 'rate-limited' }
  | { kind: 'failed'; reason: 'network' | 'server' };

async function post(path: string, body: unknown): Promise<Response | null> {
  const { api, partner } = runtimeSettings();
  try {
    // The partner names whose brand the account mails carry (verification, password reset; issue 35).
    return await fetch(`${api}${path}${partner ? `?partner=${encodeURIComponent(partner)}` : ''}`, {
      method: 'POST',
      credentials: isSameOrigin() ? 'include' : 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authHeaders() },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
}

async function tokenOutcome(response: Response | null, created: number): Promise<AuthOutcome> {
  if (!response) return { kind: 'failed', reason: 'network' };
  const json = (await response.json().catch(() => null)) as { token?: unknown; user?: unknown; fields?: Record<string, string>; message?: string } | null;
  if (response.status === created && typeof json?.token === 'string') {
    const parsed = userSchema.safeParse({ ...(json.user as object), token: json.token });
    if (!parsed.success) return { kind: 'failed', reason: 'server' };
    setSignedIn(parsed.data);
    return { kind: 'ok', user: parsed.data };
  }
  if (response.status === 400) return { kind: 'invalid', message: json?.message, fields: json?.fields };
  if (response.status === 429) return { kind: 'rate-limited' };
  return { kind: 'failed', reason: 'server' };
}

/** POST /v1/api/api-token-auth/ (spec §7). */
export async function signIn(email: string, password: string): Promise<AuthOutcome> {
  return tokenOutcome(await post('/v1/api/api-token-auth/', { username: email, password, session: isSameOrigin() }), 200);
}

/** POST /v1/api/sign-up/. */
export async function signUp(fields: { email: string; password: string; firstName: string; lastName: string }): Promise<AuthOutcome> {
  return tokenOutcome(await post('/v1/api/sign-up/', { ...fields, session: isSameOrigin() }), 201);
}

/** POST /v1/api/reset-password/: the same answer whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<'sent' | 'rate-limited' | 'failed'> {
  const response = await post('/v1/api/reset-password/', { email });
  if (!response) return 'failed';
  if (response.status === 429) return 'rate-limited';
  return response.ok ? 'sent' : 'failed';
}

/** POST /v1/api/reset/<token> (spec §7): the new password, twice. */
export async function resetPassword(
  token: string,
  password: string,
  reEnterPassword: string,
): Promise<{ kind: 'ok' } | { kind: 'invalid'; message?: string; fields?: Record<string, string> } | { kind: 'rate-limited' } | { kind: 'failed'; reason: 'network' | 'server' }> {
  const response = await post(`/v1/api/reset/${encodeURIComponent(token)}`, { password, re_enter_password: reEnterPassword });
  if (!response) return { kind: 'failed', reason: 'network' };
  if (response.ok) return { kind: 'ok' };
  const json = (await response.json().catch(() => null)) as { message?: string; fields?: Record<string, string> } | null;
  if (response.status === 400) return { kind: 'invalid', message: json?.message, fields: json?.fields };
  if (response.status === 429) return { kind: 'rate-limited' };
  return { kind: 'failed', reason: 'server' };
}

export interface PasswordRule {
  help_text: string;
  is_valid: boolean;
  validation_error: string | null;
}

/** The server's password rules for a candidate (spec §5: the rules come from the server). */
export async function passwordRules(password: string, email: string): Promise<PasswordRule[] | null> {
  const response = await post('/v1/api/password-validation-requirements/', { password, email });
  if (!response?.ok) return null;
  const json = (await response.json().catch(() => null)) as unknown;
  return Array.isArray(json) ? (json as PasswordRule[]) : null;
}

/**
 * POST /logout/ (revokes the token server-side, and on the hosted site its cookie session), then forgets
 * everything locally and says so (spec §4, §8). On the hosted site (same origin as the API) it goes on through
 * its log-out page, which, nothing being left to end, goes to '/' and leaves it the toast (server/site/flash.ts).
 */
export async function signOut({ quiet = false } = {}): Promise<void> {
  await post('/logout/', {});
  clearSession();
  if (quiet) return;
  if (isSameOrigin()) {
    location.assign('/log-out');
    return;
  }
  showToast({ message: authTexts.loggedOut, tone: 'success' });
}

/** Finishes a Google sign-in whose popup handed back a token. */
export async function completeTokenSignIn(token: string): Promise<AuthOutcome> {
  try {
    const user = await fetchMe(token);
    if (!user) return { kind: 'invalid' };
    setSignedIn(user);
    return { kind: 'ok', user };
  } catch {
    return { kind: 'failed', reason: 'network' };
  }
}

/** Whether Google sign-in is configured on the server, and where it starts. */
export async function googleSignIn(): Promise<{ enabled: boolean; loginUrl: string | null }> {
  const { api } = runtimeSettings();
  try {
    const response = await fetch(`${api}/auth/check-social/`, { credentials: 'omit' });
    const json = (await response.json()) as { google?: { enabled?: boolean; loginUrl?: string | null } };
    return { enabled: Boolean(json.google?.enabled), loginUrl: json.google?.loginUrl ?? null };
  } catch {
    return { enabled: false, loginUrl: null };
  }
}
