/**
 * Text input is debounced 200 ms (widget spec §2, §9): what is typed shows at once, the form hears of it
 * after a 200 ms pause, or at once on blur.
 */
import { useEffect, useRef, useState } from 'react';

export const INPUT_DEBOUNCE_MS = 200;

export function useDebouncedInput(value: string, commit: (value: string) => void, delay = INPUT_DEBOUNCE_MS) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Set as typed, not on render: a blur right after a keystroke commits what was typed.
  const pending = useRef(value);
  const latestCommit = useRef(commit);
  latestCommit.current = commit;

  // A value from outside (a reset, a resumed response) replaces the draft when nothing is pending.
  useEffect(() => {
    if (timer.current === undefined) setDraft(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const flush = () => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    latestCommit.current(pending.current);
  };
  const onInput = (next: string) => {
    pending.current = next;
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      latestCommit.current(next);
    }, delay);
  };
  return { draft, onInput, flush };
}
