/**
 * Every route of the route table answers with the security headers (issue 22): nosniff, Referrer-Policy,
 * HSTS behind TLS, a CSP without unsafe-* and with frame-ancestors on every HTML page, the API's CSP on JSON,
 * and cookies Secure (outside local development), SameSite and HttpOnly (the CSRF cookie aside: the page's
 * script copies it into the X-CSRFToken header).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRouter, type RunningServer } from '../app';
import { freshEmail, STRONG_PASSWORD } from '../accounts/testing';
import { CSRF_COOKIE } from '../accounts/session';
import { defaultLogger } from '../log';
import type { TileService } from '../tiles/service';
import { engineName, startTestServer } from '../testing/test-server';
import { API_CSP } from './respond';
import { FALLBACK_HTML_CSP, hardenCookie, HSTS, secureCookies } from './security-headers';

const HTTPS_ORIGIN = 'https://hearth.example';
let tls: RunningServer;
let plain: RunningServer;

/** Every router path with a concrete URL: prefix mounts get a segment after the prefix. */
function routeTable(): { path: string; url: string; methods: string[] }[] {
  const router = buildRouter({ production: false, logger: defaultLogger, tiles: {} as TileService, allowlist: null });
  return router.routes().map(({ path, methods }) => ({ path, url: path.endsWith('/*') ? `${path.slice(0, -1)}nothing-here` : path, methods }));
}

function checkCommon(response: Response, where: string, hsts: boolean): void {
  expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(response.headers.get('referrer-policy'), where).toMatch(/^(strict-origin-when-cross-origin|no-referrer|same-origin|strict-origin)$/);
  if (hsts) expect(response.headers.get('strict-transport-security'), where).toBe(HSTS);
  else expect(response.headers.get('strict-transport-security'), where).toBeNull();
  const type = response.headers.get('content-type') ?? '';
  const csp = response.headers.get('content-security-policy');
  if (/^text\/html/i.test(type)) {
    expect(csp, where).toBeTruthy();
    expect(csp, where).not.toMatch(/unsafe-/);
    expect(csp, where).toMatch(/frame-ancestors '(none|self)'/);
    expect(csp, where).toMatch(/(default-src|script-src) /);
  }
  if (/json/i.test(type) && response.status >= 400) expect(csp, where).toBe(API_CSP);
}

beforeAll(async () => {
  tls = await startTestServer({ publicOrigin: HTTPS_ORIGIN, trustProxy: true });
  plain = await startTestServer({ trustProxy: true });
}, 180_000);
afterAll(async () => {
  await Promise.all([tls?.close(), plain?.close()]);
});

describe(`security headers on every route (${engineName()})`, () => {
  it('GET, POST and OPTIONS of every route of the table carry them, HSTS when the public origin is https', async () => {
    const table = routeTable();
    expect(table.length).toBeGreaterThan(40);
    let checked = 0;
    for (const { url, methods } of table) {
      for (const method of [...methods, 'OPTIONS']) {
        const init: RequestInit = { method, redirect: 'manual' };
        if (method === 'POST') Object.assign(init, { headers: { 'Content-Type': 'application/json' }, body: '{}' });
        const response = await fetch(`${tls.url}${url}`, init);
        await response.arrayBuffer();
        checkCommon(response, `${method} ${url} → ${response.status}`, true);
        checked += 1;
      }
    }
    // A path no route has (the site's not-found page) and a malformed one (the router's own 400).
    for (const url of ['/no/such/page', '/%E0%A4%A']) {
      const response = await fetch(`${tls.url}${url}`);
      await response.arrayBuffer();
      checkCommon(response, `GET ${url} → ${response.status}`, true);
      checked += 1;
    }
    console.log(`[security-headers] ${checked} answers checked over ${table.length} routes`);
  }, 120_000);

  it('without TLS there is no HSTS, unless a trusted proxy says the request came over https', async () => {
    const direct = await fetch(`${plain.url}/healthz`);
    checkCommon(direct, 'plain /healthz', false);
    const proxied = await fetch(`${plain.url}/healthz`, { headers: { 'X-Forwarded-Proto': 'https' } });
    checkCommon(proxied, 'proxied /healthz', true);
  });

  it('the hosted site pages have a CSP with no unsafe-* and frame-ancestors', async () => {
    for (const path of ['/', '/search', '/blog', '/login', '/no/such/page']) {
      const response = await fetch(`${tls.url}${path}`, { redirect: 'manual' });
      const body = await response.text();
      if (!/^text\/html/.test(response.headers.get('content-type') ?? '')) continue;
      expect(body.length, path).toBeGreaterThan(0);
      checkCommon(response, path, true);
      expect(response.headers.get('content-security-policy'), path).toMatch(/script-src 'self'/);
    }
  });

  it('session cookies are HttpOnly (the CSRF cookie readable by script), SameSite and Secure on https', async () => {
    for (const server of [tls, plain]) {
      const email = freshEmail('headers');
      const signUp = await fetch(`${server.url}/v1/api/sign-up/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.${server === tls ? 1 : 2}.1` },
        body: JSON.stringify({ email, password: STRONG_PASSWORD, firstName: 'Hedda', lastName: 'Headers', session: true }),
      });
      expect(signUp.status).toBe(201);
      const lines = signUp.headers.getSetCookie();
      expect(lines.length).toBe(2);
      for (const line of lines) {
        const attributes = line.split(';').slice(1).map((a) => a.trim().toLowerCase());
        expect(attributes, line).toContain('samesite=lax');
        expect(attributes.includes('secure'), line).toBe(server === tls);
        expect(attributes.includes('httponly'), line).toBe(!line.startsWith(`${CSRF_COOKIE}=`));
      }
    }
  });

  it('a guard redirect remembering the route sets an HttpOnly, SameSite, Secure cookie', async () => {
    const response = await fetch(`${tls.url}/account/buying/favorites`, { redirect: 'manual' });
    await response.arrayBuffer();
    expect(response.status).toBe(302);
    const lines = response.headers.getSetCookie();
    expect(lines.length).toBe(1);
    for (const line of lines) {
      const attributes = line.split(';').slice(1).map((a) => a.trim().toLowerCase());
      expect(attributes, line).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'secure']));
    }
  });

  it('cookies are Secure everywhere but local development', () => {
    expect(secureCookies({ publicOrigin: 'https://hearth.example', production: false })).toBe(true);
    expect(secureCookies({ publicOrigin: 'http://127.0.0.1:8080', production: false })).toBe(false);
    expect(secureCookies({ publicOrigin: 'http://localhost:8080', production: true })).toBe(false);
    expect(secureCookies({ publicOrigin: 'http://hearth.example', production: true })).toBe(true);
    expect(hardenCookie('a=1; Path=/', true)).toBe('a=1; Path=/; SameSite=Lax; Secure');
    expect(hardenCookie('a=1; Path=/; SameSite=Strict; Secure', true)).toBe('a=1; Path=/; SameSite=Strict; Secure');
    expect(hardenCookie('a=1; Path=/', false)).toBe('a=1; Path=/; SameSite=Lax');
    expect(FALLBACK_HTML_CSP).not.toMatch(/unsafe-/);
  });
});
