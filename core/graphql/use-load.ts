/**
 * The one hook that loads: runs `load` for a key (null: nothing to load) and again on `reload()`, and
 * drops an answer that arrives after the key changed or the component went away. With `delay`, it waits
 * that long after the key last changed (a map that pans, filters being chosen). Hooks of core/ map its
 * answers onto the states their views draw.
 */
import { useCallback, useRef, useState } from 'react';
import { useSignalEffect, wanted } from '../state/use-signal-effect';
import { failureOf, type Result } from './call';

export interface Load<T> {
  /**
   * The answer for this key; while a `reload()` of the same key runs, the previous answer (so a list can
   * stay on screen). Undefined until the key's first answer.
   */
  result: Result<T> | undefined;
  /** The last answer of any key: what a view that keeps its results on screen while a new search runs shows meanwhile. */
  latest: Result<T> | undefined;
  /** A load for this key is under way (or waiting out its delay). */
  loading: boolean;
  reload: () => void;
}

interface Held<T> {
  key: string | null;
  result: Result<T> | undefined;
  latest: Result<T> | undefined;
  loading: boolean;
}

export function useLoad<T>(key: string | null, load: () => Promise<Result<T>>, { delay = 0 } = {}): Load<T> {
  const [held, setHeld] = useState<Held<T>>({ key: null, result: undefined, latest: undefined, loading: false });
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  useSignalEffect(
    (signal) => {
      if (key === null) {
        setHeld((previous) => ({ key: null, result: undefined, latest: previous.latest, loading: false }));
        return;
      }
      setHeld((previous) => ({ ...previous, key, result: previous.key === key ? previous.result : undefined, loading: true }));
      const run = () =>
        void wanted(
          signal,
          latest.current().catch((error: unknown): Result<T> => ({ ok: false, failure: failureOf(error) })),
        ).then((result) => setHeld({ key, result, latest: result, loading: false }));
      if (delay <= 0) return run();
      const timer = setTimeout(run, delay);
      return () => clearTimeout(timer);
    },
    [key, round, delay],
  );

  const reload = useCallback(() => setRound((n) => n + 1), []);
  // A new key is loading from its first render on, with nothing of the previous key's to show as its own.
  if (held.key !== key) return { result: undefined, latest: held.latest, loading: key !== null, reload };
  return { result: held.result, latest: held.latest, loading: held.loading, reload };
}
