import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { startFakeGoogle, type FakeGoogle } from '../testing/fake-google';
import { engineName, startTestServer } from '../testing/test-server';

let google: FakeGoogle;
let server: RunningServer;
beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await google?.close();
});

/** Starts the flow as the popup would and plays Google: returns what the callback needs. */
async function startFlow(query: string) {
  const start = await fetch(`${server.url}/login/google-oauth2/?${query}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const location = new URL(start.headers.get('location')!);
  const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith('hearth_oauth='))!;
  return { location, cookie: flowCookie.split(';')[0]! };
}

const googleApproves = (location: URL, claims: Record<string, unknown>) => google.approve(location, claims);

const callback = (params: Record<string, string>, cookie: string) =>
  fetch(`${server.url}/login/google-oauth2/callback?${new URLSearchParams(params)}`, { headers: { Cookie: cookie } });

describe(`Google sign-in (${engineName()})`, () => {
  it('is announced by /auth/check-social/ when a client id is configured', async () => {
    const response = await fetch(`${server.url}/auth/check-social/`);
    expect(await response.json()).toEqual({
      google: { enabled: true, loginUrl: `${server.url}/login/google-oauth2/` },
    });
  });

  it('redirects to Google with PKCE S256 and a signed state, then hands the token to the opener origin only', async () => {
    const opener = 'https://summit.example';
    const { location, cookie } = await startFlow(`origin=${encodeURIComponent(opener)}&partner=summit`);
    expect(`${location.origin}${location.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'test-client.apps.googleusercontent.com',
      redirect_uri: `${server.url}/login/google-oauth2/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);

    const code = googleApproves(location, { sub: 'google-1', email: 'grace@gmail.example', given_name: 'Grace', family_name: 'Hopper' });
    const page = await callback({ code, state: location.searchParams.get('state')! }, cookie);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)![1]!;
    expect(csp).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain('window.opener.postMessage(d.message, d.origin)');
    expect(html).not.toContain("'*'");
    const data = JSON.parse(/<script type="application\/json" id="hearth-login">(.*?)<\/script>/s.exec(html)![1]!) as {
      origin: string;
      message: { type: string; token: string };
    };
    expect(data.origin).toBe(opener);
    expect(data.message.type).toBe('hearth-login');
    expect(google.exchanges.at(-1)!.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await fetch(`${server.url}/user/me/`, { headers: { Authorization: `Token ${data.message.token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'grace@gmail.example', firstName: 'Grace', lastName: 'Hopper' });

    // The same callback again (a replayed code and state): no token.
    const replay = await callback({ code, state: location.searchParams.get('state')! }, cookie);
    expect(replay.status).toBe(400);
    expect(await replay.text()).not.toContain('"token"');
  });

  it('signs the same Google account into the same user, and links an existing email account', async () => {
    const signUp = await fetch(`${server.url}/v1/api/sign-up/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'linus@gmail.example', password: 'Correct-Horse-Battery-9' }),
    });
    const existing = ((await signUp.json()) as { user: { id: number } }).user;
    for (let i = 0; i < 2; i++) {
      const { location, cookie } = await startFlow(`origin=${encodeURIComponent(server.url)}`);
      const code = googleApproves(location, { sub: 'google-linus', email: 'linus@gmail.example' });
      const html = await (await callback({ code, state: location.searchParams.get('state')! }, cookie)).text();
      const token = /"token":"([^"]+)"/.exec(html)![1]!;
      const me = (await (await fetch(`${server.url}/user/me/`, { headers: { Authorization: `Token ${token}` } })).json()) as { id: number };
      expect(me.id).toBe(existing.id);
    }
  });

  it('links the account whose email is the NFKC form of the Google email (fullwidth letters), and refuses invisible characters', async () => {
    const signUp = await fetch(`${server.url}/v1/api/sign-up/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'hedy@gmail.example', password: 'Correct-Horse-Battery-9' }),
    });
    const existing = ((await signUp.json()) as { user: { id: number } }).user;
    const fullwidth = 'hedy@gmail.example'.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

    const wide = await startFlow(`origin=${encodeURIComponent(server.url)}`);
    const code = googleApproves(wide.location, { sub: 'google-hedy', email: fullwidth });
    const html = await (await callback({ code, state: wide.location.searchParams.get('state')! }, wide.cookie)).text();
    const token = /"token":"([^"]+)"/.exec(html)![1]!;
    const me = (await (await fetch(`${server.url}/user/me/`, { headers: { Authorization: `Token ${token}` } })).json()) as { id: number };
    expect(me.id).toBe(existing.id);

    const hidden = await startFlow(`origin=${encodeURIComponent(server.url)}`);
    const hiddenCode = googleApproves(hidden.location, { sub: 'google-hidden', email: 'hedy@gmail.example\u200b' });
    const refused = await callback({ code: hiddenCode, state: hidden.location.searchParams.get('state')! }, hidden.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('"error":"failed"');
  });

  it('refuses an opener origin the partner does not allow', async () => {
    const response = await fetch(`${server.url}/login/google-oauth2/?origin=${encodeURIComponent('https://evil.example')}&partner=summit`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
  });

  it('gives no token for a tampered state, a missing flow cookie, or a wrong PKCE verifier', async () => {
    const { location, cookie } = await startFlow(`origin=${encodeURIComponent(server.url)}`);
    const state = location.searchParams.get('state')!;
    const code = googleApproves(location, { sub: 'google-2', email: 'ada@gmail.example' });

    const [body, mac] = state.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ n: 'x', o: 'https://evil.example' })).toString('base64url');
    for (const [params, sentCookie] of [
      [{ code, state: `${forged}.${mac}` }, cookie],
      [{ code, state: `${body}.${mac.slice(1)}A` }, cookie],
      [{ code, state }, 'hearth_oauth=someone-elses-nonce'],
    ] as const) {
      const page = await callback(params, sentCookie);
      expect(page.status).toBe(400);
      expect(await page.text()).not.toContain('"token"');
    }

    // Google says the verifier does not match the challenge.
    google.issued.get(code)!.challenge = 'not-the-challenge';
    const failed = await callback({ code, state }, cookie);
    expect(failed.status).toBe(400);
    expect(await failed.text()).toContain('"error":"failed"');
  });
});
