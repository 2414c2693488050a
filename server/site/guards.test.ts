import { describe, expect, it } from 'vitest';
import { TEST_ATTORNEY_EMAIL } from '../../core/auth/guards';
import type { User } from '../../core/auth/user';
import { GUARDED_ROUTES, guardRoute } from './guards';

const user = (fields: Partial<User> = {}): User => ({ id: 1, email: 'u@example.com', ...fields });

describe('the general guard on the server (spec §5)', () => {
  it('sends a visitor of an account path to /log-in with next, and remembers the route', () => {
    expect(guardRoute('/account/buying/favorites', null)).toEqual({
      redirect: '/log-in?next=%2Faccount%2Fbuying%2Ffavorites',
      remember: '/account/buying/favorites',
    });
  });

  it('keeps the query in next and in the remembered route', () => {
    expect(guardRoute('/account/buying/tours?tab=past', null)).toEqual({
      redirect: '/log-in?next=%2Faccount%2Fbuying%2Ftours%3Ftab%3Dpast',
      remember: '/account/buying/tours?tab=past',
    });
  });

  it('does not remember /account itself, with or without a trailing slash', () => {
    expect(guardRoute('/account', null)).toEqual({ redirect: '/log-in?next=%2Faccount', remember: null });
    expect(guardRoute('/account/', null)).toEqual({ redirect: '/log-in?next=%2Faccount', remember: null });
  });

  it('guards photo-management and briefcase too, and lets a signed-in user through', () => {
    expect(guardRoute('/photo-management', null)?.redirect).toBe('/log-in?next=%2Fphoto-management');
    expect(guardRoute('/briefcase', null)?.redirect).toBe('/log-in?next=%2Fbriefcase');
    expect(guardRoute('/account/settings', user())).toBeNull();
    expect(guardRoute('/photo-management', user())).toBeNull();
  });

  it('leaves public pages alone, and does not take /accounting for /account', () => {
    for (const path of ['/', '/buy', '/search', '/listing/a/b', '/mortgage/prequalify', '/accounting', '/log-out', '/redirect'])
      expect(guardRoute(path, null), path).toBeNull();
  });
});

describe('login-type pages (spec §5)', () => {
  it('send a signed-in user to /; a visitor stays', () => {
    expect(guardRoute('/log-in?next=%2Fbuy', user())).toEqual({ redirect: '/', remember: null });
    expect(guardRoute('/log-in', null)).toBeNull();
  });
});

describe('the representatives and company managers guard on /briefcase (spec §5)', () => {
  it('lets representatives and company managers in', () => {
    expect(guardRoute('/briefcase', user({ is_representative: true }))).toBeNull();
    expect(guardRoute('/briefcase', user({ is_company_manager: true }))).toBeNull();
  });

  it('sends anyone else to /, attorneys and the test attorney account included', () => {
    expect(guardRoute('/briefcase', user())).toEqual({ redirect: '/', remember: null });
    expect(guardRoute('/briefcase', user({ role: 'ATTORNEY' }))).toEqual({ redirect: '/', remember: null });
    expect(guardRoute('/briefcase', user({ email: TEST_ATTORNEY_EMAIL }))).toEqual({ redirect: '/', remember: null });
  });
});

describe('the guarded routes', () => {
  it('are the ones of spec §2 that need a user, and log-in', () => {
    expect(GUARDED_ROUTES.map((r) => r.path)).toEqual(['/log-in', '/account/*', '/photo-management', '/resources/editor', '/briefcase']);
  });
});
