/**
 * Application tiers (spec §3 Application tier; issue 20): the service levels of an application type, as rows of
 * migration 250. A case stands on the tier it bought (application_cases.tier_id) or, before any, on its type's
 * free level-0 tier.
 */
import type { Queryable } from '../db';

export interface ApplicationTier {
  id: number;
  applicationTypeId: number;
  name: string;
  tierLevel: number;
  active: boolean;
  priceInPennies: number;
  priceCurrencyCode: string;
  /** The text of the dialog that explains the tier. */
  modal: string;
}

interface TierRow {
  id: number;
  application_type_id: number;
  name: string;
  tier_level: number;
  active: boolean;
  price_in_pennies: number;
  price_currency_code: string;
  modal: string;
}

const TIER_COLUMNS = 'id, application_type_id, name, tier_level, active, price_in_pennies, price_currency_code, modal';

const toTier = (r: TierRow): ApplicationTier => ({
  id: Number(r.id),
  applicationTypeId: Number(r.application_type_id),
  name: r.name,
  tierLevel: Number(r.tier_level),
  active: r.active,
  priceInPennies: Number(r.price_in_pennies),
  priceCurrencyCode: r.price_currency_code.trim(),
  modal: r.modal,
});

export const isFree = (tier: ApplicationTier) => tier.priceInPennies === 0;

/** The active tiers of an application type, lowest level first. */
export async function tiersOfType(db: Queryable, applicationTypeId: number): Promise<ApplicationTier[]> {
  const { rows } = await db.query<TierRow>(
    `SELECT ${TIER_COLUMNS} FROM application_tiers WHERE application_type_id = $1 AND active ORDER BY tier_level`,
    [applicationTypeId],
  );
  return rows.map(toTier);
}

export async function findTier(db: Queryable, id: number): Promise<ApplicationTier | null> {
  const { rows } = await db.query<TierRow>(`SELECT ${TIER_COLUMNS} FROM application_tiers WHERE id = $1`, [id]);
  return rows[0] ? toTier(rows[0]) : null;
}

/** The tier a case stands on: the one it bought, else its type's level-0 tier; null for a type without tiers. */
export async function currentTierOfCase(db: Queryable, caseId: number): Promise<ApplicationTier | null> {
  const { rows } = await db.query<TierRow>(
    `SELECT t.id, t.application_type_id, t.name, t.tier_level, t.active, t.price_in_pennies, t.price_currency_code, t.modal
       FROM application_cases c JOIN application_tiers t
         ON (c.tier_id IS NOT NULL AND t.id = c.tier_id) OR (c.tier_id IS NULL AND t.application_type_id = c.application_type_id AND t.tier_level = 0)
      WHERE c.id = $1`,
    [caseId],
  );
  return rows[0] ? toTier(rows[0]) : null;
}
