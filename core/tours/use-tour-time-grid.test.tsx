// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { testRoot } from '../testing/react-root';
import { TOUR_GRID_DAYS, TOUR_REQUEST_HORIZON_DAYS } from './tour-times';
import { useTourTimeGrid, type TourTimeGrid } from './use-tour-time-grid';

const dom = testRoot();
let latest: TourTimeGrid | null = null;

function Probe({ active }: { active: boolean }) {
  latest = useTourTimeGrid({ zone: 'America/Denver', active, dropdownDay: null, clock: () => new Date('2026-11-29T15:00:00Z') });
  return null;
}

describe('useTourTimeGrid', () => {
  it('works the grid out only while it is shown: nothing in the listing zone before (issue 38: a closed dialog paid its first time zone)', () => {
    dom.render(<Probe active={false} />);
    expect(latest!.grid).toEqual({ gridDays: [], dropdownDays: [] });
    dom.render(<Probe active />);
    expect(latest!.grid.gridDays).toHaveLength(TOUR_GRID_DAYS);
    expect(latest!.grid.dropdownDays).toHaveLength(TOUR_REQUEST_HORIZON_DAYS - TOUR_GRID_DAYS);
    // 8 am in Denver: the 9 am slot of today is still ahead.
    expect(latest!.grid.gridDays[0]!.slots[0]).toMatchObject({ hour: 9, disabled: false, dateTime: '2026-11-29T16:00:00.000Z' });
  });
});
