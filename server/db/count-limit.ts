/**
 * A limit on how many rows one owner holds (photos of a listing, documents of a slot, saved searches of a user,
 * API keys of a partner, partners a user owns): checked in the transaction of the write that adds one, under a
 * lock on the owner's row. A second write for the same owner waits there until the first commits or rolls back,
 * then counts afresh (on PostgreSQL each statement of a READ COMMITTED transaction sees what committed before
 * it began), so concurrent writes can never all see room. A count before the transaction, or in it without the
 * lock, lets them (issue 33: twelve concurrent uploads into a slot of five were all stored).
 */
import type { Queryable } from './types';

/** The tables whose rows own a counted set (the name goes into the SQL, so only these). */
export type LimitOwner = 'listings' | 'users' | 'partners' | 'questionnaire_responses';

export interface CountLimit {
  /** The row every write under this limit locks first. */
  owner: { table: LimitOwner; id: number | string };
  /** `SELECT count(*)::int AS n …`: the rows the limit counts, read after the lock. */
  count: string;
  params: readonly unknown[];
  max: number;
  /** The refusal when the owner holds `max` already. */
  refusal: () => Error;
}

/** Locks the owner's row for the rest of the transaction `tx`, then answers the count. */
export async function countUnderLock(tx: Queryable, limit: Pick<CountLimit, 'owner' | 'count' | 'params'>): Promise<number> {
  await tx.query(`SELECT 1 FROM ${limit.owner.table} WHERE id = $1 FOR UPDATE`, [limit.owner.id]);
  const { rows } = await tx.query<{ n: number | string }>(limit.count, limit.params);
  return Number(rows[0]?.n ?? 0);
}

/** First in the transaction that adds a row: throws the limit's refusal when the owner holds `max` already. */
export async function requireRoom(tx: Queryable, limit: CountLimit): Promise<void> {
  if ((await countUnderLock(tx, limit)) >= limit.max) throw limit.refusal();
}
