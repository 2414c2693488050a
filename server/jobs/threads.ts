/**
 * Worker threads for the CPU work of jobs (DESIGN §3: `piscina`): drawing a marketing material, laying out a PDF,
 * decoding and scaling an image. The main thread answers requests (/healthz, searches) while a render runs; at
 * most HEARTH_WORK_THREADS threads (default: one core fewer than the machine has, at least one) render at once,
 * further tasks wait in the pool's queue, and a thread's heap is bounded (a runaway render ends its thread, not the
 * process). A task's AbortSignal (its job's) stops it: a queued task is dropped, a running one's thread is ended.
 *
 * The tasks are server/jobs/thread-tasks.ts; the threads start through thread-boot.mjs (tsx registered first, as
 * server/worker-thread.ts does for a module worker). The pool starts with the first task and lets idle threads go.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
// sharp must be loaded by the main thread before a worker thread loads it (sharp's documentation, "worker threads").
import 'sharp';
import type { ThreadTaskName, ThreadTasks } from './thread-tasks';

const IDLE_MS = 30_000;
/**
 * The threads' nice value (Linux keeps one per thread): a render or a PDF layout yields the cores to the main
 * thread, which answers /healthz and searches meanwhile (issue 33: `npm run bench:abuse`, docs/benchmarks.md).
 * Set through piscina, which applies it with its optional `@napi-rs/nice` inside each thread.
 */
const THREAD_NICE = 10;
/** A thread's JavaScript heap; native memory (sharp's pixels) is bounded by the tasks' pixel limits. */
const HEAP_MB = 768;

/** A thread's nice value, from /proc (Linux). */
const niceOf = (tid: string) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);

/**
 * Gives libvips's worker threads (sharp's pixel work: uploads decoded and encoded, wherever sharp runs) the work
 * threads' nice value over the main thread's, as piscina does for its own. libvips keeps its threads in a set it
 * reuses, started when a pipeline first needs them, so callers run this after an image's work. Linux only
 * (elsewhere a thread's priority is the process's, and this does nothing).
 */
export function yieldImageThreads(): void {
  if (process.platform !== 'linux') return;
  try {
    const target = niceOf(String(process.pid)) + THREAD_NICE;
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').startsWith('libvips') && niceOf(tid) < target) setPriority(Number(tid), Math.min(19, target));
      } catch {
        // The thread ended meanwhile.
      }
    }
  } catch {
    // No /proc: nothing to do.
  }
}

/** Worker threads for CPU work: HEARTH_WORK_THREADS, else one core fewer than the machine has (at least one). */
export function workThreads(): number {
  const raw = process.env.HEARTH_WORK_THREADS;
  if (raw === undefined || raw === '') return Math.max(1, availableParallelism() - 1);
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`HEARTH_WORK_THREADS must be a whole number ≥ 1, not "${raw}".`);
  return value;
}

let pool: Piscina | null = null;
let started = 0;

function poolOf(): Piscina {
  if (!pool) {
    pool = new Piscina({
      filename: fileURLToPath(new URL('./thread-boot.mjs', import.meta.url)),
      minThreads: 0,
      maxThreads: workThreads(),
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
      niceIncrement: THREAD_NICE,
    });
    pool.on('workerCreate', () => started++);
  }
  return pool;
}

type Input<N extends ThreadTaskName> = Parameters<ThreadTasks[N]>[0];
type Output<N extends ThreadTaskName> = Awaited<ReturnType<ThreadTasks[N]>>;

/** Runs task `name` on a worker thread; `signal` drops it from the queue or ends its thread. */
export function runOnThread<N extends ThreadTaskName>(name: N, input: Input<N>, options: { signal?: AbortSignal } = {}): Promise<Output<N>> {
  const task = poolOf().run({ name, input }, { signal: options.signal ?? null }) as Promise<Output<N>>;
  return task.finally(yieldImageThreads);
}

/** What the pool did so far (tests): threads started and tasks completed in this process. */
export function threadStats(): { threadsStarted: number; completed: number } {
  return { threadsStarted: started, completed: pool?.completed ?? 0 };
}

let holders = 0;

/**
 * A server holds the pool while it runs; answers the release its close calls. The threads end when the last
 * holder lets go (several servers share one process in tests); a task after that starts a new pool.
 */
export function holdThreads(): () => Promise<void> {
  holders++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    if (--holders > 0) return;
    const current = pool;
    pool = null;
    await current?.destroy();
  };
}
