import { describe, expect, it } from 'vitest';
import { boundsOf, fitBounds, fromScreen, panBy, project, toScreen, unproject, viewportBounds, zoomBy, MAX_ZOOM, MIN_ZOOM, type Viewport } from './projection';

const slc: Viewport = { center: { lat: 40.7608, lng: -111.891 }, zoom: 12, width: 800, height: 600 };

describe('Web-Mercator projection', () => {
  it('puts (0, 0) at the centre of the world and the antimeridian at the edges', () => {
    expect(project({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(project({ lat: 0, lng: -180 }, 1).x).toBe(0);
    expect(project({ lat: 0, lng: 180 }, 1).x).toBe(512);
    expect(project({ lat: 85.051_128_78, lng: 0 }, 0).y).toBeCloseTo(0, 5);
  });

  it('doubles pixel distances per zoom step', () => {
    const a = project({ lat: 40.7, lng: -111.9 }, 10);
    const b = project({ lat: 40.7, lng: -111.9 }, 11);
    expect(b.x).toBeCloseTo(a.x * 2, 6);
    expect(b.y).toBeCloseTo(a.y * 2, 6);
  });

  it('unproject inverts project', () => {
    const position = { lat: 40.7641, lng: -111.8769 };
    const back = unproject(project(position, 14), 14);
    expect(back.lat).toBeCloseTo(position.lat, 9);
    expect(back.lng).toBeCloseTo(position.lng, 9);
  });

  it('places the centre in the middle of the viewport and converts back', () => {
    expect(toScreen(slc, slc.center)).toEqual({ x: 400, y: 300 });
    const corner = fromScreen(slc, { x: 0, y: 0 });
    expect(toScreen(slc, corner).x).toBeCloseTo(0, 6);
    expect(toScreen(slc, corner).y).toBeCloseTo(0, 6);
  });

  it('gives the bounds of a viewport around its centre', () => {
    const b = viewportBounds(slc);
    expect(b.north).toBeGreaterThan(slc.center.lat);
    expect(b.south).toBeLessThan(slc.center.lat);
    expect(b.west).toBeLessThan(slc.center.lng);
    expect(b.east).toBeGreaterThan(slc.center.lng);
    // 800 px at zoom 12 spans 800 / (256 · 4096) of 360°.
    expect(b.east - b.west).toBeCloseTo((800 / (256 * 4096)) * 360, 9);
  });
});

describe('fit, pan and zoom', () => {
  it('fits bounds at the largest zoom that shows them whole, within the padding', () => {
    const bounds = boundsOf([
      { lat: 40.7641, lng: -111.8769 },
      { lat: 40.7376, lng: -111.8583 },
      { lat: 40.7117, lng: -111.8546 },
    ])!;
    const viewport = fitBounds(bounds, 640, 480, 40);
    for (const corner of [{ lat: bounds.north, lng: bounds.west }, { lat: bounds.south, lng: bounds.east }]) {
      const p = toScreen(viewport, corner);
      expect(p.x).toBeGreaterThanOrEqual(40 - 1e-6);
      expect(p.y).toBeGreaterThanOrEqual(40 - 1e-6);
      expect(p.x).toBeLessThanOrEqual(600 + 1e-6);
      expect(p.y).toBeLessThanOrEqual(440 + 1e-6);
    }
    const closer = { ...viewport, zoom: viewport.zoom + 1 };
    const south = toScreen(closer, { lat: bounds.south, lng: bounds.east });
    const north = toScreen(closer, { lat: bounds.north, lng: bounds.west });
    expect(south.y - north.y > 400 || south.x - north.x > 560).toBe(true);
  });

  it('stops at maxZoom for a single home', () => {
    expect(fitBounds(boundsOf([{ lat: 40.7, lng: -111.9 }])!, 640, 480).zoom).toBe(15);
  });

  it('pans by screen pixels: east and south are positive', () => {
    const moved = panBy(slc, 100, 50);
    expect(toScreen(slc, moved.center).x).toBeCloseTo(500, 6);
    expect(toScreen(slc, moved.center).y).toBeCloseTo(350, 6);
    expect(moved.zoom).toBe(slc.zoom);
  });

  it('zooms by whole steps within the limits', () => {
    expect(zoomBy(slc, 1).zoom).toBe(13);
    expect(zoomBy(slc, -1).zoom).toBe(11);
    expect(zoomBy({ ...slc, zoom: MAX_ZOOM }, 1).zoom).toBe(MAX_ZOOM);
    expect(zoomBy({ ...slc, zoom: MIN_ZOOM }, -1).zoom).toBe(MIN_ZOOM);
  });

  it('has no bounds for no positions', () => {
    expect(boundsOf([])).toBeNull();
  });
});
