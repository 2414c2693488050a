import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db';
import { engineName, openTestDatabase } from '../../testing/test-server';
import { hilbertKey } from '../spatial';
import { listingsInfo, liveClusterCells, precomputable } from './clusters';
import type { GeoBounds, ListingFilter } from './filters';
import {
  cellBounds,
  cellX,
  countBounds,
  cellY,
  gridFor,
  MAX_CELLS_PER_AXIS,
  MAX_LEVEL,
  precomputedCells,
  rebuildMapCells,
  refreshMapCells,
  type CellAggregate,
} from './map-cells';
import { insertListings, type TestListing } from './test-listings';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

/** A deterministic spread of numbers in [0, 1). */
const spread = (i: number, salt: number) => ((Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453) % 1 + 1) % 1;

describe('the map grid', () => {
  it('is the spatial_key grid: a level-z cell is the top 2z bits of the Hilbert key’s cell', () => {
    for (const [lng, lat] of [
      [-111.89, 40.76],
      [85.32, 27.7],
      [-180, -90],
      [180, 90],
      [0, 0],
    ] as const) {
      const x24 = cellX(lng, 24);
      const y24 = cellY(lat, 24);
      for (const z of [0, 5, 12, MAX_LEVEL]) {
        expect(cellX(lng, z)).toBe(Math.floor(x24 / 2 ** (24 - z)));
        expect(cellY(lat, z)).toBe(Math.floor(y24 / 2 ** (24 - z)));
      }
      // Same cell at level 24 ⇒ same Hilbert key.
      expect(Number.isSafeInteger(hilbertKey(lng, lat))).toBe(true);
    }
  });

  it('picks the finest level where the viewport touches at most 17 × 17 cells', () => {
    for (const box of [
      { north: 41.3, south: 40.2, east: -111.6, west: -112.1 },
      { north: 40.765, south: 40.745, east: -111.87, west: -111.9 },
      { north: 90, south: -90, east: 180, west: -180 },
      { north: 40.7600001, south: 40.76, east: -111.89, west: -111.8900001 },
    ]) {
      const grid = gridFor(box);
      expect(grid.x1 - grid.x0 + 1).toBeLessThanOrEqual(MAX_CELLS_PER_AXIS);
      expect(grid.y1 - grid.y0 + 1).toBeLessThanOrEqual(MAX_CELLS_PER_AXIS);
      if (grid.level < 24) {
        const finer = grid.level + 1;
        const tooMany =
          cellX(box.east, finer) - cellX(box.west, finer) >= MAX_CELLS_PER_AXIS ||
          cellY(box.north, finer) - cellY(box.south, finer) >= MAX_CELLS_PER_AXIS;
        expect(tooMany).toBe(true);
      }
      const first = cellBounds(grid.level, grid.x0, grid.y0);
      expect(first.west).toBeLessThanOrEqual(box.west);
      expect(first.south).toBeLessThanOrEqual(box.south);
    }
  });

  it('uses the precomputed cells only for a rectangle with at most a classification', () => {
    const bounds = { north: 1, south: 0, east: 1, west: 0 };
    expect(precomputable({ geo: { bounds } })).toBe(true);
    expect(precomputable({ geo: { bounds }, classification: 'rent', search: { classification: 'rent', propertyTypes: [] } })).toBe(true);
    expect(precomputable({ geo: { bounds }, search: { minBedrooms: 2 } })).toBe(false);
    expect(precomputable({ geo: { bounds }, search: { newListingsOnly: true } })).toBe(false);
    expect(precomputable({ geo: { bounds }, keywords: 'pool' })).toBe(false);
    expect(precomputable({ geo: { center: { latitude: 0, longitude: 0 }, radiusMeters: 10 } })).toBe(false);
    expect(precomputable({ geo: { bounds }, classification: 'rent', search: { classification: 'sale' } })).toBe(false);
  });
});

/** Cells compared: counts and price ranges exactly, position sums to 1e-6 (float addition order). */
function expectSameCells(actual: CellAggregate[], expected: CellAggregate[]) {
  expect(actual.map(({ cx, cy, count, minPriceInPennies, maxPriceInPennies }) => ({ cx, cy, count, minPriceInPennies, maxPriceInPennies }))).toEqual(
    expected.map(({ cx, cy, count, minPriceInPennies, maxPriceInPennies }) => ({ cx, cy, count, minPriceInPennies, maxPriceInPennies })),
  );
  actual.forEach((a, i) => {
    expect(a.latitudeSum).toBeCloseTo(expected[i]!.latitudeSum, 6);
    expect(a.longitudeSum).toBeCloseTo(expected[i]!.longitudeSum, 6);
  });
}

describe(`precomputed map cells equal live aggregation (${engineName()})`, () => {
  // Around Provo, with no other test data near.
  const area: GeoBounds = { north: 40.3, south: 40.2, east: -111.6, west: -111.75 };
  const viewports: GeoBounds[] = [
    area,
    { north: 40.26, south: 40.23, east: -111.65, west: -111.7 },
    { north: 40.2505, south: 40.2495, east: -111.6795, west: -111.6805 },
    { north: 42, south: 38, east: -109, west: -114 },
  ];
  const classifications = [null, 'sale', 'rent', 'stay'] as const;

  async function expectAllEqual() {
    for (const bounds of viewports) {
      const grid = gridFor(bounds);
      if (grid.level > MAX_LEVEL) continue;
      for (const classification of classifications) {
        const filter: ListingFilter = { geo: { bounds }, classification };
        const live = await liveClusterCells(db, filter, grid);
        const precomputed = await precomputedCells(db, grid, classification);
        expectSameCells(precomputed, live);
        // Counts too (kept in memory between changes on PGlite: this read comes after the changes).
        const counts = await countBounds(db, bounds, classification);
        expect(counts!.atMost).toBe(live.reduce((n, c) => n + c.count, 0));
      }
    }
  }

  beforeAll(async () => {
    const rows: TestListing[] = Array.from({ length: 240 }, (_, i) => ({
      id: 5000 + i,
      latitude: area.south + spread(i, 1) * (area.north - area.south),
      longitude: area.west + spread(i, 2) * (area.east - area.west),
      priceInPennies: 10_000_000 + Math.floor(spread(i, 3) * 90_000_000),
      classification: (['sale', 'sale', 'rent', 'stay'] as const)[i % 4],
      status: (['Active', 'Active', 'Pending', 'Closed', 'Coming Soon', 'Withdrawn'] as const)[i % 6],
      hidden: i % 17 === 0,
    }));
    // Ten on one spot (one cell at every level) and one with no position.
    for (let i = 0; i < 10; i++) rows.push({ id: 5300 + i, latitude: 40.25, longitude: -111.68, priceInPennies: 1_000 * (i + 1) });
    rows.push({ id: 5399, latitude: null, longitude: null });
    await insertListings(db, rows);
  });

  it('after inserts (the trigger marks cells dirty, the read refreshes them)', async () => {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listing_map_dirty');
    expect(rows[0]!.n).toBeGreaterThan(0);
    await expectAllEqual();
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listing_map_dirty');
    expect(after.rows[0]!.n).toBe(0);
  });

  it('after price changes, moves, status changes, hiding and deletes', async () => {
    await expectAllEqual();
    await db.query(`UPDATE listings SET price_in_pennies = price_in_pennies * 2 WHERE id BETWEEN 5000 AND 5030`);
    // The cheapest and dearest of the spot leave it: its min and max must shrink, not stay stale.
    await db.query(`UPDATE listings SET latitude = 40.29, longitude = -111.61 WHERE id IN (5300, 5309)`);
    await db.query(`UPDATE listings SET status = 'Closed' WHERE id BETWEEN 5040 AND 5050`);
    await db.query(`UPDATE listings SET status = 'Active' WHERE id BETWEEN 5051 AND 5060`);
    await db.query(`UPDATE listings SET internet_entire_listing_display = false WHERE id BETWEEN 5061 AND 5065`);
    await db.query(`UPDATE listings SET classification = 'rent' WHERE id BETWEEN 5066 AND 5070`);
    await db.query(`DELETE FROM listings WHERE id BETWEEN 5100 AND 5120`);
    await expectAllEqual();
    const spot = gridFor({ north: 40.2501, south: 40.2499, east: -111.6799, west: -111.6801 });
    const cells = await precomputedCells(db, { ...spot, level: MAX_LEVEL, x0: cellX(-111.68, MAX_LEVEL), x1: cellX(-111.68, MAX_LEVEL), y0: cellY(40.25, MAX_LEVEL), y1: cellY(40.25, MAX_LEVEL) }, null);
    expect(cells).toHaveLength(1);
    expect(cells[0]!.minPriceInPennies).toBe(2_000);
    expect(cells[0]!.maxPriceInPennies).toBe(9_000);
  });

  it('an update that changes nothing on the map marks nothing dirty', async () => {
    await refreshMapCells(db);
    await db.query(`UPDATE listings SET title = 'Renamed', price_in_pennies = price_in_pennies WHERE id = 5001`);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listing_map_dirty');
    expect(rows[0]!.n).toBe(0);
  });

  it('a rebuild gives the same cells as the incremental refresh, and a large dirty set rebuilds', async () => {
    await refreshMapCells(db);
    const before = await db.query('SELECT * FROM listing_map_cells ORDER BY level, cx, cy, classification');
    expect(await rebuildMapCells(db)).toBeGreaterThan(0);
    const after = await db.query('SELECT * FROM listing_map_cells ORDER BY level, cx, cy, classification');
    expect(after.rows.length).toBe(before.rows.length);
    after.rows.forEach((row, i) => {
      const old = before.rows[i]!;
      expect({ ...row, latitude_sum: 0, longitude_sum: 0 }).toEqual({ ...old, latitude_sum: 0, longitude_sum: 0 });
      expect(row.latitude_sum as number).toBeCloseTo(old.latitude_sum as number, 6);
    });
    // Every finest cell dirty at once (a bulk load that did not rebuild): the refresh rebuilds.
    await db.query(`INSERT INTO listing_map_dirty (cx, cy) SELECT g, g FROM generate_series(1, 5001) AS g`);
    expect(await refreshMapCells(db)).toBe(5001);
    await expectAllEqual();
  });

  it('listingsInfo gives the same pins and clusters from the cells as from a live aggregation', async () => {
    // Near Logan: 1,100 listings in one bulk insert (as the importer's bulk path does).
    await db.query(`INSERT INTO listings (id, listing_code_id, slug_id, street_line1, city, state_province, postal_code,
        price_in_pennies, latitude, longitude, classification)
      SELECT 6000 + g, 'L' || g, 'logan-' || g, g || ' N Main', 'Logan', 'UT', '84321', 10000000 + g * 1000,
        41.7 + (g % 26) * 0.003, -111.85 + (g / 26) * 0.004, (ARRAY['sale', 'rent'])[1 + g % 2]
      FROM generate_series(0, 1099) AS g`);
    const bounds = { north: 41.8, south: 41.69, east: -111.66, west: -111.86 };
    // minPriceInPennies 0 matches everything but is a filter: the live path.
    for (const classification of [null, 'sale'] as const) {
      const fromCells = await listingsInfo(db, { geo: { bounds }, classification });
      const live = await listingsInfo(db, { geo: { bounds }, classification, search: { minPriceInPennies: 0 } });
      expect(fromCells.mode).toBe('clusters');
      expect(fromCells).toEqual(live);
      expect(fromCells.totalCount).toBe(classification ? 550 : 1100);
      expect(fromCells.clusters.length).toBeLessThanOrEqual(MAX_CELLS_PER_AXIS ** 2);
    }
    // A corner with few listings: exact pins although its cells hold more.
    const corner = { north: 41.7031, south: 41.6999, east: -111.8459, west: -111.8501 };
    const pins = await listingsInfo(db, { geo: { bounds: corner } });
    expect(pins.mode).toBe('pins');
    expect(pins.pins!.ids).toEqual(['6000', '6001', '6026', '6027']);
  });
});
