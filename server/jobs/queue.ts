/**
 * The work tier's queue (issue 33; DESIGN §3 and §5 "any one request's work"): heavy work — generated PDFs, marketing
 * renders, passport OCR, and whatever heavy operation comes next — is a row of `jobs` (migration 310), never work on
 * a request's thread. This module is the queue's SQL; server/jobs/tier.ts runs the jobs, server/jobs/threads.ts
 * gives their CPU work a worker thread.
 *
 * - **Enqueue** (`enqueueJob`): a job belongs to an owner (`user:12`, `guest:<response>`: whom it is fair to) and a
 *   partner (the tenant). Before it is written, the owner's and the partner's live jobs (queued or running) are
 *   counted: past their limit the caller gets RATE_LIMITED with `retryAfterSeconds` (`rateLimited`), nothing is
 *   written. A job with a `key` (the work's identity: a material's version) is shared: while a live job has that
 *   key, asking again joins it, whoever asks, and costs no place in the queue.
 * - **Claim** (`claimJob`): the next job is the oldest of the partner, then the owner, with the fewest running jobs
 *   of its kind, the owner served least recently first; an owner at `perOwnerRunning` running jobs of a kind, or a
 *   partner at `perPartnerRunning`, waits (per kind: a user's PDF never holds up their passport reading). The claim holds a lease its process renews (`renewLease`); a job whose lease ran out
 *   (its process died) is taken again, at most `max_attempts` times in all.
 * - **Settle**: `completeJob`, `failJob` (again later, or given up), `releaseJob` (a stopping process hands it
 *   back), `cancelJob` (nobody waits any more: a running job's process sees it at its next lease renewal, or at
 *   once in this process).
 *
 * Enqueue and claim run under one transaction-scoped advisory lock, so two processes never count the same places
 * twice or both take the last running place (claims are a few milliseconds; the work itself holds no lock). PGlite
 * takes the same statements.
 */
import { EventEmitter } from 'node:events';
import type { Database, Queryable } from '../db';
import { rateLimited } from '../domain-error';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'canceled';
const LIVE: readonly JobStatus[] = ['queued', 'running'];

export interface JobRecord<P = Record<string, unknown>> {
  id: number;
  kind: string;
  key: string | null;
  owner: string;
  partnerId: number | null;
  payload: P;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  result: unknown;
  error: string | null;
  created: Date;
  started: Date | null;
  finished: Date | null;
}

interface JobRow {
  id: number | string;
  kind: string;
  key: string | null;
  owner: string;
  partner_id: number | string | null;
  payload: Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  result: unknown;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

const COLUMNS = 'id, kind, key, owner, partner_id, payload, status, attempts, max_attempts, result, error, created_at, started_at, finished_at';

const toJob = <P>(r: JobRow): JobRecord<P> => ({
  id: Number(r.id),
  kind: r.kind,
  key: r.key,
  owner: r.owner,
  partnerId: r.partner_id === null ? null : Number(r.partner_id),
  payload: r.payload as P,
  status: r.status,
  attempts: Number(r.attempts),
  maxAttempts: Number(r.max_attempts),
  result: r.result,
  error: r.error,
  created: r.created_at,
  started: r.started_at,
  finished: r.finished_at,
});

/** Whom a signed-in user's jobs are fair to. */
export const userOwner = (userId: number) => `user:${userId}`;
/** Whom a guest's jobs (a questionnaire response with its PIN) are fair to. */
export const guestOwner = (responseId: string) => `guest:${responseId}`;

/** The lock enqueue and claim take (per schema: test schemas on one PostgreSQL do not wait for each other). */
const lockQueue = (tx: Queryable) => tx.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':hearth_jobs'))`);

// ---------------------------------------------------------------------------------------------------
// In this process: a job queued (the tier wakes at once) and a job settled (its waiters answer at once).
// Other processes' jobs are seen by polling (the tier's pause, waitForJob's pollMs).

const events = new EventEmitter();
events.setMaxListeners(0);

/** Calls `listener` whenever a job is queued in this process; answers the function that stops it. */
export function onJobQueued(listener: (kind: string) => void): () => void {
  events.on('queued', listener);
  return () => events.off('queued', listener);
}

/** Tells this process's waiters that job `id` is settled (the tier calls it after each final write). */
export function announceSettled(id: number): void {
  events.emit(`settled:${id}`);
}

/** Tells this process's tier to abort job `id` (cancelJob calls it). */
export function onJobCanceled(listener: (id: number) => void): () => void {
  events.on('canceled', listener);
  return () => events.off('canceled', listener);
}

// ---------------------------------------------------------------------------------------------------
// Enqueue

/** How many live jobs (queued or running) one owner, and one partner, may have of the kinds counted together. */
export interface QueueLimits {
  perOwner: number;
  perPartner: number;
}

export interface EnqueueInput<P> {
  kind: string;
  /** The work's identity: a live job with this key is joined instead of a new one written. */
  key?: string | null;
  owner: string;
  partnerId: number | null;
  payload: P;
  /** Claims before the job is given up (a process that died mid-job counts as one). Default 3. */
  maxAttempts?: number;
  limits: QueueLimits;
  /** Which kinds count towards the limits (default: this kind only). */
  countedKinds?: readonly string[];
  /** The refusal's message, given the seconds to wait. */
  refusal(retryAfterSeconds: number): string;
  /** Seconds a job of this kind usually takes, until finished jobs say better (the refusal's retryAfterSeconds). */
  typicalSeconds: number;
}

/** Seconds until the owner (or partner) is likely back under its limit: the kind's recent average times the excess. */
async function retryAfter(tx: Queryable, kind: string, typicalSeconds: number, excess: number): Promise<number> {
  const { rows } = await tx.query<{ seconds: number | string | null }>(
    `SELECT avg(extract(epoch FROM finished_at - started_at)) AS seconds FROM (
       SELECT finished_at, started_at FROM jobs WHERE kind = $1 AND status = 'done' AND started_at IS NOT NULL
        ORDER BY finished_at DESC LIMIT 20) recent`,
    [kind],
  );
  const each = rows[0]?.seconds == null ? typicalSeconds : Number(rows[0].seconds);
  return Math.min(600, Math.max(1, Math.ceil(each * Math.max(1, excess))));
}

/**
 * Queues a job (or joins the live job with its key) inside the caller's transaction `tx`, which it locks against
 * other enqueues and claims until it commits; throws RATE_LIMITED past the owner's or the partner's limit.
 * The caller wakes this process's tier after its commit (`announceQueued`); `enqueueJob` does both.
 */
export async function enqueueJobIn<P>(tx: Queryable, input: EnqueueInput<P>): Promise<{ job: JobRecord<P>; created: boolean }> {
  await lockQueue(tx);
  if (input.key) {
    const { rows } = await tx.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE key = $1 AND status = ANY($2::text[])`, [input.key, LIVE]);
    if (rows[0]) return { job: toJob<P>(rows[0]), created: false };
  }
  const kinds = input.countedKinds ?? [input.kind];
  const { rows: counts } = await tx.query<{ by_owner: number | string; by_partner: number | string }>(
    `SELECT count(*) FILTER (WHERE owner = $1) AS by_owner, count(*) FILTER (WHERE partner_id = $2) AS by_partner
       FROM jobs WHERE status = ANY($3::text[]) AND kind = ANY($4::text[]) AND (owner = $1 OR partner_id = $2)`,
    [input.owner, input.partnerId, LIVE, kinds],
  );
  const byOwner = Number(counts[0]?.by_owner ?? 0);
  const byPartner = input.partnerId === null ? 0 : Number(counts[0]?.by_partner ?? 0);
  const excess = Math.max(byOwner - input.limits.perOwner + 1, byPartner - input.limits.perPartner + 1);
  if (excess > 0) {
    // The partner's excess is shared by all its users: a place frees when any of its jobs ends.
    const ahead = byOwner >= input.limits.perOwner ? byOwner - input.limits.perOwner + 1 : 1;
    const seconds = await retryAfter(tx, input.kind, input.typicalSeconds, ahead);
    throw rateLimited(input.refusal(seconds), seconds);
  }
  const { rows } = await tx.query<JobRow>(
    `INSERT INTO jobs (kind, key, owner, partner_id, payload, max_attempts) VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING ${COLUMNS}`,
    [input.kind, input.key ?? null, input.owner, input.partnerId, JSON.stringify(input.payload), input.maxAttempts ?? 3],
  );
  return { job: toJob<P>(rows[0]!), created: true };
}

/** Wakes this process's tier for a job of `kind` (after the transaction that queued it committed). */
export const announceQueued = (kind: string) => events.emit('queued', kind);

/** enqueueJobIn in a transaction of its own, then the tier woken. */
export async function enqueueJob<P>(db: Database, input: EnqueueInput<P>): Promise<{ job: JobRecord<P>; created: boolean }> {
  const queued = await db.transaction((tx) => enqueueJobIn(tx, input));
  if (queued.created) announceQueued(input.kind);
  return queued;
}

// ---------------------------------------------------------------------------------------------------
// Claim

export interface ClaimOptions {
  /** Kinds this process has a free place for. */
  kinds: readonly string[];
  leaseMs: number;
  /** Running jobs of one kind one owner may have at once (all processes). */
  perOwnerRunning: number;
  /** Running jobs of one kind one partner may have at once (all processes). */
  perPartnerRunning: number;
}

export type Claimed<P = Record<string, unknown>> = { job: JobRecord<P>; gaveUp: false } | { job: JobRecord<P>; gaveUp: true };

/**
 * Takes the next job fairly (see the top of this file) and answers it running under a lease; a job already claimed
 * `max_attempts` times is given up instead (`gaveUp`: the tier tells its kind). Null when nothing may run now.
 */
export async function claimJob<P = Record<string, unknown>>(db: Database, options: ClaimOptions): Promise<Claimed<P> | null> {
  if (options.kinds.length === 0) return null;
  return db.transaction(async (tx) => {
    await lockQueue(tx);
    // Running: holding a lease that has not run out. A job whose lease ran out is waiting again.
    const { rows } = await tx.query<JobRow>(
      `WITH live AS (
         SELECT kind, owner, partner_id, (status = 'running' AND lease_until >= now()) AS holding FROM jobs WHERE status IN ('queued', 'running')
       ), owners AS (
         SELECT kind, owner, count(*) FILTER (WHERE holding) AS running FROM live GROUP BY kind, owner
       ), partners AS (
         SELECT kind, partner_id, count(*) FILTER (WHERE holding) AS running FROM live WHERE partner_id IS NOT NULL GROUP BY kind, partner_id
       )
       SELECT ${COLUMNS.split(', ')
         .map((c) => `j.${c}`)
         .join(', ')} FROM jobs j
         JOIN owners o ON o.kind = j.kind AND o.owner = j.owner
         LEFT JOIN partners p ON p.kind = j.kind AND p.partner_id = j.partner_id
        WHERE j.kind = ANY($1::text[])
          AND (j.status = 'queued' OR (j.status = 'running' AND j.lease_until < now()))
          AND o.running < $2 AND coalesce(p.running, 0) < $3
        ORDER BY coalesce(p.running, 0), o.running,
                 (SELECT max(s.started_at) FROM jobs s WHERE s.owner = j.owner AND s.kind = j.kind) ASC NULLS FIRST,
                 j.created_at, j.id
        LIMIT 1
        FOR UPDATE OF j SKIP LOCKED`,
      [options.kinds, options.perOwnerRunning, options.perPartnerRunning],
    );
    const next = rows[0];
    if (!next) return null;
    if (Number(next.attempts) >= Number(next.max_attempts)) {
      const { rows: failed } = await tx.query<JobRow>(
        `UPDATE jobs SET status = 'failed', lease_until = NULL, finished_at = now(), error = coalesce(error, $2) WHERE id = $1 RETURNING ${COLUMNS}`,
        [next.id, `Gave up after ${next.attempts} attempts.`],
      );
      return { job: toJob<P>(failed[0]!), gaveUp: true as const };
    }
    const { rows: claimed } = await tx.query<JobRow>(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, started_at = now(), lease_until = now() + $2::bigint * interval '1 millisecond'
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [next.id, options.leaseMs],
    );
    return { job: toJob<P>(claimed[0]!), gaveUp: false as const };
  });
}

/** Extends a running job's lease; false when it is no longer running (canceled, or taken over after its lease ran out). */
export async function renewLease(db: Queryable, id: number, leaseMs: number): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE jobs SET lease_until = now() + $2::bigint * interval '1 millisecond' WHERE id = $1 AND status = 'running' RETURNING id`,
    [id, leaseMs],
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------
// Settle

/**
 * The job's work is done: `result` (JSON) is what its waiters read. False when the job was no longer running (it
 * was canceled, or taken over after its lease ran out): the result is nobody's.
 */
export async function completeJob(db: Queryable, id: number, result: unknown): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE jobs SET status = 'done', result = $2::jsonb, lease_until = NULL, finished_at = now() WHERE id = $1 AND status = 'running' RETURNING id`,
    [id, JSON.stringify(result ?? null)],
  );
  return rows.length > 0;
}

/** A failed attempt: queued again while attempts remain, else 'failed'. Answers whether it was given up. */
export async function failJob(db: Queryable, job: Pick<JobRecord, 'id' | 'attempts' | 'maxAttempts'>, error: string): Promise<boolean> {
  const last = job.attempts >= job.maxAttempts;
  await db.query(
    `UPDATE jobs SET status = $2, error = $3, lease_until = NULL, finished_at = CASE WHEN $2 = 'failed' THEN now() END WHERE id = $1 AND status = 'running'`,
    [job.id, last ? 'failed' : 'queued', error.slice(0, 500)],
  );
  return last;
}

/** A stopping process hands a running job back: queued again at once, the attempt not counted. */
export async function releaseJob(db: Queryable, id: number): Promise<void> {
  await db.query(`UPDATE jobs SET status = 'queued', attempts = greatest(attempts - 1, 0), lease_until = NULL WHERE id = $1 AND status = 'running'`, [id]);
}

/**
 * Nobody needs the job any more: 'canceled' if it was live (answers whether it was). A running job is aborted at
 * once in this process, and by its own process at its next lease renewal.
 */
export async function cancelJob(db: Queryable, id: number, reason = 'Canceled.'): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE jobs SET status = 'canceled', error = $2, lease_until = NULL, finished_at = now() WHERE id = $1 AND status IN ('queued', 'running') RETURNING id`,
    [id, reason],
  );
  if (rows.length === 0) return false;
  events.emit('canceled', id);
  announceSettled(id);
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Read and wait

export async function findJob<P = Record<string, unknown>>(db: Queryable, id: number): Promise<JobRecord<P> | null> {
  const { rows } = await db.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE id = $1`, [id]);
  return rows[0] ? toJob<P>(rows[0]) : null;
}

/** The live job with this key, if any. */
export async function liveJobWithKey<P = Record<string, unknown>>(db: Queryable, key: string): Promise<JobRecord<P> | null> {
  const { rows } = await db.query<JobRow>(`SELECT ${COLUMNS} FROM jobs WHERE key = $1 AND status = ANY($2::text[])`, [key, LIVE]);
  return rows[0] ? toJob<P>(rows[0]) : null;
}

export const isSettled = (job: Pick<JobRecord, 'status'>) => !LIVE.includes(job.status);

export interface WaitOptions {
  /** Stop waiting when it aborts (the request's signal). */
  signal?: AbortSignal;
  /** Cancel the job when `signal` aborts (nobody else waits for it: a job without a key). Default false. */
  cancelOnAbort?: boolean;
  /** How often the row is read for a job another process runs. Default 500 ms. */
  pollMs?: number;
}

/**
 * Waits until job `id` is settled and answers its row: at once when this process settles it, else at the next
 * poll. Throws the signal's reason when it aborts first (and cancels the job when asked to).
 */
export async function waitForJob<P = Record<string, unknown>>(db: Queryable, id: number, options: WaitOptions = {}): Promise<JobRecord<P>> {
  const { signal, pollMs = 500 } = options;
  let wake: (() => void) | null = null;
  // A settlement heard between a read and the pause must not wait for the next poll.
  let heard = false;
  const onSettled = () => {
    heard = true;
    wake?.();
  };
  const onAbort = onSettled;
  events.on(`settled:${id}`, onSettled);
  signal?.addEventListener('abort', onAbort);
  try {
    for (;;) {
      const job = await findJob<P>(db, id);
      if (!job) throw new Error(`Job ${id} is gone.`);
      if (isSettled(job)) return job;
      if (signal?.aborted) {
        if (options.cancelOnAbort) await cancelJob(db, id, 'The request ended.');
        throw signal.reason instanceof Error ? signal.reason : new Error('Aborted.');
      }
      if (heard) {
        heard = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      heard = false;
    }
  } finally {
    events.off(`settled:${id}`, onSettled);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Removes finished jobs older than `olderThanMs` (the tier does it now and then); answers how many. */
export async function pruneJobs(db: Queryable, olderThanMs: number): Promise<number> {
  const { rows } = await db.query(
    `DELETE FROM jobs WHERE status IN ('done', 'failed', 'canceled') AND finished_at < now() - $1::bigint * interval '1 millisecond' RETURNING id`,
    [olderThanMs],
  );
  return rows.length;
}
