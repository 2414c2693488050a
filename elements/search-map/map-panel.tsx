/**
 * The map area: the map (Google's when use-search-surface.ts has loaded it for the partner's maps key, else
 * the keyless panel), draw-a-shape's controls and 'Search this area'. Pure views of their props.
 */
import { useId, type RefObject } from 'react';
import { formatAddress } from '../../core/format/address';
import { formatMoney } from '../../core/format/money';
import { searchMapTexts as t } from '../../core/i18n/search';
import { pricePeriod } from '../../core/listings/price-period';
import { canFinish, MAX_POLYGON_VERTICES } from '../../core/maps/polygon';
import type { LatLng } from '../../core/maps/projection';
import type { SearchListing } from '../../core/search/api';
import { KeylessMap, type KeylessMapProps } from './keyless-map';
import type { SearchSurfaceController } from './use-search-surface';

export interface MapPanelProps {
  area: RefObject<HTMLDivElement | null>;
  map: NonNullable<SearchSurfaceController['map']>;
  google: SearchSurfaceController['google'];
  highlighted: string | null;
  /** The searched shape, if the search is one. */
  polygon: LatLng[] | null;
  /** Draw mode: the corners so far; null while not drawing. */
  draft: LatLng[] | null;
  listing: (id: string) => SearchListing | undefined;
  onHighlight: (id: string | null) => void;
  onSelectPin: (id: string) => void;
  onSearchThisArea: () => void;
  onStartDrawing: () => void;
  onAddPoint: (position: LatLng) => void;
  onUndoPoint: () => void;
  onCancelDrawing: () => void;
  onFinishShape: () => void;
  onClearShape: () => void;
}

export function MapPanel(p: MapPanelProps) {
  const { map, google, draft } = p;
  const mapProps: KeylessMapProps = {
    viewport: map.viewport,
    markers: map.markers,
    highlightedId: p.highlighted,
    label: t.map,
    pinLabel: (id) => {
      const listing = p.listing(id);
      if (!listing) return null;
      const price = `${formatMoney(listing.priceInPennies, listing.priceCurrencyCode)}${pricePeriod(listing)}`;
      return t.pinLabel(price, formatAddress(listing.address) || listing.listingCodeId);
    },
    onViewportChange: map.move,
    onResize: map.resize,
    onHighlight: p.onHighlight,
    onSelectPin: p.onSelectPin,
    shape: draft ?? p.polygon,
    drawing: draft !== null,
    onDrawVertex: p.onAddPoint,
  };
  return (
    <div className="map-area" ref={p.area}>
      {google ? (
        <section className="map" part="map" aria-label={mapProps.label}>
          <google.GoogleMap {...mapProps} mapsKey={google.mapsKey} onFailed={google.onFailed} />
        </section>
      ) : (
        <KeylessMap {...mapProps} />
      )}
      <DrawControls
        draft={draft}
        searched={Boolean(p.polygon)}
        onStart={p.onStartDrawing}
        onUndo={p.onUndoPoint}
        onCancel={p.onCancelDrawing}
        onFinish={p.onFinishShape}
        onClear={p.onClearShape}
      />
      {map.moved && draft === null && (
        <button type="button" className="button button-primary search-area" part="search-this-area" onClick={p.onSearchThisArea}>
          {t.searchThisArea}
        </button>
      )}
    </div>
  );
}

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
