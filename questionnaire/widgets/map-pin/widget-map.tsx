/**
 * The small map of the questionnaire's map widgets: the same keyless tile layer as <hearth-search-map>
 * (core/maps/use-tile-layer: tiles from our API's /tiles route), drawn at any zoom the widgets allow
 * (12…21; past the source's last zoom its deepest tiles are stretched), a pin fixed at the centre, and —
 * when interactive — drag with a mouse or a finger (core/maps/gestures.ts), arrow keys to pan and +/- to
 * zoom. Its stylesheet is adopted into the shadow root it renders in (never injected: strict CSP).
 */
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { sheetFor } from '../../../core/define-element/styles';
import { gestureViewport, isGesture } from '../../../core/maps/gestures';
import { panBy, type LatLng, type Point, type Viewport } from '../../../core/maps/projection';
import { useTileLayer } from '../../../core/maps/use-tile-layer';
import { widgetTexts } from '../texts';
import css from './widget-map.css?inline';

/** One arrow key moves the map this far (CSS px). */
export const KEY_PAN_PX = 64;

export interface WidgetMapProps {
  center: LatLng;
  zoom: number;
  label: string;
  /** Drag, keys and zoom buttons; otherwise the map only shows its centre. */
  interactive: boolean;
  minZoom?: number;
  maxZoom?: number;
  /** The visitor moved the map (every step of a drag, each key). */
  onMove?(center: LatLng, zoom: number): void;
  pinState?: 'idle' | 'moving';
  /** Drawn over the map (the hint). */
  children?: ReactNode;
}

export function useAdoptedSheet(ref: { current: HTMLElement | null }) {
  useLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (typeof ShadowRoot === 'undefined' || !(root instanceof ShadowRoot)) return;
    const sheet = sheetFor(css);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }, [ref]);
}

export function WidgetMap({ center, zoom, label, interactive, minZoom = 0, maxZoom = 21, onMove, pinState = 'idle', children }: WidgetMapProps) {
  const plane = useRef<HTMLDivElement>(null);
  useAdoptedSheet(plane);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const viewport: Viewport = { center, zoom, width: size.width, height: size.height };
  const current = useRef(viewport);
  current.current = viewport;
  const basemap = useTileLayer(viewport, (globalThis.devicePixelRatio ?? 1) > 1);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<{ viewport: Viewport; from: Point; moving: boolean } | null>(null);

  useEffect(() => {
    const node = plane.current;
    if (!node) return;
    const measure = (width: number, height: number) => setSize({ width: Math.round(width), height: Math.round(height) });
    measure(node.clientWidth, node.clientHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => entry && measure(entry.contentRect.width, entry.contentRect.height));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const move = (next: Viewport) => onMove?.(next.center, next.zoom);
  const within = (event: ReactPointerEvent): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const lift = (event: ReactPointerEvent) => {
    if (!pointers.current.delete(event.pointerId)) return;
    gesture.current = null;
  };

  return (
    <div
      ref={plane}
      className="widget-map"
      part="map"
      role="group"
      aria-roledescription="map"
      aria-label={label}
      tabIndex={interactive ? 0 : undefined}
      data-interactive={interactive}
      data-basemap={basemap.status}
      data-zoom={zoom}
      data-center={`${center.lat.toFixed(6)},${center.lng.toFixed(6)}`}
      onKeyDown={
        interactive
          ? (event) => {
              const moves: Record<string, [number, number]> = { ArrowUp: [0, -KEY_PAN_PX], ArrowDown: [0, KEY_PAN_PX], ArrowLeft: [-KEY_PAN_PX, 0], ArrowRight: [KEY_PAN_PX, 0] };
              const step = moves[event.key];
              if (step) move(panBy(current.current, ...step));
              else if ((event.key === '+' || event.key === '=') && zoom < maxZoom) move({ ...current.current, zoom: zoom + 1 });
              else if ((event.key === '-' || event.key === '_') && zoom > minZoom) move({ ...current.current, zoom: zoom - 1 });
              else return;
              event.preventDefault();
            }
          : undefined
      }
      onPointerDown={
        interactive
          ? (event) => {
              if (event.button !== 0 || event.target !== event.currentTarget) return;
              // One pointer drags; a second one is ignored (zoom with the buttons or +/-).
              if (pointers.current.size > 0) return;
              pointers.current.set(event.pointerId, within(event));
              event.currentTarget.setPointerCapture?.(event.pointerId);
              gesture.current = { viewport: current.current, from: within(event), moving: false };
            }
          : undefined
      }
      onPointerMove={
        interactive
          ? (event) => {
              const active = gesture.current;
              if (!active || !pointers.current.has(event.pointerId)) return;
              const to = within(event);
              pointers.current.set(event.pointerId, to);
              if (!active.moving && !isGesture([active.from], [to])) return;
              active.moving = true;
              move(gestureViewport(active.viewport, [active.from], [to]));
            }
          : undefined
      }
      onPointerUp={interactive ? lift : undefined}
      onPointerCancel={interactive ? lift : undefined}
    >
      {basemap.tiles.length > 0 && (
        <div className="widget-map-tiles" aria-hidden="true">
          {basemap.tiles.map((tile) => (
            <img
              key={tile.key}
              className="widget-map-tile"
              src={tile.url}
              alt=""
              width={tile.size}
              height={tile.size}
              draggable={false}
              decoding="async"
              style={{ left: `${tile.left}px`, top: `${tile.top}px`, width: `${tile.size}px`, height: `${tile.size}px` }}
              onLoad={(event) => {
                event.currentTarget.dataset.state = 'loaded';
                basemap.onTileLoad(tile.key);
              }}
              onError={() => basemap.onTileError(tile.key)}
            />
          ))}
        </div>
      )}
      <span className="widget-map-pin" part="map-pin" data-state={pinState} aria-hidden="true" />
      {children}
      {interactive && (
        <div className="widget-map-controls">
          <button type="button" aria-label={widgetTexts.mapPin.zoomIn} disabled={zoom >= maxZoom} onClick={() => move({ ...current.current, zoom: zoom + 1 })}>
            +
          </button>
          <button type="button" aria-label={widgetTexts.mapPin.zoomOut} disabled={zoom <= minZoom} onClick={() => move({ ...current.current, zoom: zoom - 1 })}>
            −
          </button>
        </div>
      )}
      {basemap.attribution.length > 0 && (
        <p className="widget-map-attribution">
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
    </div>
  );
}
