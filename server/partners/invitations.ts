/**
 * Invitations to manage a partner (issue 16): an owner or admin invites a person who has no Hearth account
 * yet by their email, with the rules of adding a member (members.ts addPartnerMember: only an owner invites
 * an owner; at most MEMBERS_MAX members and pending invitations together). The invitation is mailed through
 * the outbox in the same transaction. Once an account proves it holds that address — the email verification
 * (accounts/routes.ts verifyEmail) or a Google sign-in whose email Google verified (accounts/oauth.ts) —
 * every pending, unexpired invitation for it becomes a membership (`acceptPartnerInvitations`). Expired and
 * revoked invitations never do.
 *
 * Inviting an address that has a pending invitation (expired or not) renews it: the new role, 14 more days,
 * and the mail again — the way to send a lost or expired invitation again. Every invitation, renewal,
 * revocation and acceptance is audited. Strangers get NOT_FOUND (admin.ts requirePartnerAdmin).
 */
import { partnerTexts } from '../../core/i18n/partners';
import { EMAIL_INVISIBLE_CHARACTERS, emailProblem, normalizeEmail } from '../accounts/email-address';
import { findUserByEmail, type UserRecord } from '../accounts/users';
import type { Database, Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import { publicUrl } from '../http/public-url';
import { queueMail } from '../mail/outbox';
import { keyPrincipalOf } from './key-principal';
import { auditActorOf, requirePartnerAdmin, writeAudit, type PartnerRole } from './admin';
import { MEMBERS_MAX, type MemberRole } from './members';

const t = partnerTexts.invitations;
const tm = partnerTexts.members;

/** How long an invitation may be accepted. */
export const INVITATION_DAYS = 14;
/** The hosted site's page with the Sign Up tab, where the mail's link goes. */
export const INVITATION_SIGN_UP_PATH = '/log-in';

export interface PartnerInvitation {
  id: number;
  email: string;
  role: MemberRole;
  /** Who sent it (first and last name, else their email); null once that account is gone. */
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}

interface InvitationRow {
  id: number;
  email: string;
  role: MemberRole;
  first_name: string | null;
  last_name: string | null;
  inviter_email: string | null;
  created_at: Date;
  expires_at: Date;
}

const personName = (first: string | null, last: string | null, email: string | null): string | null =>
  `${first ?? ''} ${last ?? ''}`.trim() || email;

const toInvitation = (r: InvitationRow): PartnerInvitation => ({
  id: Number(r.id),
  email: r.email,
  role: r.role,
  invitedBy: personName(r.first_name, r.last_name, r.inviter_email),
  createdAt: new Date(r.created_at),
  expiresAt: new Date(r.expires_at),
});

/** A pending invitation: neither accepted nor revoked (it may have expired). */
const PENDING = 'i.accepted_at IS NULL AND i.revoked_at IS NULL';

async function pendingInvitations(db: Queryable, partnerId: number): Promise<PartnerInvitation[]> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT i.id, i.email, i.role, u.first_name, u.last_name, u.email AS inviter_email, i.created_at, i.expires_at
       FROM partner_invitations i LEFT JOIN users u ON u.id = i.invited_by_user_id
      WHERE i.partner_id = $1 AND ${PENDING} AND i.expires_at > now()
      ORDER BY i.created_at, i.id
      LIMIT ${MEMBERS_MAX}`,
    [partnerId],
  );
  return rows.map(toInvitation);
}

/** Owners and admins plus unexpired pending invitations, `except` one invitation (the one being renewed). */
async function seatsTaken(tx: Queryable, partnerId: number, except: number | null): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM partner_members WHERE partner_id = $1)
          + (SELECT count(*) FROM partner_invitations i
              WHERE i.partner_id = $1 AND ${PENDING} AND i.expires_at > now() AND i.id IS DISTINCT FROM $2::bigint) AS n`,
    [partnerId, except],
  );
  return Number(rows[0]!.n);
}

/** Managing an owner's invitation takes an owner or a Hearth administrator (as for members). */
function requireMayManage(viewerRole: PartnerRole, role: MemberRole): void {
  if (role === 'owner' && viewerRole === 'admin') throw new DomainError('FORBIDDEN', tm.ownersOnly);
}

/** The address as invitations store it (NFKC, trimmed, like users.email); BAD_USER_INPUT on `email` when it cannot be one. */
function checkedEmail(email: string): string {
  const problem = emailProblem(email);
  if (problem) throw badInput(problem === EMAIL_INVISIBLE_CHARACTERS ? problem : tm.emailInvalid, 'email');
  return normalizeEmail(email);
}

/** A name as one line of the plain-text mail: line breaks, tabs and invisible characters become one space. */
const oneLine = (text: string) => text.replace(/[\p{C}\s]+/gu, ' ').trim();

const EXPIRY_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/**
 * Invites the person with this email (no Hearth account yet) to become an owner or admin; mails them the
 * invitation. Refused when the address has an account (Add it instead). An address already invited gets
 * its invitation renewed (role, expiry, mail). Answers the invitation.
 */
export async function invitePartnerMember(
  db: Database,
  user: UserRecord,
  partnerId: number,
  email: string,
  role: MemberRole,
  publicOrigin: string,
): Promise<PartnerInvitation> {
  const viewerRole = await requirePartnerAdmin(db, user, partnerId);
  requireMayManage(viewerRole, role);
  const address = checkedEmail(email);
  if (await findUserByEmail(db, address)) throw badInput(t.hasAccount, 'email');
  // An API key (no person) invites in nobody's name.
  const inviterId = keyPrincipalOf(user) ? null : user.id;
  return db.transaction(async (tx) => {
    const { rows: partners } = await tx.query<{ name: string }>('SELECT name FROM partners WHERE id = $1 FOR UPDATE', [partnerId]);
    const { rows: existing } = await tx.query<{ id: number; role: MemberRole }>(
      `SELECT i.id, i.role FROM partner_invitations i WHERE i.partner_id = $1 AND lower(i.email) = lower($2) AND ${PENDING} FOR UPDATE`,
      [partnerId, address],
    );
    const renewed = existing[0] ?? null;
    if (renewed) requireMayManage(viewerRole, renewed.role);
    if ((await seatsTaken(tx, partnerId, renewed ? Number(renewed.id) : null)) >= MEMBERS_MAX) throw badInput(tm.tooMany(MEMBERS_MAX), 'email');
    const { rows } = renewed
      ? await tx.query<{ id: number }>(
          `UPDATE partner_invitations
              SET role = $2, invited_by_user_id = $3, created_at = now(), expires_at = now() + interval '${INVITATION_DAYS} days'
            WHERE id = $1 RETURNING id`,
          [renewed.id, role, inviterId],
        )
      : await tx.query<{ id: number }>(
          `INSERT INTO partner_invitations (partner_id, email, role, invited_by_user_id, expires_at)
           VALUES ($1, $2, $3, $4, now() + interval '${INVITATION_DAYS} days') RETURNING id`,
          [partnerId, address, role, inviterId],
        );
    const id = Number(rows[0]!.id);
    const invitation = (await pendingInvitations(tx, partnerId)).find((i) => i.id === id)!;
    const partnerName = oneLine(partners[0]!.name);
    const inviter = keyPrincipalOf(user) ? partnerName : oneLine(personName(user.firstName, user.lastName, user.email) ?? user.email);
    await queueMail(tx, {
      to: address,
      // Sent in the partner's name (issue 35): the person is invited to manage it.
      senderName: partnerName,
      subject: t.mailSubject(partnerName),
      body: t.mailBody({
        partner: partnerName,
        inviter,
        role,
        email: address,
        link: publicUrl(INVITATION_SIGN_UP_PATH, publicOrigin),
        expires: `${EXPIRY_FORMAT.format(invitation.expiresAt)} UTC`,
      }),
    });
    await writeAudit(tx, partnerId, auditActorOf(user), renewed ? 'invitation.renewed' : 'invitation.sent', { email: address, role });
    return invitation;
  });
}

/** The partner's pending, unexpired invitations, oldest first. */
export async function partnerInvitations(db: Queryable, user: UserRecord, partnerId: number): Promise<PartnerInvitation[]> {
  await requirePartnerAdmin(db, user, partnerId);
  return pendingInvitations(db, partnerId);
}

/** Revokes one pending invitation (an owner's only by an owner); answers the pending invitations left. */
export async function revokePartnerInvitation(db: Database, user: UserRecord, partnerId: number, invitationId: number): Promise<PartnerInvitation[]> {
  const viewerRole = await requirePartnerAdmin(db, user, partnerId);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ email: string; role: MemberRole }>(
      `SELECT i.email, i.role FROM partner_invitations i WHERE i.id = $1 AND i.partner_id = $2 AND ${PENDING} FOR UPDATE`,
      [invitationId, partnerId],
    );
    const invitation = rows[0];
    if (!invitation) throw new DomainError('NOT_FOUND', t.notFound);
    requireMayManage(viewerRole, invitation.role);
    await tx.query('UPDATE partner_invitations SET revoked_at = now() WHERE id = $1', [invitationId]);
    await writeAudit(tx, partnerId, auditActorOf(user), 'invitation.revoked', { email: invitation.email, role: invitation.role });
    return pendingInvitations(tx, partnerId);
  });
}

/**
 * In the caller's transaction, once account `userId` has proven it holds `email` (verified it, or signed in
 * with Google, which verified it): every pending, unexpired invitation for that address becomes a
 * membership with its role, and is marked accepted (audited as the new member's doing). Nothing when the
 * account's email is not that address any more. An invitation whose partner is full (MEMBERS_MAX, counted
 * again here) stays pending; one for a partner the account already manages is accepted without a change of
 * role. Answers the partners joined.
 */
export async function acceptPartnerInvitations(tx: Queryable, userId: number, email: string): Promise<number[]> {
  const address = normalizeEmail(email);
  const { rows: users } = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1 AND lower(email) = lower($2)', [userId, address]);
  const account = users[0];
  if (!account || address === '') return [];
  const { rows: invitations } = await tx.query<{ id: number; partner_id: number; role: MemberRole }>(
    `SELECT i.id, i.partner_id, i.role FROM partner_invitations i
      WHERE lower(i.email) = lower($1) AND ${PENDING} AND i.expires_at > now()
      ORDER BY i.partner_id, i.id`,
    [address],
  );
  const joined: number[] = [];
  const actor = { kind: 'user' as const, user: { id: userId, email: account.email } };
  for (const invitation of invitations) {
    const partnerId = Number(invitation.partner_id);
    await tx.query('SELECT id FROM partners WHERE id = $1 FOR UPDATE', [partnerId]);
    const { rows: already } = await tx.query('SELECT 1 FROM partner_members WHERE partner_id = $1 AND user_id = $2', [partnerId, userId]);
    if (already.length === 0) {
      const { rows: count } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM partner_members WHERE partner_id = $1', [partnerId]);
      if (Number(count[0]!.n) >= MEMBERS_MAX) continue;
      await tx.query('INSERT INTO partner_members (partner_id, user_id, role) VALUES ($1, $2, $3)', [partnerId, userId, invitation.role]);
      joined.push(partnerId);
    }
    await tx.query('UPDATE partner_invitations SET accepted_at = now() WHERE id = $1', [invitation.id]);
    await writeAudit(tx, partnerId, actor, 'invitation.accepted', { email: account.email, role: invitation.role, added: already.length === 0 });
  }
  return joined;
}
