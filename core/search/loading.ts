/**
 * Spec §9: the search's loading flag clears 5000 ms after the page cursors arrive at the latest — the list
 * shows at once, and the map's markers may settle the flag sooner; a slow marker request never leaves the
 * search looking busy.
 */
export const LOADING_CLEAR_MS = 5000;

export interface LoadingFlag {
  /** A new search started: loading until `settled` or the timeout after `cursorsArrived`. */
  start(): void;
  /** listingLoad answered with its page cursors. */
  cursorsArrived(): void;
  /** Everything the search waits for arrived (or failed). */
  settled(): void;
  dispose(): void;
}

export function createLoadingFlag(
  onChange: (loading: boolean) => void,
  setTimer: (run: () => void, ms: number) => unknown = (run, ms) => setTimeout(run, ms),
  clearTimer: (timer: unknown) => void = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
): LoadingFlag {
  let loading = false;
  let timer: unknown;
  const set = (value: boolean) => {
    if (value !== loading) onChange((loading = value));
  };
  const stopTimer = () => {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  };
  return {
    start() {
      stopTimer();
      set(true);
    },
    cursorsArrived() {
      stopTimer();
      if (loading) timer = setTimer(() => set(false), LOADING_CLEAR_MS);
    },
    settled() {
      stopTimer();
      set(false);
    },
    dispose: stopTimer,
  };
}
