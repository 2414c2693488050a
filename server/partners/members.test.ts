/**
 * A partner's owners and admins (members.ts): added by the email of an existing account, listed with their
 * roles, removed — never the last owner; only owners manage owners; strangers get NOT_FOUND; audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerTexts } from '../../core/i18n/partners';
import type { RunningServer } from '../app';
import { signUp, type SignedUp } from '../accounts/testing';
import { issueCredential } from '../accounts/tokens';
import { codeOf, graphqlAs } from '../testing/graphql';
import { signUpTestPartner } from '../testing/partner';
import { engineName, startTestServer } from '../testing/test-server';

const t = partnerTexts.members;
let server: RunningServer;

const MEMBERS = 'query ($partnerId: ID!) { partnerMembers(partnerId: $partnerId) { userId email name role addedAt } }';
const ADD = 'mutation ($partnerId: ID!, $email: String!, $role: PartnerMemberRole!) { addPartnerMember(partnerId: $partnerId, email: $email, role: $role) { userId email role } }';
const REMOVE = 'mutation ($partnerId: ID!, $userId: ID!) { removePartnerMember(partnerId: $partnerId, userId: $userId) { userId role } }';
const SETTINGS = 'query ($partnerId: ID!) { partnerSettings(partnerId: $partnerId) { id role } }';

/** Issue 22: a membership change ends the member's credentials; the member signs in again. */
async function signInAgain(who: SignedUp): Promise<void> {
  who.token = (await issueCredential(server.db, who.user.id, 'token')).secret;
}

async function newPartner(owner: SignedUp): Promise<string> {
  return (await signUpTestPartner(server, owner, 'Members Homes')).id;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe(`partner members (${engineName()})`, () => {
  it('an owner adds an existing account as admin; it is listed with its role, manages the partner, and the change is audited', async () => {
    const [owner, colleague] = await Promise.all([signUp(server), signUp(server)]);
    const partnerId = await newPartner(owner);
    expect(codeOf(await graphqlAs(server, colleague, SETTINGS, { partnerId }))).toBe('NOT_FOUND');

    const added = await graphqlAs(server, owner, ADD, { partnerId, email: `  ${colleague.user.email.toUpperCase()} `, role: 'ADMIN' });
    expect(added.errors).toBeUndefined();
    expect(added.data!.addPartnerMember).toEqual({ userId: String(colleague.user.id), email: colleague.user.email, role: 'ADMIN' });
    const listed = (await graphqlAs(server, owner, MEMBERS, { partnerId })).data!.partnerMembers as { userId: string; role: string }[];
    expect(codeOf(await graphqlAs(server, colleague, SETTINGS, { partnerId }))).toBe('UNAUTHENTICATED');
    await signInAgain(colleague);
    expect(listed.map((m) => [m.userId, m.role])).toEqual([
      [String(owner.user.id), 'OWNER'],
      [String(colleague.user.id), 'ADMIN'],
    ]);
    expect((await graphqlAs(server, colleague, SETTINGS, { partnerId })).data!.partnerSettings).toEqual({ id: partnerId, role: 'ADMIN' });

    const again = await graphqlAs(server, owner, ADD, { partnerId, email: colleague.user.email, role: 'ADMIN' });
    expect(again.errors![0]).toMatchObject({ message: t.alreadyMember, extensions: { code: 'BAD_USER_INPUT', argumentName: 'email' } });
    const nobody = await graphqlAs(server, owner, ADD, { partnerId, email: 'nobody.at.all@example.com', role: 'ADMIN' });
    expect(nobody.errors![0]).toMatchObject({ message: t.noAccount, extensions: { argumentName: 'email' } });
    const malformed = await graphqlAs(server, owner, ADD, { partnerId, email: '<script>@', role: 'ADMIN' });
    expect(malformed.errors![0]!.message).toBe(t.emailInvalid);

    const { rows } = await server.db.query<{ action: string; actor: string; changes: unknown }>(
      `SELECT action, actor, changes FROM partner_audit WHERE partner_id = $1 AND action LIKE 'member.%' ORDER BY id`,
      [partnerId],
    );
    expect(rows).toEqual([{ action: 'member.added', actor: owner.user.email, changes: { email: colleague.user.email, role: 'admin' } }]);
  });

  it('an admin manages admins but not owners; the last owner cannot be removed; removing answers who is left', async () => {
    const [owner, admin, second, third] = await Promise.all([signUp(server), signUp(server), signUp(server), signUp(server)]);
    const partnerId = await newPartner(owner);
    await graphqlAs(server, owner, ADD, { partnerId, email: admin.user.email, role: 'ADMIN' });
    await signInAgain(admin);

    const ownerByAdmin = await graphqlAs(server, admin, ADD, { partnerId, email: second.user.email, role: 'OWNER' });
    expect(ownerByAdmin.errors![0]).toMatchObject({ message: t.ownersOnly, extensions: { code: 'FORBIDDEN' } });
    expect((await graphqlAs(server, admin, ADD, { partnerId, email: second.user.email, role: 'ADMIN' })).data!.addPartnerMember.role).toBe('ADMIN');
    expect(codeOf(await graphqlAs(server, admin, REMOVE, { partnerId, userId: String(owner.user.id) }))).toBe('FORBIDDEN');

    // The only owner: refused, even for themselves.
    const lastOwner = await graphqlAs(server, owner, REMOVE, { partnerId, userId: String(owner.user.id) });
    expect(lastOwner.errors![0]).toMatchObject({ message: t.lastOwner, extensions: { code: 'BAD_USER_INPUT' } });

    const left = (await graphqlAs(server, admin, REMOVE, { partnerId, userId: String(second.user.id) })).data!.removePartnerMember;
    expect(left).toEqual([
      { userId: String(owner.user.id), role: 'OWNER' },
      { userId: String(admin.user.id), role: 'ADMIN' },
    ]);
    await signInAgain(second);
    expect(codeOf(await graphqlAs(server, second, SETTINGS, { partnerId }))).toBe('NOT_FOUND');

    // With a second owner, the first may leave.
    await graphqlAs(server, owner, ADD, { partnerId, email: third.user.email, role: 'OWNER' });
    expect((await graphqlAs(server, owner, REMOVE, { partnerId, userId: String(owner.user.id) })).errors).toBeUndefined();
    expect(codeOf(await graphqlAs(server, owner, MEMBERS, { partnerId }))).toBe('NOT_FOUND');
    const actions = await server.db.query<{ action: string }>(`SELECT action FROM partner_audit WHERE partner_id = $1 AND action LIKE 'member.%' ORDER BY id`, [partnerId]);
    expect(actions.rows.map((r) => r.action)).toEqual(['member.added', 'member.added', 'member.removed', 'member.added', 'member.removed']);
  });

  it("strangers and forged ids get NOT_FOUND; a member of one partner cannot touch another's", async () => {
    const [owner, stranger, rivalOwner] = await Promise.all([signUp(server), signUp(server), signUp(server)]);
    const partnerId = await newPartner(owner);
    const rivalId = await newPartner(rivalOwner);
    expect(codeOf(await graphqlAs(server, stranger, MEMBERS, { partnerId }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, stranger, ADD, { partnerId, email: stranger.user.email, role: 'OWNER' }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, owner, REMOVE, { partnerId: rivalId, userId: String(rivalOwner.user.id) }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, owner, MEMBERS, { partnerId: 'not-an-id' }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, owner, REMOVE, { partnerId, userId: String(stranger.user.id) }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, null, MEMBERS, { partnerId }))).toBe('UNAUTHENTICATED');
  });
});
