/**
 * <hearth-search-map>: the search and gallery routes of spec §2 — a toolbar (place, filters, sort, view,
 * save search), the results list with numbered pages, and the keyless map panel; in the compact layout
 * (a phone) the filters in a sheet and the list or the map at a time. State lives in core/search
 * (useSearch, useSearchMap, compact, useFilterCount); this file only renders and wires events.
 */
import { createElement, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { appContextAtom } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { formatMoney } from '../../core/format/money';
import { searchMapTexts as t } from '../../core/i18n/search';
import { stayTexts } from '../../core/i18n/stays';
import { formatAddress } from '../../core/format/address';
import { pricePeriod } from '../../core/listings/price-period';
import { addVertex, canFinish, MAX_POLYGON_VERTICES, removeLastVertex } from '../../core/maps/polygon';
import type { LatLng } from '../../core/maps/projection';
import { locationFromSlug } from '../../core/places/places';
import type { SearchCount, SearchListing } from '../../core/search/api';
import { usePanes, useSearchLayout } from '../../core/search/compact';
import { useNearViewport } from '../../core/search/near-viewport';
import { pager } from '../../core/search/paging';
import {
  activeFilterCount,
  hasFilters,
  initialSearch,
  mergeFilters,
  defaultFilters,
  propertyTypesFor,
  RENTAL_FILTER_OPTIONS,
  RENTAL_TEXT_FILTERS,
  SORTS,
  withFilters,
  type SearchFilters,
  type SearchModel,
  type SearchView,
} from '../../core/search/search-model';
import { useFilterCount } from '../../core/search/use-filter-count';
import { useSearch } from '../../core/search/use-search';
import { useSearchMap } from '../../core/search/use-search-map';
import { useHearthValue } from '../../core/state/hooks';
import { useSignalEffect, wanted } from '../../core/state/use-signal-effect';
import { Dialog } from '../../core/ui/dialog';
import { Form } from '../../core/ui/form';
import type { ListingSelectedDetail } from '../listing-card/listing-card.view';
import { KeylessMap, type KeylessMapProps } from './keyless-map';
import { SaveSearchDialog } from './save-search-dialog';

export type SearchChangedDetail = SearchModel;

/** Spec §9 default search location, when neither the attribute nor the partner gives one. */
export const FALLBACK_LOCATION = 'Salt-Lake-City,-UT,-USA';
const SKELETON_CARDS = 6;

// ---- toolbar -------------------------------------------------------------------------------------

type NumberFilter = 'minPrice' | 'maxPrice' | 'minArea' | 'maxArea' | 'minYearBuilt' | 'maxYearBuilt';

interface FilterProps {
  filters: SearchFilters;
  onChange: (f: Partial<SearchFilters>) => void;
  /** In the Filters sheet: numbers count as they are typed (the sheet applies them all at once). */
  live?: boolean;
}

/** One filter: its label above the control that `control` draws with the id the label points at. */
function FilterField({ label, control }: { label: string; control: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="filter">
      <label className="filter-label" htmlFor={id}>
        {label}
      </label>
      {control(id)}
    </div>
  );
}

function NumberInput({ name, label, filters, onChange, live = false }: FilterProps & { name: NumberFilter; label: string }) {
  const commit = (raw: string) => {
    const value = raw.trim() === '' ? null : Number(raw);
    if (value === null || (Number.isFinite(value) && value >= 0)) {
      if (value !== filters[name]) onChange({ [name]: value });
    }
  };
  return (
    <FilterField
      label={label}
      control={(id) => (
        <input
          id={id}
          // A value set from elsewhere (Reset filters, back/forward) replaces what is typed; while typing live it is the source.
          key={live ? 'live' : String(filters[name])}
          className="control"
          type="number"
          inputMode="numeric"
          min={0}
          name={name}
          defaultValue={filters[name] ?? ''}
          onChange={live ? (event) => commit(event.currentTarget.value) : undefined}
          onBlur={(event) => commit(event.currentTarget.value)}
          onKeyDown={(event) => event.key === 'Enter' && commit(event.currentTarget.value)}
        />
      )}
    />
  );
}

function Select({ label, value, options, onChange, name }: { label: string; name: string; value: string; options: [string, string][]; onChange: (value: string) => void }) {
  return (
    <FilterField
      label={label}
      control={(id) => (
        <select id={id} className="control" name={name} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      )}
    />
  );
}

const counts = (label: string): [string, string][] => [['', label], ...[1, 2, 3, 4, 5].map((n): [string, string] => [String(n), t.atLeast(n)])];

/** Price, beds, baths, home type, sale or rent: the toolbar's first filters, and the sheet's. */
function MainFilters(props: FilterProps) {
  const { filters: f, onChange: change } = props;
  return (
    <>
      <NumberInput name="minPrice" label={t.minPrice} {...props} />
      <NumberInput name="maxPrice" label={t.maxPrice} {...props} />
      <Select label={t.beds} name="beds" value={String(f.minBeds ?? '')} options={counts(t.any)} onChange={(v) => change({ minBeds: v ? Number(v) : null })} />
      <Select label={t.baths} name="baths" value={String(f.minBaths ?? '')} options={counts(t.any)} onChange={(v) => change({ minBaths: v ? Number(v) : null })} />
      <Select
        label={t.propertyType}
        name="type"
        value={f.propertyType ?? ''}
        options={[['', t.anyType], ...propertyTypesFor(f.classification).map((type): [string, string] => [type, t.propertyTypes[type]])]}
        onChange={(v) => change({ propertyType: v || null })}
      />
      <Select
        label={t.classification}
        name="for"
        value={f.classification ?? ''}
        options={[['', t.saleOrRent], ['SALE', t.forSale], ['RENT', t.forRent]]}
        onChange={(v) => change({ classification: v === 'SALE' || v === 'RENT' ? v : null })}
      />
    </>
  );
}

/** Area, year built, open house, new listings: behind 'More' in the toolbar, after the others in the sheet. */
function MoreFilters(props: FilterProps) {
  const { filters: f, onChange: change } = props;
  return (
    <>
      <NumberInput name="minArea" label={t.minArea} {...props} />
      <NumberInput name="maxArea" label={t.maxArea} {...props} />
      <NumberInput name="minYearBuilt" label={t.minYearBuilt} {...props} />
      <NumberInput name="maxYearBuilt" label={t.maxYearBuilt} {...props} />
      <label className="check">
        <input type="checkbox" checked={f.hasOpenHouse} onChange={(e) => change({ hasOpenHouse: e.currentTarget.checked })} />
        {t.hasOpenHouse}
      </label>
      <label className="check">
        <input type="checkbox" checked={f.newListingsOnly} onChange={(e) => change({ newListingsOnly: e.currentTarget.checked })} />
        {t.newListings}
      </label>
      {f.classification === 'RENT' && <RentalFilters {...props} />}
    </>
  );
}

/** Tenant type, gender preference, preferred tenant, room type, food: only in rental classification. */
function RentalFilters({ filters: f, onChange: change }: FilterProps) {
  const r = stayTexts.rentalFilters;
  return (
    <fieldset className="rental-filters" part="rental-filters">
      <legend className="filter-label">{r.legend}</legend>
      {RENTAL_TEXT_FILTERS.map((name) => (
        <Select
          key={name}
          label={r[name]}
          name={name}
          value={f[name] ?? ''}
          options={[['', r.any], ...RENTAL_FILTER_OPTIONS[name].map((v): [string, string] => [v, v])]}
          onChange={(v) => change({ [name]: v || null })}
        />
      ))}
      <label className="check">
        <input type="checkbox" name="foodIncluded" checked={f.foodIncluded} onChange={(e) => change({ foodIncluded: e.currentTarget.checked })} />
        {r.foodIncluded}
      </label>
    </fieldset>
  );
}

function Toolbar({
  model,
  update,
  onPlace,
  onSave,
  onFilters,
  defaults,
}: {
  model: SearchModel;
  /** The filters the search started with: what the badge counts from. */
  defaults: SearchFilters;
  update: (next: (m: SearchModel) => SearchModel) => void;
  onPlace: ReactNode;
  onSave: () => void;
  onFilters: () => void;
}) {
  const f = model.filters;
  const change = (filters: Partial<SearchFilters>) => update((m) => withFilters(m, filters));
  const set = activeFilterCount(f, defaults);
  return (
    <div className="toolbar" part="toolbar" role="search" aria-label={t.toolbar}>
      {onPlace}
      {/* The compact layout's way to the filters (the sheet); the wide layout shows them inline instead. */}
      <button type="button" className="filters-button" part="filters-button" aria-haspopup="dialog" onClick={onFilters}>
        {t.filters}
        {set > 0 && (
          <>
            <span className="filters-count" aria-hidden="true">
              {set}
            </span>
            <span className="visually-hidden">{t.filtersSet(set)}</span>
          </>
        )}
      </button>
      <div className="inline-filters">
        <MainFilters filters={f} onChange={change} />
        <details className="more" part="more">
          <summary className="more-summary">{t.more}</summary>
          <div className="more-body">
            <MoreFilters filters={f} onChange={change} />
          </div>
        </details>
      </div>
      <Select
        label={t.sort}
        name="sort"
        value={model.sort}
        options={SORTS.map((s): [string, string] => [s, t.sorts[s]])}
        onChange={(v) => update((m) => ({ ...m, sort: v as SearchModel['sort'], page: 1, after: null }))}
      />
      <div className="views" role="group" aria-label={t.views}>
        {(['map', 'gallery'] as SearchView[]).map((view) => (
          <button key={view} type="button" className="view-button" aria-pressed={model.view === view} onClick={() => update((m) => ({ ...m, view }))}>
            {view === 'map' ? t.mapView : t.galleryView}
          </button>
        ))}
      </div>
      <button type="button" className="button button-secondary save" part="save-search" onClick={onSave}>
        {t.saveSearch}
      </button>
    </div>
  );
}

// ---- the Filters sheet (compact layout) --------------------------------------------------------------

/**
 * Every filter in a modal sheet: changes stay pending (the results behind do not move) while the apply
 * button counts what they would find; applying sets them all at once. Escape or × leaves them as they were.
 */
function FiltersSheet({
  model,
  defaults,
  applied,
  onApply,
  onClose,
}: {
  model: SearchModel;
  /** The filters the search started with: what Reset goes back to. */
  defaults: SearchFilters;
  applied: SearchCount | null;
  onApply: (filters: SearchFilters) => void;
  onClose: () => void;
}) {
  const [pending, setPending] = useState(model.filters);
  /** Bumped by Reset: the number fields start again from the cleared filters. */
  const [round, setRound] = useState(0);
  const count = useFilterCount(model, pending, applied);
  const change = (filters: Partial<SearchFilters>) => setPending((current) => mergeFilters(current, filters));
  const label = count.count ? t.showHomes(t.total(count.count.totalCount, count.count.totalCountCapped)) : t.showHomes(null);
  return (
    <Dialog title={t.filters} onClose={onClose} part="filters-sheet" className="sheet">
      <Form className="sheet-form" onSubmit={() => onApply(pending)}>
        <div className="sheet-fields" key={round}>
          <MainFilters filters={pending} onChange={change} live />
          <MoreFilters filters={pending} onChange={change} live />
        </div>
        <p className="visually-hidden" role="status">
          {count.status === 'counting' ? '' : label}
        </p>
        <div className="dialog-actions sheet-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={!hasFilters(pending, defaults)}
            onClick={() => {
              setPending(defaults);
              setRound((n) => n + 1);
            }}
          >
            {t.resetFilters}
          </button>
          <button type="submit" className="button button-primary" part="apply-filters" data-state={count.status}>
            {label}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}

// ---- results ---------------------------------------------------------------------------------------

function ResultCard({ listing, root, highlighted, onHighlight }: { listing: SearchListing; root: RefObject<Element | null> | null; highlighted: boolean; onHighlight: (id: string | null) => void }) {
  const item = useRef<HTMLLIElement>(null);
  const near = useNearViewport(item, root);
  return (
    <li
      ref={item}
      className="result"
      part="result"
      id={`result-${listing.id}`}
      tabIndex={-1}
      data-listing-id={listing.id}
      data-state={highlighted ? 'highlighted' : 'idle'}
      onMouseEnter={() => onHighlight(listing.id)}
      onMouseLeave={() => onHighlight(null)}
      onFocus={() => onHighlight(listing.id)}
      onBlur={() => onHighlight(null)}
    >
      {/* Composed elements are created by name: their property `listing` is set once the tag is defined. */}
      {near ? createElement('hearth-listing-card', { listing }) : <div className="card-placeholder" aria-hidden="true" />}
    </li>
  );
}

function Pager({ page, onPage }: { page: NonNullable<ReturnType<typeof useSearch>['results']['page']>; onPage: (page: number, cursor: string) => void }) {
  const p = pager(page.pageCursors, page.pageInfo.hasNextPage);
  return (
    <nav className="pager" part="pager" aria-label={t.pages}>
      <p className="page-of">{t.pageOf(p.current, p.total)}</p>
      {p.total > 1 && (
        <ul className="pages">
          <li>
            <button type="button" className="page-button" disabled={!p.previous} onClick={() => p.previous && onPage(p.previous.page, p.previous.cursor)}>
              {t.previousPage}
            </button>
          </li>
          {p.items.map((item) =>
            item.kind === 'gap' ? (
              <li key={`gap-${item.after}`} aria-hidden="true" className="gap">
                …
              </li>
            ) : (
              <li key={item.page}>
                <button
                  type="button"
                  className="page-button"
                  aria-label={t.page(item.page)}
                  aria-current={item.current ? 'page' : undefined}
                  onClick={() => !item.current && onPage(item.page, item.cursor)}
                >
                  {item.page}
                </button>
              </li>
            ),
          )}
          <li>
            <button type="button" className="page-button" disabled={!p.next} onClick={() => p.next && onPage(p.next.page, p.next.cursor)}>
              {t.nextPage}
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}

// ---- draw a shape ------------------------------------------------------------------------------------

function DrawControls({
  draft,
  searched,
  onStart,
  onUndo,
  onCancel,
  onFinish,
  onClear,
}: {
  draft: LatLng[] | null;
  searched: boolean;
  onStart: () => void;
  onUndo: () => void;
  onCancel: () => void;
  onFinish: () => void;
  onClear: () => void;
}) {
  const id = useId();
  return (
    <div className="draw-controls" part="draw-controls" role="group" aria-label={t.draw}>
      {draft === null ? (
        <>
          <button type="button" className="button button-secondary" part="draw" onClick={onStart}>
            {t.draw}
          </button>
          {searched && (
            <button type="button" className="button button-secondary" part="clear-shape" onClick={onClear}>
              {t.clearShape}
            </button>
          )}
        </>
      ) : (
        <>
          <p id={`${id}-help`} className="visually-hidden">
            {t.drawInstructions}
          </p>
          <span className="draw-status" role="status" aria-describedby={`${id}-help`}>
            {t.shapePoints(draft.length, MAX_POLYGON_VERTICES)}
          </span>
          <button type="button" className="button button-primary" part="finish-shape" disabled={!canFinish(draft)} onClick={onFinish}>
            {t.finishShape}
          </button>
          <button type="button" className="button button-secondary" disabled={draft.length === 0} onClick={onUndo}>
            {t.undoPoint}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t.cancelDrawing}
          </button>
        </>
      )}
    </div>
  );
}

// ---- the element -------------------------------------------------------------------------------------

export interface SearchMapProps {
  location: string;
  view: SearchView;
  urlSync: boolean;
  pageSize: number;
  /** The classification the search starts in ('any' = sale or rent). */
  for: 'sale' | 'rent' | 'any';
  element: ElementHandle;
}

export function SearchMap(props: SearchMapProps) {
  const context = useHearthValue(appContextAtom)?.context;
  const location = props.location || (context ? (context.partner.defaultSearchLocation ?? FALLBACK_LOCATION) : '');
  const [cardsReady, setCardsReady] = useState(false);
  useEffect(() => {
    void import('../listing-card/listing-card.element').then(() => setCardsReady(true));
  }, []);
  if (!location || !cardsReady) {
    return (
      <div className="search" part="base" data-state="loading" role="status">
        <p className="visually-hidden">{t.loading}</p>
      </div>
    );
  }
  return <SearchSurface {...props} location={location} />;
}

type GoogleModule = typeof import('../../core/maps/google');

/**
 * The map: Google's when the partner config holds a maps key (its code is a separate chunk, imported when
 * the map is first shown), else — and whenever Google cannot load — the keyless panel.
 */
function MapSurface({ mapsKey, ...props }: KeylessMapProps & { mapsKey: string | null }) {
  const [google, setGoogle] = useState<GoogleModule | null>(null);
  const [failed, setFailed] = useState(false);
  useSignalEffect((signal) => {
    if (!mapsKey) return;
    wanted(signal, import('../../core/maps/google')).then(setGoogle, () => setFailed(true));
  }, [mapsKey]);
  if (mapsKey && google && !failed) {
    return (
      <section className="map" part="map" aria-label={props.label}>
        <google.GoogleMap {...props} mapsKey={mapsKey} onFailed={() => setFailed(true)} />
      </section>
    );
  }
  return <KeylessMap {...props} />;
}

function SearchSurface({ location, view, urlSync, pageSize, element, for: classification }: SearchMapProps) {
  const mapsKey = useHearthValue(appContextAtom)?.context?.mapsKey ?? null;
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [filtering, setFiltering] = useState(false);
  /** Draw mode: the corners so far; null while not drawing. */
  const [draft, setDraft] = useState<LatLng[] | null>(null);
  const base = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLElement>(null);
  const layout = useSearchLayout(base);
  const panes = usePanes(list, area);
  const start = classification === 'rent' ? 'RENT' : classification === 'sale' ? 'SALE' : null;
  const defaults = defaultFilters(start);
  const search = useSearch({
    initial: initialSearch(location, view, start),
    pageSize,
    urlSync,
    onChange: (model) => element.emit<SearchChangedDetail>('search-changed', model),
  });
  const { model, results, update } = search;
  const listings = results.page?.listings ?? null;
  // On a phone the map is drawn (and its markers fetched) once it is first shown.
  const mapShown = model.view === 'map' && (layout === 'wide' || panes.mapSeen);
  const map = useSearchMap({ model, listings: results.status === 'loading' ? null : listings, visible: mapShown, onSettled: search.settled });
  const { settled } = search;
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

  const byId = new Map((listings ?? []).map((l) => [l.id, l]));
  const total = results.page ? t.total(results.page.totalCount, results.page.totalCountCapped) : '';
  // Side by side the list scrolls in its column; on a phone it is part of the page.
  const scroller = model.view === 'map' && layout === 'wide' ? list : null;

  return (
    <div
      ref={base}
      className="search"
      part="base"
      data-view={model.view}
      data-layout={layout}
      data-pane={panes.pane}
      data-state={results.status}
      aria-busy={search.loading}
    >
      <Toolbar
        model={model}
        defaults={defaults}
        update={update}
        onFilters={() => setFiltering(true)}
        onSave={() => setSaving(true)}
        onPlace={createElement('hearth-search-box', { ref: box, class: 'place', value: model.bounds ? '' : locationFromSlug(model.location) })}
      />
      <div className="layout">
        <div className="results" part="results" ref={list}>
          <h2 className="results-heading">
            {t.resultsHeading}
            <span className="total" part="total">
              {total && ` · ${total}`}
            </span>
          </h2>
          <p className="visually-hidden" role="status">
            {results.status === 'loading' ? t.loading : total}
          </p>
          {results.status === 'failed' && (
            <div className="message" part="error" role="alert">
              <p>{t.failed}</p>
              <button type="button" className="button button-primary" onClick={search.retry}>
                {t.retry}
              </button>
            </div>
          )}
          {results.status === 'empty' && (
            <div className="message" part="empty">
              <p className="message-title">{t.empty}</p>
              <p>{t.emptyHint}</p>
              {hasFilters(model.filters, defaults) && (
                <button type="button" className="button button-primary" onClick={() => update((m) => withFilters(m, defaults))}>
                  {t.resetFilters}
                </button>
              )}
            </div>
          )}
          {results.status === 'loading' && !results.page && (
            <ul className="list" aria-hidden="true">
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <li key={i} className="result">
                  <div className="card-placeholder skeleton" part="skeleton" />
                </li>
              ))}
            </ul>
          )}
          {results.page && results.status !== 'empty' && (
            <>
              <ul className="list" part="list" data-state={results.status}>
                {results.page.listings.map((listing) => (
                  <ResultCard key={listing.id} listing={listing} root={scroller} highlighted={highlighted === listing.id} onHighlight={setHighlighted} />
                ))}
              </ul>
              <Pager page={results.page} onPage={(page, cursor) => update((m) => ({ ...m, page, after: cursor }))} />
            </>
          )}
        </div>
        {mapShown && map.viewport && (
          <div className="map-area" ref={area}>
            <MapSurface
              mapsKey={mapsKey}
              viewport={map.viewport}
              markers={map.markers}
              highlightedId={highlighted}
              label={t.map}
              pinLabel={(id) => {
                const listing = byId.get(id);
                if (!listing) return null;
                const price = `${formatMoney(listing.priceInPennies, listing.priceCurrencyCode)}${pricePeriod(listing)}`;
                return t.pinLabel(price, formatAddress(listing.address) || listing.listingCodeId);
              }}
              onViewportChange={map.move}
              onResize={map.resize}
              onHighlight={setHighlighted}
              onSelectPin={(id) => {
                // As a card does when opened: the host decides where a listing opens.
                const listing = byId.get(id);
                if (listing) element.emit<ListingSelectedDetail>('listing-selected', { listingId: listing.id, slugId: listing.slugId, listingCodeId: listing.listingCodeId });
                const item = list.current?.querySelector<HTMLElement>(`#result-${CSS.escape(id)}`);
                item?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
                item?.focus();
              }}
              shape={draft ?? model.polygon ?? null}
              drawing={draft !== null}
              onDrawVertex={(position) => setDraft((shape) => (shape ? addVertex(shape, position) : shape))}
            />
            <DrawControls
              draft={draft}
              searched={Boolean(model.polygon)}
              onStart={() => {
                setDraft([]);
                // The Draw button goes away: keyboard users continue on the map, at its crosshair.
                requestAnimationFrame(() => area.current?.querySelector<HTMLElement>('[part="map-plane"]')?.focus());
              }}
              onUndo={() => setDraft((shape) => (shape ? removeLastVertex(shape) : shape))}
              onCancel={() => setDraft(null)}
              onFinish={() => {
                if (!draft || !canFinish(draft)) return;
                const polygon = draft;
                setDraft(null);
                map.searched();
                update((m) => ({ ...m, polygon, bounds: null, page: 1, after: null }));
              }}
              onClear={() => {
                const bounds = map.bounds();
                map.searched();
                update((m) => ({ ...m, polygon: null, bounds: bounds ?? m.bounds, page: 1, after: null }));
              }}
            />
            {map.moved && draft === null && (
              <button
                type="button"
                className="button button-primary search-area"
                part="search-this-area"
                onClick={() => {
                  const bounds = map.bounds();
                  map.searched();
                  if (bounds) update((m) => ({ ...m, bounds, polygon: null, page: 1, after: null }));
                }}
              >
                {t.searchThisArea}
              </button>
            )}
          </div>
        )}
        {model.view === 'map' && (
          <button type="button" className="button button-primary pane-toggle" part="pane-toggle" onClick={() => panes.show(panes.pane === 'list' ? 'map' : 'list')}>
            {panes.pane === 'list' ? t.showMap : t.showList}
          </button>
        )}
      </div>
      {filtering && (
        <FiltersSheet
          model={model}
          defaults={defaults}
          applied={results.status === 'ready' || results.status === 'empty' ? { totalCount: results.page.totalCount, totalCountCapped: results.page.totalCountCapped } : null}
          onApply={(filters) => {
            update((m) => withFilters(m, filters));
            setFiltering(false);
          }}
          onClose={() => setFiltering(false)}
        />
      )}
      {saving && <SaveSearchDialog model={model} onClose={() => setSaving(false)} />}
    </div>
  );
}
