/**
 * The keyless map panel (no maps key): the basemap's tiles (from our API's tile route, credited as their
 * provider asks) over a light grid that shows wherever tiles are missing, the markers at their Web-Mercator
 * positions, zoom and pan buttons, arrow keys and +/- while it has focus, drag (mouse or a finger) and
 * pinch (two fingers, core/maps/gestures.ts). Pins are buttons named by price and address; the results
 * list beside it is the accessible equivalent.
 */
import { useId, useRef } from 'react';
import { searchMapTexts as t } from '../../core/i18n/search';
import { keyMove } from '../../core/maps/gestures';
import { pinPrice } from '../../core/maps/markers';
import type { MapSurfaceProps } from '../../core/maps/provider';
import { BasemapCredit, BasemapTiles } from '../../core/maps/tile-layer';
import { pointWithin, useElementSize, useMapGestures } from '../../core/maps/use-map-gestures';
import { useTileLayer } from '../../core/maps/use-tile-layer';
import { screenPoints } from '../../core/maps/polygon';
import { fitBounds, fromScreen, MAX_ZOOM, panBy, project, zoomBy } from '../../core/maps/projection';

/** One arrow key or pan button moves the view this far. */
export const PAN_STEP_PX = 120;
const GRID_PX = 64;

export interface KeylessMapProps extends MapSurfaceProps {
  /** The accessible name of a listing's pin; null for matches that are not on this page (drawn as dots). */
  pinLabel(listingId: string): string | null;
}

export function KeylessMap({
  viewport,
  markers,
  highlightedId,
  label,
  pinLabel,
  onViewportChange,
  onResize,
  onHighlight,
  onSelectPin,
  shape = null,
  drawing = false,
  onDrawVertex,
}: KeylessMapProps) {
  const id = useId();
  const plane = useRef<HTMLDivElement>(null);
  /** The viewport as last drawn or last asked for (a gesture restarts from it between renders). */
  const current = useRef(viewport);
  current.current = viewport;
  const basemap = useTileLayer(viewport, (globalThis.devicePixelRatio ?? 1) > 1);
  useElementSize(plane, onResize);

  // The grid moves with the world, so panning is visible without tiles.
  const origin = project(viewport.center, viewport.zoom);
  const gridX = (((viewport.width / 2 - origin.x) % GRID_PX) + GRID_PX) % GRID_PX;
  const gridY = (((viewport.height / 2 - origin.y) % GRID_PX) + GRID_PX) % GRID_PX;
  const pan = (dx: number, dy: number) => onViewportChange(panBy(viewport, dx, dy));
  const zoom = (steps: number) => onViewportChange(zoomBy(viewport, steps));
  // Drag and pinch; while drawing, a press adds a corner instead.
  const gestures = useMapGestures({ current, pinch: true, canStart: () => !drawing, onMove: onViewportChange });

  return (
    <section className="map" part="map" aria-label={label} aria-describedby={`${id}-help`}>
      <p id={`${id}-help`} className="visually-hidden">
        {t.mapInstructions}
      </p>
      <div
        ref={plane}
        className="basemap-plane plane"
        part="map-plane"
        tabIndex={0}
        role="group"
        aria-label={label}
        aria-describedby={`${id}-help`}
        style={{ backgroundPosition: `${gridX}px ${gridY}px` }}
        data-mode={drawing ? 'draw' : 'browse'}
        data-basemap={basemap.status}
        onClick={(event) => {
          // Draw mode: a click adds a corner where it lands (markers let clicks through while drawing).
          if (!drawing || !onDrawVertex) return;
          onDrawVertex(fromScreen(viewport, pointWithin(event)));
        }}
        onKeyDown={(event) => {
          if (event.target !== event.currentTarget) return;
          if (drawing && onDrawVertex && (event.key === 'Enter' || event.key === ' ')) {
            // The crosshair sits at the centre; arrow keys move the map under it.
            onDrawVertex(viewport.center);
            event.preventDefault();
            return;
          }
          const step = keyMove(event.key, PAN_STEP_PX);
          if (!step) return;
          if ('pan' in step) pan(...step.pan);
          else zoom(step.zoom);
          event.preventDefault();
        }}
        {...gestures}
      >
        <BasemapTiles layer={basemap} className="tiles" tileClassName="tile" part="tiles" />
        {shape && shape.length > 0 && (
          <svg className="shape" part="shape" width={viewport.width} height={viewport.height} aria-hidden="true" data-points={shape.length}>
            {drawing || shape.length < 3 ? (
              <polyline className="shape-line" points={screenPoints(viewport, shape)} />
            ) : (
              <polygon className="shape-area" points={screenPoints(viewport, shape)} />
            )}
            {drawing &&
              screenPoints(viewport, shape)
                .split(' ')
                .map((point, i) => {
                  const [cx, cy] = point.split(',');
                  return <circle key={i} className="shape-vertex" cx={cx} cy={cy} r={4} />;
                })}
          </svg>
        )}
        {drawing && <span className="crosshair" part="crosshair" aria-hidden="true" />}
        {markers.map((marker) => {
          const lift = marker.kind === 'pin' ? (marker.lift ?? 0) : 0;
          const position = { left: `${Math.round(marker.x)}px`, top: `${Math.round(marker.y - lift)}px` };
          if (marker.kind === 'cluster') {
            return (
              <button
                key={marker.id}
                type="button"
                className="cluster"
                part="cluster"
                style={position}
                data-state={highlightedId !== null && marker.listingIds?.includes(highlightedId) ? 'highlighted' : 'idle'}
                aria-label={t.clusterLabel(marker.count)}
                onClick={() => {
                  // Frame the cluster's homes, and always come at least one step closer.
                  const framed = fitBounds(marker.bounds, viewport.width, viewport.height, 48, Math.min(MAX_ZOOM, viewport.zoom + 3));
                  onViewportChange({ ...framed, zoom: Math.min(MAX_ZOOM, Math.max(framed.zoom, viewport.zoom + 1)) });
                }}
              >
                {marker.count.toLocaleString('en-US')}
              </button>
            );
          }
          const price = pinPrice(marker);
          const name = pinLabel(marker.id);
          if (name === null) return <span key={marker.id} className="dot" part="dot" style={position} aria-hidden="true" />;
          const highlighted = marker.id === highlightedId;
          return (
            <button
              key={marker.id}
              type="button"
              className="pin"
              part={highlighted ? 'pin pin-highlighted' : 'pin'}
              style={position}
              data-listing-id={marker.id}
              data-state={highlighted ? 'highlighted' : 'idle'}
              aria-label={name}
              onMouseEnter={() => onHighlight(marker.id)}
              onMouseLeave={() => onHighlight(null)}
              onFocus={() => onHighlight(marker.id)}
              onBlur={() => onHighlight(null)}
              onClick={() => onSelectPin(marker.id)}
            >
              {price}
            </button>
          );
        })}
      </div>
      <BasemapCredit layer={basemap} className="attribution" part="attribution" />
      <div className="map-controls" part="map-controls">
        <button type="button" className="map-button" aria-label={t.zoomIn} onClick={() => zoom(1)}>
          +
        </button>
        <button type="button" className="map-button" aria-label={t.zoomOut} onClick={() => zoom(-1)}>
          −
        </button>
        <button type="button" className="map-button" aria-label={t.panNorth} onClick={() => pan(0, -PAN_STEP_PX)}>
          ↑
        </button>
        <button type="button" className="map-button" aria-label={t.panWest} onClick={() => pan(-PAN_STEP_PX, 0)}>
          ←
        </button>
        <button type="button" className="map-button" aria-label={t.panEast} onClick={() => pan(PAN_STEP_PX, 0)}>
          →
        </button>
        <button type="button" className="map-button" aria-label={t.panSouth} onClick={() => pan(0, PAN_STEP_PX)}>
          ↓
        </button>
      </div>
    </section>
  );
}
