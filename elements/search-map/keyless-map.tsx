/**
 * The keyless map panel (no maps key): the basemap's tiles (from our API's tile route, credited as their
 * provider asks) over a light grid that shows wherever tiles are missing, the markers at their Web-Mercator
 * positions, zoom and pan buttons, arrow keys and +/- while it has focus, drag (mouse or a finger) and
 * pinch (two fingers, core/maps/gestures.ts). Pins are buttons named by price and address; the results
 * list beside it is the accessible equivalent.
 */
import { Fragment, useEffect, useId, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { searchMapTexts as t } from '../../core/i18n/search';
import { gestureViewport, isGesture } from '../../core/maps/gestures';
import { pinPrice } from '../../core/maps/markers';
import type { MapSurfaceProps } from '../../core/maps/provider';
import { useTileLayer } from '../../core/maps/use-tile-layer';
import { screenPoints } from '../../core/maps/polygon';
import { fitBounds, fromScreen, MAX_ZOOM, panBy, project, zoomBy, type Point, type Viewport } from '../../core/maps/projection';

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
  /** The pointers down on the map (CSS px within it), and the gesture they make since the last one landed or lifted. */
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ viewport: Viewport; ids: number[]; from: Point[]; moving: boolean } | null>(null);
  /** The viewport as last drawn or last asked for (a gesture restarts from it between renders). */
  const current = useRef(viewport);
  current.current = viewport;
  const latest = useRef(onResize);
  latest.current = onResize;
  const basemap = useTileLayer(viewport, (globalThis.devicePixelRatio ?? 1) > 1);

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

  // ---- drag and pinch ----
  const within = (event: ReactPointerEvent): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  /** A finger landed or lifted: the gesture goes on from here with the (first two) pointers now down. */
  const regroup = () => {
    const ids = [...pointers.current.keys()].slice(0, 2);
    const moving = gesture.current?.moving ?? false;
    gesture.current = ids.length > 0 ? { viewport: current.current, ids, from: ids.map((id) => pointers.current.get(id)!), moving } : null;
  };
  const lift = (event: ReactPointerEvent) => {
    if (!pointers.current.delete(event.pointerId)) return;
    regroup();
  };

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
        data-basemap={basemap.status}
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
          if (drawing || event.button !== 0) return;
          pointers.current.set(event.pointerId, within(event));
          // On a pin or cluster the press stays a tap (its click) until it moves.
          if (event.target === event.currentTarget) event.currentTarget.setPointerCapture(event.pointerId);
          regroup();
        }}
        onPointerMove={(event) => {
          if (!pointers.current.has(event.pointerId)) return;
          pointers.current.set(event.pointerId, within(event));
          const active = gesture.current;
          if (!active) return;
          const to = active.ids.map((id) => pointers.current.get(id)!);
          if (!active.moving && !isGesture(active.from, to)) return;
          active.moving = true;
          // A drag or pinch: the plane takes its pointers, so a pin one started on is not clicked.
          for (const id of active.ids) if (!event.currentTarget.hasPointerCapture(id)) event.currentTarget.setPointerCapture(id);
          const next = gestureViewport(active.viewport, active.from, to);
          current.current = next;
          onViewportChange(next);
        }}
        onPointerUp={lift}
        onPointerCancel={lift}
      >
        {basemap.tiles.length > 0 && (
          <div className="tiles" part="tiles" aria-hidden="true">
            {basemap.tiles.map((tile) => (
              <img
                key={tile.key}
                className="tile"
                src={tile.url}
                alt=""
                width={tile.size}
                height={tile.size}
                draggable={false}
                decoding="async"
                style={{ left: `${tile.left}px`, top: `${tile.top}px`, width: `${tile.size}px`, height: `${tile.size}px` }}
                onLoad={(event) => {
                  // Shown once drawn: a tile that fails never shows a broken image.
                  event.currentTarget.dataset.state = 'loaded';
                  basemap.onTileLoad(tile.key);
                }}
                onError={() => basemap.onTileError(tile.key)}
              />
            ))}
          </div>
        )}
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
      {basemap.attribution.length > 0 && (
        <p className="attribution" part="attribution">
          {basemap.attribution.map((part, i) => (
            <Fragment key={i}>
              {i > 0 && ' '}
              {part.url ? (
                <a href={part.url} target="_blank" rel="noopener noreferrer">
                  {part.text}
                </a>
              ) : (
                part.text
              )}
            </Fragment>
          ))}
        </p>
      )}
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
