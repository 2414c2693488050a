/**
 * Issue 22: tokens rotated on privilege change and revocable per device. A credential records its device
 * and last use; the viewer lists their devices (mySessions) and signs one or all others out; another user's
 * credential id is NOT_FOUND; a role or partner-membership change ends the user's credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { codeOf, graphqlAs } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';
import { setUserRoles } from './roles';
import { issueCredential } from './tokens';
import { cookiesOf, postJson, signUp, STRONG_PASSWORD, type SignedUp } from './testing';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const MY_SESSIONS = '{ mySessions { id kind device createdAt lastUsedAt current } }';
const REVOKE = 'mutation ($id: ID!) { revokeSession(id: $id) { id revoked } }';
const REVOKE_OTHERS = 'mutation { revokeOtherSessions { revoked } }';
const ME = '{ me { id } }';

interface SessionRow {
  id: string;
  kind: string;
  device: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/** Signs in with the password from a device; answers its token (10 a minute per test server: its clients share an address). */
async function signIn(email: string, userAgent: string): Promise<string> {
  const response = await postJson(server, '/v1/api/api-token-auth/', { username: email, password: STRONG_PASSWORD }, { 'User-Agent': userAgent });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

async function sessionsOf(token: string): Promise<SessionRow[]> {
  const result = await graphqlAs(server, token, MY_SESSIONS);
  expect(result.errors).toBeUndefined();
  return result.data!.mySessions as SessionRow[];
}

const signedIn = async (token: string) => codeOf(await graphqlAs(server, token, ME)) === undefined;

describe(`signed-in devices (${engineName()})`, () => {
  let user: SignedUp;
  beforeAll(async () => {
    user = await signUp(server);
  });

  it('lists each device with its label, times and which one is asking', async () => {
    const laptop = await signIn(user.email, CHROME_LINUX);
    const desktop = await signIn(user.email, FIREFOX_WINDOWS);
    const seen = await sessionsOf(laptop);
    const mine = seen.find((s) => s.current)!;
    expect(mine).toMatchObject({ kind: 'TOKEN', device: 'Chrome on Linux', current: true });
    expect(seen.filter((s) => s.current)).toHaveLength(1);
    expect(seen.some((s) => s.device === 'Firefox on Windows' && !s.current)).toBe(true);
    expect(Number.isNaN(Date.parse(mine.createdAt))).toBe(false);
    expect(Date.parse(mine.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(mine.createdAt) - 1000);
    expect((await sessionsOf(desktop)).find((s) => s.current)!.device).toBe('Firefox on Windows');
  });

  it('signs one device out from another: its next request is unauthenticated, the other keeps working', async () => {
    const phone = await signIn(user.email, FIREFOX_WINDOWS);
    const laptop = await signIn(user.email, CHROME_LINUX);
    const phoneId = (await sessionsOf(phone)).find((s) => s.current)!.id;
    const revoked = await graphqlAs(server, laptop, REVOKE, { id: phoneId });
    expect(revoked.errors).toBeUndefined();
    expect(revoked.data!.revokeSession).toEqual({ id: phoneId, revoked: true });
    expect(codeOf(await graphqlAs(server, phone, ME))).toBe('UNAUTHENTICATED');
    expect(await signedIn(laptop)).toBe(true);
    expect((await sessionsOf(laptop)).some((s) => s.id === phoneId)).toBe(false);
    // Already revoked: nothing to sign out.
    expect(codeOf(await graphqlAs(server, laptop, REVOKE, { id: phoneId }))).toBe('NOT_FOUND');
  });

  it("answers NOT_FOUND for another user's session (forged id) and for malformed ids, and revokes nothing", async () => {
    const other = await signUp(server);
    const otherId = (await sessionsOf(other.token)).find((s) => s.current)!.id;
    const mine = await signIn(user.email, CHROME_LINUX);
    for (const id of [otherId, '0', '-1', 'abc', '99999999999', '1 OR 1=1']) {
      const result = await graphqlAs(server, mine, REVOKE, { id });
      expect(codeOf(result), id).toBe('NOT_FOUND');
    }
    expect(await signedIn(other.token)).toBe(true);
    expect(codeOf(await graphqlAs(server, null, MY_SESSIONS))).toBe('UNAUTHENTICATED');
    expect(codeOf(await graphqlAs(server, null, REVOKE_OTHERS))).toBe('UNAUTHENTICATED');
  });

  it('signs out everywhere else, keeping the asking device', async () => {
    const a = await signIn(user.email, CHROME_LINUX);
    const b = await signIn(user.email, FIREFOX_WINDOWS);
    const result = await graphqlAs(server, b, REVOKE_OTHERS);
    expect(result.errors).toBeUndefined();
    expect(result.data!.revokeOtherSessions.revoked).toBeGreaterThanOrEqual(2);
    expect(await signedIn(a)).toBe(false);
    expect(await signedIn(user.token)).toBe(false);
    expect(await signedIn(b)).toBe(true);
    expect((await sessionsOf(b)).map((s) => s.current)).toEqual([true]);
  });

  it('lists a hosted-site sign-in (token and cookie session) as one device and signs both out together', async () => {
    const response = await postJson(server, '/v1/api/api-token-auth/', { username: user.email, password: STRONG_PASSWORD, session: true }, { 'User-Agent': CHROME_LINUX });
    expect(response.status).toBe(200);
    const token = ((await response.json()) as { token: string }).token;
    const cookies = cookiesOf(response);
    const cookieHeader = `sessionid=${cookies.get('sessionid')}; csrftoken=${cookies.get('csrftoken')}`;
    const meByCookie = () => fetch(`${server.url}/user/me/`, { headers: { Cookie: cookieHeader } }).then((r) => r.status);
    expect(await meByCookie()).toBe(200);

    const other = await signIn(user.email, FIREFOX_WINDOWS);
    const devices = await sessionsOf(other);
    const hosted = devices.filter((s) => s.device === 'Chrome on Linux' && s.kind === 'TOKEN');
    const mine = (await sessionsOf(token)).find((s) => s.current)!;
    expect(hosted.map((s) => s.id)).toContain(mine.id);
    // The session is not a device of its own.
    expect(devices.some((s) => s.kind === 'SESSION')).toBe(false);

    expect((await graphqlAs(server, other, REVOKE, { id: mine.id })).errors).toBeUndefined();
    expect(await signedIn(token)).toBe(false);
    expect(await meByCookie()).toBe(401);
  });

  it('records the last use at most once a minute', async () => {
    const token = await signIn(user.email, CHROME_LINUX);
    const id = Number((await sessionsOf(token)).find((s) => s.current)!.id);
    const lastUsed = async () =>
      new Date((await server.db.query<{ last_used_at: string }>('SELECT last_used_at FROM auth_tokens WHERE id = $1', [id])).rows[0]!.last_used_at).getTime();
    await server.db.query(`UPDATE auth_tokens SET last_used_at = now() - interval '30 seconds' WHERE id = $1`, [id]);
    const recent = await lastUsed();
    await signedIn(token);
    expect(await lastUsed()).toBe(recent);
    await server.db.query(`UPDATE auth_tokens SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [id]);
    const stale = await lastUsed();
    await signedIn(token);
    expect(await lastUsed()).toBeGreaterThan(stale + 60_000);
  });
});

describe(`rotation on privilege change (${engineName()})`, () => {
  it('a role granted or removed ends every credential of the user; signing in again works', async () => {
    const user = await signUp(server);
    const second = (await issueCredential(server.db, user.user.id, 'token', { device: 'Chrome on Linux' })).secret;
    await setUserRoles(server.db, user.email, { role: 'ATTORNEY', flags: {} });
    expect(await signedIn(user.token)).toBe(false);
    expect(await signedIn(second)).toBe(false);
    const fresh = (await issueCredential(server.db, user.user.id, 'token', { device: 'Chrome on Linux' })).secret;
    expect(await signedIn(fresh)).toBe(true);
    // The same roles again is no change: nothing ends.
    await setUserRoles(server.db, user.email, { role: 'ATTORNEY', flags: {} });
    expect(await signedIn(fresh)).toBe(true);
    await setUserRoles(server.db, user.email, { flags: { superuser: false, manager: true } });
    expect(await signedIn(fresh)).toBe(false);
  });

  it('a partner membership added or removed ends the member’s credentials, not the acting admin’s', async () => {
    const [owner, colleague] = await Promise.all([signUp(server), signUp(server)]);
    const created = await graphqlAs(server, owner, 'mutation ($slug: String!, $name: String!) { signUpPartner(slug: $slug, name: $name) { id } }', {
      slug: `sess-${process.pid}-${Date.now() % 100000}`,
      name: 'Session Homes',
    });
    const partnerId = created.data!.signUpPartner.id as string;
    const added = await graphqlAs(
      server,
      owner,
      'mutation ($partnerId: ID!, $email: String!) { addPartnerMember(partnerId: $partnerId, email: $email, role: ADMIN) { userId } }',
      { partnerId, email: colleague.email },
    );
    expect(added.errors).toBeUndefined();
    expect(await signedIn(colleague.token)).toBe(false);
    expect(await signedIn(owner.token)).toBe(true);

    const again = (await issueCredential(server.db, colleague.user.id, 'token', { device: 'Firefox on Windows' })).secret;
    const removed = await graphqlAs(
      server,
      owner,
      'mutation ($partnerId: ID!, $userId: ID!) { removePartnerMember(partnerId: $partnerId, userId: $userId) { userId } }',
      { partnerId, userId: String(colleague.user.id) },
    );
    expect(removed.errors).toBeUndefined();
    expect(await signedIn(again)).toBe(false);
    expect(await signedIn(owner.token)).toBe(true);
  });
});
