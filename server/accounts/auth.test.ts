import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { paths } from '../paths';
import { engineName, startTestServer } from '../testing/test-server';
import { EMAIL_INVISIBLE_CHARACTERS } from './email-address';
import { failedLoginsSubject } from './mails';
import { checkPassword, hashPassword, setPassword, TEST_PASSWORD_COST_VARIABLE, verifyPassword } from './passwords';
import {
  cookiesOf,
  freshEmail,
  freshIp,
  linkIn,
  outbox,
  postJson,
  signUp,
  STRONG_PASSWORD,
} from './testing';
import { issueOneTimeToken, RESET_LINK_LIFETIME_MS } from './tokens';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
});
afterAll(async () => {
  await server?.close();
});

/** Runs `work` with HEARTH_TEST_PASSWORD_COST and NODE_ENV as given (undefined: unset), then puts them back. */
async function withPasswordCost<T>(cost: string | undefined, nodeEnv: string | undefined, work: () => Promise<T>): Promise<T> {
  const saved = { cost: process.env[TEST_PASSWORD_COST_VARIABLE], nodeEnv: process.env.NODE_ENV };
  const put = (name: string, value: string | undefined) => (value === undefined ? delete process.env[name] : (process.env[name] = value));
  put(TEST_PASSWORD_COST_VARIABLE, cost);
  put('NODE_ENV', nodeEnv);
  try {
    return await work();
  } finally {
    put(TEST_PASSWORD_COST_VARIABLE, saved.cost);
    put('NODE_ENV', saved.nodeEnv);
  }
}

const getMe = (headers: Record<string, string>) => fetch(`${server.url}/user/me/`, { headers });

const USER_KEYS = [
  'id',
  'firstName',
  'lastName',
  'image',
  'email',
  'phone',
  'agent',
  'legalName',
  'notificationSettings',
  'is_superuser',
  'token',
  'role',
  'is_representative',
  'is_company_manager',
  'is_manager',
  'has_new_dashboard',
].sort();

describe(`passwords (${engineName()})`, () => {
  it('hashes with scrypt, salted, and verifies only the right password', async () => {
    const hash = await withPasswordCost(undefined, undefined, () => hashPassword('s3cret-Passphrase'));
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await hashPassword('s3cret-Passphrase')).not.toBe(hash);
    expect(await verifyPassword('s3cret-Passphrase', hash)).toBe(true);
    expect(await verifyPassword('s3cret-passphrase', hash)).toBe(false);
  });

  it("takes the tests' low cost only when asked and never in production; either hash verifies either way", async () => {
    expect(process.env[TEST_PASSWORD_COST_VARIABLE]).toBe('low'); // vitest.setup.ts
    const low = await hashPassword('s3cret-Passphrase');
    expect(low).toMatch(/^scrypt\$1024\$8\$1\$/);
    const production = await withPasswordCost('low', 'production', () => hashPassword('s3cret-Passphrase'));
    expect(production).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await withPasswordCost(undefined, undefined, () => verifyPassword('s3cret-Passphrase', low))).toBe(true);
    expect(await verifyPassword('s3cret-Passphrase', production)).toBe(true);
  });

  it('reports each rule with help_text, is_valid and validation_error', () => {
    const rules = checkPassword('Correct-Horse-Battery-9', 'ada@example.com');
    expect(rules).toHaveLength(5);
    expect(rules.every((r) => r.is_valid && r.validation_error === null && r.help_text.length > 0)).toBe(true);
  });
});

describe(`sign-up (${engineName()})`, () => {
  it('creates the account, answers 201 with a token and the user record, and mails a verification link', async () => {
    const email = freshEmail('new');
    const response = await postJson(server, '/v1/api/sign-up/', {
      email,
      password: STRONG_PASSWORD,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { token: string; user: Record<string, unknown> };
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(body.user).sort()).toEqual(USER_KEYS);
    expect(body.user).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      token: body.token,
      is_superuser: false,
      role: null,
      agent: false,
      notificationSettings: {},
    });

    const mails = await outbox(server, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm your email address');
    const { rows } = await server.db.query<{ token_hash: string }>(
      'SELECT t.token_hash FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(body.token);
  });

  it('refuses an email that is taken, whatever its case', async () => {
    const { email } = await signUp(server);
    const response = await postJson(server, '/v1/api/sign-up/', { email: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'validation',
      fields: { email: 'An account with this email already exists.' },
    });
  });

  it.each([
    ['short7!', 'This password is too short. It must contain at least 8 characters.'],
    ['1234567890123', 'This password is entirely numeric.'],
    ['password1', 'This password is too common.'],
    ['my-adalovelace-pw', 'The password is too similar to the email address.'],
    ['x'.repeat(129), 'This password is too long. It must contain at most 128 characters.'],
  ])('refuses the weak password %j with the first failing rule', async (password, message) => {
    const response = await postJson(server, '/v1/api/sign-up/', { email: `adalovelace@h${freshIp().replaceAll('.', '-')}.example.com`, password });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'validation', fields: { password: message } });
  });

  it('says which fields are missing or malformed', async () => {
    const response = await postJson(server, '/v1/api/sign-up/', { email: 'not-an-email', password: '' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fields: { email: 'Email is invalid.', password: 'This field is required.' },
    });
  });
});

/** The same address in fullwidth letters, digits and signs (U+FF01…U+FF5E): NFKC gives the ASCII back. */
const fullwidth = (text: string) => text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

describe(`invisible characters and look-alike emails (${engineName()})`, () => {
  const INVISIBLE: [string, string][] = [
    ['zero-width space', '\u200b'],
    ['zero-width non-joiner', '\u200c'],
    ['zero-width joiner', '\u200d'],
    ['word joiner', '\u2060'],
    ['zero-width no-break space (BOM)', '\ufeff'],
    ['Mongolian vowel separator', '\u180e'],
    ['soft hyphen', '\u00ad'],
    ['left-to-right mark', '\u200e'],
    ['right-to-left override', '\u202e'],
    ['first strong isolate', '\u2068'],
    ['Arabic letter mark', '\u061c'],
    ['combining grapheme joiner', '\u034f'],
    ['variation selector 16', '\ufe0f'],
    ['Hangul filler', '\u3164'],
    ['tag space', '\u{e0020}'],
    ['delete', '\u007f'],
    ['next line (C1)', '\u0085'],
  ];

  it.each(INVISIBLE)('refuses a sign-up whose email holds a %s, naming the field', async (_name, character) => {
    for (const email of [`seller@hearth.example${character}`, `sel${character}ler@hearth.example`, `${character}seller@hearth.example`]) {
      const response = await postJson(server, '/v1/api/sign-up/', { email, password: STRONG_PASSWORD, firstName: 'Mal', lastName: 'Lory' });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'validation', fields: { email: EMAIL_INVISIBLE_CHARACTERS } });
    }
    const { rows } = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email LIKE '%seller@hearth.example%'`);
    expect(rows[0]!.n).toBe(1);
  });

  it.each([
    ['null', '\u0000'],
    ['escape', '\u001b'],
  ])('refuses a sign-up whose email holds a %s, naming the field', async (_name, character) => {
    const response = await postJson(server, '/v1/api/sign-up/', { email: `seller@hearth.example${character}`, password: STRONG_PASSWORD });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields.email).toEqual(expect.any(String));
  });

  it('refuses a reset request for an email with an invisible character, naming the field', async () => {
    const response = await postJson(server, '/v1/api/reset-password/', { email: 'seller@hearth.example\u200b' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { email: EMAIL_INVISIBLE_CHARACTERS } });
  });

  it('treats NFKC-equivalent emails (fullwidth letters) as the same account: sign-up, login, reset', async () => {
    const { email, user } = await signUp(server);
    const lookAlike = fullwidth(email.toUpperCase());
    expect(lookAlike).not.toBe(email);

    const again = await postJson(server, '/v1/api/sign-up/', { email: lookAlike, password: STRONG_PASSWORD });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ fields: { email: 'An account with this email already exists.' } });

    const login = await postJson(server, '/v1/api/api-token-auth/', { username: lookAlike, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { user: { id: number } }).user.id).toBe(user.id);

    expect((await postJson(server, '/v1/api/reset-password/', { email: lookAlike })).status).toBe(200);
    expect((await outbox(server, email)).map((m) => m.subject)).toContain('Reset your password');
  });

  it('folds the emails stored before this rule (migration 120), leaving one whose folded form another account holds', async () => {
    const alone = freshEmail('legacy');
    const taken = freshEmail('legacy');
    const insert = async (email: string) =>
      Number((await server.db.query<{ id: number }>('INSERT INTO users (email) VALUES ($1) RETURNING id', [email])).rows[0]!.id);
    const aloneId = await insert(fullwidth(alone));
    await insert(taken);
    const lookAlikeId = await insert(fullwidth(taken));

    await server.db.exec(await readFile(join(paths.migrations, '120_email_nfkc.sql'), 'utf8'));
    const emailOf = async (id: number) =>
      (await server.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [id])).rows[0]!.email;
    expect(await emailOf(aloneId)).toBe(alone);
    expect(await emailOf(lookAlikeId)).toBe(fullwidth(taken));
  });

  it('stores a new account under the NFKC form of its email', async () => {
    const email = freshEmail('wide');
    const response = await postJson(server, '/v1/api/sign-up/', { email: `  ${fullwidth(email)} `, password: STRONG_PASSWORD });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { user: { email: string } }).user.email).toBe(email);
  });
});

describe(`token login, /user/me/ and logout (${engineName()})`, () => {
  it('logs in with the email as username, case-insensitively', async () => {
    const { email } = await signUp(server);
    const response = await postJson(server, '/v1/api/api-token-auth/', { username: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; user: { email: string; token: string } };
    expect(body.user.email).toBe(email);
    expect(body.user.token).toBe(body.token);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('answers a wrong password and an unknown email with the same 400 and the spec text', async () => {
    const { email } = await signUp(server);
    for (const attempt of [
      { username: email, password: 'Wrong-Password-42' },
      { username: freshEmail('nobody'), password: STRONG_PASSWORD },
    ]) {
      const response = await postJson(server, '/v1/api/api-token-auth/', attempt);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: 'invalid_credentials',
        message: 'Unable to login with that email/password',
      });
    }
  });

  it('returns the user for Token and Bearer headers, and 401 with the spec detail otherwise', async () => {
    const { token, user } = await signUp(server);
    for (const scheme of ['Token', 'Bearer']) {
      const response = await getMe({ Authorization: `${scheme} ${token}` });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: user.id, token });
    }
    const attempts: Record<string, string>[] = [{}, { Authorization: 'Token not-a-real-token-but-long-enough' }, { Authorization: 'Token x' }];
    for (const headers of attempts) {
      const response = await getMe(headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });

  it('revokes the token on logout', async () => {
    const { token } = await signUp(server);
    const logout = await postJson(server, '/logout/', {}, { Authorization: `Token ${token}` });
    expect(logout.status).toBe(204);
    expect((await getMe({ Authorization: `Token ${token}` })).status).toBe(401);
  });

  it('sends a navigation to /logout on to the log-out page with its next parameter (spec §8)', async () => {
    const response = await fetch(`${server.url}/logout?next=%2Faccount%2Fhomes`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/log-out?next=%2Faccount%2Fhomes');
  });

  it('refuses an expired token', async () => {
    const { token, user } = await signUp(server);
    await server.db.query(`UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.id]);
    expect((await getMe({ Authorization: `Token ${token}` })).status).toBe(401);
  });
});

describe(`cookie session and CSRF (${engineName()})`, () => {
  async function sessionLogin() {
    const { email } = await signUp(server);
    const response = await postJson(server, '/v1/api/api-token-auth/', { username: email, password: STRONG_PASSWORD, session: true });
    expect(response.status).toBe(200);
    const cookies = cookiesOf(response);
    return { response, sessionid: cookies.get('sessionid')!, csrftoken: cookies.get('csrftoken')! };
  }

  it('sets an HttpOnly SameSite=Lax sessionid and a readable csrftoken when asked for a session', async () => {
    const { response, sessionid, csrftoken } = await sessionLogin();
    const lines = response.headers.getSetCookie();
    const session = lines.find((l) => l.startsWith('sessionid='))!;
    const csrf = lines.find((l) => l.startsWith('csrftoken='))!;
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(csrf).not.toMatch(/HttpOnly/);
    expect(csrf).toMatch(/; SameSite=Lax/);
    expect(session).not.toMatch(/Secure/); // the test server is plain http
    expect(sessionid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrftoken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await getMe({ Cookie: `sessionid=${sessionid}; csrftoken=${csrftoken}` });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { token: unknown }).token).toBeNull();
  });

  it('does not give a cookie session to another origin (embeds use the token)', async () => {
    const { email } = await signUp(server);
    const response = await postJson(
      server,
      '/v1/api/api-token-auth/',
      { username: email, password: STRONG_PASSWORD, session: true },
      { Origin: 'http://127.0.0.1:9' },
    );
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('refuses an unsafe request on the session without X-CSRFToken, or with a wrong one, and accepts the right one', async () => {
    const { sessionid, csrftoken } = await sessionLogin();
    const cookie = `sessionid=${sessionid}; csrftoken=${csrftoken}`;
    const wrongHeaders: Record<string, string>[] = [{}, { 'X-CSRFToken': 'wrong-token-wrong-token-wrong' }];
    for (const extra of wrongHeaders) {
      const refused = await postJson(server, '/logout/', {}, { Cookie: cookie, ...extra });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ detail: 'CSRF Failed: CSRF token missing or incorrect.' });
    }
    expect((await getMe({ Cookie: cookie })).status).toBe(200);

    const accepted = await postJson(server, '/logout/', {}, { Cookie: cookie, 'X-CSRFToken': csrftoken });
    expect(accepted.status).toBe(204);
    const cleared = accepted.headers.getSetCookie();
    expect(cleared.some((l) => l.startsWith('sessionid=;') && l.includes('Max-Age=0'))).toBe(true);
    expect(cleared.some((l) => l.startsWith('csrftoken=;') && l.includes('Max-Age=0'))).toBe(true);
    expect((await getMe({ Cookie: cookie })).status).toBe(401);
  });

  it('needs no CSRF header for token-authenticated requests', async () => {
    const { token } = await signUp(server);
    expect((await postJson(server, '/logout/', {}, { Authorization: `Token ${token}` })).status).toBe(204);
  });
});

describe(`login and sign-up rate limits (${engineName()})`, () => {
  it('allows 10 logins a minute per client IP, then 429 with Retry-After', async () => {
    const ip = freshIp();
    const attempt = () =>
      postJson(server, '/v1/api/api-token-auth/', { username: freshEmail('x'), password: 'Wrong-Password-1' }, { 'X-Forwarded-For': ip });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: string }).error).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('refuses an address after 5 wrong passwords for an account, even with the right one, but lets the owner in from another', async () => {
    const { email } = await signUp(server);
    const attacker = freshIp();
    const login = (password: string, ip: string) =>
      postJson(server, '/v1/api/api-token-auth/', { username: email, password }, { 'X-Forwarded-For': ip });
    for (let i = 0; i < 5; i++) expect((await login('Wrong-Password-1', attacker)).status).toBe(400);
    const limited = await login(STRONG_PASSWORD, attacker);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    expect((await login(STRONG_PASSWORD, freshIp())).status).toBe(200);
  });

  it('counts wrong passwords per address: 4 from each of 3 addresses lock none of them out', async () => {
    const { email } = await signUp(server);
    const addresses = [freshIp(), freshIp(), freshIp()];
    for (const ip of addresses) {
      for (let i = 0; i < 4; i++) {
        const response = await postJson(server, '/v1/api/api-token-auth/', { username: email, password: 'Wrong-Password-1' }, { 'X-Forwarded-For': ip });
        expect(response.status).toBe(400);
      }
    }
    const owner = await postJson(server, '/v1/api/api-token-auth/', { username: email, password: STRONG_PASSWORD }, { 'X-Forwarded-For': addresses[0]! });
    expect(owner.status).toBe(200);
  });

  it('mails the owner once on the 10th wrong password within the window, from any addresses', async () => {
    const { email } = await signUp(server);
    const warnings = async () => (await outbox(server, email)).filter((m) => m.subject === failedLoginsSubject('Hearth'));
    const addresses = [freshIp(), freshIp(), freshIp(), freshIp()];
    const fail = (n: number) =>
      postJson(server, '/v1/api/api-token-auth/', { username: email, password: 'Wrong-Password-1' }, { 'X-Forwarded-For': addresses[n % 4]! });
    for (let n = 0; n < 9; n++) expect((await fail(n)).status).toBe(400);
    expect(await warnings()).toEqual([]);

    expect((await fail(9)).status).toBe(400);
    const [warning, ...more] = await warnings();
    expect(more).toEqual([]);
    expect(warning!.body).toContain('10 times');

    for (let n = 10; n < 14; n++) await fail(n);
    expect(await warnings()).toHaveLength(1);
  });

  it('mails nobody for wrong passwords of an email without an account', async () => {
    const email = freshEmail('nobody');
    for (let n = 0; n < 10; n++) await postJson(server, '/v1/api/api-token-auth/', { username: email, password: 'Wrong-Password-1' });
    expect(await outbox(server, email)).toEqual([]);
  });

  it('allows 10 sign-ups a minute per client IP', async () => {
    const ip = freshIp();
    const attempt = () =>
      postJson(server, '/v1/api/sign-up/', { email: freshEmail('flood'), password: STRONG_PASSWORD }, { 'X-Forwarded-For': ip });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(201);
    expect((await attempt()).status).toBe(429);
  });
});

describe(`password rules endpoint (${engineName()})`, () => {
  it('lists every rule for a candidate by GET and by POST', async () => {
    const get = await fetch(
      `${server.url}/v1/api/password-validation-requirements/?password=${encodeURIComponent('12345')}&email=ada@example.com`,
    );
    expect(get.status).toBe(200);
    const rules = (await get.json()) as { help_text: string; is_valid: boolean; validation_error: string | null }[];
    expect(rules.map((r) => r.is_valid)).toEqual([false, false, false, true, true]);
    expect(rules[0]).toEqual({
      help_text: 'Your password must contain at least 8 characters.',
      is_valid: false,
      validation_error: 'This password is too short. It must contain at least 8 characters.',
    });

    const post = await postJson(server, '/v1/api/password-validation-requirements/', {
      password: 'lovelace-ada-2024',
      email: 'Ada@example.com',
    });
    expect(post.status).toBe(200);
    const posted = (await post.json()) as { is_valid: boolean }[];
    expect(posted.map((r) => r.is_valid)).toEqual([true, true, true, false, true]);
  });
});

describe(`password reset (${engineName()})`, () => {
  async function requestReset(email: string): Promise<string> {
    const response = await postJson(server, '/v1/api/reset-password/', { email });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    const mails = (await outbox(server, email)).filter((m) => m.subject === 'Reset your password');
    const link = linkIn(mails.at(-1)!.body, `${server.url}/reset/`);
    return link.slice(`${server.url}/reset/`.length);
  }

  const reset = (token: string, password: string, again = password) =>
    postJson(server, `/v1/api/reset/${token}`, { password, re_enter_password: again });

  it('answers 200 for an unknown email and mails nobody', async () => {
    const email = freshEmail('ghost');
    const response = await postJson(server, '/v1/api/reset-password/', { email });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await outbox(server, email)).toEqual([]);
  });

  it('sets the new password with a mailed link, revokes every token, and refuses the link a second time', async () => {
    const { email, token } = await signUp(server);
    const resetToken = await requestReset(email);

    const response = await reset(resetToken, 'A-Brand-New-Secret-7');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect((await getMe({ Authorization: `Token ${token}` })).status).toBe(401);

    const oldLogin = await postJson(server, '/v1/api/api-token-auth/', { username: email, password: STRONG_PASSWORD });
    expect(oldLogin.status).toBe(400);
    const newLogin = await postJson(server, '/v1/api/api-token-auth/', { username: email, password: 'A-Brand-New-Secret-7' });
    expect(newLogin.status).toBe(200);

    const reused = await reset(resetToken, 'Another-New-Secret-8');
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: 'invalid_token', message: 'This reset link is invalid or has expired.' });
  });

  it('refuses an expired link and an unknown one', async () => {
    const { email } = await signUp(server);
    const resetToken = await requestReset(email);
    await server.db.query(`UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset_password'`);
    for (const token of [resetToken, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const response = await reset(token, 'A-Brand-New-Secret-7');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_token' });
    }
  });

  it('keeps the link when the passwords differ or are weak', async () => {
    const { email } = await signUp(server);
    const resetToken = await requestReset(email);

    const mismatch = await reset(resetToken, 'A-Brand-New-Secret-7', 'A-Brand-New-Secret-8');
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ fields: { re_enter_password: 'Passwords do not match.' } });

    const weak = await reset(resetToken, '123456789');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ fields: { password: 'This password is entirely numeric.' } });

    expect((await reset(resetToken, 'A-Brand-New-Secret-7')).status).toBe(200);
  });

  it('refuses an older link once a newer one is mailed, before and after the newer one is used', async () => {
    const { email } = await signUp(server);
    const older = await requestReset(email);
    const newer = await requestReset(email);
    expect(newer).not.toBe(older);

    const early = await reset(older, 'A-Brand-New-Secret-7');
    expect(early.status).toBe(400);
    expect(await early.json()).toEqual({ error: 'invalid_token', message: 'This reset link is invalid or has expired.' });

    expect((await reset(newer, 'A-Brand-New-Secret-7')).status).toBe(200);
    expect((await reset(older, 'Another-New-Secret-8')).status).toBe(400);
    const login = await postJson(server, '/v1/api/api-token-auth/', { username: email, password: 'A-Brand-New-Secret-7' });
    expect(login.status).toBe(200);
  });

  it('ends every other live link when one is used (links mailed before this rule existed)', async () => {
    const { email, user } = await signUp(server);
    const earlier = await issueOneTimeToken(server.db, user.id, 'reset_password', RESET_LINK_LIFETIME_MS);
    const mailed = await requestReset(email);
    await server.db.query(`UPDATE one_time_tokens SET used_at = NULL WHERE user_id = $1 AND purpose = 'reset_password'`, [user.id]);

    expect((await reset(mailed, 'A-Brand-New-Secret-7')).status).toBe(200);
    expect((await reset(earlier, 'Another-New-Secret-8')).status).toBe(400);
  });

  it('ends every live link, token and session when the password changes', async () => {
    const { email, user, token } = await signUp(server);
    const link = await requestReset(email);
    await server.db.transaction(async (tx) => setPassword(tx, user.id, await hashPassword('Changed-Elsewhere-5')));

    expect((await reset(link, 'A-Brand-New-Secret-7')).status).toBe(400);
    expect((await getMe({ Authorization: `Token ${token}` })).status).toBe(401);
    const login = await postJson(server, '/v1/api/api-token-auth/', { username: email, password: 'Changed-Elsewhere-5' });
    expect(login.status).toBe(200);
  });
});

describe(`email verification (${engineName()})`, () => {
  it('marks the email verified from the mailed link, once', async () => {
    const { email, user } = await signUp(server);
    const link = linkIn((await outbox(server, email))[0]!.body, `${server.url}/v1/api/verify-email/`);

    const first = await fetch(link);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/text\/html/);
    const { rows } = await server.db.query<{ email_verified_at: Date | null }>(
      'SELECT email_verified_at FROM users WHERE id = $1',
      [user.id],
    );
    expect(rows[0]!.email_verified_at).toBeInstanceOf(Date);

    expect((await fetch(link)).status).toBe(400);
  });
});

describe(`social sign-in discovery (${engineName()})`, () => {
  it('says Google is off when no client id is configured', async () => {
    const response = await fetch(`${server.url}/auth/check-social/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ google: { enabled: false, loginUrl: null } });
  });
});
