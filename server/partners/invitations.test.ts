/**
 * Invitations to manage a partner (invitations.ts): mailed through the outbox, accepted when an account
 * proves it holds the address (email verification, Google sign-in with a verified email), never when
 * expired or revoked; the rules of adding a member (owners invite owners, the limit, strangers NOT_FOUND);
 * hostile addresses refused; inviting again renews; everything audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerTexts } from '../../core/i18n/partners';
import type { RunningServer } from '../app';
import { freshEmail, linkIn, outbox, signUp, type SignedUp } from '../accounts/testing';
import { EMAIL_INVISIBLE_CHARACTERS } from '../accounts/email-address';
import { issueCredential } from '../accounts/tokens';
import { insertUser } from '../accounts/users';
import { codeOf, graphqlAs } from '../testing/graphql';
import { signUpTestPartner } from '../testing/partner';
import { startFakeGoogle, type FakeGoogle } from '../testing/fake-google';
import { engineName, startTestServer } from '../testing/test-server';
import { INVITATION_DAYS } from './invitations';
import { MEMBERS_MAX } from './members';

const t = partnerTexts.invitations;
const tm = partnerTexts.members;
let server: RunningServer;

const INVITATION_FIELDS = 'id email role invitedBy createdAt expiresAt';
const INVITE = `mutation ($partnerId: ID!, $email: String!, $role: PartnerMemberRole!) { invitePartnerMember(partnerId: $partnerId, email: $email, role: $role) { ${INVITATION_FIELDS} } }`;
const INVITATIONS = `query ($partnerId: ID!) { partnerInvitations(partnerId: $partnerId) { ${INVITATION_FIELDS} } }`;
const REVOKE = `mutation ($partnerId: ID!, $invitationId: ID!) { revokePartnerInvitation(partnerId: $partnerId, invitationId: $invitationId) { ${INVITATION_FIELDS} } }`;
const MEMBERS = 'query ($partnerId: ID!) { partnerMembers(partnerId: $partnerId) { userId email role } }';
const ADD = 'mutation ($partnerId: ID!, $email: String!, $role: PartnerMemberRole!) { addPartnerMember(partnerId: $partnerId, email: $email, role: $role) { userId } }';

interface Invitation {
  id: string;
  email: string;
  role: 'OWNER' | 'ADMIN';
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
}

let google: FakeGoogle;

beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestServer({ trustProxy: true });
});
afterAll(async () => {
  await server?.close();
  await google?.close();
});

/** Signs in with Google as `email` (verified by Google, or not); answers the API token, or null when refused. */
async function googleSignIn(email: string, emailVerified = true): Promise<string | null> {
  const start = await fetch(`${server.url}/login/google-oauth2/?origin=${encodeURIComponent(server.url)}`, { redirect: 'manual' });
  const location = new URL(start.headers.get('location')!);
  const cookie = start.headers.getSetCookie().find((c) => c.startsWith('hearth_oauth='))!.split(';')[0]!;
  const code = google.approve(location, { sub: `google-${email}`, email, email_verified: emailVerified, given_name: 'Gina', family_name: 'Google' });
  const params = new URLSearchParams({ code, state: location.searchParams.get('state')! });
  const html = await (await fetch(`${server.url}/login/google-oauth2/callback?${params}`, { headers: { Cookie: cookie } })).text();
  return /"token":"([^"]+)"/.exec(html)?.[1] ?? null;
}

async function newPartner(owner: SignedUp, name = 'Invite Homes'): Promise<string> {
  return (await signUpTestPartner(server, owner, name)).id;
}

async function invite(who: SignedUp, partnerId: string, email: string, role: 'OWNER' | 'ADMIN' = 'ADMIN'): Promise<Invitation> {
  const result = await graphqlAs(server, who, INVITE, { partnerId, email, role });
  if (!result.data?.invitePartnerMember) throw new Error(`invite failed: ${JSON.stringify(result.errors)}`);
  return result.data.invitePartnerMember as Invitation;
}

const pending = async (who: SignedUp, partnerId: string) => (await graphqlAs(server, who, INVITATIONS, { partnerId })).data!.partnerInvitations as Invitation[];
const members = async (who: SignedUp, partnerId: string) =>
  ((await graphqlAs(server, who, MEMBERS, { partnerId })).data!.partnerMembers as { email: string; role: string }[]).map((m) => [m.email, m.role]);

/** Signs `email` up and opens the verification link of its mail; answers the account (signed in again after). */
async function signUpAndVerify(email: string): Promise<SignedUp> {
  const person = await signUp(server, email);
  const mails = await outbox(server, person.user.email);
  const link = linkIn(mails.find((m) => m.subject === 'Confirm your email address')!.body, `${server.url}/v1/api/verify-email/`);
  expect((await fetch(link)).status).toBe(200);
  // A membership ends no credential of the person's own (they did it), but sign in afresh like the members tests.
  person.token = (await issueCredential(server.db, person.user.id, 'token')).secret;
  return person;
}

const auditOf = async (partnerId: string) =>
  (
    await server.db.query<{ action: string; actor: string; changes: Record<string, unknown> }>(
      `SELECT action, actor, changes FROM partner_audit WHERE partner_id = $1 AND action LIKE 'invitation.%' ORDER BY id`,
      [partnerId],
    )
  ).rows;

describe(`partner invitations (${engineName()})`, () => {
  it('an owner invites a new address: mailed with the partner, the inviter, the role and the sign-up link; accepted when that address signs up and confirms it', async () => {
    const owner = await signUp(server);
    const partnerId = await newPartner(owner, 'Invite Homes & Co <b>\r\nClick\u202e http://evil.example');
    const email = freshEmail('invitee');
    const invitation = await invite(owner, partnerId, `  ${email.toUpperCase()} `, 'ADMIN');
    expect(invitation).toMatchObject({ email: email.toUpperCase(), role: 'ADMIN', invitedBy: 'Ada Lovelace' });
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(INVITATION_DAYS, 3);
    expect(await pending(owner, partnerId)).toEqual([invitation]);

    const [mail, ...more] = await outbox(server, email.toUpperCase());
    expect(more).toEqual([]);
    // The partner's name on one line: it cannot start lines (a fake link) of its own in the mail.
    const partnerName = 'Invite Homes & Co <b> Click http://evil.example';
    expect(mail!.subject).toBe(t.mailSubject(partnerName));
    expect(mail!.body).toContain(`Ada Lovelace invited you to be an admin of ${partnerName}.`);
    expect(mail!.body.split('\n').filter((line) => line.startsWith('http'))).toEqual([`${server.url}/log-in`]);
    expect(mail!.body).toContain(`create an account with this address, ${email.toUpperCase()}, and confirm it`);
    expect(linkIn(mail!.body, 'http')).toBe(`${server.url}/log-in`);

    // Signed up but not yet confirmed: nothing yet.
    const person = await signUp(server, email);
    expect(codeOf(await graphqlAs(server, person, MEMBERS, { partnerId }))).toBe('NOT_FOUND');
    const verify = linkIn((await outbox(server, email)).find((m) => m.subject === 'Confirm your email address')!.body, `${server.url}/v1/api/verify-email/`);
    expect((await fetch(verify)).status).toBe(200);
    expect(await members(person, partnerId)).toEqual([
      [owner.user.email, 'OWNER'],
      [email, 'ADMIN'],
    ]);
    expect(await pending(owner, partnerId)).toEqual([]);
    // The link again: already used; nothing changes.
    expect((await fetch(verify)).status).toBe(400);

    expect(await auditOf(partnerId)).toEqual([
      { action: 'invitation.sent', actor: owner.user.email, changes: { email: email.toUpperCase(), role: 'admin' } },
      { action: 'invitation.accepted', actor: email, changes: { email, role: 'admin', added: true } },
    ]);
  });

  it('a different address, an expired and a revoked invitation make nobody a member', async () => {
    const owner = await signUp(server);
    const partnerId = await newPartner(owner);
    const invited = freshEmail('invited');
    await invite(owner, partnerId, invited);

    const other = await signUpAndVerify(freshEmail('other'));
    expect(codeOf(await graphqlAs(server, other, MEMBERS, { partnerId }))).toBe('NOT_FOUND');
    expect((await pending(owner, partnerId)).map((i) => i.email)).toEqual([invited]);

    // Expired: not listed, not accepted.
    await server.db.query(`UPDATE partner_invitations SET expires_at = now() - interval '1 minute' WHERE lower(email) = lower($1)`, [invited]);
    expect(await pending(owner, partnerId)).toEqual([]);
    const late = await signUpAndVerify(invited);
    expect(codeOf(await graphqlAs(server, late, MEMBERS, { partnerId }))).toBe('NOT_FOUND');

    // Revoked: not accepted.
    const revokedEmail = freshEmail('revoked');
    const revoked = await invite(owner, partnerId, revokedEmail, 'OWNER');
    const left = await graphqlAs(server, owner, REVOKE, { partnerId, invitationId: revoked.id });
    expect(left.errors).toBeUndefined();
    expect(left.data!.revokePartnerInvitation).toEqual([]);
    expect(codeOf(await graphqlAs(server, owner, REVOKE, { partnerId, invitationId: revoked.id }))).toBe('NOT_FOUND');
    const refused = await signUpAndVerify(revokedEmail);
    expect(codeOf(await graphqlAs(server, refused, MEMBERS, { partnerId }))).toBe('NOT_FOUND');

    expect(await members(owner, partnerId)).toEqual([[owner.user.email, 'OWNER']]);
    expect((await auditOf(partnerId)).map((r) => r.action)).toEqual(['invitation.sent', 'invitation.sent', 'invitation.revoked']);
  });

  it('inviting an address again renews its invitation (role, expiry, mail); an address with an account is refused with a pointer to Add', async () => {
    const owner = await signUp(server);
    const partnerId = await newPartner(owner);
    const email = freshEmail('again');
    const first = await invite(owner, partnerId, email, 'ADMIN');
    await server.db.query(`UPDATE partner_invitations SET expires_at = now() - interval '1 day', created_at = now() - interval '15 days' WHERE id = $1`, [first.id]);
    const second = await invite(owner, partnerId, email, 'OWNER');
    expect(second.id).toBe(first.id);
    expect(second.role).toBe('OWNER');
    expect(Date.parse(second.expiresAt)).toBeGreaterThan(Date.now() + (INVITATION_DAYS - 1) * 86_400_000);
    expect(await pending(owner, partnerId)).toEqual([second]);
    expect((await outbox(server, email)).length).toBe(2);
    expect((await auditOf(partnerId)).map((r) => [r.action, r.changes.role])).toEqual([
      ['invitation.sent', 'admin'],
      ['invitation.renewed', 'owner'],
    ]);

    const person = await signUpAndVerify(email);
    expect(await members(person, partnerId)).toEqual([
      [owner.user.email, 'OWNER'],
      [email, 'OWNER'],
    ]);
    const hasAccount = await graphqlAs(server, owner, INVITE, { partnerId, email: person.user.email, role: 'ADMIN' });
    expect(hasAccount.errors![0]).toMatchObject({ message: t.hasAccount, extensions: { code: 'BAD_USER_INPUT', argumentName: 'email' } });
  });

  it('admins invite admins but not owners, and cannot revoke an owner’s invitation; strangers, forged ids and visitors are refused', async () => {
    const [owner, admin, stranger, rivalOwner] = await Promise.all([signUp(server), signUp(server), signUp(server), signUp(server)]);
    const partnerId = await newPartner(owner);
    const rivalId = await newPartner(rivalOwner);
    await graphqlAs(server, owner, ADD, { partnerId, email: admin.user.email, role: 'ADMIN' });
    admin.token = (await issueCredential(server.db, admin.user.id, 'token')).secret;

    const ownerByAdmin = await graphqlAs(server, admin, INVITE, { partnerId, email: freshEmail('x'), role: 'OWNER' });
    expect(ownerByAdmin.errors![0]).toMatchObject({ message: tm.ownersOnly, extensions: { code: 'FORBIDDEN' } });
    const adminInvite = await invite(admin, partnerId, freshEmail('by-admin'), 'ADMIN');
    expect(adminInvite.invitedBy).toBe('Ada Lovelace');
    const ownerInvite = await invite(owner, partnerId, freshEmail('future-owner'), 'OWNER');
    expect(codeOf(await graphqlAs(server, admin, REVOKE, { partnerId, invitationId: ownerInvite.id }))).toBe('FORBIDDEN');
    // Renewing an owner's invitation as an admin (even as admin) is managing an owner: refused.
    expect(codeOf(await graphqlAs(server, admin, INVITE, { partnerId, email: ownerInvite.email, role: 'ADMIN' }))).toBe('FORBIDDEN');
    expect((await graphqlAs(server, admin, REVOKE, { partnerId, invitationId: adminInvite.id })).data!.revokePartnerInvitation).toEqual([ownerInvite]);

    const rivalInvite = await invite(rivalOwner, rivalId, freshEmail('rival'));
    for (const [who, query, variables] of [
      [stranger, INVITATIONS, { partnerId }],
      [stranger, INVITE, { partnerId, email: freshEmail('s'), role: 'ADMIN' }],
      [stranger, REVOKE, { partnerId, invitationId: ownerInvite.id }],
      [owner, REVOKE, { partnerId: rivalId, invitationId: rivalInvite.id }],
      [owner, REVOKE, { partnerId, invitationId: rivalInvite.id }],
      [owner, REVOKE, { partnerId, invitationId: 'not-an-id' }],
      [owner, INVITATIONS, { partnerId: '99999999999' }],
      [owner, INVITE, { partnerId: '-1', email: freshEmail('f'), role: 'ADMIN' }],
    ] as const) {
      expect(codeOf(await graphqlAs(server, who, query, variables))).toBe('NOT_FOUND');
    }
    expect(codeOf(await graphqlAs(server, null, INVITATIONS, { partnerId }))).toBe('UNAUTHENTICATED');
    expect(await pending(rivalOwner, rivalId)).toEqual([rivalInvite]);
  });

  it('hostile and malformed addresses are refused on the email argument; fullwidth letters fold, and case does not matter', async () => {
    const owner = await signUp(server);
    const partnerId = await newPartner(owner);
    const refusals: [string, string][] = [
      ['', tm.emailInvalid],
      ['<script>@', tm.emailInvalid],
      ['a@b.c', tm.emailInvalid],
      ['evil@example.com\r\nBcc: victim@example.com', EMAIL_INVISIBLE_CHARACTERS],
      ['two words@example.com', tm.emailInvalid],
      [`zero\u200bwidth@example.com`, EMAIL_INVISIBLE_CHARACTERS],
      [`rtl\u202e@example.com`, EMAIL_INVISIBLE_CHARACTERS],
      [`${'x'.repeat(250)}@example.com`, tm.emailInvalid],
      [`${'x'.repeat(400)}@example.com`, 'An email has at most 320 characters.'],
    ];
    for (const [email, message] of refusals) {
      const result = await graphqlAs(server, owner, INVITE, { partnerId, email, role: 'ADMIN' });
      expect(result.errors?.[0], JSON.stringify(email)).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', argumentName: 'email' } });
    }
    expect(await pending(owner, partnerId)).toEqual([]);
    const { rows } = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE body LIKE '%Bcc%' OR to_address LIKE '%script%'`);
    expect(rows[0]!.n).toBe(0);

    // Fullwidth letters are stored in their NFKC form; an account typed in another case accepts it.
    const local = `wide${process.pid}${Date.now()}`;
    const fullwidth = [...local].map((c) => (/[a-z]/.test(c) ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');
    const stored = await invite(owner, partnerId, `${fullwidth}@Example.com`);
    expect(stored.email).toBe(`${local}@Example.com`);
    const person = await signUpAndVerify(`${local.toUpperCase()}@example.COM`);
    expect((await members(person, partnerId)).map(([, role]) => role)).toEqual(['OWNER', 'ADMIN']);
  });

  it(`counts members and pending invitations against the limit of ${MEMBERS_MAX}, and again when one is accepted`, async () => {
    const owner = await signUp(server);
    const partnerId = await newPartner(owner);
    const email = freshEmail('limit');
    const kept = await invite(owner, partnerId, email);
    // 1 owner + 1 invitation; fill the rest with pending invitations.
    await server.db.query(
      `INSERT INTO partner_invitations (partner_id, email, role) SELECT $1, 'filler' || n || '@example.com', 'admin' FROM generate_series(1, $2::int) AS n`,
      [partnerId, MEMBERS_MAX - 2],
    );
    const full = await graphqlAs(server, owner, INVITE, { partnerId, email: freshEmail('one-more'), role: 'ADMIN' });
    expect(full.errors![0]).toMatchObject({ message: tm.tooMany(MEMBERS_MAX), extensions: { argumentName: 'email' } });
    // Renewing one already counted is no new seat.
    expect((await invite(owner, partnerId, email)).id).toBe(kept.id);
    // An expired invitation frees its seat.
    await server.db.query(`UPDATE partner_invitations SET expires_at = now() - interval '1 minute' WHERE email = 'filler1@example.com' AND partner_id = $1`, [partnerId]);
    await invite(owner, partnerId, freshEmail('freed'));

    // Members added meanwhile (Add counts members only) fill the partner: the invitation stays pending.
    await server.db.query(`DELETE FROM partner_invitations WHERE partner_id = $1 AND email LIKE 'filler%'`, [partnerId]);
    // The owner and MEMBERS_MAX - 1 admins.
    for (let n = 1; n < MEMBERS_MAX; n++) {
      const user = (await insertUser(server.db, { email: freshEmail('seat'), passwordHash: null, firstName: 'Seat', lastName: String(n) }))!;
      await server.db.query(`INSERT INTO partner_members (partner_id, user_id, role) VALUES ($1, $2, 'admin')`, [partnerId, user.id]);
    }
    const late = await signUpAndVerify(email);
    expect(codeOf(await graphqlAs(server, late, MEMBERS, { partnerId }))).toBe('NOT_FOUND');
    expect((await pending(owner, partnerId)).map((i) => i.email)).toContain(email);
  });

  it('a Google sign-in with the verified invited address accepts it; an unverified Google email does not', async () => {
    const owner = await signUp(server);
    const partnerId = await newPartner(owner);
    const email = freshEmail('google');
    await invite(owner, partnerId, email, 'OWNER');
    expect(await googleSignIn(email, false)).toBeNull();
    expect(await pending(owner, partnerId)).toHaveLength(1);

    const token = await googleSignIn(email);
    expect(token).toBeTruthy();
    expect(await members({ token: token! } as SignedUp, partnerId)).toEqual([
      [owner.user.email, 'OWNER'],
      [email, 'OWNER'],
    ]);
    expect((await auditOf(partnerId)).map((r) => [r.action, r.actor])).toEqual([
      ['invitation.sent', owner.user.email],
      ['invitation.accepted', email],
    ]);
  });
});
