/**
 * Touch and mouse gestures on the keyless map as pure maths: one pointer drags the map, two pointers
 * pinch (zoom in whole steps about the point between the fingers) and move it together. A gesture is
 * measured from where it started (the viewport and the pointers then), so rounding never accumulates;
 * when a finger lands or lifts, the caller starts a new gesture from the current viewport.
 */
import { fromScreen, MAX_ZOOM, MIN_ZOOM, panBy, project, TILE_SIZE, unproject, type Point, type Viewport } from './projection';

/** A pointer travels this far (CSS px, summed over both axes) before a press becomes a drag. */
export const DRAG_THRESHOLD_PX = 4;

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/** Whole zoom steps for fingers that moved from `startDistance` apart to `distance` apart (twice as far: +1). */
export function pinchSteps(startDistance: number, currentDistance: number): number {
  if (startDistance <= 0 || currentDistance <= 0) return 0;
  return Math.round(Math.log2(currentDistance / startDistance));
}

/**
 * The viewport at `zoom` that shows the place under `anchor` (a point of `viewport`, CSS px from its
 * top-left corner) at `target` instead: zooming about a point, and panning with it.
 */
export function zoomAround(viewport: Viewport, anchor: Point, zoom: number, target: Point = anchor): Viewport {
  const nextZoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom)));
  const place = project(fromScreen(viewport, anchor), nextZoom);
  const size = TILE_SIZE * 2 ** nextZoom;
  const x = place.x - (target.x - viewport.width / 2);
  const y = Math.min(size, Math.max(0, place.y - (target.y - viewport.height / 2)));
  return { ...viewport, zoom: nextZoom, center: unproject({ x: ((x % size) + size) % size, y }, nextZoom) };
}

/**
 * The viewport a gesture leads to: `start` is the viewport when the gesture began, `from` the pointers
 * then and `to` the same pointers now (CSS px within the map). One pointer pans; two pan and zoom.
 */
export function gestureViewport(start: Viewport, from: readonly Point[], to: readonly Point[]): Viewport {
  const [a0, b0] = from;
  const [a1, b1] = to;
  if (!a0 || !a1) return start;
  if (!b0 || !b1) return panBy(start, a0.x - a1.x, a0.y - a1.y);
  const steps = pinchSteps(distance(a0, b0), distance(a1, b1));
  return zoomAround(start, midpoint(a0, b0), start.zoom + steps, midpoint(a1, b1));
}

/** Whether the pointers moved far enough from where they went down to count as a gesture (not a tap). */
export function isGesture(from: readonly Point[], to: readonly Point[]): boolean {
  let travelled = 0;
  from.forEach((p, i) => {
    const q = to[i];
    if (q) travelled += Math.abs(p.x - q.x) + Math.abs(p.y - q.y);
  });
  return travelled > DRAG_THRESHOLD_PX;
}

/** What a key pressed on a focused map asks for: a pan by CSS px, a zoom step, or nothing (the key is not the map's). */
export type KeyMove = { pan: [dx: number, dy: number] } | { zoom: 1 | -1 } | null;

/** Arrow keys pan by `stepPx`; `+` (or `=`) zooms in and `-` (or `_`) out, as on every web map. */
export function keyMove(key: string, stepPx: number): KeyMove {
  switch (key) {
    case 'ArrowUp':
      return { pan: [0, -stepPx] };
    case 'ArrowDown':
      return { pan: [0, stepPx] };
    case 'ArrowLeft':
      return { pan: [-stepPx, 0] };
    case 'ArrowRight':
      return { pan: [stepPx, 0] };
    case '+':
    case '=':
      return { zoom: 1 };
    case '-':
    case '_':
      return { zoom: -1 };
    default:
      return null;
  }
}
