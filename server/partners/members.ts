/**
 * A partner's administrators (issue 16): its owners and admins (partner_members) add people who already
 * have a Hearth account by their email, list them with their roles, and remove them — never the last
 * owner. Only an owner (or a Hearth administrator) adds or removes an owner; an admin manages admins.
 * Every change is audited in its own transaction, which locks the partner's row so two removals cannot
 * leave it without an owner. Strangers get NOT_FOUND (admin.ts requirePartnerAdmin).
 */
import { partnerTexts } from '../../core/i18n/partners';
import { revokeAllCredentials } from '../accounts/tokens';
import { findUserByEmail, type UserRecord } from '../accounts/users';
import type { Database, Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import { auditActorOf, requirePartnerAdmin, writeAudit, type PartnerRole } from './admin';

const t = partnerTexts.members;

export type MemberRole = 'owner' | 'admin';
/** People one partner may have as owners and admins. */
export const MEMBERS_MAX = 50;
const EMAIL_MAX = 254;

export interface PartnerMember {
  userId: number;
  email: string;
  name: string;
  role: MemberRole;
  addedAt: Date;
}

interface MemberRow {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: MemberRole;
  created_at: Date;
}

const toMember = (r: MemberRow): PartnerMember => ({
  userId: Number(r.user_id),
  email: r.email,
  name: `${r.first_name} ${r.last_name}`.trim(),
  role: r.role,
  addedAt: new Date(r.created_at),
});

async function members(db: Queryable, partnerId: number): Promise<PartnerMember[]> {
  const { rows } = await db.query<MemberRow>(
    `SELECT m.user_id, u.email, u.first_name, u.last_name, m.role, m.created_at
       FROM partner_members m JOIN users u ON u.id = m.user_id
      WHERE m.partner_id = $1
      ORDER BY m.role = 'owner' DESC, m.created_at, m.user_id
      LIMIT ${MEMBERS_MAX}`,
    [partnerId],
  );
  return rows.map(toMember);
}

/** Owners first, then admins, each in the order they were added. */
export async function listPartnerMembers(db: Queryable, user: UserRecord, partnerId: number): Promise<PartnerMember[]> {
  await requirePartnerAdmin(db, user, partnerId);
  return members(db, partnerId);
}

/**
 * Issue 22: a membership change is a privilege change, so the member's credentials end (every device signs
 * in again). Not when members change themselves (only removing oneself is possible, which lowers a privilege
 * that every request reads afresh): they are not signed out by their own request (docs/security.md).
 */
async function rotateCredentials(tx: Queryable, actor: UserRecord, memberId: number): Promise<void> {
  if (actor.id !== memberId) await revokeAllCredentials(tx, memberId);
}

/** Managing an owner takes an owner or a Hearth administrator. */
function requireMayManage(viewerRole: PartnerRole, role: MemberRole): void {
  if (role === 'owner' && viewerRole === 'admin') throw new DomainError('FORBIDDEN', t.ownersOnly);
}

/** Adds the person with this email (an existing account) as an owner or admin; refused when already one. */
export async function addPartnerMember(db: Database, user: UserRecord, partnerId: number, email: string, role: MemberRole): Promise<PartnerMember> {
  const viewerRole = await requirePartnerAdmin(db, user, partnerId);
  requireMayManage(viewerRole, role);
  const address = email.trim();
  if (!address || address.length > EMAIL_MAX || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) throw badInput(t.emailInvalid, 'email');
  const person = await findUserByEmail(db, address);
  if (!person) throw badInput(t.noAccount, 'email');
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM partners WHERE id = $1 FOR UPDATE', [partnerId]);
    const current = await members(tx, partnerId);
    if (current.some((m) => m.userId === person.id)) throw badInput(t.alreadyMember, 'email');
    if (current.length >= MEMBERS_MAX) throw badInput(t.tooMany(MEMBERS_MAX), 'email');
    await tx.query(`INSERT INTO partner_members (partner_id, user_id, role) VALUES ($1, $2, $3)`, [partnerId, person.id, role]);
    await rotateCredentials(tx, user, person.id);
    await writeAudit(tx, partnerId, auditActorOf(user), 'member.added', { email: person.email, role });
    const added = (await members(tx, partnerId)).find((m) => m.userId === person.id);
    return added!;
  });
}

/** Removes one owner or admin (oneself included); never the last owner. Answers the members left. */
export async function removePartnerMember(db: Database, user: UserRecord, partnerId: number, userId: number): Promise<PartnerMember[]> {
  const viewerRole = await requirePartnerAdmin(db, user, partnerId);
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM partners WHERE id = $1 FOR UPDATE', [partnerId]);
    const current = await members(tx, partnerId);
    const member = current.find((m) => m.userId === userId);
    if (!member) throw new DomainError('NOT_FOUND', t.notAMember);
    requireMayManage(viewerRole, member.role);
    if (member.role === 'owner' && current.filter((m) => m.role === 'owner').length === 1) throw badInput(t.lastOwner, 'userId');
    await tx.query('DELETE FROM partner_members WHERE partner_id = $1 AND user_id = $2', [partnerId, userId]);
    await rotateCredentials(tx, user, userId);
    await writeAudit(tx, partnerId, auditActorOf(user), 'member.removed', { email: member.email, role: member.role });
    return current.filter((m) => m.userId !== userId);
  });
}
