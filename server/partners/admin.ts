/**
 * Partner administration (issue 16): who administers which partner (partner_members: owner, admin; every
 * Hearth administrator, users.is_superuser, administers them all), signing up and creating partners, and
 * the audit trail every change writes in its own transaction. Strangers get NOT_FOUND, exactly like
 * partner ids that do not exist.
 */
import { partnerTexts as t } from '../../core/i18n/partners';
import { UNBRANDED } from '../../core/config/brand-fields';
import { DEFAULT_APP_CONTEXT, type AppContext } from '../../core/config/schema';
import { findUserByEmail, type UserRecord } from '../accounts/users';
import type { Database, Queryable } from '../db';
import { requireRoom } from '../db/count-limit';
import { badInput, DomainError } from '../domain-error';
import { keyAllows, keyPrincipalOf } from './key-principal';
import { DEFAULT_PARTNER_SLUG, PARTNER_SLUG } from './repository';

export type PartnerRole = 'owner' | 'admin' | 'administrator';

/** A partner as its administrators list it. */
export interface PartnerSummary {
  id: number;
  slug: string;
  name: string;
  role: PartnerRole;
}

/** Who made a change: a user, an API key of the partner, or the command line (server/partners/admin-cli.ts). */
export type AuditActor =
  | { kind: 'user'; user: Pick<UserRecord, 'id' | 'email'> }
  | { kind: 'key'; keyId: number | null; prefix: string }
  | { kind: 'cli' };

export interface AuditEntry {
  id: number;
  actor: string;
  action: string;
  changes: Record<string, unknown>;
  at: Date;
}

/** Slugs a partner may not take: they read as something else in a URL or a snippet. */
const RESERVED_SLUGS = new Set([DEFAULT_PARTNER_SLUG, 'admin', 'api', 'www', 'hearth', 'static', 'cdn', 'media', 'account', 'null', 'undefined']);
/** Sign-ups one person may make (administrators create as many as they like). */
export const MAX_PARTNERS_PER_USER = 5;
const NAME_MAX = 200;

const notFound = () => new DomainError('NOT_FOUND', 'Partner not found.');

// ---------------------------------------------------------------------------------------------------
// Membership

/** What `user` is to partner `partnerId`, or null (also when the partner does not exist). */
export async function partnerRole(db: Queryable, user: Pick<UserRecord, 'id' | 'isSuperuser'>, partnerId: number): Promise<PartnerRole | null> {
  // An API key (graphql-keys.ts) administers its own partner with the admin scope, and nothing else.
  if (keyPrincipalOf(user)) return keyAllows(user, partnerId, 'admin') ? 'admin' : null;
  const { rows } = await db.query<{ role: 'owner' | 'admin' | null }>(
    `SELECT m.role FROM partners p LEFT JOIN partner_members m ON m.partner_id = p.id AND m.user_id = $2 WHERE p.id = $1`,
    [partnerId, user.id],
  );
  if (!rows[0]) return null;
  if (user.isSuperuser) return 'administrator';
  return rows[0].role;
}

/** The viewer's role on the partner; NOT_FOUND for strangers and for partners that do not exist. */
export async function requirePartnerAdmin(db: Queryable, user: Pick<UserRecord, 'id' | 'isSuperuser'>, partnerId: number): Promise<PartnerRole> {
  const role = await partnerRole(db, user, partnerId);
  if (!role) throw notFound();
  return role;
}

/** FORBIDDEN unless `user` is a Hearth administrator. */
export function requireAdministrator(user: Pick<UserRecord, 'isSuperuser'>): void {
  if (!user.isSuperuser) throw new DomainError('FORBIDDEN', t.administratorsOnly);
}

/** The partners `user` administers, by name; every partner for a Hearth administrator. */
export async function listMyPartners(db: Queryable, user: Pick<UserRecord, 'id' | 'isSuperuser'>): Promise<PartnerSummary[]> {
  const { rows } = await db.query<{ id: number; slug: string; name: string; role: 'owner' | 'admin' | null }>(
    user.isSuperuser
      ? `SELECT p.id, p.slug, p.name, m.role FROM partners p LEFT JOIN partner_members m ON m.partner_id = p.id AND m.user_id = $1
          ORDER BY m.role IS NULL, lower(p.name), p.id LIMIT 200`
      : `SELECT p.id, p.slug, p.name, m.role FROM partners p JOIN partner_members m ON m.partner_id = p.id AND m.user_id = $1
          ORDER BY lower(p.name), p.id LIMIT 200`,
    [user.id],
  );
  return rows.map((r) => ({ id: Number(r.id), slug: r.slug, name: r.name, role: user.isSuperuser ? 'administrator' : r.role! }));
}

// ---------------------------------------------------------------------------------------------------
// Audit

/** Who `user` is in the audit: the person, or the API key a request came with. */
export function auditActorOf(user: UserRecord): AuditActor {
  const key = keyPrincipalOf(user);
  return key ? { kind: 'key', keyId: key.keyId, prefix: key.prefix } : { kind: 'user', user };
}

export function actorLabel(actor: AuditActor): string {
  if (actor.kind === 'user') return actor.user.email;
  if (actor.kind === 'key') return `API key ${actor.prefix}…`;
  return 'command line';
}

/** One audit row, in the caller's transaction. */
export async function writeAudit(
  tx: Queryable,
  partnerId: number,
  actor: AuditActor,
  action: string,
  changes: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `INSERT INTO partner_audit (partner_id, user_id, api_key_id, actor, action, changes) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [
      partnerId,
      actor.kind === 'user' ? actor.user.id : null,
      actor.kind === 'key' ? actor.keyId : null,
      actorLabel(actor).slice(0, 300),
      action,
      JSON.stringify(changes),
    ],
  );
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `after` for the next page; null on the last page. */
  endCursor: string | null;
  hasNextPage: boolean;
}

export const AUDIT_PAGE_MAX = 100;

/** The partner's audit trail, newest first, `first` entries after the cursor `after` (an entry id). */
export async function partnerAuditPage(
  db: Queryable,
  user: Pick<UserRecord, 'id' | 'isSuperuser'>,
  partnerId: number,
  first: number,
  after: string | null,
): Promise<AuditPage> {
  await requirePartnerAdmin(db, user, partnerId);
  if (!Number.isInteger(first) || first < 1 || first > AUDIT_PAGE_MAX) throw badInput(`first must be between 1 and ${AUDIT_PAGE_MAX}.`, 'first');
  if (after !== null && !/^[1-9][0-9]{0,15}$/.test(after)) throw badInput('after must be a cursor from an earlier page.', 'after');
  const { rows } = await db.query<{ id: number; actor: string; action: string; changes: Record<string, unknown>; at: Date }>(
    `SELECT id, actor, action, changes, at FROM partner_audit
      WHERE partner_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
      ORDER BY id DESC LIMIT $3`,
    [partnerId, after, first + 1],
  );
  const entries = rows.slice(0, first).map((r) => ({ ...r, id: Number(r.id) }));
  const hasNextPage = rows.length > first;
  return { entries, hasNextPage, endCursor: hasNextPage ? String(entries.at(-1)!.id) : null };
}

// ---------------------------------------------------------------------------------------------------
// Sign-up and creation

export interface NewPartner {
  slug: string;
  name: string;
}

function checkNewPartner(input: NewPartner, administrator: boolean): NewPartner {
  const slug = input.slug.trim().toLowerCase();
  if (!PARTNER_SLUG.test(slug)) throw badInput(t.slugInvalid, 'slug');
  if (!administrator && RESERVED_SLUGS.has(slug)) throw badInput(t.slugReserved, 'slug');
  const name = input.name.trim();
  if (name.length === 0 || name.length > NAME_MAX) throw badInput(t.nameRequired, 'name');
  return { slug, name };
}

/** A new partner's context: its name everywhere, none of our brand's numbers or addresses, the "powered by" line shown, the owner as its agent. */
function initialContext(name: string, owner: Pick<UserRecord, 'email' | 'firstName' | 'lastName'> | null): AppContext {
  const agentName = owner ? `${owner.firstName} ${owner.lastName}`.trim() : '';
  return {
    ...DEFAULT_APP_CONTEXT,
    ...UNBRANDED,
    partner: { ...DEFAULT_APP_CONTEXT.partner, name },
    appName: name,
    websiteName: name,
    showPoweredBy: true,
    ...(owner ? { agentName: agentName || null, agentEmail: owner.email } : {}),
  };
}

async function insertPartner(
  tx: Queryable,
  input: NewPartner,
  owner: Pick<UserRecord, 'id' | 'email' | 'firstName' | 'lastName'> | null,
  actor: AuditActor,
): Promise<PartnerSummary> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO partners (slug, name, app_context) VALUES ($1, $2, $3::jsonb) ON CONFLICT (slug) DO NOTHING RETURNING id`,
    [input.slug, input.name, JSON.stringify(initialContext(input.name, owner))],
  );
  if (!rows[0]) throw badInput(t.slugTaken, 'slug');
  const id = Number(rows[0].id);
  if (owner) await tx.query(`INSERT INTO partner_members (partner_id, user_id, role) VALUES ($1, $2, 'owner')`, [id, owner.id]);
  await writeAudit(tx, id, actor, 'partner.created', { slug: input.slug, name: input.name, owner: owner?.email ?? null });
  return { id, slug: input.slug, name: input.name, role: 'owner' };
}

/** A signed-in user signs up a partner and becomes its owner. */
export async function signUpPartner(db: Database, user: UserRecord, input: NewPartner): Promise<PartnerSummary> {
  const checked = checkNewPartner(input, user.isSuperuser);
  return db.transaction(async (tx) => {
    if (!user.isSuperuser) {
      await requireRoom(tx, {
        owner: { table: 'users', id: user.id },
        count: `SELECT count(*)::int AS n FROM partner_members WHERE user_id = $1 AND role = 'owner'`,
        params: [user.id],
        max: MAX_PARTNERS_PER_USER,
        refusal: () => new DomainError('FORBIDDEN', t.tooManyPartners),
      });
    }
    return insertPartner(tx, checked, user, { kind: 'user', user });
  });
}

/**
 * An administrator (or the command line: `actor` cli) creates a partner, optionally owned by the account
 * with `ownerEmail`.
 */
export async function createPartner(
  db: Database,
  actor: { kind: 'user'; user: UserRecord } | { kind: 'cli' },
  input: NewPartner & { ownerEmail?: string | null },
): Promise<PartnerSummary> {
  if (actor.kind === 'user') requireAdministrator(actor.user);
  const checked = checkNewPartner(input, true);
  const owner = input.ownerEmail ? await findUserByEmail(db, input.ownerEmail) : null;
  if (input.ownerEmail && !owner) throw badInput(t.ownerUnknown, 'ownerEmail');
  const summary = await db.transaction((tx) => insertPartner(tx, checked, owner, actor));
  return { ...summary, role: actor.kind === 'user' ? 'administrator' : 'owner' };
}
