/**
 * The account's own changes besides deletion (deletion.test.ts): changePassword (confirmed with the current
 * password, the password rules, other devices signed out, the owner mailed, wrong guesses limited), removeUserPhoto,
 * and saveSettings' notification settings (only the settings of core/accounts/notification-settings.ts, on or off).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { uploadStorage } from '../storage';
import { codeOf, graphqlAs } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';
import { SAME_PASSWORD } from './password-change';
import { CURRENT_PASSWORD_REQUIRED, REAUTH_FAILURES, WRONG_CURRENT_PASSWORD } from './reauthenticate';
import { outbox, postJson, sessionCookie, signUp, STRONG_PASSWORD, type SignedUp } from './testing';

let server: RunningServer;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'hearth-account-security-'));
  process.env.HEARTH_UPLOAD_DIR = uploadDir;
  server = await startTestServer({ trustProxy: true, jobs: false });
});
afterAll(async () => {
  await server?.close();
  delete process.env.HEARTH_UPLOAD_DIR;
  await rm(uploadDir, { recursive: true, force: true });
});

const CHANGE = 'mutation ($current: String, $next: String!) { changePassword(currentPassword: $current, newPassword: $next) { signedOutDevices } }';
const NEW_PASSWORD = 'Bonneville-Salt-Flats-9';
const gql = (who: SignedUp | string | null, query: string, variables: Record<string, unknown> = {}) => graphqlAs(server, who, query, variables);
const logIn = (email: string, password: string) => postJson(server, '/v1/api/api-token-auth/', { username: email, password });
const tokenOf = async (response: Response) => ((await response.json()) as { token: string }).token;

describe(`changePassword (${engineName()})`, () => {
  it('is UNAUTHENTICATED for a visitor and on /public_graphql/', async () => {
    const ada = await signUp(server);
    expect(codeOf(await gql(null, CHANGE, { current: STRONG_PASSWORD, next: NEW_PASSWORD }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await graphqlAs(server, ada, CHANGE, { current: STRONG_PASSWORD, next: NEW_PASSWORD }, 'public_graphql'))).toBe('UNAUTHENTICATED');
    expect((await logIn(ada.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('refuses a missing or wrong current password, a password against the rules, the same one, and hostile values; nothing changes', async () => {
    const ada = await signUp(server);
    const refused = async (variables: Record<string, unknown>, argument: string, message?: string) => {
      const answer = await gql(ada, CHANGE, variables);
      expect(codeOf(answer), JSON.stringify(answer)).toBe('BAD_USER_INPUT');
      expect(answer.errors![0]!.extensions!.argumentName).toBe(argument);
      if (message) expect(answer.errors![0]!.message).toBe(message);
    };
    await refused({ next: NEW_PASSWORD }, 'currentPassword', CURRENT_PASSWORD_REQUIRED);
    await refused({ current: 'Not-My-Password-1', next: NEW_PASSWORD }, 'currentPassword', WRONG_CURRENT_PASSWORD);
    await refused({ current: STRONG_PASSWORD, next: 'short' }, 'newPassword', 'This password is too short. It must contain at least 8 characters.');
    await refused({ current: STRONG_PASSWORD, next: 'password123' }, 'newPassword', 'This password is too common.');
    await refused({ current: STRONG_PASSWORD, next: '12345678901' }, 'newPassword', 'This password is entirely numeric.');
    await refused({ current: STRONG_PASSWORD, next: STRONG_PASSWORD }, 'newPassword', SAME_PASSWORD);
    await refused({ current: STRONG_PASSWORD, next: 'x'.repeat(5000) }, 'newPassword');
    await refused({ current: 'x'.repeat(100_000), next: NEW_PASSWORD }, 'currentPassword');
    expect(codeOf(await gql(ada, 'mutation { changePassword(currentPassword: 1, newPassword: true) { signedOutDevices } }'))).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await logIn(ada.email, STRONG_PASSWORD)).status).toBe(200);
    expect((await gql(ada, '{ me { id } }')).errors).toBeUndefined();
  });

  it('sets the new password, signs every other device out (this one stays), ends reset links, mails the owner, and leaves other accounts alone', async () => {
    const ada = await signUp(server);
    const stranger = await signUp(server);
    const otherToken = await tokenOf(await logIn(ada.email, STRONG_PASSWORD));
    const cookie = await sessionCookie(server, ada.email);
    await postJson(server, '/v1/api/reset-password/', { email: ada.email });
    const resetLink = (await outbox(server, ada.email)).find((m) => m.subject === 'Reset your password')!.body.match(/\/reset\/([A-Za-z0-9_-]+)/)![1]!;

    const changed = await gql(ada, CHANGE, { current: STRONG_PASSWORD, next: NEW_PASSWORD });
    expect(changed).toEqual({ data: { changePassword: { signedOutDevices: 2 } } });

    expect((await gql(ada, '{ me { id } }')).errors).toBeUndefined();
    expect(codeOf(await gql(otherToken, '{ me { id } }'))).toBe('UNAUTHENTICATED');
    expect((await fetch(`${server.url}/user/me/`, { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await logIn(ada.email, STRONG_PASSWORD)).status).toBe(400);
    expect((await logIn(ada.email, NEW_PASSWORD)).status).toBe(200);
    const reset = await postJson(server, `/v1/api/reset/${resetLink}`, { password: 'Another-Strong-Pass-7', re_enter_password: 'Another-Strong-Pass-7' });
    expect(reset.status).toBe(400);
    const mail = (await outbox(server, ada.email)).find((m) => m.subject === 'Your password was changed')!;
    expect(mail.body).toContain('2 other devices were signed out');
    expect((await gql(stranger, '{ me { id } }')).errors).toBeUndefined();
    expect((await logIn(stranger.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it(`refuses every attempt after ${REAUTH_FAILURES.max} wrong current passwords, the right one too, with when to try again`, async () => {
    const ada = await signUp(server);
    for (let i = 0; i < REAUTH_FAILURES.max; i++) {
      expect((await gql(ada, CHANGE, { current: `Wrong-Guess-${i}-xx`, next: NEW_PASSWORD })).errors![0]!.message).toBe(WRONG_CURRENT_PASSWORD);
    }
    const limited = await gql(ada, CHANGE, { current: STRONG_PASSWORD, next: NEW_PASSWORD });
    expect(codeOf(limited)).toBe('RATE_LIMITED');
    expect(limited.errors![0]!.extensions!.retryAfterSeconds).toBeGreaterThan(0);
    expect((await logIn(ada.email, STRONG_PASSWORD)).status).toBe(200);
    // Another account is not held by it.
    const other = await signUp(server);
    expect((await gql(other, CHANGE, { current: STRONG_PASSWORD, next: NEW_PASSWORD })).errors).toBeUndefined();
  });

  it('lets an account without a password set one after a recent sign-in, and not after an old one', async () => {
    const google = await signUp(server);
    await server.db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [google.user.id]);
    expect((await gql(google, '{ me { hasPassword } }')).data!.me).toEqual({ hasPassword: false });
    await server.db.query(`UPDATE auth_tokens SET created_at = now() - interval '1 hour' WHERE user_id = $1`, [google.user.id]);
    const stale = await gql(google, CHANGE, { next: NEW_PASSWORD });
    expect(codeOf(stale)).toBe('FORBIDDEN');
    await server.db.query(`UPDATE auth_tokens SET created_at = now() WHERE user_id = $1`, [google.user.id]);
    expect((await gql(google, CHANGE, { next: NEW_PASSWORD })).errors).toBeUndefined();
    expect((await gql(google, '{ me { hasPassword googleLinked } }')).data!.me).toEqual({ hasPassword: true, googleLinked: false });
    expect((await logIn(google.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe(`removeUserPhoto (${engineName()})`, () => {
  it('removes the photo and its file; a visitor is UNAUTHENTICATED', async () => {
    const ada = await signUp(server);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#a63' } }).png().toBuffer();
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: 'mutation Upload($f: File!) { uploadUserPhoto(file: $f) { image } }', variables: { f: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.f'] }));
    form.set('0', new Blob([png], { type: 'image/png' }), 'me.png');
    const uploaded = (await (await fetch(`${server.url}/graphql/?queryName=Upload`, { method: 'POST', headers: { Authorization: `Token ${ada.token}` }, body: form })).json()) as {
      data: { uploadUserPhoto: { image: string } };
    };
    const key = new URL(uploaded.data.uploadUserPhoto.image).pathname.slice('/media/'.length);
    expect(await uploadStorage().get(key)).not.toBeNull();

    expect(codeOf(await gql(null, 'mutation { removeUserPhoto { image } }'))).toBe('UNAUTHENTICATED');
    expect(await gql(ada, 'mutation { removeUserPhoto { image } }')).toEqual({ data: { removeUserPhoto: { image: null } } });
    expect(await uploadStorage().get(key)).toBeNull();
    expect((await fetch(`${server.url}/media/${key}`)).status).toBe(404);
    // Again, with nothing to remove: the same answer.
    expect(await gql(ada, 'mutation { removeUserPhoto { image } }')).toEqual({ data: { removeUserPhoto: { image: null } } });
  });
});

describe(`saveSettings: notification settings (${engineName()})`, () => {
  const save = (who: SignedUp, settings: unknown) =>
    gql(who, 'mutation ($s: JSON) { saveSettings(notificationSettings: $s) { notificationSettings } }', { s: settings });

  it('takes the known settings on or off, keeps those not given, and refuses others clearly', async () => {
    const ada = await signUp(server);
    expect((await save(ada, { savedSearchEmails: false })).data!.saveSettings.notificationSettings).toEqual({ savedSearchEmails: false });
    expect((await gql(ada, 'mutation { saveSettings(firstName: "Grace") { notificationSettings } }')).data!.saveSettings.notificationSettings).toEqual({
      savedSearchEmails: false,
    });
    for (const [value, message] of [
      [{ marketingEmails: true }, 'There is no notification setting called “marketingEmails”.'],
      [{ savedSearchEmails: 'DAILY' }, 'The notification setting “savedSearchEmails” is on or off (true or false).'],
      [[true], 'Notification settings must be an object of on/off values.'],
      ['on', 'Notification settings must be an object of on/off values.'],
    ] as const) {
      const refused = await save(ada, value);
      expect(codeOf(refused)).toBe('BAD_USER_INPUT');
      expect(refused.errors![0]!.extensions!.fields).toEqual({ notificationSettings: message });
    }
    expect((await gql(ada, '{ me { notificationSettings } }')).data!.me.notificationSettings).toEqual({ savedSearchEmails: false });
  });
});
