/**
 * Behaviour of <hearth-search-map>: where the search starts (the attribute, else the partner's place), the
 * search itself (useSearch: model, results page, URL sync), its map (useSearchMap, and Google's code when
 * the partner has a maps key), the compact layout's panes, the Filters sheet's pending filters and their
 * live count, draw-a-shape, and the events the element sends. `SearchMapView` renders what it returns.
 * (Named for the surface it drives: core/search/use-search-map.ts is the map panel's own hook.)
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { appContextAtom } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { addVertex, canFinish, removeLastVertex } from '../../core/maps/polygon';
import type { LatLng } from '../../core/maps/projection';
import { servedSearchPage, type SearchCount, type SearchListing } from '../../core/search/api';
import { usePanes, useSearchLayout } from '../../core/search/compact';
import { defaultFilters, initialSearch, mergeFilters, startClassification, startLocation, withFilters, type SearchFilters, type SearchModel, type SearchView } from '../../core/search/search-model';
import { useFilterCount } from '../../core/search/use-filter-count';
import { useSearch } from '../../core/search/use-search';
import { useSearchMap } from '../../core/search/use-search-map';
import { useHearthValue } from '../../core/state/hooks';
import { useSignalEffect, wanted } from '../../core/state/use-signal-effect';
import type { ListingSelectedDetail } from '../listing-card/listing-card.view';

export type SearchChangedDetail = SearchModel;

export interface SearchMapProps {
  location: string;
  view: SearchView;
  urlSync: boolean;
  pageSize: number;
  /** The classification the search starts in ('any' = sale or rent). */
  for: 'sale' | 'rent' | 'any';
  element: ElementHandle;
}

/**
 * The place the search starts from, once it can start: the attribute's, else the partner's default (known
 * once the app context is loaded), and the result cards' element is defined. Null until then.
 */
export function useSearchStart(attribute: string): string | null {
  const context = useHearthValue(appContextAtom)?.context;
  const location = attribute || (context ? startLocation('', context.partner.defaultSearchLocation) : '');
  const [cardsReady, setCardsReady] = useState(false);
  useEffect(() => {
    void import('../listing-card/listing-card.element').then(() => setCardsReady(true));
  }, []);
  return location && cardsReady ? location : null;
}

type GoogleModule = typeof import('../../core/maps/google');

/**
 * Google's map component when the partner config holds a maps key (its code is a separate chunk, imported
 * when the map is first shown), else — and once Google cannot load — null: the keyless panel is drawn.
 */
function useGoogleMap(mapsKey: string | null, shown: boolean) {
  const [google, setGoogle] = useState<GoogleModule | null>(null);
  const [failed, setFailed] = useState(false);
  const wantsGoogle = Boolean(mapsKey) && shown;
  useSignalEffect((signal) => {
    if (!wantsGoogle) return;
    wanted(signal, import('../../core/maps/google')).then(setGoogle, () => setFailed(true));
  }, [wantsGoogle]);
  const failedNow = useCallback(() => setFailed(true), []);
  return mapsKey && google && !failed ? { GoogleMap: google.GoogleMap, mapsKey, onFailed: failedNow } : null;
}

/** The Filters sheet while open: its pending filters, and `round`, bumped by Reset (the number fields start again). */
interface SheetState {
  pending: SearchFilters;
  round: number;
}

export function useSearchSurface({ location, view, urlSync, pageSize, element, for: classification }: SearchMapProps & { location: string }) {
  const mapsKey = useHearthValue(appContextAtom)?.context?.mapsKey ?? null;
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [sheet, setSheet] = useState<SheetState | null>(null);
  /** Draw mode: the corners so far; null while not drawing. */
  const [draft, setDraft] = useState<LatLng[] | null>(null);
  const base = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLElement>(null);
  const layout = useSearchLayout(base);
  const panes = usePanes(list, area);
  const start = startClassification(classification);
  const defaults = defaultFilters(start);
  const search = useSearch({
    initial: initialSearch(location, view, start),
    pageSize,
    urlSync,
    onChange: (model) => element.emit<SearchChangedDetail>('search-changed', model),
    // A hosted page's first results (server/site/search-data.ts): the first search asks nothing.
    served: (variables) => servedSearchPage(element.host, variables),
  });
  const { model, results, update, settled } = search;
  const listings = results.page?.listings ?? null;
  // On a phone the map is drawn (and its markers fetched) once it is first shown.
  const mapShown = model.view === 'map' && (layout === 'wide' || panes.mapSeen);
  const map = useSearchMap({ model, listings: results.status === 'loading' ? null : listings, visible: mapShown, onSettled: settled });
  const google = useGoogleMap(mapsKey, mapShown && map.viewport !== null);
  // With no map to wait for, the results alone settle the search.
  useEffect(() => {
    if (!mapShown && results.status !== 'loading') settled();
  }, [mapShown, results.status, settled]);

  useEffect(() => update((m) => (m.view === view ? m : { ...m, view })), [view, update]);

  // The place box is its own element (its own styles and behaviour); its choice becomes our search.
  useEffect(() => {
    void import('../search-box/search-box.element');
    const node = box.current;
    if (!node) return;
    const onPlace = (event: Event) => {
      event.stopPropagation();
      const place = (event as CustomEvent<{ location: string; lat: number; lng: number; kind: string }>).detail;
      update((m) =>
        place.kind === 'current-location'
          ? { ...m, bounds: { north: place.lat + 0.05, south: place.lat - 0.05, east: place.lng + 0.07, west: place.lng - 0.07 }, polygon: null, page: 1, after: null }
          : { ...m, location: place.location, bounds: null, polygon: null, page: 1, after: null },
      );
    };
    node.addEventListener('hearth-search-changed', onPlace);
    return () => node.removeEventListener('hearth-search-changed', onPlace);
  }, [update]);

  // The sheet's apply button counts what its pending filters find; the applied filters' count is known.
  const applied: SearchCount | null =
    results.status === 'ready' || results.status === 'empty' ? { totalCount: results.page.totalCount, totalCountCapped: results.page.totalCountCapped } : null;
  const sheetCount = useFilterCount(model, sheet?.pending ?? null, applied);

  const byId = new Map((listings ?? []).map((l) => [l.id, l]));
  /** Back to searching the area in view (or the one given), without a shape. */
  const searchArea = (bounds: SearchModel['bounds']) => update((m) => ({ ...m, polygon: null, bounds: bounds ?? m.bounds, page: 1, after: null }));

  return {
    refs: { base, list, area, box },
    layout,
    pane: panes.pane,
    togglePane: () => panes.show(panes.pane === 'list' ? 'map' : 'list'),
    model,
    results,
    loading: search.loading,
    retry: search.retry,
    /** The filters the search started with: what the badge counts from and Reset goes back to. */
    defaults,
    changeFilters: (filters: Partial<SearchFilters>) => update((m) => withFilters(m, filters)),
    resetFilters: () => update((m) => withFilters(m, defaults)),
    sort: (sort: SearchModel['sort']) => update((m) => ({ ...m, sort, page: 1, after: null })),
    showView: (next: SearchView) => update((m) => ({ ...m, view: next })),
    showPage: (page: number, cursor: string) => update((m) => ({ ...m, page, after: cursor })),
    highlighted,
    highlight: setHighlighted,
    saving,
    openSave: () => setSaving(true),
    closeSave: () => setSaving(false),
    /** The Filters sheet (compact layout): changes stay pending while its button counts them; applying sets them all. */
    sheet: sheet && { ...sheet, count: sheetCount },
    openSheet: () => setSheet({ pending: model.filters, round: 0 }),
    closeSheet: () => setSheet(null),
    changePending: (filters: Partial<SearchFilters>) => setSheet((s) => s && { ...s, pending: mergeFilters(s.pending, filters) }),
    resetPending: () => setSheet((s) => s && { pending: defaults, round: s.round + 1 }),
    applySheet: () => {
      if (sheet) update((m) => withFilters(m, sheet.pending));
      setSheet(null);
    },
    /** The map, once shown and framed. */
    map: mapShown && map.viewport ? { viewport: map.viewport, markers: map.markers, moved: map.moved, move: map.move, resize: map.resize } : null,
    google,
    listing: (id: string): SearchListing | undefined => byId.get(id),
    /** A pin was activated: as a card does when opened (the host decides where a listing opens), and its result is shown. */
    selectPin: (id: string) => {
      const listing = byId.get(id);
      if (listing) element.emit<ListingSelectedDetail>('listing-selected', { listingId: listing.id, slugId: listing.slugId, listingCodeId: listing.listingCodeId });
      const item = list.current?.querySelector<HTMLElement>(`#result-${CSS.escape(id)}`);
      item?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      item?.focus();
    },
    searchThisArea: () => {
      const bounds = map.bounds();
      map.searched();
      if (bounds) searchArea(bounds);
    },
    draft,
    startDrawing: () => {
      setDraft([]);
      // The Draw button goes away: keyboard users continue on the map, at its crosshair.
      requestAnimationFrame(() => area.current?.querySelector<HTMLElement>('[part="map-plane"]')?.focus());
    },
    addPoint: (position: LatLng) => setDraft((shape) => (shape ? addVertex(shape, position) : shape)),
    undoPoint: () => setDraft((shape) => (shape ? removeLastVertex(shape) : shape)),
    cancelDrawing: () => setDraft(null),
    finishShape: () => {
      if (!draft || !canFinish(draft)) return;
      const polygon = draft;
      setDraft(null);
      map.searched();
      update((m) => ({ ...m, polygon, bounds: null, page: 1, after: null }));
    },
    clearShape: () => {
      const bounds = map.bounds();
      map.searched();
      searchArea(bounds);
    },
  };
}

export type SearchSurfaceController = ReturnType<typeof useSearchSurface>;
