// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countListings } from './api';
import { initialSearch, NO_FILTERS, type SearchFilters } from './search-model';
import { FILTER_COUNT_DEBOUNCE_MS, useFilterCount, type FilterCount } from './use-filter-count';

vi.mock('./api', () => ({ countListings: vi.fn() }));
const count = vi.mocked(countListings);


const model = initialSearch('Salt-Lake-City,-UT,-USA', 'map');
const applied = { totalCount: 3, totalCountCapped: false };

let container: HTMLDivElement;
let root: ReturnType<typeof createRoot>;
let latest: FilterCount;
function Probe({ pending }: { pending: SearchFilters | null }) {
  latest = useFilterCount(model, pending, applied);
  return null;
}
const render = (pending: SearchFilters | null) => act(() => root.render(<Probe pending={pending} />));
const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  vi.useFakeTimers();
  count.mockReset();
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('useFilterCount', () => {
  it('the applied filters are counted already: nothing is asked', async () => {
    render(NO_FILTERS);
    await wait(FILTER_COUNT_DEBOUNCE_MS * 2);
    expect(latest).toEqual({ status: 'ready', count: applied });
    expect(count).not.toHaveBeenCalled();
  });

  it('asks once the visitor pauses, for the pending filters where the search is, and keeps the last count meanwhile', async () => {
    count.mockResolvedValue({ ok: true, value: { totalCount: 2, totalCountCapped: false } });
    render(NO_FILTERS);
    render({ ...NO_FILTERS, minBeds: 2 });
    await wait(FILTER_COUNT_DEBOUNCE_MS - 50);
    render({ ...NO_FILTERS, minBeds: 3 });
    expect(latest).toEqual({ status: 'counting', count: applied });
    await wait(FILTER_COUNT_DEBOUNCE_MS - 50);
    expect(count).not.toHaveBeenCalled();
    await wait(50);
    expect(count).toHaveBeenCalledTimes(1);
    expect(count.mock.calls[0]![0]).toEqual({ address: 'Salt Lake City, UT, USA', searchInput: { minBedrooms: 3 } });
    expect(latest).toEqual({ status: 'ready', count: { totalCount: 2, totalCountCapped: false } });
  });

  it('a failed count is said as such (the sheet then offers to show homes without a number)', async () => {
    count.mockRejectedValue(new Error('offline'));
    render({ ...NO_FILTERS, hasOpenHouse: true });
    await wait(FILTER_COUNT_DEBOUNCE_MS);
    expect(latest).toEqual({ status: 'failed', count: null });
  });

  it('asks nothing while the sheet is closed', async () => {
    render(null);
    await wait(FILTER_COUNT_DEBOUNCE_MS * 2);
    expect(count).not.toHaveBeenCalled();
  });

  it('a sheet closed and opened again starts without the count it last showed (the hook lives in the element, not the sheet)', async () => {
    count.mockResolvedValue({ ok: true, value: { totalCount: 2, totalCountCapped: false } });
    render({ ...NO_FILTERS, minBeds: 2 });
    await wait(FILTER_COUNT_DEBOUNCE_MS);
    expect(latest).toEqual({ status: 'ready', count: { totalCount: 2, totalCountCapped: false } });
    render(null);
    expect(latest).toEqual({ status: 'counting', count: null });
    count.mockReturnValue(new Promise(() => {}));
    render({ ...NO_FILTERS, minBeds: 4 });
    expect(latest).toEqual({ status: 'counting', count: null });
  });
});
