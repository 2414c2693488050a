/**
 * The buyer's tour-time grid of the moment (spec §5: the next 3 days, or one day among days 4–15, in the
 * listing's zone): computed fresh when `active` turns on, then every minute while it stays on, so slots that pass
 * become disabled (empty while `active` is off); `onTick(now)` lets the owner drop chosen times that have passed (tour-time-choice.ts 'prune').
 * Used by the request-tour dialog and by the buyer's new times for a request.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { buyerTourGrid, tourDay, type BuyerTourGrid, type DayKey, type TourDay } from './tour-times';

/** While the grid is shown it is recomputed this often. */
export const CLOCK_REFRESH_MS = 60_000;

/** The grid while it is not shown (`active` off). */
const NO_GRID: BuyerTourGrid = { gridDays: [], dropdownDays: [] };

export interface TourTimeGrid {
  now: Date;
  grid: BuyerTourGrid;
  /** The day chosen from the dropdown with its slots, while it is among days 4–15. */
  dropdownTourDay: TourDay | null;
}

export function useTourTimeGrid(options: {
  zone: string;
  active: boolean;
  /** The day chosen from the dropdown (tour-time-choice.ts). */
  dropdownDay: DayKey | null;
  onTick?: (now: Date) => void;
  clock?: () => Date;
}): TourTimeGrid {
  const { zone, active, dropdownDay } = options;
  const clock = useRef(options.clock ?? (() => new Date()));
  clock.current = options.clock ?? (() => new Date());
  const onTick = useRef(options.onTick);
  onTick.current = options.onTick;
  const [now, setNow] = useState(() => clock.current());

  useEffect(() => {
    if (!active) return;
    const tick = () => {
      const at = clock.current();
      setNow(at);
      onTick.current?.(at);
    };
    tick();
    const timer = setInterval(tick, CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, zone]);

  // Only while the grid is on show: the first time zone a page formats in costs some 20 ms of main thread (its data
  // loads), which a closed "Request a Tour" paid in the listing page's first task (issue 38).
  const grid = useMemo(() => (active ? buyerTourGrid(now, zone) : NO_GRID), [active, now, zone]);
  const shownDay = dropdownDay && grid.dropdownDays.some((d) => d.day === dropdownDay) ? dropdownDay : null;
  const dropdownTourDay = useMemo(() => (shownDay ? tourDay(shownDay, now, zone) : null), [shownDay, now, zone]);
  return { now, grid, dropdownTourDay };
}
