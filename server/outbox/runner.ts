/**
 * The one way an outbox table is worked off (the mail sender, webhook deliveries, the analytics forwarder):
 *
 * - `startOutboxRunner` runs a job every `intervalMs` (and at once on `runOnce`, or a moment after
 *   `runSoon`), one run at a time in this process, a failed run logged and answered with the idle report;
 *   `stop` ends the timer, lets a run in progress finish within `stopGraceMs`, then aborts it (its signal).
 * - `claimDue` claims the due rows with a lease: their `next_attempt_at` moved a few minutes ahead in the
 *   same statement that picks them `FOR UPDATE … SKIP LOCKED`, so two processes on one PostgreSQL never
 *   take the same row, and a process that dies mid-run leaves its rows to the next run once the lease ends
 *   (PGlite takes the same statement: one connection, the locks are simply never contended).
 * - `retryAfterFailure` decides a failed attempt from the policy as data: the backoff schedule (first
 *   delay, growth, longest delay) and when to give up (a deadline since the row was queued, or a number of
 *   attempts).
 */
import type { Queryable } from '../db';
import { OUTBOUND_FAILURE, outboundFetch } from '../http/outbound';
import type { Logger } from '../log';
import { observeOutboxRun } from '../observability/metrics';

// ---------------------------------------------------------------------------------------------------
// Retries

/** Delays between attempts: `firstMs` after the first failure, times `factor` after each further one, at most `maxMs`. */
export interface BackoffSchedule {
  firstMs: number;
  factor: number;
  maxMs: number;
}

export interface RetryPolicy {
  backoff: BackoffSchedule;
  /** Give up once the next attempt would come later than this long after the row was queued. */
  deadlineMs?: number;
  /** Give up after this many failed attempts. */
  maxAttempts?: number;
}

export interface RetryDecision {
  /** Failed attempts so far, this one included. */
  attempts: number;
  /** How long until the next attempt (also when given up: what it would have been). */
  delayMs: number;
  /** When the next attempt is due (ms since the epoch). */
  nextAt: number;
  givenUp: boolean;
}

/** The delay after the `attempts`-th failed attempt (1: the first). */
export function backoffDelay({ firstMs, factor, maxMs }: BackoffSchedule, attempts: number): number {
  return Math.min(maxMs, firstMs * factor ** (Math.max(1, attempts) - 1));
}

/**
 * What follows a failed attempt of a row that had failed `attempts` times before and was queued at
 * `createdAt`. `hopeless`: the row can never succeed (an address no server takes): it is given up now.
 */
export function retryAfterFailure(
  policy: RetryPolicy,
  row: { attempts: number; createdAt: Date | number },
  now: number,
  { hopeless = false } = {},
): RetryDecision {
  const attempts = hopeless && policy.maxAttempts !== undefined ? Math.max(policy.maxAttempts, row.attempts + 1) : row.attempts + 1;
  const delayMs = backoffDelay(policy.backoff, attempts);
  const nextAt = now + delayMs;
  const created = typeof row.createdAt === 'number' ? row.createdAt : row.createdAt.getTime();
  const givenUp =
    hopeless ||
    (policy.maxAttempts !== undefined && attempts >= policy.maxAttempts) ||
    (policy.deadlineMs !== undefined && nextAt > created + policy.deadlineMs);
  return { attempts, delayMs, nextAt, givenUp };
}

// ---------------------------------------------------------------------------------------------------
// Claiming

/** Builds the parts of a claim that need values: `param(value)` names a bound value, `now` the clock. */
export interface ClaimSql {
  param(value: unknown): string;
  /** `now()` of the database, or the caller's clock when `claimDue` was given one. */
  readonly now: string;
}

export interface ClaimQuery {
  /** The outbox table; in the statement the claimed row is `t` and a candidate `c`. It has `id` and `next_attempt_at`. */
  table: string;
  /** Tables the returned columns also come from (`FROM` of the UPDATE) and how they join `t`. */
  join?: { from: string; on: string };
  /** Joins the candidates need to be due (e.g. only enabled endpoints). */
  candidates?: string;
  /** When a candidate `c` is due. */
  due(sql: ClaimSql): string;
  /** The order in which due candidates are taken (oldest first). */
  order: string;
  /** The columns returned for each claimed row. */
  returning: string;
}

export interface ClaimOptions {
  /** Rows per claim. */
  limit: number;
  /** How long a claimed row stays out of other runs' reach. */
  leaseMs: number;
  /** The caller's clock (tests move it); without one the database's `now()`. */
  now?: Date;
}

/** Claims up to `limit` due rows for one run (see the top of this file) and returns them. */
export async function claimDue<Row>(db: Queryable, query: ClaimQuery, { limit, leaseMs, now }: ClaimOptions): Promise<Row[]> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const clock = now ? `${param(now.toISOString())}::timestamptz` : 'now()';
  // The caller's clock counts whole milliseconds and the database's microseconds: a row queued earlier in the
  // same millisecond (next_attempt_at = now()) is due, so the caller's millisecond is taken up to its end.
  const sql: ClaimSql = { param, now: now ? `(${clock} + interval '999 microseconds')` : clock };
  const lease = `${clock} + ${param(leaseMs)} * interval '1 millisecond'`;
  const due = query.due(sql);
  const statement = `UPDATE ${query.table} t SET next_attempt_at = ${lease}
    ${query.join ? `FROM ${query.join.from}` : ''}
     WHERE ${query.join ? `${query.join.on} AND ` : ''}t.id IN (
             SELECT c.id FROM ${query.table} c ${query.candidates ?? ''}
              WHERE ${due}
              ORDER BY ${query.order}
              LIMIT ${param(limit)}
              FOR UPDATE OF c SKIP LOCKED)
    RETURNING ${query.returning}`;
  const { rows } = await db.query<Row & Record<string, unknown>>(statement, params);
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Running

/** What one run did: rows done (`Done`: sent, delivered…), failed attempts, rows given up. */
export type OutboxReport<Done extends string> = Record<Done | 'failed' | 'gaveUp', number>;

export interface RunControl {
  /** Aborted when `stop` cuts a run off. */
  signal: AbortSignal;
  /** True once `stop` was called: a run ends at its next row. */
  stopping(): boolean;
}

export interface OutboxRunnerOptions<Report> {
  /** The outbox's name in the metrics (`hearth_outbox_run_duration_seconds{outbox}`): mail, webhooks, analytics. */
  name: string;
  logger: Logger;
  /** Logged with the error when a run fails as a whole. */
  failureMessage: string;
  /** Pause between runs. */
  intervalMs: number;
  /** One run: claim, work off, record. */
  run(control: RunControl): Promise<Report>;
  /** The report of a run that did nothing (stopped, or failed). */
  idle(): Report;
  /** How long `stop` lets a run in progress finish before aborting it. Default 0: abort at once. */
  stopGraceMs?: number;
  /**
   * True when a run's report says more rows are due (it claimed a whole batch): the next run starts at once, not
   * after `intervalMs`, so a backlog drains at the speed of the work, not one batch per interval. Default: never.
   */
  fullBatch?(report: Report): boolean;
}

export interface OutboxRunner<Report> {
  /** One run now (after any run in progress). */
  runOnce(): Promise<Report>;
  /** A run after `delayMs` (a row was just queued here; its transaction commits meanwhile), once per burst. */
  runSoon(delayMs: number): void;
  /** Stops the timer, ends a run in progress (see `stopGraceMs`), and resolves when no run is left. */
  stop(): Promise<void>;
}

export function startOutboxRunner<Report>(options: OutboxRunnerOptions<Report>): OutboxRunner<Report> {
  const { logger } = options;
  const abort = new AbortController();
  const control: RunControl = { signal: abort.signal, stopping: () => stopping };
  let stopping = false;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;

  const runOnce = (): Promise<Report> => {
    const run = chain.then(async () => {
      if (stopping) return options.idle();
      const started = performance.now();
      try {
        const report = await options.run(control);
        observeOutboxRun(options.name, 'ok', (performance.now() - started) / 1000);
        return report;
      } catch (error) {
        observeOutboxRun(options.name, 'failed', (performance.now() - started) / 1000);
        logger.error(options.failureMessage, error);
        return options.idle();
      }
    });
    chain = run;
    return run;
  };
  const schedule = (delayMs = options.intervalMs) => {
    timer = setTimeout(
      () => void runOnce().then((report) => !stopping && schedule(options.fullBatch?.(report) ? 0 : options.intervalMs)),
      delayMs,
    );
    timer.unref();
  };
  schedule();

  return {
    runOnce,
    runSoon(delayMs) {
      if (stopping || soon) return;
      soon = setTimeout(() => {
        soon = undefined;
        void runOnce();
      }, delayMs);
      soon.unref();
    },
    async stop() {
      stopping = true;
      clearTimeout(soon);
      clearTimeout(timer);
      const graceMs = options.stopGraceMs ?? 0;
      let finished = false;
      if (graceMs > 0) {
        let grace: NodeJS.Timeout | undefined;
        finished = await Promise.race([
          chain.then(() => true),
          new Promise<false>((resolve) => {
            grace = setTimeout(() => resolve(false), graceMs);
            grace.unref();
          }),
        ]);
        clearTimeout(grace);
      }
      if (!finished) abort.abort();
      await chain;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Posting (webhooks, the analytics forwarder)

/** The options of a worker that posts its rows to receivers over HTTP (webhooks, the analytics forwarder). */
export interface PostingWorkerOptions {
  logger: Logger;
  /** Pause between runs. */
  intervalMs?: number;
  /** Rows claimed per run. */
  batchSize?: number;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
  /** First retry delay, doubled after each failure. Default 30 s. */
  retryBaseMs?: number;
  /** Longest delay between attempts. Default 1 h. */
  retryMaxMs?: number;
  /** How long a row is retried after it was queued. Default 24 h. */
  retryWindowMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** What a posting worker's claim returns of a row: the fields the runner and postJson need, and the receiver's URL. */
export interface PostingRow {
  id: string;
  payload: unknown;
  created_at: Date;
  attempts: number;
  url: string;
}

/** A started worker: one run now, or stop (server shutdown). */
export type OutboxWorker<Report> = Pick<OutboxRunner<Report>, 'runOnce' | 'stop'>;

export interface PostingSettings {
  batchSize: number;
  timeoutMs: number;
  retry: RetryPolicy;
  now: () => number;
}

/** The settings of a posting worker: its options over the defaults every receiver gets. */
export function postingSettings(options: PostingWorkerOptions, defaults: { batchSize: number }): PostingSettings {
  return {
    batchSize: options.batchSize ?? defaults.batchSize,
    timeoutMs: options.timeoutMs ?? 10_000,
    retry: {
      backoff: { firstMs: options.retryBaseMs ?? 30_000, factor: 2, maxMs: options.retryMaxMs ?? 60 * 60_000 },
      deadlineMs: options.retryWindowMs ?? 24 * 60 * 60_000,
    },
    now: options.now ?? Date.now,
  };
}

/** A posting worker: what it calls the rows it is done with, its defaults, and one run's work. */
export interface PostingWorker<Done extends string> {
  /** The outbox's name in the metrics: webhooks, analytics. */
  name: string;
  /** The report's name for rows done: 'sent', 'delivered'. */
  done: Done;
  batchSize: number;
  intervalMs: number;
  /** Logged with the error when a run fails as a whole. */
  failureMessage: string;
  run(settings: PostingSettings, signal: AbortSignal): Promise<OutboxReport<Done>>;
}

/** A report of nothing done yet: what a run starts from, and what a stopped or failed run returns. */
export const emptyReport = <Done extends string>(done: Done) => ({ [done]: 0, failed: 0, gaveUp: 0 }) as OutboxReport<Done>;

/** Starts a posting worker's runner: its options over the worker's defaults and every receiver's. */
export function startPostingRunner<Done extends string>(
  options: PostingWorkerOptions,
  worker: PostingWorker<Done>,
): OutboxRunner<OutboxReport<Done>> {
  const settings = postingSettings(options, { batchSize: worker.batchSize });
  return startOutboxRunner({
    name: worker.name,
    logger: options.logger,
    failureMessage: worker.failureMessage,
    intervalMs: options.intervalMs ?? worker.intervalMs,
    run: ({ signal }) => worker.run(settings, signal),
    idle: () => emptyReport(worker.done),
  });
}

export type PostOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * POSTs a JSON body to a partner's receiver through the outbound rule (server/http/outbound.ts: public
 * addresses only, checked at connect time): redirects not followed (a receiver answers where it was asked),
 * the answer's body not read, a 2xx is success; anything else says why in a line for the row's last error:
 * the receiver's status, the time limit, or one text for every failure to connect (refused, unreachable).
 */
export async function postJson(
  url: string,
  body: string,
  { headers, timeoutMs, signal }: { headers: Record<string, string>; timeoutMs: number; signal: AbortSignal },
): Promise<PostOutcome> {
  try {
    const response = await outboundFetch(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, status: response.status, error: `HTTP ${response.status}` };
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : OUTBOUND_FAILURE;
    return { ok: false, status: null, error: reason };
  }
}
