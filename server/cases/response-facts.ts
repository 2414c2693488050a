/**
 * What spec §3 lists of a case's response beyond its id and completedAt: the screens along the path taken
 * (lastScreenHistory) and how many sections its questionnaire definition has (sectionCount: the definition's
 * categories, the sections of the progress sidebar and of the summary). Read for every response of a request
 * at once (CaseResponse is nested in lists: cases, offers, mortgage cases).
 */
import type { Queryable } from '../db';
import { Batcher } from '../listings/search/batch';

export interface ResponseFacts {
  ownerUserId: number | null;
  history: string[];
  sectionCount: number;
}

/** The facts of each response id, in order; null for an id without a response. */
export async function responseFacts(db: Queryable, ids: readonly string[]): Promise<(ResponseFacts | null)[]> {
  const { rows } = await db.query<{ id: string; owner_user_id: number | null; history: string[]; section_count: number }>(
    `SELECT r.id::text AS id, r.owner_user_id, r.history,
        jsonb_array_length(COALESCE(q.definition -> 'categories', '[]'::jsonb)) AS section_count
      FROM questionnaire_responses r JOIN questionnaires q ON q.id = r.questionnaire_id
      WHERE r.id = ANY($1::uuid[])`,
    [[...new Set(ids)]],
  );
  const byId = new Map(
    rows.map((r) => [
      r.id,
      { ownerUserId: r.owner_user_id === null ? null : Number(r.owner_user_id), history: r.history, sectionCount: Number(r.section_count) },
    ]),
  );
  return ids.map((id) => byId.get(id) ?? null);
}

const loaders = new WeakMap<object, Batcher<string, ResponseFacts | null>>();

/** responseFacts of one request (keyed by its context object): a list of cases asks once. */
export function responseFactsLoader(context: object, db: Queryable): Batcher<string, ResponseFacts | null> {
  let loader = loaders.get(context);
  if (!loader) {
    loader = new Batcher((ids) => responseFacts(db, ids));
    loaders.set(context, loader);
  }
  return loader;
}
