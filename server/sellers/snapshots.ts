/**
 * Case snapshots (spec §7 caseSnapshot(snapshotName); migration 280): when a seller case enters a queue that
 * locks its data (review, published), its intake answers and its listing's facts are stored under a name,
 * `case-<case id>-<queue>-<n>`. The home detail lists them (Case.snapshots) and caseSnapshot reads one. Storage
 * only: who may read a snapshot is its case's rule (readableSnapshot in sellers.ts).
 */
import type { Queryable } from '../db';

export interface CaseSnapshotRecord {
  id: number;
  caseId: number;
  name: string;
  queueName: string;
  queueDisplayName: string;
  answers: Record<string, unknown>;
  listing: Record<string, unknown>;
  takenAt: Date;
}

interface SnapshotRow {
  id: number | string;
  case_id: number | string;
  name: string;
  queue_name: string;
  queue_display_name: string;
  answers: Record<string, unknown>;
  listing: Record<string, unknown>;
  taken_at: Date;
}

const SELECT = `SELECT s.id, s.case_id, s.name, q.name AS queue_name, q.display_name AS queue_display_name, s.answers, s.listing, s.taken_at
  FROM case_snapshots s JOIN case_queues q ON q.id = s.queue_id`;

const toRecord = (r: SnapshotRow): CaseSnapshotRecord => ({
  id: Number(r.id),
  caseId: Number(r.case_id),
  name: r.name,
  queueName: r.queue_name,
  queueDisplayName: r.queue_display_name,
  answers: r.answers,
  listing: r.listing,
  takenAt: new Date(r.taken_at),
});

/** A snapshot name as stored; anything else names nothing. */
export const SNAPSHOT_NAME = /^case-[1-9][0-9]{0,15}-[a-z][a-z_]{0,39}-[1-9][0-9]{0,5}$/;

/** At most this many snapshots are listed per case (Case.snapshots), newest last. */
export const CASE_SNAPSHOTS_MAX = 50;

/** Stores the snapshot of a case entering `queue` (inside the transaction that moves it); answers its name. */
export async function takeSnapshot(
  tx: Queryable,
  input: { caseId: number; queue: { id: number; name: string }; answers: Record<string, unknown>; listing: object; userId: number },
): Promise<string> {
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM case_snapshots WHERE case_id = $1 AND queue_id = $2', [input.caseId, input.queue.id]);
  const name = `case-${input.caseId}-${input.queue.name}-${(rows[0]?.n ?? 0) + 1}`;
  await tx.query(
    'INSERT INTO case_snapshots (case_id, name, queue_id, answers, listing, taken_by_user_id) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6)',
    [input.caseId, name, input.queue.id, JSON.stringify(input.answers), JSON.stringify(input.listing), input.userId],
  );
  return name;
}

/** The snapshots of a case, oldest first. */
export async function snapshotsOfCase(db: Queryable, caseId: number): Promise<CaseSnapshotRecord[]> {
  const { rows } = await db.query<SnapshotRow>(`${SELECT} WHERE s.case_id = $1 ORDER BY s.taken_at, s.id LIMIT ${CASE_SNAPSHOTS_MAX}`, [caseId]);
  return rows.map(toRecord);
}

/** The snapshot of that name; null when the name is malformed or names none. */
export async function findSnapshot(db: Queryable, name: string): Promise<CaseSnapshotRecord | null> {
  if (!SNAPSHOT_NAME.test(name)) return null;
  const { rows } = await db.query<SnapshotRow>(`${SELECT} WHERE s.name = $1`, [name]);
  return rows[0] ? toRecord(rows[0]) : null;
}
