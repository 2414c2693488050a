// @vitest-environment happy-dom
/**
 * useSearchSurface, the search map's behaviour: the events it sends, the Filters sheet's pending filters
 * (the results do not move until they are applied), draw-a-shape and a pin's selection. The calls are
 * core/search/api's, stood in for here.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ElementHandle } from '../../core/define-element/define-element';
import { countListings, loadMapData, loadSearchPage, type SearchListing, type SearchPage } from '../../core/search/api';
import { testRoot } from '../../core/testing/react-root';
import { useSearchSurface, type SearchSurfaceController } from './use-search-surface';

vi.mock('../../core/search/api', () => ({ loadSearchPage: vi.fn(), countListings: vi.fn(), loadMapData: vi.fn(), servedSearchPage: vi.fn(() => null) }));
vi.mock('../search-box/search-box.element', () => ({}));

const dom = testRoot();

const home = { id: '7', slugId: 'home-7', listingCodeId: 'HH7', location: { latitude: 40.76, longitude: -111.88 } } as unknown as SearchListing;
const page: SearchPage = {
  totalCount: 1,
  totalCountCapped: false,
  pageInfo: { hasNextPage: false, hasPreviousPage: false },
  pageCursors: { first: null, around: [{ cursor: 'c1', page: 1, isCurrent: true }], last: null, previous: null },
  listings: [home],
};

let h: SearchSurfaceController;
const emit = vi.fn();
const element = { tag: 'hearth-search-map', host: document.createElement('div'), emit } as ElementHandle;
function Probe() {
  h = useSearchSurface({ location: 'Salt-Lake-City,-UT,-USA', view: 'map', urlSync: false, pageSize: 25, for: 'sale', element });
  return null;
}
/** Renders and lets the results page arrive. */
const start = () => dom.renderAsync(<Probe />);
const run = async (action: () => void) => act(async () => action());
const changes = () => emit.mock.calls.filter(([name]) => name === 'search-changed').map(([, model]) => model);

beforeEach(() => {
  emit.mockReset();
  vi.mocked(loadSearchPage).mockReset().mockResolvedValue({ ok: true, value: page });
  vi.mocked(countListings).mockReset().mockReturnValue(new Promise(() => {}));
  vi.mocked(loadMapData).mockReset().mockReturnValue(new Promise(() => {}));
});

describe('useSearchSurface', () => {
  it('starts in the classification asked for, tells the host, and shows the page found', async () => {
    await start();
    expect(changes()[0]).toMatchObject({ location: 'Salt-Lake-City,-UT,-USA', view: 'map', filters: { classification: 'SALE' } });
    expect(h.results).toEqual({ status: 'ready', page });
    expect(h.defaults.classification).toBe('SALE');
    expect(loadSearchPage).toHaveBeenCalledTimes(1);
  });

  it('the Filters sheet: pending changes move nothing until applied; Reset goes back to the first filters', async () => {
    await start();
    await run(h.openSheet);
    expect(h.sheet).toEqual({ pending: h.model.filters, round: 0, count: { status: 'ready', count: { totalCount: 1, totalCountCapped: false } } });
    await run(() => h.changePending({ minBeds: 3 }));
    expect(h.sheet!.pending.minBeds).toBe(3);
    expect(h.model.filters.minBeds).toBeNull();
    expect(h.sheet!.count.status).toBe('counting');
    await run(h.resetPending);
    expect(h.sheet).toMatchObject({ pending: h.defaults, round: 1 });
    await run(() => h.changePending({ minBeds: 2 }));
    await run(h.applySheet);
    expect(h.sheet).toBeNull();
    expect(h.model.filters).toMatchObject({ minBeds: 2, classification: 'SALE' });
    expect(changes().at(-1)).toMatchObject({ filters: { minBeds: 2 }, page: 1 });
    // Closed with ×: the pending filters are dropped.
    await run(h.openSheet);
    await run(() => h.changePending({ minBeds: 5 }));
    await run(h.closeSheet);
    expect(h.model.filters.minBeds).toBe(2);
  });

  it('draw a shape: corners, Undo, then Finish searches inside it (no bounds, page 1)', async () => {
    await start();
    await run(h.startDrawing);
    expect(h.draft).toEqual([]);
    for (const [lat, lng] of [
      [40.7, -111.9],
      [40.8, -111.9],
      [40.8, -111.8],
      [40.7, -111.8],
    ]) {
      await run(() => h.addPoint({ lat: lat!, lng: lng! }));
    }
    await run(h.undoPoint);
    expect(h.draft).toHaveLength(3);
    await run(h.finishShape);
    expect(h.draft).toBeNull();
    expect(h.model).toMatchObject({ polygon: [{ lat: 40.7 }, { lat: 40.8 }, { lat: 40.8 }], bounds: null, page: 1 });
  });

  it('a pin opens its listing as a card does; sorting starts again at page 1', async () => {
    await start();
    await run(() => h.selectPin('7'));
    expect(emit).toHaveBeenCalledWith('listing-selected', { listingId: '7', slugId: 'home-7', listingCodeId: 'HH7' });
    await run(() => h.showPage(3, 'c3'));
    expect(h.model).toMatchObject({ page: 3, after: 'c3' });
    await run(() => h.sort(h.model.sort === 'NEWEST' ? 'PRICE_ASC' : 'NEWEST'));
    expect(h.model).toMatchObject({ page: 1, after: null });
  });
});
