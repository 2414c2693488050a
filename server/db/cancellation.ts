/**
 * What a statement knows of the request it runs for, however deep in that request's promises it starts
 * (AsyncLocalStorage):
 *
 * - **Cancellation.** Statements of a request that nobody waits for any more are not run: the GraphQL
 *   transport runs a read (a query operation, or a public search) with its request's AbortSignal in scope,
 *   aborted when the client disconnects or the request passes its deadline, and both engines check it
 *   before each statement. On PostgreSQL the statement running at that moment is cancelled too
 *   (postgres.ts); PGlite runs one short statement at a time in its own thread, so the next one is simply
 *   never sent. Writes never run with a signal: a mutation half done because its client went away would
 *   leave half an object behind.
 * - **Weight.** Statements of a heavy request (server/graphql/transport/cost-guard.ts) take turns at a gate of their
 *   own (HeavyStatements), so however many heavy requests run, at most one or two of their statements
 *   wait in the database's queue in front of everybody else's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

interface Scope {
  signal?: AbortSignal;
  heavy?: boolean;
}

const scope = new AsyncLocalStorage<Scope>();

/** The request stopped before this statement: its answer would go nowhere. */
export class StatementCancelled extends Error {
  constructor(reason: unknown) {
    super(reason instanceof Error ? reason.message : 'The request was stopped; the statement was not run.');
    this.name = 'StatementCancelled';
  }
}

/** Runs `fn` with `signal` in scope of every statement it starts, however deep in its promises. */
export function withCancellation<T>(signal: AbortSignal, fn: () => T): T {
  return scope.run({ ...scope.getStore(), signal }, fn);
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

/** The signal of the request this statement belongs to, if it may be cancelled. */
export function cancellationSignal(): AbortSignal | undefined {
  return scope.getStore()?.signal;
}

/** Throws StatementCancelled when the current request has been stopped. */
export function throwIfCancelled(): void {
  const signal = scope.getStore()?.signal;
  if (signal?.aborted) throw new StatementCancelled(signal.reason);
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
