/**
 * Web-Mercator maths for the keyless map (and any provider that needs it): lat/lng ↔ world pixels at a
 * zoom (256 px tiles, as every web map), the bounds a viewport shows, fitting bounds, panning and zooming.
 * Pure functions: no DOM.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Point {
  x: number;
  y: number;
}

/** As listingLoad's `geoInput.bounds` takes it. */
export interface Bounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

/** What a map shows: its centre, zoom and size in CSS pixels. */
export interface Viewport {
  center: LatLng;
  zoom: number;
  width: number;
  height: number;
}

export const TILE_SIZE = 256;
/** Web-Mercator stops here; beyond it y runs to infinity. */
export const MAX_LATITUDE = 85.051_128_78;
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 18;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const worldSize = (zoom: number) => TILE_SIZE * 2 ** zoom;

/** World pixel of a coordinate at a zoom: (0, 0) is the north-west corner of the world. */
export function project({ lat, lng }: LatLng, zoom: number): Point {
  const size = worldSize(zoom);
  const sin = Math.sin((clamp(lat, -MAX_LATITUDE, MAX_LATITUDE) * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** The coordinate of a world pixel at a zoom (the inverse of `project`). */
export function unproject({ x, y }: Point, zoom: number): LatLng {
  const size = worldSize(zoom);
  const n = Math.PI - (2 * Math.PI * y) / size;
  return {
    lat: (180 / Math.PI) * Math.atan(Math.sinh(n)),
    lng: (x / size) * 360 - 180,
  };
}

/** Where a coordinate falls inside the viewport, in CSS pixels from its top-left corner. */
export function toScreen(viewport: Viewport, position: LatLng): Point {
  const center = project(viewport.center, viewport.zoom);
  const point = project(position, viewport.zoom);
  return { x: point.x - center.x + viewport.width / 2, y: point.y - center.y + viewport.height / 2 };
}

/** The coordinate under a viewport pixel. */
export function fromScreen(viewport: Viewport, point: Point): LatLng {
  const center = project(viewport.center, viewport.zoom);
  return unproject({ x: center.x + point.x - viewport.width / 2, y: center.y + point.y - viewport.height / 2 }, viewport.zoom);
}

/** The area a viewport shows. */
export function viewportBounds(viewport: Viewport): Bounds {
  const northWest = fromScreen(viewport, { x: 0, y: 0 });
  const southEast = fromScreen(viewport, { x: viewport.width, y: viewport.height });
  return {
    north: northWest.lat,
    south: southEast.lat,
    west: clamp(northWest.lng, -180, 180),
    east: clamp(southEast.lng, -180, 180),
  };
}

/** The smallest bounds holding every position; null for none. */
export function boundsOf(positions: readonly LatLng[]): Bounds | null {
  if (positions.length === 0) return null;
  const bounds = { north: -90, south: 90, east: -180, west: 180 };
  for (const { lat, lng } of positions) {
    bounds.north = Math.max(bounds.north, lat);
    bounds.south = Math.min(bounds.south, lat);
    bounds.east = Math.max(bounds.east, lng);
    bounds.west = Math.min(bounds.west, lng);
  }
  return bounds;
}

/**
 * The viewport of the given size showing `bounds` whole, with `padding` pixels on each side, at the
 * largest whole zoom that fits (at most `maxZoom`, so a single home is not shown at street level).
 */
export function fitBounds(bounds: Bounds, width: number, height: number, padding = 40, maxZoom = 15): Viewport {
  const center = unproject(
    {
      x: (project({ lat: bounds.north, lng: bounds.west }, 0).x + project({ lat: bounds.south, lng: bounds.east }, 0).x) / 2,
      y: (project({ lat: bounds.north, lng: bounds.west }, 0).y + project({ lat: bounds.south, lng: bounds.east }, 0).y) / 2,
    },
    0,
  );
  const innerWidth = Math.max(1, width - 2 * padding);
  const innerHeight = Math.max(1, height - 2 * padding);
  let zoom = maxZoom;
  while (zoom > MIN_ZOOM) {
    const nw = project({ lat: bounds.north, lng: bounds.west }, zoom);
    const se = project({ lat: bounds.south, lng: bounds.east }, zoom);
    if (se.x - nw.x <= innerWidth && se.y - nw.y <= innerHeight) break;
    zoom -= 1;
  }
  return { center, zoom, width, height };
}

/** The viewport moved by `dx`, `dy` screen pixels (positive: the view moves east and south). */
export function panBy(viewport: Viewport, dx: number, dy: number): Viewport {
  const center = project(viewport.center, viewport.zoom);
  const size = worldSize(viewport.zoom);
  const y = clamp(center.y + dy, 0, size);
  // Longitude wraps around the world; latitude stops at the Mercator edge.
  const x = (((center.x + dx) % size) + size) % size;
  return { ...viewport, center: unproject({ x, y }, viewport.zoom) };
}

/** The viewport zoomed by whole steps about its centre, within MIN_ZOOM…MAX_ZOOM. */
export function zoomBy(viewport: Viewport, steps: number): Viewport {
  return { ...viewport, zoom: clamp(Math.round(viewport.zoom + steps), MIN_ZOOM, MAX_ZOOM) };
}

/** Whether two viewports show the same area (after rounding away float noise). */
export function sameViewport(a: Viewport, b: Viewport): boolean {
  return (
    a.zoom === b.zoom &&
    a.width === b.width &&
    a.height === b.height &&
    Math.abs(a.center.lat - b.center.lat) < 1e-9 &&
    Math.abs(a.center.lng - b.center.lng) < 1e-9
  );
}
