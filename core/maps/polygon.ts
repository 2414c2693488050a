/**
 * Draw-a-shape search: the geometry of a drawn polygon — adding vertices (at most MAX_POLYGON_VERTICES,
 * as listingLoad's `geoInput.polygon` takes 3 to 200 points), whether it can be searched, the GraphQL
 * input, the SVG path on screen and a point-in-polygon test. Pure functions: no DOM.
 */
import { toScreen, type LatLng, type Viewport } from './projection';

export const MIN_POLYGON_VERTICES = 3;
export const MAX_POLYGON_VERTICES = 200;

/** The shape with one more vertex; unchanged when full, for a non-finite point or a repeat of the last one. */
export function addVertex(shape: readonly LatLng[], point: LatLng): LatLng[] {
  if (shape.length >= MAX_POLYGON_VERTICES || !Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return [...shape];
  const last = shape.at(-1);
  if (last && Math.abs(last.lat - point.lat) < 1e-9 && Math.abs(last.lng - point.lng) < 1e-9) return [...shape];
  const lat = Math.max(-90, Math.min(90, point.lat));
  const lng = point.lng >= -180 && point.lng <= 180 ? point.lng : ((((point.lng + 180) % 360) + 360) % 360) - 180;
  return [...shape, { lat, lng }];
}

/** The shape without its last vertex. */
export const removeLastVertex = (shape: readonly LatLng[]): LatLng[] => shape.slice(0, -1);

/** Whether the shape is a polygon the server searches (3 to 200 vertices). */
export const canFinish = (shape: readonly LatLng[]) => shape.length >= MIN_POLYGON_VERTICES && shape.length <= MAX_POLYGON_VERTICES;

/** As listingLoad's `geoInput.polygon` ([GeoPointInput!]) takes it. */
export function toGeoPolygon(shape: readonly LatLng[]): { latitude: number; longitude: number }[] {
  return shape.map(({ lat, lng }) => ({ latitude: lat, longitude: lng }));
}

/** The SVG `points` attribute of the shape in a viewport (CSS pixels, rounded to 0.1 px). */
export function screenPoints(viewport: Viewport, shape: readonly LatLng[]): string {
  return shape
    .map((p) => {
      const { x, y } = toScreen(viewport, p);
      return `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`;
    })
    .join(' ');
}

/** Whether a point lies inside the polygon (even-odd ray casting, in degrees; fine at city scale). */
export function containsPoint(shape: readonly LatLng[], { lat, lng }: LatLng): boolean {
  let inside = false;
  for (let i = 0, j = shape.length - 1; i < shape.length; j = i++) {
    const a = shape[i]!;
    const b = shape[j]!;
    if (a.lat > lat !== b.lat > lat && lng < ((b.lng - a.lng) * (lat - a.lat)) / (b.lat - a.lat) + a.lng) inside = !inside;
  }
  return inside;
}

/** A polygon from the query string (`lat,lng;lat,lng;…`); null when malformed or out of range. */
export function parsePolygon(raw: string | null): LatLng[] | null {
  if (!raw) return null;
  const parts = raw.split(';');
  if (parts.length < MIN_POLYGON_VERTICES || parts.length > MAX_POLYGON_VERTICES) return null;
  const shape: LatLng[] = [];
  for (const part of parts) {
    const [lat, lng, extra] = part.split(',').map(Number);
    if (extra !== undefined || lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
    if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return null;
    shape.push({ lat, lng });
  }
  return shape;
}

/** The polygon for the query string (6 decimals: ~10 cm). */
export const formatPolygon = (shape: readonly LatLng[]) => shape.map(({ lat, lng }) => `${Number(lat.toFixed(6))},${Number(lng.toFixed(6))}`).join(';');
