import { describe, expect, it } from 'vitest';
import { addVertex, canFinish, containsPoint, formatPolygon, MAX_POLYGON_VERTICES, parsePolygon, removeLastVertex, screenPoints, toGeoPolygon } from './polygon';

const triangle = [
  { lat: 40.9, lng: -112.1 },
  { lat: 40.9, lng: -111.6 },
  { lat: 40.5, lng: -111.85 },
];

describe('draw-a-shape geometry', () => {
  it('adds vertices, ignoring a repeated point and non-finite input', () => {
    let shape = addVertex([], triangle[0]!);
    shape = addVertex(shape, triangle[0]!);
    shape = addVertex(shape, { lat: Number.NaN, lng: 0 });
    expect(shape).toEqual([triangle[0]]);
  });

  it('stops at 200 vertices', () => {
    let shape: { lat: number; lng: number }[] = [];
    for (let i = 0; i < 250; i += 1) shape = addVertex(shape, { lat: i / 1000, lng: i / 1000 });
    expect(shape).toHaveLength(MAX_POLYGON_VERTICES);
    expect(canFinish(shape)).toBe(true);
  });

  it('wraps longitude and clamps latitude', () => {
    expect(addVertex([], { lat: 95, lng: 190 })).toEqual([{ lat: 90, lng: -170 }]);
  });

  it('can finish from 3 points; undo removes the last', () => {
    expect(canFinish(triangle.slice(0, 2))).toBe(false);
    expect(canFinish(triangle)).toBe(true);
    expect(removeLastVertex(triangle)).toEqual(triangle.slice(0, 2));
  });

  it('is the GeoPointInput list listingLoad takes', () => {
    expect(toGeoPolygon(triangle)[2]).toEqual({ latitude: 40.5, longitude: -111.85 });
  });

  it('tests points inside and outside', () => {
    expect(containsPoint(triangle, { lat: 40.76, lng: -111.89 })).toBe(true);
    expect(containsPoint(triangle, { lat: 40.55, lng: -112.05 })).toBe(false);
    expect(containsPoint(triangle, { lat: 10, lng: 10 })).toBe(false);
  });

  it('projects to SVG points: the centre of the viewport is its middle pixel', () => {
    const viewport = { center: { lat: 40.9, lng: -112.1 }, zoom: 10, width: 200, height: 100 };
    expect(screenPoints(viewport, triangle).split(' ')[0]).toBe('100,50');
  });

  it('round-trips through the query string and rejects malformed input', () => {
    expect(parsePolygon(formatPolygon(triangle))).toEqual(triangle);
    expect(parsePolygon('1,2;3,4')).toBeNull();
    expect(parsePolygon('1,2;3,4;x,5')).toBeNull();
    expect(parsePolygon('1,2;3,4;95,5')).toBeNull();
    expect(parsePolygon('1,2,3;3,4;5,5')).toBeNull();
    expect(parsePolygon(null)).toBeNull();
  });
});
