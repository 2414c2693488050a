/**
 * Application cases (spec §3 Case): one user's case of one application type, driven by one questionnaire
 * response (its caseResponse). A buyer case holds an offer on a listing (server/offers); a mortgage case a
 * pre-qualification or refinance request (server/mortgage). This module is what both share: the types,
 * the row, and who owns it.
 */
import type { Queryable } from '../db';

/** The application types (migration 050), by the spec's slug. */
export const BUYER_OFFER_TYPE = 'wfrmls-buyer';
export const PREQUALIFICATION_TYPE = 'mortgage-prequalification';
export const REFINANCE_TYPE = 'mortgage-refinance';
export const MORTGAGE_TYPES = [PREQUALIFICATION_TYPE, REFINANCE_TYPE] as const;
export type MortgageType = (typeof MORTGAGE_TYPES)[number];

export interface ApplicationType {
  id: number;
  slugId: string;
  name: string;
  /** The questionnaire whose response drives a case of this type. */
  questionnaireSlug: string;
}

/** The questionnaire response of a case (spec §3 caseResponse). */
export interface CaseResponse {
  id: string;
  completedAt: Date | null;
}

export async function findApplicationType(db: Queryable, slugId: string): Promise<ApplicationType> {
  const { rows } = await db.query<{ id: number; slug_id: string; name: string; questionnaire_slug: string }>(
    'SELECT id, slug_id, name, questionnaire_slug FROM application_types WHERE slug_id = $1',
    [slugId],
  );
  const row = rows[0];
  // The types are rows of the migration: a missing one is a programming error, not a caller's.
  if (!row) throw new Error(`Unknown application type ${slugId}.`);
  return { id: Number(row.id), slugId: row.slug_id, name: row.name, questionnaireSlug: row.questionnaire_slug };
}

export async function insertCase(
  tx: Queryable,
  input: { userId: number; type: ApplicationType; responseId: string; listingId?: number | null },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO application_cases (user_id, application_type_id, response_id, listing_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [input.userId, input.type.id, input.responseId, input.listingId ?? null],
  );
  return Number(rows[0]!.id);
}

/** The case a response drives, locked for the change its completion makes; null for a response of no case. */
export async function caseOfResponse(tx: Queryable, responseId: string): Promise<{ id: number; type: string } | null> {
  const { rows } = await tx.query<{ id: number; slug_id: string }>(
    `SELECT c.id, t.slug_id FROM application_cases c JOIN application_types t ON t.id = c.application_type_id
      WHERE c.response_id = $1 FOR UPDATE OF c`,
    [responseId],
  );
  return rows[0] ? { id: Number(rows[0].id), type: rows[0].slug_id } : null;
}
