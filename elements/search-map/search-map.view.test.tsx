// @vitest-environment happy-dom
/**
 * SearchMapView renders from its props alone: no search is loaded, no effect runs a call. Each test gives it
 * a controller (what use-search-surface.ts returns) in one state and reads the DOM.
 */
import { act } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { searchMapTexts as t } from '../../core/i18n/search';
import type { SearchListing, SearchPage } from '../../core/search/api';
import { defaultFilters, initialSearch } from '../../core/search/search-model';
import type { ResultsState } from '../../core/search/use-search';
import { testRoot } from '../../core/testing/react-root';
import { SearchMapView } from './search-map.view';
import type { SearchSurfaceController } from './use-search-surface';

const dom = testRoot();
// The keyless map asks our API for its basemap: that answer never comes here (the grid is drawn).
beforeAll(() => {
  window.hearth = { loader: '', cdn: '', api: 'https://api.example', partner: 'acme' };
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});

const listing = (id: string, price: number): SearchListing =>
  ({
    id,
    slugId: `home-${id}`,
    listingCodeId: `HH${id}`,
    classification: 'SALE',
    priceInPennies: price,
    priceCurrencyCode: 'USD',
    priceLabel: null,
    address: { streetAddress: `${id} Main St`, city: 'Salt Lake City', stateOrProvince: 'UT', postalCode: '84111', country: 'US' },
    location: { latitude: 40.76, longitude: -111.88 },
  }) as unknown as SearchListing;

const page = (listings: SearchListing[], totalCount = listings.length): SearchPage => ({
  totalCount,
  totalCountCapped: false,
  pageInfo: { hasNextPage: false, hasPreviousPage: false },
  pageCursors: { first: null, around: [{ cursor: 'c1', page: 1, isCurrent: true }], last: null, previous: null },
  listings,
});

const defaults = defaultFilters('SALE');
const model = initialSearch('Salt-Lake-City,-UT,-USA', 'map', 'SALE');

/** A controller in the state given: every action a spy, no map, no sheet, no dialog. */
function controller(overrides: Partial<SearchSurfaceController> = {}): SearchSurfaceController {
  const ref = () => ({ current: null });
  const results: ResultsState = { status: 'loading', page: null };
  return {
    refs: { base: ref(), list: ref(), area: ref(), box: ref() },
    layout: 'wide',
    pane: 'list',
    togglePane: vi.fn(),
    model,
    results,
    loading: true,
    retry: vi.fn(),
    defaults,
    changeFilters: vi.fn(),
    resetFilters: vi.fn(),
    sort: vi.fn(),
    showView: vi.fn(),
    showPage: vi.fn(),
    highlighted: null,
    highlight: vi.fn(),
    saving: false,
    openSave: vi.fn(),
    closeSave: vi.fn(),
    sheet: null,
    openSheet: vi.fn(),
    closeSheet: vi.fn(),
    changePending: vi.fn(),
    resetPending: vi.fn(),
    applySheet: vi.fn(),
    map: null,
    google: null,
    listing: () => undefined,
    selectPin: vi.fn(),
    searchThisArea: vi.fn(),
    draft: null,
    startDrawing: vi.fn(),
    addPoint: vi.fn(),
    undoPoint: vi.fn(),
    cancelDrawing: vi.fn(),
    finishShape: vi.fn(),
    clearShape: vi.fn(),
    ...overrides,
  };
}

const render = (h: SearchSurfaceController) => dom.render(<SearchMapView {...h} />);
const part = (view: HTMLElement, name: string) => view.querySelector<HTMLElement>(`[part~="${name}"]`);
const button = (view: HTMLElement, text: string) => [...view.querySelectorAll('button')].find((b) => b.textContent === text);
const click = (node: HTMLElement | null | undefined) => act(() => node!.click());

describe('SearchMapView (renders its props)', () => {
  it('loading: placeholder cards, busy, and the status says so; no total yet', () => {
    const view = render(controller());
    const base = part(view, 'base')!;
    expect(base.dataset.state).toBe('loading');
    expect(base.getAttribute('aria-busy')).toBe('true');
    expect(view.querySelectorAll('[part="skeleton"]')).toHaveLength(6);
    expect(view.querySelector('[role="status"]')!.textContent).toBe(t.loading);
    expect(part(view, 'total')!.textContent).toBe('');
    expect(part(view, 'list')).toBeNull();
  });

  it('results: the heading counts them, one item per listing, the pager says where it is', () => {
    const results: ResultsState = { status: 'ready', page: page([listing('1', 48_900_000), listing('2', 30_000_000)], 686) };
    const view = render(controller({ results, loading: false, highlighted: '2' }));
    expect(view.querySelector('h2')!.textContent).toBe(`${t.resultsHeading} · 686 homes`);
    expect(view.querySelector('[role="status"]')!.textContent).toBe('686 homes');
    const items = [...view.querySelectorAll<HTMLElement>('[part="result"]')];
    expect(items.map((i) => [i.dataset.listingId, i.dataset.state])).toEqual([
      ['1', 'idle'],
      ['2', 'highlighted'],
    ]);
    expect(part(view, 'pager')!.textContent).toBe(t.pageOf(1, 1));
    expect(view.querySelectorAll('[part="skeleton"]')).toHaveLength(0);
  });

  it('empty: the message, and Reset filters only when filters beyond the first ones are set', () => {
    const empty: ResultsState = { status: 'empty', page: page([]) };
    let view = render(controller({ results: empty, loading: false }));
    expect(part(view, 'empty')!.textContent).toBe(`${t.empty}${t.emptyHint}`);
    expect(button(view, t.resetFilters)).toBeUndefined();
    const h = controller({ results: empty, loading: false, model: { ...model, filters: { ...model.filters, minBeds: 3 } } });
    view = render(h);
    click(button(view, t.resetFilters));
    expect(h.resetFilters).toHaveBeenCalledTimes(1);
  });

  it('failed: an alert with Retry', () => {
    const h = controller({ results: { status: 'failed', page: null }, loading: false });
    const view = render(h);
    expect(part(view, 'error')!.getAttribute('role')).toBe('alert');
    click(button(view, t.retry));
    expect(h.retry).toHaveBeenCalledTimes(1);
  });

  it('the toolbar: the Filters badge counts the filters set; view, sort and Save call their actions', () => {
    const h = controller({ model: { ...model, filters: { ...model.filters, minBeds: 2, hasOpenHouse: true } } });
    const view = render(h);
    expect(part(view, 'filters-button')!.textContent).toBe(`${t.filters}2${t.filtersSet(2)}`);
    click(button(view, t.galleryView));
    expect(h.showView).toHaveBeenCalledWith('gallery');
    click(part(view, 'filters-button'));
    expect(h.openSheet).toHaveBeenCalledTimes(1);
    click(part(view, 'save-search'));
    expect(h.openSave).toHaveBeenCalledTimes(1);
    const sort = view.querySelector<HTMLSelectElement>('select[name="sort"]')!;
    act(() => {
      sort.value = sort.options[1]!.value;
      sort.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(h.sort).toHaveBeenCalledWith(sort.options[1]!.value);
  });

  it('the Filters sheet: its apply button counts the pending filters; Reset is off while they are the first ones', () => {
    const h = controller({ sheet: { pending: defaults, round: 0, count: { status: 'ready', count: { totalCount: 123, totalCountCapped: false } } } });
    const view = render(h);
    const sheet = part(view, 'filters-sheet')!;
    expect(part(sheet, 'apply-filters')!.textContent).toBe(t.showHomes('123 homes'));
    expect(part(sheet, 'apply-filters')!.dataset.state).toBe('ready');
    expect(button(sheet, t.resetFilters)!.disabled).toBe(true);
    render({ ...h, sheet: { pending: { ...defaults, minBeds: 2 }, round: 1, count: { status: 'counting', count: null } } });
    expect(part(view, 'apply-filters')!.textContent).toBe(t.showHomes(null));
    expect(button(part(view, 'filters-sheet')!, t.resetFilters)!.disabled).toBe(false);
  });

  it('the map area: none until the map is framed; then the map, Draw, and Search this area once moved', () => {
    expect(part(render(controller()), 'map')).toBeNull();
    const map = { viewport: { center: { lat: 40.76, lng: -111.88 }, zoom: 12, width: 640, height: 480 }, markers: [], moved: true, move: vi.fn(), resize: vi.fn() };
    const h = controller({ map });
    const view = render(h);
    expect(part(view, 'map')!.getAttribute('aria-label')).toBe(t.map);
    click(part(view, 'draw'));
    expect(h.startDrawing).toHaveBeenCalledTimes(1);
    click(part(view, 'search-this-area'));
    expect(h.searchThisArea).toHaveBeenCalledTimes(1);
    // While drawing: the corner count, Finish (from three corners), no Search this area.
    const drawing = render({ ...h, draft: [{ lat: 40.7, lng: -111.9 }] });
    expect(part(drawing, 'draw-controls')!.querySelector('[role="status"]')!.textContent).toBe(t.shapePoints(1, 200));
    expect((part(drawing, 'finish-shape') as HTMLButtonElement).disabled).toBe(true);
    expect(part(drawing, 'search-this-area')).toBeNull();
  });

  it('the compact layout: the pane toggle names the other pane', () => {
    const h = controller({ layout: 'compact', pane: 'map' });
    const view = render(h);
    expect(part(view, 'base')!.dataset.layout).toBe('compact');
    expect(part(view, 'pane-toggle')!.textContent).toBe(t.showList);
    click(part(view, 'pane-toggle'));
    expect(h.togglePane).toHaveBeenCalledTimes(1);
  });
});
