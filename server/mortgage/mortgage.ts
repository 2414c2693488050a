/**
 * Mortgage cases (spec §3 Case, §4 mortgage status, §7 createPreQualification / createRefinance; issue 7):
 * a pre-qualification or refinance request is a case owned by the viewer, driven by its questionnaire
 * response. Its status is null while the questionnaire is in progress and 'Under Review' once submitted
 * (server/mortgage/submission.ts). Only the owner sees a case; everyone else gets NOT_FOUND.
 *
 * Starting one while an unfinished case of the same type exists returns that case, so pressing
 * "Get Prequalified" twice continues the same questionnaire instead of leaving an abandoned one behind.
 * A submitted request can be edited: its response stays answerable (the questionnaire engine lets a
 * completed response be reset to the start and submitted again), see preQualificationEdit.
 */
import { findApplicationType, insertCase, MORTGAGE_TYPES, type ApplicationType, type CaseResponse, type MortgageType } from '../cases/cases';
import type { Database, Queryable } from '../db';
import { DomainError } from '../domain-error';
import { latestDefinition } from '../questionnaires/definitions';
import { startOwnedResponse } from '../questionnaires/responses';
import type { MortgageCaseData } from './submission';

const MORTGAGE_CASES_PAGE_MAX = 100;

export interface MortgageCaseRecord {
  id: number;
  applicationType: Omit<ApplicationType, 'questionnaireSlug'>;
  response: CaseResponse;
  mortgageStatus: string | null;
  createdAt: Date;
  /** Empty until the questionnaire is submitted. */
  data: Partial<MortgageCaseData>;
}

const notFound = () => new DomainError('NOT_FOUND', 'Mortgage case not found.');

interface CaseRow {
  id: number;
  type_id: number;
  slug_id: string;
  name: string;
  response_id: string;
  completed_at: Date | null;
  mortgage_status: string | null;
  created_at: Date;
  data: Partial<MortgageCaseData>;
}

const CASE_SELECT = `SELECT c.id, t.id AS type_id, t.slug_id, t.name, c.response_id, r.completed_at, c.mortgage_status, c.created_at, c.data
  FROM application_cases c
  JOIN application_types t ON t.id = c.application_type_id
  JOIN questionnaire_responses r ON r.id = c.response_id`;

/** Only the mortgage types; the owner's own. */
const MORTGAGE_OF_USER = `t.slug_id = ANY($1::text[]) AND c.user_id = $2`;

function toCase(r: CaseRow): MortgageCaseRecord {
  return {
    id: Number(r.id),
    applicationType: { id: Number(r.type_id), slugId: r.slug_id, name: r.name },
    response: { id: r.response_id, completedAt: r.completed_at },
    mortgageStatus: r.mortgage_status,
    createdAt: r.created_at,
    data: r.data ?? {},
  };
}

/** The user's mortgage cases, newest first. */
export async function listMortgageCases(db: Queryable, userId: number): Promise<MortgageCaseRecord[]> {
  const { rows } = await db.query<CaseRow>(
    `${CASE_SELECT} WHERE ${MORTGAGE_OF_USER} ORDER BY c.created_at DESC, c.id DESC LIMIT ${MORTGAGE_CASES_PAGE_MAX}`,
    [MORTGAGE_TYPES, userId],
  );
  return rows.map(toCase);
}

/** mortgageCase(id): the owner's case, else NOT_FOUND. */
export async function ownMortgageCase(db: Queryable, id: number, userId: number): Promise<MortgageCaseRecord> {
  const { rows } = await db.query<CaseRow>(`${CASE_SELECT} WHERE ${MORTGAGE_OF_USER} AND c.id = $3`, [MORTGAGE_TYPES, userId, id]);
  if (!rows[0]) throw notFound();
  return toCase(rows[0]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * preQualificationEdit(caseResponseId): the owner's mortgage case of that questionnaire response, for
 * /account/pre-qualification-edit/{caseResponse id} (pre-qualification and refinance alike); else NOT_FOUND.
 */
export async function mortgageCaseOfResponse(db: Queryable, responseId: string, userId: number): Promise<MortgageCaseRecord> {
  if (!UUID.test(responseId)) throw notFound();
  const { rows } = await db.query<CaseRow>(`${CASE_SELECT} WHERE ${MORTGAGE_OF_USER} AND c.response_id = $3`, [MORTGAGE_TYPES, userId, responseId]);
  if (!rows[0]) throw notFound();
  return toCase(rows[0]);
}

/** createPreQualification / createRefinance: the user's unfinished case of the type, or a new one. */
export async function startMortgageCase(db: Database, userId: number, partnerId: number, slugId: MortgageType): Promise<MortgageCaseRecord> {
  const unfinished = await db.query<CaseRow>(
    `${CASE_SELECT} WHERE ${MORTGAGE_OF_USER} AND t.slug_id = $3 AND r.completed_at IS NULL AND r.partner_id = $4
      ORDER BY c.created_at DESC, c.id DESC LIMIT 1`,
    [MORTGAGE_TYPES, userId, slugId, partnerId],
  );
  if (unfinished.rows[0]) return toCase(unfinished.rows[0]);

  const type = await findApplicationType(db, slugId);
  const questionnaire = await latestDefinition(db, type.questionnaireSlug);
  if (!questionnaire) throw new Error(`The ${type.questionnaireSlug} questionnaire is missing.`);
  const id = await db.transaction(async (tx) => {
    const responseId = await startOwnedResponse(tx, questionnaire, { partnerId, userId });
    return insertCase(tx, { userId, type, responseId });
  });
  return ownMortgageCase(db, id, userId);
}
