/**
 * Required document slots block the queue that needs them (issue 20): queue_required_components (migration
 * 250) names, per queue, the slots (case_components of the case's type) that must hold an uploaded document
 * before nextQueue lets a case leave the queue. Translated copies do not count: the original must be there.
 * server/sellers/sellers.ts (advanceQueue) calls this inside its transaction.
 */
import type { Queryable } from '../db';
import { badInput } from '../domain-error';

/** The names of the slots the queue needs that the case has not filled yet, in the slots' order. */
export async function missingRequiredSlots(db: Queryable, caseId: number, queueId: number): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT cc.name FROM queue_required_components r
       JOIN case_queues q ON q.id = r.queue_id
       JOIN case_components cc ON cc.application_type_id = q.application_type_id AND cc.component_key = r.component_key
      WHERE r.queue_id = $2
        AND NOT EXISTS (SELECT 1 FROM uploaded_documents d
                         WHERE d.application_case_id = $1 AND d.case_component_id = cc.id AND d.translation_of IS NULL)
      ORDER BY cc.position, cc.id`,
    [caseId, queueId],
  );
  return rows.map((r) => r.name);
}

/** The message naming the missing slots: "Upload these documents first: Deed or title, Photo ID." */
export const missingSlotsMessage = (names: string[]) => `Upload ${names.length === 1 ? 'this document' : 'these documents'} first: ${names.join(', ')}.`;

/** Refuses to leave the queue while a slot it needs is empty. */
export async function assertRequiredSlotsFilled(db: Queryable, caseId: number, queueId: number): Promise<void> {
  const missing = await missingRequiredSlots(db, caseId, queueId);
  if (missing.length) throw badInput(missingSlotsMessage(missing), 'appCaseId');
}
