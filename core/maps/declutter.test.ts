import { describe, expect, it } from 'vitest';
import { clusterBox, declutter, overlaps, pinBox } from './declutter';
import { layoutClusters, layoutPins, pinPrice, type ClusterInput, type ClusterMarker, type MapMarker, type PinInput, type PinMarker } from './markers';
import { MAX_ZOOM, project, toScreen, unproject, type Viewport } from './projection';

const SLC = { lat: 40.7608, lng: -111.891 };
const viewportAt = (zoom: number): Viewport => ({ center: SLC, zoom, width: 800, height: 600 });

function pin(id: string, viewport: Viewport, lat: number, lng: number, priceInPennies = 52_500_000, period = ''): PinMarker {
  return { kind: 'pin', id, lat, lng, ...toScreen(viewport, { lat, lng }), priceInPennies, currencyCode: 'USD', period };
}

const isPin = (m: MapMarker): m is PinMarker => m.kind === 'pin';
const isCluster = (m: MapMarker): m is ClusterMarker => m.kind === 'cluster';

describe('declutter: small cases', () => {
  const viewport = viewportAt(14);

  it('leaves pins that do not touch alone', () => {
    const results = [pin('a', viewport, 40.76, -111.9), pin('b', viewport, 40.75, -111.88)];
    expect(declutter(viewport, results, [])).toEqual(results);
  });

  it('merges two results whose labels overlap into a cluster of two, at their middle', () => {
    const a = pin('a', viewport, 40.76, -111.9);
    const b = pin('b', viewport, 40.76, -111.8999);
    const [merged, ...rest] = declutter(viewport, [a, b], []);
    expect(rest).toEqual([]);
    expect(merged).toMatchObject({ kind: 'cluster', id: 'results-a', count: 2, listingIds: ['a', 'b'], x: (a.x + b.x) / 2 });
    expect((merged as ClusterMarker).bounds).toEqual({ north: 40.76, south: 40.76, east: -111.8999, west: -111.9 });
  });

  it('takes a result out of the count of the cluster whose cell holds it; an emptied cluster goes', () => {
    const a = pin('a', viewport, 40.7605, -111.8905);
    const b = pin('b', viewport, 40.7405, -111.8705);
    // Each cluster is drawn away from the results (at its cell's average point), so nothing overlaps.
    const clusters: ClusterMarker[] = [
      { kind: 'cluster', id: 'server-0', ...toScreen(viewport, { lat: 40.75, lng: -111.86 }), count: 5, bounds: { north: 40.761, south: 40.76, east: -111.89, west: -111.891 } },
      { kind: 'cluster', id: 'server-1', ...toScreen(viewport, { lat: 40.72, lng: -111.85 }), count: 1, bounds: { north: 40.741, south: 40.74, east: -111.87, west: -111.871 } },
    ];
    const markers = declutter(viewport, [a, b], clusters);
    expect(markers.filter(isCluster).map((c) => [c.id, c.count])).toEqual([['server-0', 4]]);
    expect(markers.filter(isPin).map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('a result that would cover a cluster joins it', () => {
    const result = pin('a', viewport, 40.76, -111.9);
    const cluster: ClusterMarker = { kind: 'cluster', id: 'server-0', x: result.x + 10, y: result.y - 10, count: 7, bounds: { north: 40.9, south: 40.8, east: -111.7, west: -111.8 } };
    expect(declutter(viewport, [result], [cluster])).toEqual([{ ...cluster, count: 8, listingIds: ['a'], bounds: { north: 40.9, south: 40.76, east: -111.7, west: -111.9 } }]);
  });

  it('at the deepest zoom, homes of one building are lifted above each other instead', () => {
    const deepest = viewportAt(MAX_ZOOM);
    const results = ['a', 'b', 'c'].map((id) => pin(id, deepest, SLC.lat, SLC.lng));
    const markers = declutter(deepest, results, []);
    expect(markers.map((m) => [m.id, (m as PinMarker).lift])).toEqual([
      ['a', undefined],
      ['b', 30],
      ['c', 60],
    ]);
  });

  it('leaves dots (matches off this page) under the pins', () => {
    const dot = pin('x', viewport, 40.76, -111.9);
    const result = pin('a', viewport, 40.76, -111.9);
    expect(declutter(viewport, [result], [dot])).toEqual([dot, result]);
  });
});

describe('pin text', () => {
  it('a sale is abbreviated; a rent and a stay carry their period', () => {
    expect(pinPrice({ priceInPennies: 52_500_000, currencyCode: 'USD', period: '' })).toBe('$525K');
    expect(pinPrice({ priceInPennies: 145_000, currencyCode: 'USD', period: '/mo' })).toBe('$1,450/mo');
    expect(pinPrice({ priceInPennies: 18_900, currencyCode: 'USD', period: '/night' })).toBe('$189/night');
    expect(pinPrice({ priceInPennies: 4_500_000, currencyCode: 'NPR', period: '/mo' })).toBe('Rs 45,000/mo');
  });
});

// ---- a dense city at several zooms -------------------------------------------------------------------

/** A small deterministic random source (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(14);
const listing = (id: string, lat: number, lng: number): PinInput =>
  next() < 0.2
    ? { id, lat, lng, priceInPennies: Math.round(120_000 + next() * 300_000), period: '/mo' }
    : { id, lat, lng, priceInPennies: Math.round(20_000_000 + next() * 80_000_000) };
/** The page: 25 results downtown (in view at every zoom below), three of them in one building. */
const page: PinInput[] = [
  ...['L1', 'L2', 'L3'].map((id) => listing(id, 40.7612, -111.8912)),
  ...Array.from({ length: 22 }, (_, i) => listing(`P${i}`, SLC.lat - 0.0009 + next() * 0.0018, SLC.lng - 0.0016 + next() * 0.0032)),
];
/** Around them, 2,000 more matches over the city. */
const city: PinInput[] = [...page, ...Array.from({ length: 2_000 }, (_, i) => listing(`L${i + 4}`, 40.72 + next() * 0.08, -111.95 + next() * 0.12))];
const pageIds = new Set(page.map((p) => p.id));

/** As listingsInfo's clusters: world-aligned cells (64 px at this zoom) with their count, average point and rectangle. */
function serverClusters(zoom: number): ClusterInput[] {
  const cells = new Map<string, PinInput[]>();
  for (const listing of city) {
    const { x, y } = project(listing, zoom);
    const key = `${Math.floor(x / 64)}:${Math.floor(y / 64)}`;
    cells.set(key, [...(cells.get(key) ?? []), listing]);
  }
  return [...cells.entries()].map(([key, members]) => {
    const [cx, cy] = key.split(':').map(Number) as [number, number];
    const nw = unproject({ x: cx * 64, y: cy * 64 }, zoom);
    const se = unproject({ x: (cx + 1) * 64, y: (cy + 1) * 64 }, zoom);
    return {
      lat: members.reduce((sum, m) => sum + m.lat, 0) / members.length,
      lng: members.reduce((sum, m) => sum + m.lng, 0) / members.length,
      count: members.length,
      bounds: { north: nw.lat, south: se.lat, west: nw.lng, east: se.lng },
    };
  });
}

const boxOf = (m: MapMarker) => (isPin(m) ? pinBox(m, m.lift ?? 0) : clusterBox(m));

describe.each([10, 12, 13, 14, 16, 17, MAX_ZOOM])('a dense city at zoom %i', (zoom) => {
  const viewport = viewportAt(zoom);
  const results = layoutPins(viewport, page) as PinMarker[];
  const clustered = zoom <= 14;
  const others: MapMarker[] = clustered
    ? layoutClusters(viewport, serverClusters(zoom))
    : layoutPins(viewport, city.filter((l) => !pageIds.has(l.id)));
  const markers = declutter(viewport, results, others);
  const pricePins = markers.filter((m): m is PinMarker => isPin(m) && pageIds.has(m.id));
  const clusters = markers.filter(isCluster);

  it('draws every result once: its own pin or inside one cluster, never both', () => {
    expect(results).toHaveLength(25);
    for (const id of pageIds) {
      const asPin = pricePins.filter((p) => p.id === id).length;
      const inClusters = clusters.filter((c) => c.listingIds?.includes(id)).length;
      expect(asPin + inClusters, id).toBe(1);
    }
  });

  it('loses and doubles no listing: the counts add up', () => {
    const inputCount = others.reduce((sum, m) => sum + (isCluster(m) ? m.count : 1), 0);
    const resultsInInputClusters = results.filter((r) =>
      others.some((m) => isCluster(m) && r.lat <= m.bounds.north && r.lat >= m.bounds.south && r.lng <= m.bounds.east && r.lng >= m.bounds.west),
    ).length;
    const outputCount = markers.reduce((sum, m) => sum + (isCluster(m) ? m.count : 1), 0);
    expect(outputCount).toBe(inputCount - resultsInInputClusters + results.length);
  });

  it('no price pin covers another marker', () => {
    for (const p of pricePins) {
      for (const other of markers) {
        if (other === p || (isPin(other) && !pageIds.has(other.id))) continue;
        expect(overlaps(boxOf(p), boxOf(other)), `${p.id} covers ${other.id}`).toBe(false);
      }
    }
  });

  if (zoom < MAX_ZOOM) {
    it('merges the building’s three homes rather than lifting anything', () => {
      expect(pricePins.every((p) => !p.lift)).toBe(true);
      const building = clusters.find((c) => c.listingIds?.includes('L1'));
      expect(building?.listingIds).toEqual(expect.arrayContaining(['L1', 'L2', 'L3']));
    });
  } else {
    it('shows the building’s three homes as three pins, lifted above each other', () => {
      const building = pricePins.filter((p) => ['L1', 'L2', 'L3'].includes(p.id));
      expect(building.map((p) => p.lift ?? 0).sort((a, b) => a - b)).toEqual([0, 30, 60]);
      expect(clusters.some((c) => c.listingIds)).toBe(false);
    });
  }

  it('no cluster covers another, and each is whole inside the map', () => {
    for (const [i, a] of clusters.entries()) {
      const box = clusterBox(a);
      expect(box.left >= 0 && box.top >= 0 && box.right <= viewport.width && box.bottom <= viewport.height, `${a.id} runs off the map`).toBe(true);
      for (const b of clusters.slice(i + 1)) expect(overlaps(box, clusterBox(b)), `${a.id} covers ${b.id}`).toBe(false);
    }
  });

  it('rental pins read with their period', () => {
    const rent = page.find((l) => l.period === '/mo');
    const drawn = rent && pricePins.find((p) => p.id === rent.id);
    if (drawn) expect(pinPrice(drawn)).toMatch(/^\$\d{1,3}(,\d{3})?\/mo$/);
  });
});
