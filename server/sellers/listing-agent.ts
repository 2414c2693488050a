/**
 * The listing agent of a seller case (issue 36): whose name, photo, phone and brokerage the case's flyers and
 * marketing materials carry.
 *
 * Who may be a case's listing agent (its candidates): the partner's members (partner_members: owners and admins)
 * who are agents — users.agent (their own "I am an agent" setting) or users.is_company_agent — and the seller
 * themselves when they are a licensed agent (users.agent). Deleted accounts never.
 *
 * The default (application_cases.listing_agent_user_id null): the seller when they are a licensed agent (an agent
 * selling their own home lists it), else the partner's longest-standing agent member, owners first. Reading the
 * default at read time rather than writing it when the case is made means every case — however it was made, and
 * those made before the partner had an agent — has one as soon as one exists. An assigned agent who is no longer
 * a candidate (left the partner, stopped being an agent) falls back to the default. Without any candidate the
 * partner signs the materials (server/marketing/marketing.ts brandingOf).
 *
 * Who may change it: the partner's staff — its owners and admins (partner_members, from any site: the console), a
 * Hearth administrator, and case staff (documents.ts isCaseStaff) on the partner's own site — never the seller (FORBIDDEN: they see the
 * case), never anyone else (NOT_FOUND, like a case that does not exist).
 */
import type { UserRecord } from '../accounts/users';
import type { Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import { findCase, isCaseStaff, type DocumentCase } from '../documents/documents';
import { partnerRole } from '../partners/admin';
import { isSellerType } from './sellers';
import { marketingTexts } from '../../core/i18n/marketing';

const t = marketingTexts.listingAgent;

export interface ListingAgent {
  userId: number;
  name: string;
  /** E.164, or '' when the agent has none. */
  phone: string;
  /** The agent's photo URL as stored (relative to our origin or absolute), or null. */
  image: string | null;
  /** The seller of the case is this agent. */
  isSeller: boolean;
}

/** Candidates at most: a partner's members are at most 50 (partners/members.ts), plus the seller. */
export const CANDIDATES_MAX = 60;

interface AgentRow {
  id: number | string;
  first_name: string;
  last_name: string;
  phone: string;
  image: string | null;
  is_seller: boolean;
}

/** Who may be the listing agent of a case of `partnerId` sold by `sellerUserId`, the default first. */
export async function listingAgentCandidates(db: Queryable, partnerId: number, sellerUserId: number): Promise<ListingAgent[]> {
  const { rows } = await db.query<AgentRow>(
    `SELECT u.id, u.first_name, u.last_name, u.phone, u.image, (u.id = $2) AS is_seller
       FROM users u LEFT JOIN partner_members m ON m.partner_id = $1 AND m.user_id = u.id
      WHERE u.deleted_at IS NULL
        AND ((u.id = $2 AND u.agent) OR (m.user_id IS NOT NULL AND (u.agent OR u.is_company_agent)))
      ORDER BY (u.id = $2) DESC, m.role = 'owner' DESC, m.created_at, u.id
      LIMIT ${CANDIDATES_MAX}`,
    [partnerId, sellerUserId],
  );
  return rows.map((r) => ({
    userId: Number(r.id),
    name: `${r.first_name} ${r.last_name}`.trim(),
    phone: r.phone ?? '',
    image: r.image || null,
    isSeller: Boolean(r.is_seller),
  }));
}

/** The case's listing agent: the assigned one while still a candidate, else the default; null without candidates. */
export async function listingAgentOfCase(db: Queryable, c: Pick<DocumentCase, 'id' | 'partnerId' | 'ownerUserId'>): Promise<ListingAgent | null> {
  const [candidates, assigned] = await Promise.all([listingAgentCandidates(db, c.partnerId, c.ownerUserId), assignedAgentId(db, c.id)]);
  return candidates.find((a) => a.userId === assigned) ?? candidates[0] ?? null;
}

async function assignedAgentId(db: Queryable, caseId: number): Promise<number | null> {
  const { rows } = await db.query<{ listing_agent_user_id: string | number | null }>('SELECT listing_agent_user_id FROM application_cases WHERE id = $1', [caseId]);
  const id = rows[0]?.listing_agent_user_id;
  return id === null || id === undefined ? null : Number(id);
}

export interface ListingAgentCaller {
  user: UserRecord;
  partnerId: number;
}

/** Whether the caller is the staff of the case's partner (may change its listing agent): case staff on its site, its members anywhere (the console). */
export async function mayChangeListingAgent(db: Queryable, c: Pick<DocumentCase, 'partnerId'>, caller: ListingAgentCaller): Promise<boolean> {
  if (c.partnerId === caller.partnerId && isCaseStaff(caller.user)) return true;
  return (await partnerRole(db, caller.user, c.partnerId)) !== null;
}

const caseNotFound = () => new DomainError('NOT_FOUND', marketingTexts.caseNotFound);

/** A seller case the caller may see (its seller, as marketing.ts marketableCase, or its partner's staff on its site); else NOT_FOUND. */
export async function listingAgentCase(db: Queryable, caseId: number, caller: ListingAgentCaller): Promise<{ case: DocumentCase; mayChange: boolean }> {
  const c = await findCase(db, caseId);
  if (!c || !isSellerType(c.applicationType.slugId)) throw caseNotFound();
  const mayChange = await mayChangeListingAgent(db, c, caller);
  if (!mayChange && c.ownerUserId !== caller.user.id) throw caseNotFound();
  return { case: c, mayChange };
}

/**
 * Assigns the case's listing agent (`agentUserId` one of its candidates; null: back to the default) and answers
 * the agent it now has. The seller gets FORBIDDEN; anyone else NOT_FOUND; a user who is not a candidate a refusal
 * naming `agentUserId`.
 */
export async function setListingAgent(db: Queryable, caller: ListingAgentCaller, caseId: number, agentUserId: number | null): Promise<ListingAgent | null> {
  const { case: c, mayChange } = await listingAgentCase(db, caseId, caller);
  if (!mayChange) throw new DomainError('FORBIDDEN', t.staffOnly);
  if (agentUserId !== null) {
    const candidates = await listingAgentCandidates(db, c.partnerId, c.ownerUserId);
    if (!candidates.some((a) => a.userId === agentUserId)) throw badInput(t.notACandidate, 'agentUserId');
  }
  await db.query('UPDATE application_cases SET listing_agent_user_id = $2 WHERE id = $1', [c.id, agentUserId]);
  return listingAgentOfCase(db, c);
}
