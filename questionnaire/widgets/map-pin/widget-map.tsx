/**
 * The small map of the questionnaire's map widgets: the same keyless tile layer as <hearth-search-map>
 * (core/maps/use-tile-layer: tiles from our API's /tiles route), drawn at any zoom the widgets allow
 * (12…21; past the source's last zoom its deepest tiles are stretched), a pin fixed at the centre, and —
 * when interactive — drag with a mouse or a finger (core/maps/gestures.ts), arrow keys to pan and +/- to
 * zoom. Its stylesheet is adopted into the shadow root it renders in (never injected: strict CSP).
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { sheetFor } from '../../../core/define-element/styles';
import { keyMove } from '../../../core/maps/gestures';
import { panBy, type LatLng, type Viewport } from '../../../core/maps/projection';
import { BasemapCredit, BasemapTiles } from '../../../core/maps/tile-layer';
import tileLayerCss from '../../../core/maps/tile-layer.css?inline';
import { useElementSize, useMapGestures } from '../../../core/maps/use-map-gestures';
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
    const sheets = [sheetFor(tileLayerCss), sheetFor(css)].filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
    if (sheets.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
  }, [ref]);
}

export function WidgetMap({ center, zoom, label, interactive, minZoom = 0, maxZoom = 21, onMove, pinState = 'idle', children }: WidgetMapProps) {
  const plane = useRef<HTMLDivElement>(null);
  useAdoptedSheet(plane);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useElementSize(plane, (width, height) => setSize({ width, height }), { now: true });
  const viewport: Viewport = { center, zoom, width: size.width, height: size.height };
  const current = useRef(viewport);
  current.current = viewport;
  const basemap = useTileLayer(viewport, (globalThis.devicePixelRatio ?? 1) > 1);
  const move = (next: Viewport) => onMove?.(next.center, next.zoom);
  const gestures = useMapGestures({ current, pinch: false, canStart: (event) => event.target === event.currentTarget, onMove: move });

  return (
    <div
      ref={plane}
      className="basemap-plane widget-map"
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
              const step = keyMove(event.key, KEY_PAN_PX);
              if (step && 'pan' in step) move(panBy(current.current, ...step.pan));
              else if (step?.zoom === 1 && zoom < maxZoom) move({ ...current.current, zoom: zoom + 1 });
              else if (step?.zoom === -1 && zoom > minZoom) move({ ...current.current, zoom: zoom - 1 });
              else return;
              event.preventDefault();
            }
          : undefined
      }
      {...(interactive ? gestures : {})}
    >
      <BasemapTiles layer={basemap} className="widget-map-tiles" tileClassName="widget-map-tile" />
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
      <BasemapCredit layer={basemap} className="widget-map-attribution" />
    </div>
  );
}
