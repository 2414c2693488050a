/**
 * An effect whose asynchronous work knows when it is no longer wanted: `effect(signal)` runs as
 * useEffect's would, and `signal` aborts when the dependencies change or the component goes away (then the
 * effect's own cleanup, if it returned one, runs too). An answer that arrives after the abort is dropped
 * by checking `signal.aborted`, or by chaining on `wanted(signal, promise)`.
 *
 * With useLoad (core/graphql/use-load.ts, built on this) the one way to cancel async work in a hook:
 * never a hand-written `let live = true` flag (core/state/cancellation-flags.test.ts looks for them).
 */
import { useEffect, type DependencyList } from 'react';

export function useSignalEffect(effect: (signal: AbortSignal) => void | (() => void), deps: DependencyList): void {
  useEffect(() => {
    const controller = new AbortController();
    const cleanup = effect(controller.signal);
    return () => {
      controller.abort();
      cleanup?.();
    };
    // The caller's dependencies, as useEffect's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}

/**
 * The promise's outcome while `signal` has not aborted; after an abort it never settles, so nothing
 * chained to it runs: `void wanted(signal, import('./google')).then(setGoogle, () => setFailed(true))`.
 */
export function wanted<T>(signal: AbortSignal, promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    promise.then(
      (value) => signal.aborted || resolve(value),
      (error: unknown) => signal.aborted || reject(error),
    );
  });
}
