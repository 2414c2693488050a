import { describe, expect, it } from 'vitest';
import {
  attorneyGuard,
  authGuard,
  loggedOutOnlyGuard,
  managerGuard,
  newDashboardGuard,
  nextAfterLogin,
  representativeGuard,
  safeNext,
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

describe('safeNext: a `next` parameter stays on this site (issue 33)', () => {
  /** Where a browser on https://homes.example would go for `path`. */
  const lands = (path: string) => new URL(path, 'https://homes.example/somewhere/page');

  it('keeps a path of this site with its query, normalised', () => {
    expect(safeNext('/account?x=1')).toBe('/account?x=1');
    expect(safeNext('/search?beds=3&city=Provo')).toBe('/search?beds=3&city=Provo');
    expect(safeNext('/a/../b')).toBe('/b');
    expect(safeNext('/%2F%2Fevil')).toBe('/%2F%2Fevil');
    expect(safeNext('/%5Cevil')).toBe('/%5Cevil');
    expect(safeNext('/account#tab')).toBe('/account');
  });

  it('gives nothing for what a browser would take to another host, however it is written', () => {
    const escapes = [
      'https://evil.example/',
      '//evil.example',
      '///evil.example',
      '/..//evil.example',
      '/../..//evil.example/x',
      '/.//evil.example',
      '/a/../..//evil.example',
      '/%2e%2e//evil.example',
      '/%2E%2E//evil.example',
      '/.%2e//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      'https:evil.example',
      'http:/evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '\t//evil.example',
      ' //evil.example',
      '/\u0000/evil.example',
      'evil.example',
      '',
    ];
    for (const next of escapes) {
      const safe = safeNext(next);
      if (safe !== null) expect(lands(safe).host, JSON.stringify(next)).toBe('homes.example');
      if (safe !== null) expect(safe, JSON.stringify(next)).toMatch(/^\/(?![/\\])/);
    }
    // The ones the issue found: nothing at all.
    for (const next of ['/..//evil.example', '/\\evil', 'https:evil', '/\t/evil.example', '/%2e%2e//evil.example']) expect(safeNext(next), next).toBeNull();
  });

  it('is a fixed point: what it returns, it returns again', () => {
    for (const next of ['/account?x=1', '/a/../b', '/%2F%2Fevil', '/x/./y?z=%2F%2F']) {
      const once = safeNext(next)!;
      expect(safeNext(once)).toBe(once);
    }
  });
});
