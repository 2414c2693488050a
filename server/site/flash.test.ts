/** The log-out toast on whatever page the log-out goes on to (flash.ts): set by /log-out, said once by the next page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTexts } from '../../core/i18n/auth';
import { SESSION_COOKIE } from '../accounts/session';
import type { RunningServer } from '../app';
import { startTestServer } from '../testing/test-server';
import { escapeHtml } from './html';
import { SITE_PAGE_CSP } from './pages';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string, cookie?: string) =>
  fetch(`${server.url}${path}`, { headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) }, redirect: 'manual' });
const setCookies = (response: Response) => response.headers.getSetCookie();
const TOASTER = `<hearth-toaster message="${escapeHtml(authTexts.loggedOut)}" tone="success">`;

describe('the log-out toast (spec §8) on the next page, whatever it holds', () => {
  it('/log-out leaves the flash; the next page (/buy, no element that knows the session) says it once and is kept by no cache', async () => {
    const logOut = await get('/log-out?next=/buy');
    expect(logOut.status).toBe(200);
    const flash = setCookies(logOut).find((c) => c.startsWith('hearth-flash='))!;
    expect(flash).toBe('hearth-flash=logged-out; Path=/; Max-Age=60; SameSite=Lax; HttpOnly');
    // The session cookies are still cleared beside it.
    expect(setCookies(logOut).some((c) => c.startsWith(`${SESSION_COOKIE}=;`))).toBe(true);
    expect(await logOut.text()).not.toContain('<hearth-toaster');

    const buy = await get('/buy', 'hearth-flash=logged-out');
    expect(buy.status).toBe(200);
    const html = await buy.text();
    expect(html).toContain(`${TOASTER}</hearth-toaster><noscript><p class="flash" role="status">${escapeHtml(authTexts.loggedOut)}</p></noscript>`);
    expect(buy.headers.get('cache-control')).toBe('private, no-store');
    expect(setCookies(buy)).toContain('hearth-flash=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly');
    expect(buy.headers.get('content-security-policy')).toBe(SITE_PAGE_CSP);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)(?! type="application\/ld\+json")/);
  });

  it('without the flash, or with one that is not ours, no toast and the usual caching', async () => {
    for (const cookie of [undefined, 'hearth-flash=owned', 'hearth-flash=%3Cscript%3E']) {
      const response = await get('/buy', cookie);
      expect(await response.text()).not.toContain('<hearth-toaster');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('a guarded page sends the visitor on without using it up; the page they land on says it', async () => {
    const guarded = await get('/account/settings', 'hearth-flash=logged-out');
    expect(guarded.status).toBe(302);
    expect(setCookies(guarded).some((c) => c.startsWith('hearth-flash='))).toBe(false);
    const logIn = await get(guarded.headers.get('location')!, 'hearth-flash=logged-out');
    expect(await logIn.text()).toContain(TOASTER);
  });
});
