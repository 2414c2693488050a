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

/** Turns waiting across the page's elements, first come first served. */
const waiting: (() => void)[] = [];
let turnsScheduled = false;
/** How many waiting views get their turn in one task: a listing card is some 2 ms of main thread at full speed. */
const TURNS_PER_TASK = 3;

function giveTurns(): void {
  turnsScheduled = false;
  for (let i = 0; i < TURNS_PER_TASK && waiting.length; i++) waiting.shift()!();
  if (waiting.length) scheduleTurns();
}

function scheduleTurns(): void {
  if (turnsScheduled) return;
  turnsScheduled = true;
  setTimeout(giveTurns, 0);
}

/**
 * Whether a view that can wait may render now: at once when `wait` is false; else once its turn comes, a few
 * views a task across every element of the page. For views with something to show meanwhile: the hosted pages'
 * listing cards show the page's own markup until then (24 cards drawn in the task that upgrades them were ~180 ms
 * of it at Lighthouse's 4× slowdown).
 */
export function useTurn(wait: boolean): boolean {
  const [ready, setReady] = useState(!wait);
  useEffect(() => {
    if (ready) return;
    const give = () => setReady(true);
    waiting.push(give);
    scheduleTurns();
    // A view gone before its turn leaves the line.
    return () => {
      const at = waiting.indexOf(give);
      if (at >= 0) waiting.splice(at, 1);
    };
  }, [ready]);
  return ready;
}
