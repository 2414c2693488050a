/**
 * Who may read and work a partner's leads (issue 16, the lead inbox): an administrator (users.is_superuser)
 * and the partner's owners and admins (partner_members, migration 180). Nobody else — not the listing's
 * seller, not a company agent. Partner systems read leads with the partner's API key instead
 * (REST: server/partners/guard.ts requirePartnerKey; GraphQL: server/partners/graphql-keys.ts).
 */
import type { UserRecord } from '../accounts/users';
import type { Queryable } from '../db';
import { keyAllows, keyPrincipalOf } from '../partners/key-principal';

export async function canManagePartnerLeads(db: Queryable, viewer: UserRecord | null, partnerId: number): Promise<boolean> {
  if (!viewer) return false;
  // A partner's API key on /graphql/ (partners/graphql-keys.ts): its own partner's leads with leads:read.
  if (keyPrincipalOf(viewer)) return keyAllows(viewer, partnerId, 'leads:read');
  if (viewer.isSuperuser) {
    const { rows } = await db.query('SELECT 1 FROM partners WHERE id = $1', [partnerId]);
    return rows.length > 0;
  }
  const { rows } = await db.query(
    `SELECT 1 FROM partner_members WHERE partner_id = $1 AND user_id = $2 AND role IN ('owner', 'admin')`,
    [partnerId, viewer.id],
  );
  return rows.length > 0;
}
