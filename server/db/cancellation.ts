/**
 * What a statement knows of the request it runs for, however deep in that request's promises it starts
 * (AsyncLocalStorage):
 *
 * - **Cancellation.** Statements of a request that nobody waits for any more are not run: the GraphQL
 *   transport runs every operation with its request's AbortSignal in scope, aborted when the client
 *   disconnects or the request passes its deadline, and both engines check it before each statement. On
 *   PostgreSQL the statement running at that moment is cancelled too (postgres.ts); PGlite runs one short
 *   statement at a time in its own thread, so the next one is simply never sent.
 * - **The commit point.** A request's first write (a transaction's BEGIN, or a statement outside a transaction
 *   that is not a plain read) is where it commits to writing (beginWrite). A request stopped before it writes
 *   nothing: that write is refused. Once it has begun, nothing of the request is cancelled any more (half an
 *   object is never left behind) and the transport answers the request's outcome instead of DEADLINE_EXCEEDED
 *   (RequestWrites; server/graphql/transport/http.ts). So a failure answered means nothing was written.
 * - **Weight.** Statements of a heavy request (server/graphql/transport/cost-guard.ts) take turns at a gate of their
 *   own (HeavyStatements), so however many heavy requests run, at most one or two of their statements
 *   wait in the database's queue in front of everybody else's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isReadOnlySql } from './read-only-sql';

interface Scope {
  signal?: AbortSignal;
  heavy?: boolean;
  /** Whether the request has begun to write; absent: its writes are not tracked (always cancellable). */
  writes?: RequestWrites;
}

/** Whether a request has begun to write: set by beginWrite at its commit point, read by the transport at the deadline. */
export class RequestWrites {
  begun = false;
}

const scope = new AsyncLocalStorage<Scope>();

/** The request stopped before this statement: its answer would go nowhere. */
export class StatementCancelled extends Error {
  constructor(reason: unknown) {
    super(reason instanceof Error ? reason.message : 'The request was stopped; the statement was not run.');
    this.name = 'StatementCancelled';
  }
}

/**
 * Runs `fn` with `signal` in scope of every statement it starts, however deep in its promises; with `writes`,
 * its first write is the commit point after which nothing is cancelled.
 */
export function withCancellation<T>(signal: AbortSignal, fn: () => T, writes?: RequestWrites): T {
  return scope.run({ ...scope.getStore(), signal, writes }, fn);
}

/**
 * Runs `fn` outside any request: for work a request only starts (a timer's flush of buffered counts), which
 * must not be cancelled with it when its client goes away.
 */
export function outsideRequest<T>(fn: () => T): T {
  return scope.exit(fn);
}

/** Runs `fn` as a heavy request: its statements go through their engine's HeavyStatements gate. */
export function asHeavy<T>(fn: () => T): T {
  return scope.run({ ...scope.getStore(), heavy: true }, fn);
}

/**
 * The signal of the request this statement belongs to, if it may be cancelled; `cancellable` says whether it
 * still may when the signal fires (not once the request has begun to write).
 */
export function cancellationSignal(): { signal: AbortSignal; cancellable: () => boolean } | undefined {
  const store = scope.getStore();
  if (!store?.signal) return undefined;
  const { signal, writes } = store;
  return { signal, cancellable: () => !writes?.begun };
}

/**
 * Throws StatementCancelled when the current request has been stopped and has not begun to write. Also for
 * work before a commit point that is not a statement (an upload's files are not stored for a stopped request).
 */
export function throwIfCancelled(): void {
  const store = scope.getStore();
  if (store?.signal?.aborted && !store.writes?.begun) throw new StatementCancelled(store.signal.reason);
}

/**
 * Called by the engines before a write may begin: a transaction (no `sql`), or a statement outside one. A
 * stopped request's write is refused here, before anything is written; else a statement that is not a plain
 * read marks its request as writing, from which point it runs to its end.
 */
export function beginWrite(sql?: string): void {
  throwIfCancelled();
  const writes = scope.getStore()?.writes;
  if (writes && !writes.begun && (sql === undefined || !isReadOnlySql(sql))) writes.begun = true;
}

/** At most `width` statements of heavy requests at once; statements of other requests pass straight through. */
export class HeavyStatements {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly width: number) {}

  async run<T>(statement: () => Promise<T>): Promise<T> {
    if (!scope.getStore()?.heavy) return statement();
    if (this.#running >= this.width) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running += 1;
    try {
      throwIfCancelled();
      return await statement();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
