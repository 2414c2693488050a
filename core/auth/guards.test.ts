import { describe, expect, it } from 'vitest';
import {
  attorneyGuard,
  authGuard,
  loggedOutOnlyGuard,
  managerGuard,
  newDashboardGuard,
  nextAfterLogin,
  representativeGuard,
  TEST_ATTORNEY_EMAIL,
} from './guards';
import type { User } from './user';

const user = (fields: Partial<User> = {}): User => ({ id: 1, email: 'u@example.com', ...fields });

describe('attorney guard (spec §5)', () => {
  it('allows an ATTORNEY, a PARALEGAL and a superuser', () => {
    expect(attorneyGuard(user({ role: 'ATTORNEY' }))).toEqual({ allow: true });
    expect(attorneyGuard(user({ role: 'PARALEGAL' }))).toEqual({ allow: true });
    expect(attorneyGuard(user({ is_superuser: true }))).toEqual({ allow: true });
  });

  it('sends representatives and company managers to /briefcase', () => {
    expect(attorneyGuard(user({ is_representative: true }))).toEqual({ allow: false, redirect: '/briefcase' });
    expect(attorneyGuard(user({ is_company_manager: true }))).toEqual({ allow: false, redirect: '/briefcase' });
  });

  it('sends everyone else to /', () => {
    expect(attorneyGuard(user())).toEqual({ allow: false, redirect: '/' });
    expect(attorneyGuard(null)).toEqual({ allow: false, redirect: '/' });
  });
});

describe('representative guard', () => {
  it('allows representatives and company managers only', () => {
    expect(representativeGuard(user({ is_representative: true }))).toEqual({ allow: true });
    expect(representativeGuard(user({ is_company_manager: true }))).toEqual({ allow: true });
    expect(representativeGuard(user())).toEqual({ allow: false, redirect: '/' });
  });
});

describe('manager guard', () => {
  it('needs a manager with an email', () => {
    expect(managerGuard(user({ is_manager: true }))).toEqual({ allow: true });
    expect(managerGuard(user({ is_manager: true, email: null }))).toEqual({ allow: false, redirect: '/' });
    expect(managerGuard(user())).toEqual({ allow: false, redirect: '/' });
  });
});

describe('logged-out-only guard', () => {
  it('sends a logged-in user away from login pages to /', () => {
    expect(loggedOutOnlyGuard(user())).toEqual({ allow: false, redirect: '/' });
    expect(loggedOutOnlyGuard(null)).toEqual({ allow: true });
  });
});

describe('new dashboard guard', () => {
  it('allows has_new_dashboard, the test attorney account, or a representative', () => {
    expect(newDashboardGuard(user({ has_new_dashboard: true }))).toEqual({ allow: true });
    expect(newDashboardGuard(user({ email: TEST_ATTORNEY_EMAIL.toUpperCase() }))).toEqual({ allow: true });
    expect(newDashboardGuard(user({ is_representative: true }))).toEqual({ allow: true });
    expect(newDashboardGuard(user())).toEqual({ allow: false, redirect: '/' });
  });
});

describe('general guard', () => {
  it('sends a visitor to /log-in with next and remembers the route', () => {
    expect(authGuard(null, '/account/buying/tours')).toEqual({
      allow: false,
      redirect: '/log-in?next=%2Faccount%2Fbuying%2Ftours',
      remember: '/account/buying/tours',
    });
  });

  it('does not remember /account itself', () => {
    expect(authGuard(null, '/account').remember).toBeNull();
  });

  it('lets a user through', () => {
    expect(authGuard(user(), '/account')).toEqual({ allow: true, remember: null });
  });
});

describe('post-login redirect (spec §2)', () => {
  it('goes to / for an empty next or /log-in', () => {
    expect(nextAfterLogin('', null).path).toBe('/');
    expect(nextAfterLogin('/log-in', null).path).toBe('/');
  });

  it('prefers next over the saved path', () => {
    expect(nextAfterLogin('/account/settings', '/buy').path).toBe('/account/settings');
    expect(nextAfterLogin(null, '/buy').path).toBe('/buy');
  });

  it('splits a query string into params', () => {
    expect(nextAfterLogin('/search?city=Provo&beds=3', null)).toEqual({ path: '/search', query: { city: 'Provo', beds: '3' } });
  });

  it('drops the last segment of listing, mortgage and selling paths', () => {
    expect(nextAfterLogin('/listing/41-elm-st/ABC123/request-tour', null).path).toBe('/listing/41-elm-st/ABC123');
    expect(nextAfterLogin('/mortgage/prequalify', null).path).toBe('/mortgage');
  });

  it("rewrites 'selling' to 'sell'", () => {
    expect(nextAfterLogin('/selling/listing-start', null).path).toBe('/sell');
  });

  it('never leaves the site', () => {
    expect(nextAfterLogin('https://evil.example/x', null).path).toBe('/');
    // A protocol-relative next becomes a local path on this site.
    expect(nextAfterLogin('//evil.example/x', null).path).toBe('/evil.example/x');
  });
});
