import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db';
import { engineName, openTestDatabase } from '../../testing/test-server';
import type { GeoBounds, ListingFilter } from './filters';
import { COUNT_CAP, countMatches, loadListings, spatialIndexCheaper } from './listing-load';
import { filterSql } from './filters';
import { gridFor, MAX_LEVEL } from './map-cells';
import { SqlParams } from './sql';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

/** `n` sale listings from id `first` on a grid from (south, west), 0.001° apart, list dates spread over a year. */
async function bulkInsert(first: number, n: number, south: number, west: number, step = 0.001) {
  await db.query(
    `INSERT INTO listings (id, listing_code_id, slug_id, street_line1, city, state_province, postal_code,
        price_in_pennies, latitude, longitude, list_date)
      SELECT $1::int8 + g, 'C' || ($1::int8 + g), 'capped-' || ($1::int8 + g), g || ' Main', 'Vernal', 'UT', '84078',
        10000000 + (g * 7919) % 50000 * 100, $3::float8 + (g / 40) * $5::float8, $4::float8 + (g % 40) * $5::float8,
        DATE '2024-01-01' + (g * 37) % 365
      FROM generate_series(0, $2::int - 1) AS g`,
    [first, n, south, west, step],
  );
}

/** The page as the database orders it without any plan trickery: the reference. */
async function referenceIds(bounds: GeoBounds, offset: number, limit: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM listings WHERE latitude BETWEEN $1 AND $2 AND longitude BETWEEN $3 AND $4
        AND internet_entire_listing_display AND status IN ('Active', 'Active Under Contract', 'Coming Soon', 'Pending')
      ORDER BY coalesce(list_date, DATE '1900-01-01') DESC, id DESC OFFSET $5 LIMIT $6`,
    [bounds.south, bounds.north, bounds.west, bounds.east, offset, limit],
  );
  return rows.map((r) => r.id);
}

const count = (filter: ListingFilter) => {
  const p = new SqlParams();
  return countMatches(db, filter, filterSql(p, filter), p.values);
};

describe(`capped counts (${engineName()})`, () => {
  // Vernal: COUNT_CAP + 200 listings in a 0.04° × 0.03° block; another block of exactly COUNT_CAP.
  const dense: GeoBounds = { south: 40.44, north: 40.475, west: -109.55, east: -109.5 };
  const exact: GeoBounds = { south: 40.6, north: 40.63, west: -109.55, east: -109.5 };

  beforeAll(async () => {
    await bulkInsert(20_000, COUNT_CAP + 200, dense.south + 0.0005, dense.west + 0.0005);
    await bulkInsert(30_000, COUNT_CAP, exact.south + 0.0005, exact.west + 0.0005);
  });

  it('stops at COUNT_CAP and says so, from the map cells (a rectangle) and from the listings (other filters)', async () => {
    expect(await count({ geo: { bounds: dense } })).toEqual({ count: COUNT_CAP, capped: true });
    // The cells answered: no listing was counted.
    const sql: string[] = [];
    const spy = { ...db, query: (text: string, params?: readonly unknown[]) => (sql.push(text), db.query(text, params)) } as Database;
    const p = new SqlParams();
    await countMatches(spy, { geo: { bounds: dense } }, filterSql(p, { geo: { bounds: dense } }), p.values);
    expect(sql.some((text) => text.includes(`LIMIT ${COUNT_CAP + 1}`))).toBe(false);
    // A filter that matches everything but is not answered by the cells: the LIMITed count.
    expect(await count({ geo: { bounds: dense }, search: { minPriceInPennies: 0 } })).toEqual({ count: COUNT_CAP, capped: true });
    const page = await loadListings(db, { filter: { geo: { bounds: dense } }, first: 25 });
    expect(page.totalCount).toBe(COUNT_CAP);
    expect(page.totalCountCapped).toBe(true);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.pageCursors.last!.page).toBe(COUNT_CAP / 25);
  });

  it('counts exactly up to COUNT_CAP (not capped), and zero in an empty viewport', async () => {
    expect(await count({ geo: { bounds: exact } })).toEqual({ count: COUNT_CAP, capped: false });
    expect(await count({ geo: { bounds: exact }, classification: 'sale' })).toEqual({ count: COUNT_CAP, capped: false });
    expect(await count({ geo: { bounds: exact }, classification: 'rent' })).toEqual({ count: 0, capped: false });
    expect(await count({ geo: { bounds: { south: 10, north: 10.1, west: 10, east: 10.1 } } })).toEqual({ count: 0, capped: false });
    const page = await loadListings(db, { filter: { geo: { bounds: exact } }, first: 25 });
    expect(page.totalCountCapped).toBe(false);
    expect(page.totalCount).toBe(COUNT_CAP);
  });

  it('a capped viewport pages in the same order as an uncapped read, by cursor and by page cursor', async () => {
    const first = await loadListings(db, { filter: { geo: { bounds: dense } }, first: 25 });
    expect(first.edges.map((e) => e.node.id)).toEqual(await referenceIds(dense, 0, 25));
    const second = await loadListings(db, { filter: { geo: { bounds: dense } }, first: 25, after: first.pageInfo.endCursor });
    expect(second.edges.map((e) => e.node.id)).toEqual(await referenceIds(dense, 25, 25));
    const lastPage = first.pageCursors.last!;
    const last = await loadListings(db, { filter: { geo: { bounds: dense } }, first: 25, after: lastPage.cursor });
    expect(last.edges.map((e) => e.node.id)).toEqual(await referenceIds(dense, COUNT_CAP - 25, 25));
    const back = await loadListings(db, { filter: { geo: { bounds: dense } }, last: 25, before: second.pageInfo.startCursor });
    expect(back.edges.map((e) => e.node.id)).toEqual(first.edges.map((e) => e.node.id));
  });

  it('a dense rectangle walking the newest order reads ids from the covering index first: same pages as the plain walk', async () => {
    const sql: string[] = [];
    const spy = { ...db, query: (text: string, params?: readonly unknown[]) => (sql.push(text), db.query(text, params)) } as Database;
    const idsFirst: ListingFilter = { geo: { bounds: dense } };
    // A filter the covering index cannot answer walks the plain way.
    const plain: ListingFilter = { geo: { bounds: dense }, search: { minPriceInPennies: 0 } };
    const ids = (page: Awaited<ReturnType<typeof loadListings>>) => page.edges.map((e) => [e.node.id, e.cursor]);
    const a1 = await loadListings(spy, { filter: idsFirst, first: 25 });
    expect(sql.find((text) => text.includes('row_to_json'))).toContain('AS ids');
    sql.length = 0;
    const b1 = await loadListings(spy, { filter: plain, first: 25 });
    expect(sql.find((text) => text.includes('row_to_json'))).not.toContain('AS ids');
    expect(ids(a1)).toEqual(ids(b1));
    expect(ids(a1).map(([id]) => id)).toEqual(await referenceIds(dense, 0, 25));
    const after = a1.pageInfo.endCursor;
    expect(ids(await loadListings(db, { filter: idsFirst, first: 25, after }))).toEqual(ids(await loadListings(db, { filter: plain, first: 25, after })));
    const a2 = await loadListings(db, { filter: idsFirst, first: 25, after });
    expect(ids(await loadListings(db, { filter: idsFirst, last: 25, before: a2.pageInfo.startCursor }))).toEqual(ids(a1));
    expect(ids(await loadListings(db, { filter: idsFirst, first: 25, offset: 300 }))).toEqual(
      ids(await loadListings(db, { filter: plain, first: 25, offset: 300 })),
    );
    expect(ids(await loadListings(db, { filter: { ...idsFirst, classification: 'sale' }, first: 10 }))).toEqual(ids(await loadListings(db, { filter: { ...plain, classification: 'sale' }, first: 10 })));
  });

  it('other orders stay exact when capped', async () => {
    const page = await loadListings(db, { filter: { geo: { bounds: dense } }, orderBy: 'price_asc', first: 30 });
    const prices = page.edges.map((e) => e.node.priceInPennies);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const { rows } = await db.query<{ min: number }>(
      `SELECT min(price_in_pennies)::int8 AS min FROM listings WHERE id BETWEEN 20000 AND ${20_000 + COUNT_CAP + 199}`,
    );
    expect(prices[0]).toBe(rows[0]!.min);
  });

  it('a search the map cells help count pages exactly as one they cannot help', async () => {
    const withCells: ListingFilter = { geo: { bounds: exact } };
    // Not answerable by the cells: counted from the listings.
    const withoutCells: ListingFilter = { geo: { bounds: exact }, search: { minPriceInPennies: 0 } };
    const ids = (page: Awaited<ReturnType<typeof loadListings>>) => page.edges.map((e) => [e.node.id, e.cursor]);
    for (const orderBy of ['newest', 'price_desc', 'days_on_market'] as const) {
      const a1 = await loadListings(db, { filter: withCells, orderBy, first: 25 });
      const b1 = await loadListings(db, { filter: withoutCells, orderBy, first: 25 });
      expect(ids(a1)).toEqual(ids(b1));
      expect([a1.totalCount, a1.totalCountCapped, a1.pageCursors]).toEqual([b1.totalCount, b1.totalCountCapped, b1.pageCursors]);
      const a2 = await loadListings(db, { filter: withCells, orderBy, first: 25, after: a1.pageInfo.endCursor });
      expect(ids(a2)).toEqual(ids(await loadListings(db, { filter: withoutCells, orderBy, first: 25, after: a1.pageInfo.endCursor })));
      const back = await loadListings(db, { filter: withCells, orderBy, last: 25, before: a2.pageInfo.startCursor });
      expect(ids(back)).toEqual(ids(a1));
      const tail = await loadListings(db, { filter: withCells, orderBy, last: 10 });
      expect(ids(tail)).toEqual(ids(await loadListings(db, { filter: withoutCells, orderBy, last: 10 })));
      const jump = await loadListings(db, { filter: withCells, orderBy, first: 25, offset: 500 });
      expect(ids(jump)).toEqual(ids(await loadListings(db, { filter: withoutCells, orderBy, first: 25, offset: 500 })));
      expect(jump.pageInfo).toEqual((await loadListings(db, { filter: withoutCells, orderBy, first: 25, offset: 500 })).pageInfo);
    }
  });
});

describe(`plan choice for capped viewports (${engineName()})`, () => {
  // Fort Duchesne: COUNT_CAP + 100 listings in a block of 0.0065° × 0.0045°, finer than the finest map cells.
  const tiny: GeoBounds = { south: 40.28, north: 40.2845, west: -109.86, east: -109.8535 };

  beforeAll(async () => {
    await bulkInsert(40_000, COUNT_CAP + 100, tiny.south + 0.0001, tiny.west + 0.0001, 0.00015);
  });

  it('reads a few of many through the spatial index, a large share by walking the order', () => {
    // 1,095 of 1M (measured: 24 ms walking, 2 ms through the spatial index on PostgreSQL).
    expect(spatialIndexCheaper({ grid: { level: 18, x0: 0, x1: 0, y0: 0, y1: 0 }, atLeast: 900, atMost: 1_300, total: 1_000_000 }, 26, COUNT_CAP + 1)).toBe(true);
    // 12,664 of 1M (2.8 ms walking, 10.7 ms through the spatial index).
    expect(spatialIndexCheaper({ grid: { level: 17, x0: 0, x1: 0, y0: 0, y1: 0 }, atLeast: 11_110, atMost: 15_386, total: 1_000_000 }, 26, COUNT_CAP + 1)).toBe(false);
    // Deep pages make the walk longer.
    expect(spatialIndexCheaper({ grid: { level: 17, x0: 0, x1: 0, y0: 0, y1: 0 }, atLeast: 11_110, atMost: 15_386, total: 1_000_000 }, 526, COUNT_CAP + 1)).toBe(true);
    expect(spatialIndexCheaper(null, 26, COUNT_CAP + 1)).toBe(false);
  });

  it('a dense viewport finer than the map cells reads through the spatial index, in the same order', async () => {
    const sql: string[] = [];
    const spy = { ...db, query: (text: string, params?: readonly unknown[]) => (sql.push(text), db.query(text, params)) } as Database;
    expect(gridFor(tiny).level).toBeGreaterThan(MAX_LEVEL);
    const first = await loadListings(spy, { filter: { geo: { bounds: tiny } }, first: 25 });
    expect(first.totalCountCapped).toBe(true);
    expect(first.edges.map((e) => e.node.id)).toEqual(await referenceIds(tiny, 0, 25));
    const page = sql.find((text) => text.includes('row_to_json'))!;
    expect(page).toContain('l.location <@');
    expect(page).not.toContain('IS TRUE');
    const second = await loadListings(db, { filter: { geo: { bounds: tiny } }, first: 25, after: first.pageInfo.endCursor });
    expect(second.edges.map((e) => e.node.id)).toEqual(await referenceIds(tiny, 25, 25));
  });

  it('counts a few streets and reads their page in one statement, in every direction and order', async () => {
    const statements: string[] = [];
    const spy = {
      ...db,
      query: (text: string, params?: readonly unknown[]) => (text.includes('listing_map') || statements.push(text), db.query(text, params)),
    } as Database;
    const filter = { geo: { bounds: tiny } };
    const all = await referenceIds(tiny, 0, 10_000);
    expect(all).toHaveLength(COUNT_CAP + 100);

    const first = await loadListings(spy, { filter, first: 25 });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('WITH m AS MATERIALIZED');
    expect(first).toMatchObject({ totalCount: COUNT_CAP, totalCountCapped: true });
    expect(first.edges.map((e) => e.node.id)).toEqual(all.slice(0, 25));

    const next = await loadListings(spy, { filter, first: 25, after: first.pageInfo.endCursor });
    expect(next.edges.map((e) => e.node.id)).toEqual(all.slice(25, 50));
    const back = await loadListings(spy, { filter, last: 25, before: next.pageInfo.startCursor });
    expect(back.edges.map((e) => e.node.id)).toEqual(all.slice(0, 25));
    const third = await loadListings(spy, { filter, first: 25, after: first.pageCursors.around.find((c) => c.page === 3)!.cursor });
    expect(third.edges.map((e) => e.node.id)).toEqual(all.slice(50, 75));
    expect(statements.every((text) => text.includes('WITH m AS MATERIALIZED'))).toBe(true);

    const cheapest = await loadListings(spy, { filter, first: 10, orderBy: 'price_asc' });
    const { rows } = await db.query<{ id: number }>(
      `SELECT id FROM listings WHERE id = ANY($1::int8[]) ORDER BY price_in_pennies, id LIMIT 10`,
      [all],
    );
    expect(cheapest.edges.map((e) => e.node.id)).toEqual(rows.map((r) => r.id));
    expect(cheapest.pageInfo.hasNextPage).toBe(true);
  });

  it('counts an uncapped handful in the same statement as its page', async () => {
    const few: GeoBounds = { south: 40.2, north: 40.26, west: -109.9, east: -109.8 };
    await bulkInsert(50_000, 30, few.south + 0.001, few.west + 0.001);
    const statements: string[] = [];
    const spy = {
      ...db,
      query: (text: string, params?: readonly unknown[]) => (text.includes('listing_map') || statements.push(text), db.query(text, params)),
    } as Database;
    const page = await loadListings(spy, { filter: { geo: { bounds: few } }, first: 25 });
    expect(statements).toHaveLength(1);
    expect(page).toMatchObject({ totalCount: 30, totalCountCapped: false, pageInfo: { hasNextPage: true } });
    expect(page.edges.map((e) => e.node.id)).toEqual(await referenceIds(few, 0, 25));
    const empty = await loadListings(spy, { filter: { geo: { bounds: few } }, first: 25, offset: 50 });
    expect(empty).toMatchObject({ totalCount: 30, edges: [], pageInfo: { hasNextPage: false } });
  });
});
