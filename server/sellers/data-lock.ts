/**
 * The data lock of seller case queues (migration 200 case_queues.data_locked): while a case sits in a
 * queue with dataLocked, its intake answers are frozen. server/questionnaires/responses.ts calls this
 * before it saves answers. Kept apart from sellers.ts, which starts responses, so neither imports the other.
 */
import type { Queryable } from '../db';
import { badInput } from '../domain-error';

/** Refuses new answers to a response whose seller case is in a locking queue. */
export async function assertResponseEditable(tx: Queryable, responseId: string): Promise<void> {
  const { rows } = await tx.query<{ display_name: string }>(
    `SELECT q.display_name FROM application_cases c JOIN case_queues q ON q.id = c.queue_id WHERE c.response_id = $1 AND q.data_locked`,
    [responseId],
  );
  if (rows[0]) throw badInput(`The home details are locked: the listing is at the ${rows[0].display_name} step.`, 'respId');
}
