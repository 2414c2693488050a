/**
 * The work tier (issue 33; DESIGN §3, §5): runs the jobs of server/jobs/queue.ts in this process. Each kind of job
 * (a generated PDF, a marketing render, a passport OCR…) is a `JobKind`: its name, how many may run at once here,
 * and `run`, which does the work with an AbortSignal and answers the job's result (JSON). The tier
 *
 * - claims fairly (`claimJob`) while it has a free slot (`slots` in all, a kind's `concurrency` per kind), at once
 *   when a job is queued in this process or one of its own ends, and every `pollMs` for other processes' jobs;
 * - renews each running job's lease every third of `leaseMs`; a job canceled (`cancelJob`, here or in another
 *   process) or taken over is aborted: its signal fires, and CPU work on a worker thread (server/jobs/threads.ts)
 *   is stopped with it;
 * - settles each job: done with its result, failed (queued again until its attempts are spent; then the kind's
 *   `gaveUp` tells its users), or, when the tier stops, handed back for the next process (`releaseJob`);
 * - removes finished jobs after `pruneAfterMs`.
 *
 * Everything heavy goes through here (docs/architecture.md, "Where a new thing goes"): a request enqueues and
 * either answers at once (the client polls, as generatePdf) or waits for the job with its own signal
 * (`waitForJob`, as extractPassport and a material's file), never doing the work itself. Issue 37's worker
 * processes (`npm start -- --role worker`) run this same tier without the HTTP server.
 */
import { availableParallelism } from 'node:os';
import type { Database } from '../db';
import type { Logger } from '../log';
import { observeJob } from '../observability/metrics';
import { runInScope } from '../observability/request-scope';
import {
  announceSettled,
  claimJob,
  completeJob,
  failJob,
  onJobCanceled,
  onJobQueued,
  pruneJobs,
  releaseJob,
  renewLease,
  type JobRecord,
} from './queue';

export interface JobControl {
  /** Aborted when the job is canceled, taken over, or the tier stops. */
  signal: AbortSignal;
  db: Database;
  logger: Logger;
}

export interface JobKind<P = Record<string, unknown>> {
  kind: string;
  /** Jobs of this kind running at once in this process. */
  concurrency: number;
  /** Does the work; answers the job's result (JSON, what waitForJob's callers read). */
  run(job: JobRecord<P>, control: JobControl): Promise<unknown>;
  /** An attempt failed (`gaveUp`: its attempts are spent, it will not run again): tell its users (a domain row's status). */
  failed?(db: Database, job: JobRecord<P>, gaveUp: boolean): Promise<void>;
  /**
   * `run` answered, but the job was canceled meanwhile (or taken over): nobody will read `result`, so what it
   * stored goes (an upload's files). Not called when `run` throws: a run cleans up after its own failures.
   */
  discard?(db: Database, job: JobRecord<P>, result: unknown): Promise<void>;
}

export interface WorkSettings {
  /** Jobs running at once in this process, all kinds together. */
  slots: number;
  /** Running jobs of one kind one owner (a user, a guest) may have at once, all processes together. */
  perOwnerRunning: number;
  /** Running jobs of one kind one partner may have at once, all processes together. */
  perPartnerRunning: number;
  /** How long a claim holds a job without renewal (renewed every third of it while it runs). */
  leaseMs: number;
  /** Pause between looks for other processes' jobs. */
  pollMs: number;
  /** Finished jobs are removed this long after they ended. */
  pruneAfterMs: number;
}

const wholeNumber = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1, not "${raw}".`);
  return value;
};

/** The settings from the environment (docs/configuration.md): HEARTH_WORK_SLOTS, HEARTH_JOBS_RUNNING_PER_USER, HEARTH_JOBS_RUNNING_PER_PARTNER. */
export function workSettings(): WorkSettings {
  const slots = wholeNumber('HEARTH_WORK_SLOTS', Math.max(2, availableParallelism()));
  return {
    slots,
    perOwnerRunning: wholeNumber('HEARTH_JOBS_RUNNING_PER_USER', 1),
    perPartnerRunning: wholeNumber('HEARTH_JOBS_RUNNING_PER_PARTNER', Math.max(1, slots)),
    leaseMs: 60_000,
    pollMs: 1_000,
    pruneAfterMs: 24 * 60 * 60_000,
  };
}

export interface WorkTierOptions extends Partial<WorkSettings> {
  logger: Logger;
  kinds: readonly JobKind<never>[];
  /** Called when a job settles (tests count and order them). */
  onSettled?: (job: JobRecord, outcome: 'done' | 'failed' | 'canceled' | 'released') => void;
}

export interface WorkTier {
  /** Claims and runs jobs until none is left that may run now; answers how many were done. */
  runOnce(): Promise<number>;
  /** Stops claiming, aborts the running jobs and hands them back; resolves when none is left. */
  stop(): Promise<void>;
}

const PRUNE_EVERY_MS = 10 * 60_000;

export function startWorkTier(db: Database, options: WorkTierOptions): WorkTier {
  const settings = { ...workSettings(), ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) } as WorkSettings & WorkTierOptions;
  const { logger } = options;
  const kinds = new Map(options.kinds.map((k) => [k.kind, k as unknown as JobKind]));
  const running = new Map<number, { kind: string; abort: AbortController; canceled: boolean; done: Promise<void> }>();
  let stopping = false;
  let filling: Promise<void> | null = null;
  let again = false;
  let done = 0;

  const freeKinds = (): string[] => {
    if (running.size >= settings.slots) return [];
    const counts = new Map<string, number>();
    for (const r of running.values()) counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
    return [...kinds.values()].filter((k) => (counts.get(k.kind) ?? 0) < k.concurrency).map((k) => k.kind);
  };

  const settle = (job: JobRecord, outcome: 'done' | 'failed' | 'canceled' | 'released') => {
    announceSettled(job.id);
    options.onSettled?.(job, outcome);
  };

  const start = (job: JobRecord) => {
    const kind = kinds.get(job.kind)!;
    const abort = new AbortController();
    const entry = { kind: job.kind, abort, canceled: false, done: Promise.resolve() };
    const heartbeat = setInterval(() => {
      void renewLease(db, job.id, settings.leaseMs).then(
        (held) => {
          if (!held && !abort.signal.aborted) {
            entry.canceled = true;
            abort.abort(new Error('The job was canceled.'));
          }
        },
        () => undefined, // the database is away: the lease runs on, the next renewal tries again
      );
    }, Math.max(50, Math.floor(settings.leaseMs / 3)));
    heartbeat.unref();
    const startedAt = performance.now();
    // Its log lines name the job (server/observability/request-scope.ts).
    entry.done = runInScope({ requestId: `job-${job.id}`, route: `job:${job.kind}` }, async () => {
      let outcome: 'done' | 'failed' | 'canceled' | 'released' = 'done';
      try {
        const result = await kind.run(job, { signal: abort.signal, db, logger });
        if (abort.signal.aborted || !(await completeJob(db, job.id, result))) {
          // Canceled (here, or in another process: the update found it so) after the work was done.
          if (!abort.signal.aborted) entry.canceled = true;
          await kind.discard?.(db, job, result).catch((e: unknown) => logger.error(`[work] job ${job.id}: its result could not be discarded`, e));
          throw abort.signal.aborted ? abort.signal.reason : new Error('The job was canceled.');
        }
        done++;
      } catch (error) {
        if (entry.canceled) outcome = 'canceled';
        else if (stopping) {
          outcome = 'released';
          await releaseJob(db, job.id).catch((e: unknown) => logger.error(`[work] job ${job.id} could not be handed back`, e));
        } else {
          outcome = 'failed';
          logger.error(`[work] ${job.kind} job ${job.id} failed (attempt ${job.attempts} of ${job.maxAttempts})`, error);
          const message = error instanceof Error ? error.message : String(error);
          try {
            const gaveUp = await failJob(db, job, message);
            await kind.failed?.(db, { ...job, status: gaveUp ? 'failed' : 'queued', error: message }, gaveUp);
          } catch (e) {
            logger.error(`[work] job ${job.id}: its failure could not be recorded`, e);
          }
        }
      } finally {
        clearInterval(heartbeat);
        running.delete(job.id);
        const waited = job.started ? (job.started.getTime() - job.created.getTime()) / 1000 : null;
        observeJob(job.kind, outcome, waited, (performance.now() - startedAt) / 1000);
        settle(job, outcome);
        if (!stopping) void fill();
      }
    });
    running.set(job.id, entry);
  };

  const claimAll = async () => {
    for (;;) {
      const free = freeKinds();
      if (stopping || free.length === 0) return;
      const claimed = await claimJob(db, { kinds: free, leaseMs: settings.leaseMs, perOwnerRunning: settings.perOwnerRunning, perPartnerRunning: settings.perPartnerRunning });
      if (!claimed) return;
      if (claimed.gaveUp) {
        await kinds.get(claimed.job.kind)?.failed?.(db, claimed.job, true);
        settle(claimed.job, 'failed');
        continue;
      }
      start(claimed.job);
    }
  };

  /** One claiming pass at a time; a call during one asks for another after it. */
  const fill = (): Promise<void> => {
    if (filling) {
      again = true;
      return filling;
    }
    filling = (async () => {
      do {
        again = false;
        try {
          await claimAll();
        } catch (error) {
          logger.error('[work] claiming failed', error);
          return;
        }
      } while (again && !stopping);
    })().finally(() => {
      filling = null;
    });
    return filling;
  };

  const stopQueued = onJobQueued((kind) => {
    if (!stopping && kinds.has(kind)) setImmediate(() => void fill());
  });
  const stopCanceled = onJobCanceled((id) => {
    const entry = running.get(id);
    if (entry && !entry.abort.signal.aborted) {
      entry.canceled = true;
      entry.abort.abort(new Error('The job was canceled.'));
    }
  });
  const poll = setInterval(() => void fill(), settings.pollMs);
  poll.unref();
  const prune = setInterval(() => void pruneJobs(db, settings.pruneAfterMs).catch((e: unknown) => logger.error('[work] pruning failed', e)), PRUNE_EVERY_MS);
  prune.unref();
  // Jobs left by a process that stopped: at once, not after the first pause.
  void fill();

  return {
    async runOnce() {
      const before = done;
      for (;;) {
        await fill();
        if (running.size === 0) {
          if (!again && !filling) break;
          continue;
        }
        await Promise.race([...running.values()].map((r) => r.done));
      }
      return done - before;
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      stopQueued();
      stopCanceled();
      clearInterval(poll);
      clearInterval(prune);
      await filling;
      for (const entry of running.values()) entry.abort.abort(new Error('The work tier is stopping.'));
      await Promise.all([...running.values()].map((r) => r.done));
    },
  };
}
