/**
 * The one hook that loads: runs `load` for a key (null: nothing to load) and again on `reload()`, and
 * drops an answer that arrives after the key changed or the component went away. Hooks of core/ map its
 * `result` onto the states their views draw.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { failureOf, type Result } from './call';

export interface Load<T> {
  /**
   * The answer for this key; while a `reload()` of the same key runs, the previous answer (so a list can
   * stay on screen). Undefined until the key's first answer.
   */
  result: Result<T> | undefined;
  /** A load for this key is under way. */
  loading: boolean;
  reload: () => void;
}

interface Held<T> {
  key: string | null;
  result: Result<T> | undefined;
  loading: boolean;
}

export function useLoad<T>(key: string | null, load: () => Promise<Result<T>>): Load<T> {
  const [held, setHeld] = useState<Held<T>>({ key: null, result: undefined, loading: false });
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    if (key === null) {
      setHeld({ key: null, result: undefined, loading: false });
      return;
    }
    let live = true;
    setHeld((previous) => (previous.key === key ? { ...previous, loading: true } : { key, result: undefined, loading: true }));
    latest
      .current()
      .catch((error: unknown): Result<T> => ({ ok: false, failure: failureOf(error) }))
      .then((result) => {
        if (live) setHeld({ key, result, loading: false });
      });
    return () => {
      live = false;
    };
  }, [key, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  // A new key is loading from its first render on, with nothing of the previous key's to show.
  if (held.key !== key) return { result: undefined, loading: key !== null, reload };
  return { result: held.result, loading: held.loading, reload };
}
