/**
 * Seed: the demo partners' keys become listed, revocable keys (keys.ts importLegacyApiKeys), and outside
 * production the demo company agent (agent@hearth.example) owns the demo partner 'acme', so the partner
 * console and the lead inbox have someone to show. An existing membership is left alone.
 */
import type { Database } from '../db';
import { importLegacyApiKeys } from './keys';

export const DEMO_PARTNER_OWNER = { email: 'agent@hearth.example', partnerSlug: 'acme' } as const;

export async function seedPartnerAdmin(db: Database): Promise<void> {
  await importLegacyApiKeys(db);
  if (process.env.NODE_ENV === 'production') return;
  await db.query(
    `INSERT INTO partner_members (partner_id, user_id, role)
     SELECT p.id, u.id, 'owner' FROM partners p, users u WHERE p.slug = $1 AND lower(u.email) = lower($2)
     ON CONFLICT (partner_id, user_id) DO NOTHING`,
    [DEMO_PARTNER_OWNER.partnerSlug, DEMO_PARTNER_OWNER.email],
  );
}
