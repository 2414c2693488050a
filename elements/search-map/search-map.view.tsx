/**
 * <hearth-search-map>: the search and gallery routes of spec §2 — a toolbar (place, filters, sort, view,
 * save search), the results list with numbered pages, and the keyless map panel; in the compact layout
 * (a phone) the filters in a sheet and the list or the map at a time. `SearchMapView` only renders what it
 * is given (its parts: search-toolbar.tsx, search-results.tsx, map-panel.tsx); `SearchMap` connects it to
 * the behaviour in use-search-surface.ts.
 */
import { createElement, useRef } from 'react';
import { searchMapTexts as t } from '../../core/i18n/search';
import { locationFromSlug } from '../../core/places/places';
import { useNearViewport } from '../../core/search/near-viewport';
import { hasFilters } from '../../core/search/search-model';
import { MapPanel } from './map-panel';
import { SaveSearchDialog } from './save-search-dialog';
import { Results } from './search-results';
import { FiltersSheet, Toolbar } from './search-toolbar';
import { useSearchStart, useSearchSurface, type SearchMapProps, type SearchSurfaceController } from './use-search-surface';

export function SearchMapView(h: SearchSurfaceController) {
  const { model, results, layout, pane, refs } = h;
  // Side by side the list scrolls in its column; on a phone it is part of the page.
  const scroller = model.view === 'map' && layout === 'wide' ? refs.list : null;
  return (
    <div ref={refs.base} className="search" part="base" data-view={model.view} data-layout={layout} data-pane={pane} data-state={results.status} aria-busy={h.loading}>
      <Toolbar
        model={model}
        defaults={h.defaults}
        onFiltersChange={h.changeFilters}
        onSort={h.sort}
        onView={h.showView}
        onFilters={h.openSheet}
        onSave={h.openSave}
        place={createElement('hearth-search-box', { ref: refs.box, class: 'place', value: model.bounds ? '' : locationFromSlug(model.location) })}
      />
      <div className="layout">
        <div className="results" part="results" ref={refs.list}>
          <Results
            results={results}
            scroller={scroller}
            highlighted={h.highlighted}
            filtered={hasFilters(model.filters, h.defaults)}
            onHighlight={h.highlight}
            onRetry={h.retry}
            onResetFilters={h.resetFilters}
            onPage={h.showPage}
          />
        </div>
        {h.map && (
          <MapPanel
            area={refs.area}
            map={h.map}
            google={h.google}
            highlighted={h.highlighted}
            polygon={model.polygon ?? null}
            draft={h.draft}
            listing={h.listing}
            onHighlight={h.highlight}
            onSelectPin={h.selectPin}
            onSearchThisArea={h.searchThisArea}
            onStartDrawing={h.startDrawing}
            onAddPoint={h.addPoint}
            onUndoPoint={h.undoPoint}
            onCancelDrawing={h.cancelDrawing}
            onFinishShape={h.finishShape}
            onClearShape={h.clearShape}
          />
        )}
        {model.view === 'map' && (
          <button type="button" className="button button-primary pane-toggle" part="pane-toggle" onClick={h.togglePane}>
            {pane === 'list' ? t.showMap : t.showList}
          </button>
        )}
      </div>
      {h.sheet && (
        <FiltersSheet
          {...h.sheet}
          defaults={h.defaults}
          onChange={h.changePending}
          onReset={h.resetPending}
          onApply={h.applySheet}
          onClose={h.closeSheet}
        />
      )}
      {h.saving && <SaveSearchDialog model={model} onClose={h.closeSave} />}
    </div>
  );
}

/**
 * How near the screen a search must be to start: a search further down a page (the housing market's homes for
 * sale) asks for its results and draws them as the visitor scrolls towards it, not while the page loads (issue 38:
 * its first drawing was one of the longest tasks of that page's load).
 */
const START_MARGIN_PX = 600;

/**
 * The search once it can start (near the screen, its place known, the result cards' element defined); a status
 * until then, of the search's size, which keeps showing what a hosted page put in the `first-photo` slot
 * (server/site/search-data.ts: the first result's picture where its card will be), so the picture stays on screen
 * until the card draws it.
 */
export function SearchMap(props: SearchMapProps) {
  const status = useRef<HTMLDivElement>(null);
  const near = useNearViewport(status, null, START_MARGIN_PX);
  const location = useSearchStart(props.location);
  if (!location || !near) {
    // Far from the screen it is not loading anything: it waits (`data-state="waiting"`), with nothing to announce.
    return (
      <div ref={status} className="search" part="base" data-state={near ? 'loading' : 'waiting'} role={near ? 'status' : undefined}>
        {near && <p className="visually-hidden">{t.loading}</p>}
        <slot name="first-photo" />
      </div>
    );
  }
  return <SearchSurface {...props} location={location} />;
}

function SearchSurface(props: SearchMapProps & { location: string }) {
  return <SearchMapView {...useSearchSurface(props)} />;
}
