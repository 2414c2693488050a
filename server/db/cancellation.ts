/**
 * Statements of a request that nobody waits for any more are not run: the GraphQL transport runs a read
 * (a query operation, or a public search) with its request's AbortSignal in scope, aborted when the client
 * disconnects or the request passes its deadline, and both engines check it before each statement. On
 * PostgreSQL the statement running at that moment is cancelled too (postgres.ts); PGlite runs one short
 * statement at a time in its own thread, so the next one is simply never sent.
 *
 * Writes never run with a signal: a mutation half done because its client went away would leave half an
 * object behind.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<AbortSignal>();

/** The request stopped before this statement: its answer would go nowhere. */
export class StatementCancelled extends Error {
  constructor(reason: unknown) {
    super(reason instanceof Error ? reason.message : 'The request was stopped; the statement was not run.');
    this.name = 'StatementCancelled';
  }
}

/** Runs `fn` with `signal` in scope of every statement it starts, however deep in its promises. */
export function withCancellation<T>(signal: AbortSignal, fn: () => T): T {
  return scope.run(signal, fn);
}

/** The signal of the request this statement belongs to, if it may be cancelled. */
export function cancellationSignal(): AbortSignal | undefined {
  return scope.getStore();
}

/** Throws StatementCancelled when the current request has been stopped. */
export function throwIfCancelled(): void {
  const signal = scope.getStore();
  if (signal?.aborted) throw new StatementCancelled(signal.reason);
}
