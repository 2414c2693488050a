/**
 * Submitting a mortgage request (spec §3 Case mortgage data, §4 mortgage status): when the questionnaire
 * of a mortgage case is completed, the case goes 'Under Review' and its data takes the property address
 * from the answers. Completing it again after an edit (/account/pre-qualification-edit/{caseResponse id})
 * keeps 'Under Review' and refreshes the data. Called from server/cases/completion.ts inside the
 * questionnaire's transaction.
 */
import type { Context } from '../../questionnaire/engine/flow';
import type { Queryable } from '../db';

/** The one status of spec §4 (a stored value, also in the CHECK of migration 050); the client shows no other. */
const UNDER_REVIEW = 'Under Review';

export interface MortgageCaseData {
  street_address: string;
  aptSuite: string;
  city: string;
  county: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/**
 * The property address of the answers. The spec's names come first; the address widget without a prefix
 * writes street / apt / city / county (mortgage-refinance.json). A questionnaire that asks no address
 * (mortgage-prequalification.json) gives empty strings.
 */
export function mortgageDataOf(context: Context): MortgageCaseData {
  const first = (...names: string[]) => names.map((name) => text(context[name])).find(Boolean) ?? '';
  return {
    street_address: first('street_address', 'street'),
    aptSuite: first('aptSuite', 'apt'),
    city: first('city'),
    county: first('county'),
  };
}

export async function submitMortgageRequest(tx: Queryable, caseId: number, context: Context): Promise<void> {
  await tx.query(`UPDATE application_cases SET mortgage_status = $2, data = $3, updated_at = now() WHERE id = $1`, [
    caseId,
    UNDER_REVIEW,
    JSON.stringify(mortgageDataOf(context)),
  ]);
}
