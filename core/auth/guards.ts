/**
 * Route guards of spec §5, as pure functions for the hosted site's router: each returns whether the route
 * may open, or where to go instead. The general guard also says which route to remember for after login.
 */
import type { User } from './user';

export type GuardResult = { allow: true } | { allow: false; redirect: string };

const allow: GuardResult = { allow: true };
const redirect = (to: string): GuardResult => ({ allow: false, redirect: to });

/** The named test attorney account that may always see the new dashboard (spec §5). */
export const TEST_ATTORNEY_EMAIL = 'test.attorney@hearth.example';

/** Only ATTORNEY, PARALEGAL or a superuser; representatives and company managers go to /briefcase, others to /. */
export function attorneyGuard(user: User | null): GuardResult {
  if (user && (user.role === 'ATTORNEY' || user.role === 'PARALEGAL' || user.is_superuser)) return allow;
  if (user && (user.is_representative || user.is_company_manager)) return redirect('/briefcase');
  return redirect('/');
}

/** Only representatives or company managers, else /. */
export function representativeGuard(user: User | null): GuardResult {
  return user && (user.is_representative || user.is_company_manager) ? allow : redirect('/');
}

/** Only a manager user with an email, else /. */
export function managerGuard(user: User | null): GuardResult {
  return user?.is_manager && user.email ? allow : redirect('/');
}

/** Login-type pages are for visitors: a logged-in user goes to /. */
export function loggedOutOnlyGuard(user: User | null): GuardResult {
  return user ? redirect('/') : allow;
}

/** has_new_dashboard, the named test attorney account, or a representative; else /. */
export function newDashboardGuard(user: User | null): GuardResult {
  if (user && (user.has_new_dashboard || user.is_representative || user.email?.toLowerCase() === TEST_ATTORNEY_EMAIL)) return allow;
  return redirect('/');
}

/**
 * The general guard: a visitor goes to /log-in with `next` set to the wanted URL; the visited route is
 * remembered for the return after login, except /account itself.
 */
export function authGuard(user: User | null, wantedUrl: string): GuardResult & { remember: string | null } {
  const remember = wantedUrl === '/account' ? null : wantedUrl;
  if (user) return { ...allow, remember: null };
  return { allow: false, redirect: `/log-in?next=${encodeURIComponent(wantedUrl)}`, remember };
}

const SITE = 'http://site.invalid';

/**
 * A path of this site from a `next` value (log-in, the post-login redirect, log-out, the route remembered for
 * after login): `/account?x=1` as it is; anything a browser would take elsewhere → null. The check is of the
 * path as a browser reads it: it drops tabs and newlines, reads `\` as `/`, and resolves dot segments (also
 * written `%2e`), so `/..//evil.example` becomes `//evil.example`, another host; the normalised path is what
 * must stay on this site, and what is returned.
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next, SITE);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}`;
  if (url.origin !== SITE || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  // Read again, the normalised path must be itself (a second reading must not go elsewhere either).
  const again = new URL(path, SITE);
  return again.origin === SITE && `${again.pathname}${again.search}` === path ? path : null;
}

/**
 * Where the post-login redirect screen goes (spec §2): the route's next parameter or the saved path;
 * empty or /log-in → /; a listing, mortgage or selling path loses its last segment, and 'selling' is
 * rewritten to 'sell'. A query string is split off into params.
 */
export function nextAfterLogin(next: string | null | undefined, saved: string | null | undefined): { path: string; query: Record<string, string> } {
  const target = next || saved || '';
  const [rawPath = '', rawQuery = ''] = target.split('?', 2);
  const query = Object.fromEntries(new URLSearchParams(rawQuery));
  if (!rawPath || rawPath === '/log-in' || !rawPath.startsWith('/')) return { path: '/', query };
  const segments = rawPath.split('/').filter(Boolean);
  if (['listing', 'mortgage', 'selling'].includes(segments[0] ?? '') && segments.length > 1) segments.pop();
  const path = `/${segments.map((s) => (s === 'selling' ? 'sell' : s)).join('/')}`;
  return { path, query };
}
