/**
 * The keyless map panel (no maps key): a plain plane with a light grid, the markers at their Web-Mercator
 * positions, zoom and pan buttons, arrow keys and +/- while it has focus, and drag. Pins are buttons named
 * by price and address; the results list beside it is the accessible equivalent.
 */
import { useEffect, useId, useRef } from 'react';
import { formatMoney } from '../../core/format/money';
import { searchMapTexts as t } from '../../core/i18n/search';
import type { MapSurfaceProps } from '../../core/maps/provider';
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
  const drag = useRef<{ x: number; y: number; viewport: typeof viewport } | null>(null);
  const latest = useRef(onResize);
  latest.current = onResize;

  useEffect(() => {
    const node = plane.current;
    if (!node) return;
    const observer = new ResizeObserver(([entry]) => entry && latest.current(Math.round(entry.contentRect.width), Math.round(entry.contentRect.height)));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  // The grid moves with the world, so panning is visible without tiles.
  const origin = project(viewport.center, viewport.zoom);
  const gridX = (((viewport.width / 2 - origin.x) % GRID_PX) + GRID_PX) % GRID_PX;
  const gridY = (((viewport.height / 2 - origin.y) % GRID_PX) + GRID_PX) % GRID_PX;
  const pan = (dx: number, dy: number) => onViewportChange(panBy(viewport, dx, dy));
  const zoom = (steps: number) => onViewportChange(zoomBy(viewport, steps));

  return (
    <section className="map" part="map" aria-label={label} aria-describedby={`${id}-help`}>
      <p id={`${id}-help`} className="visually-hidden">
        {t.mapInstructions}
      </p>
      <div
        ref={plane}
        className="plane"
        part="map-plane"
        tabIndex={0}
        role="group"
        aria-label={label}
        aria-describedby={`${id}-help`}
        style={{ backgroundPosition: `${gridX}px ${gridY}px` }}
        data-mode={drawing ? 'draw' : 'browse'}
        onClick={(event) => {
          // Draw mode: a click adds a corner where it lands (markers let clicks through while drawing).
          if (!drawing || !onDrawVertex) return;
          const box = event.currentTarget.getBoundingClientRect();
          onDrawVertex(fromScreen(viewport, { x: event.clientX - box.left, y: event.clientY - box.top }));
        }}
        onKeyDown={(event) => {
          if (event.target !== event.currentTarget) return;
          if (drawing && onDrawVertex && (event.key === 'Enter' || event.key === ' ')) {
            // The crosshair sits at the centre; arrow keys move the map under it.
            onDrawVertex(viewport.center);
            event.preventDefault();
            return;
          }
          const moves: Record<string, [number, number]> = { ArrowUp: [0, -PAN_STEP_PX], ArrowDown: [0, PAN_STEP_PX], ArrowLeft: [-PAN_STEP_PX, 0], ArrowRight: [PAN_STEP_PX, 0] };
          const move = moves[event.key];
          if (move) pan(...move);
          else if (event.key === '+' || event.key === '=') zoom(1);
          else if (event.key === '-' || event.key === '_') zoom(-1);
          else return;
          event.preventDefault();
        }}
        onPointerDown={(event) => {
          if (drawing || event.target !== event.currentTarget || event.button !== 0) return;
          drag.current = { x: event.clientX, y: event.clientY, viewport };
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          const start = drag.current;
          if (!start) return;
          const dx = start.x - event.clientX;
          const dy = start.y - event.clientY;
          if (Math.abs(dx) + Math.abs(dy) > 3) onViewportChange(panBy(start.viewport, dx, dy));
        }}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
      >
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
          const position = { left: `${Math.round(marker.x)}px`, top: `${Math.round(marker.y)}px` };
          if (marker.kind === 'cluster') {
            return (
              <button
                key={marker.id}
                type="button"
                className="cluster"
                part="cluster"
                style={position}
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
          const price = formatMoney(marker.priceInPennies, marker.currencyCode, { abbreviate: true, thousands: true });
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
