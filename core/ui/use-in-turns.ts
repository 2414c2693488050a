import { useEffect, useState } from 'react';

/**
 * How many of `total` items to render now: `first` at once, then one more in each later task until all are there
 * (issue 38: "long tasks split"). A view that draws many heavy items at once (the market's charts, ~900 nodes) was
 * one long task; drawn in turns, the first screen paints at once and input is never held for long. Items not yet
 * drawn show a placeholder of their final size. Starts over when `total` changes.
 */
export function useInTurns(total: number, first: number): number {
  const [shown, setShown] = useState(() => Math.min(total, first));
  const [forTotal, setForTotal] = useState(total);
  if (forTotal !== total) {
    setForTotal(total);
    setShown(Math.min(total, first));
  }
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => setShown((n) => Math.min(total, n + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}
