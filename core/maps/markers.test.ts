import { describe, expect, it } from 'vitest';
import { layoutClusters, layoutPins, MAX_DOM_MARKERS, unpackPins, type PinInput } from './markers';
import { fromScreen, type Viewport } from './projection';

const viewport: Viewport = { center: { lat: 40.74, lng: -111.88 }, zoom: 12, width: 800, height: 600 };

/** `count` pins spread evenly over the viewport. */
function spread(count: number): PinInput[] {
  const columns = Math.ceil(Math.sqrt(count));
  return Array.from({ length: count }, (_, i) => {
    const at = fromScreen(viewport, { x: 10 + ((i % columns) * 780) / columns, y: 10 + (Math.floor(i / columns) * 580) / columns });
    return { id: String(i), ...at, priceInPennies: 50_000_000 };
  });
}

describe('marker layout (at most 300 DOM markers)', () => {
  it('draws every pin in view as a pin up to the cap', () => {
    const markers = layoutPins(viewport, spread(MAX_DOM_MARKERS));
    expect(markers).toHaveLength(300);
    expect(markers.every((m) => m.kind === 'pin')).toBe(true);
  });

  it('clusters above the cap, never drawing more than 300 markers, and loses no listing', () => {
    const markers = layoutPins(viewport, spread(2_000));
    expect(markers.length).toBeLessThanOrEqual(MAX_DOM_MARKERS);
    expect(markers.some((m) => m.kind === 'cluster')).toBe(true);
    const counted = markers.reduce((sum, m) => sum + (m.kind === 'cluster' ? m.count : 1), 0);
    expect(counted).toBe(2_000);
  });

  it('respects a smaller cap', () => {
    expect(layoutPins(viewport, spread(50), 10).length).toBeLessThanOrEqual(10);
  });

  it('a cluster holds the bounds of its listings, to zoom into', () => {
    const markers = layoutPins(viewport, spread(2_000));
    const cluster = markers.find((m) => m.kind === 'cluster');
    if (cluster?.kind !== 'cluster') throw new Error('expected a cluster');
    expect(cluster.bounds.north).toBeGreaterThanOrEqual(cluster.bounds.south);
    expect(cluster.bounds.east).toBeGreaterThanOrEqual(cluster.bounds.west);
  });

  it('leaves out pins far outside the viewport', () => {
    const far = { id: 'far', lat: 10, lng: 10, priceInPennies: 1 };
    expect(layoutPins(viewport, [...spread(4), far]).map((m) => m.id)).not.toContain('far');
  });

  it('places server clusters in view and caps them', () => {
    const clusters = spread(400).map((p) => ({ lat: p.lat, lng: p.lng, count: 3, bounds: { north: p.lat, south: p.lat, east: p.lng, west: p.lng } }));
    expect(layoutClusters(viewport, clusters)).toHaveLength(300);
  });

  it('unpacks listingsInfo pins', () => {
    expect(unpackPins({ ids: ['1', '2'], latitudes: [40, 41], longitudes: [-111, -112], pricesInPennies: [100, 200] })).toEqual([
      { id: '1', lat: 40, lng: -111, priceInPennies: 100 },
      { id: '2', lat: 41, lng: -112, priceInPennies: 200 },
    ]);
  });
});
