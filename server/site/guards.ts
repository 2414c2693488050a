/**
 * The route guards of spec §5, run by the server before any HTML is written: which hosted-site paths
 * each guard of core/auth/guards.ts protects, and what the server answers instead (a redirect, and for
 * the general guard the route to remember for after login). The user is the one of the session cookie.
 */
import {
  attorneyGuard,
  authGuard,
  loggedOutOnlyGuard,
  managerGuard,
  newDashboardGuard,
  representativeGuard,
  type GuardResult,
} from '../../core/auth/guards';
import type { User } from '../../core/auth/user';
import type { UserRecord } from '../accounts/users';

/** The core user record (what /user/me/ answers) of a stored user: what the guards read. */
export const guardUser = (user: UserRecord): User => ({
  id: user.id,
  email: user.email,
  is_superuser: user.isSuperuser,
  role: user.role,
  is_representative: user.isRepresentative,
  is_company_manager: user.isCompanyManager,
  is_manager: user.isManager,
  has_new_dashboard: user.hasNewDashboard,
});

/** The role guards of spec §5 by name; the general and login-page guards run on their own. */
const ROLE_GUARDS = {
  attorney: attorneyGuard,
  representative: representativeGuard,
  manager: managerGuard,
  newDashboard: newDashboardGuard,
} satisfies Record<string, (user: User | null) => GuardResult>;

type RoleGuard = keyof typeof ROLE_GUARDS;

interface GuardedRoute {
  /** A path, or a path and everything under it when it ends in `/*`. */
  path: string;
  /** The general guard: visitors go to /log-in?next=… . */
  signedIn?: boolean;
  /** Login-type pages: a signed-in user goes to /. */
  signedOut?: boolean;
  roles?: RoleGuard[];
}

/**
 * Which paths are guarded, and how. The attorney, manager and new-dashboard guards of spec §5 protect pages
 * that §2 does not name yet (the documents issue brings them); each is one line here when it does.
 */
export const GUARDED_ROUTES: readonly GuardedRoute[] = [
  { path: '/log-in', signedOut: true },
  { path: '/account/*', signedIn: true },
  { path: '/photo-management', signedIn: true },
  { path: '/resources/editor', signedIn: true },
  { path: '/briefcase', signedIn: true, roles: ['representative'] },
];

const matches = (route: GuardedRoute, path: string) => {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (!route.path.endsWith('/*')) return trimmed === route.path;
  const base = route.path.slice(0, -2);
  return trimmed === base || trimmed.startsWith(`${base}/`);
};

export interface GuardOutcome {
  redirect: string;
  /** The route the general guard records for after login (spec §5), or null. */
  remember: string | null;
}

/** Null when `user` may open `wantedUrl` (a path and its query); else where to go instead. */
export function guardRoute(wantedUrl: string, user: User | null): GuardOutcome | null {
  const path = wantedUrl.split('?', 1)[0]!;
  const route = GUARDED_ROUTES.find((r) => matches(r, path));
  if (!route) return null;
  if (route.signedOut) {
    const result = loggedOutOnlyGuard(user);
    return result.allow ? null : { redirect: result.redirect, remember: null };
  }
  if (route.signedIn) {
    // /account itself is not remembered (spec §5); the guard compares the path as the router sees it.
    const result = authGuard(user, path.replace(/\/+$/, '') === '/account' ? '/account' : wantedUrl);
    if (!result.allow) return { redirect: result.redirect, remember: result.remember };
  }
  for (const name of route.roles ?? []) {
    const result = ROLE_GUARDS[name](user);
    if (!result.allow) return { redirect: result.redirect, remember: null };
  }
  return null;
}
