import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../db';
import { engineName, openTestDatabase } from '../../testing/test-server';
import { Batcher, listingLoaders, similarHomesOf } from './batch';
import {
  findPublicListing,
  listingColumns,
  priceHistories,
  similarHomes,
  upcomingOpenHouses,
  type ListingRow,
  type PublicListing,
} from './listing';
import { insertListings } from './test-listings';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

/** The database, counting the queries that go through it. */
function counting(target: Queryable): Queryable & { queries: number } {
  const spy = {
    queries: 0,
    query: (sql: string, params?: readonly unknown[]) => {
      spy.queries += 1;
      return target.query(sql, params);
    },
    exec: (sql: string) => target.exec(sql),
  };
  return spy as Queryable & { queries: number };
}

describe('Batcher', () => {
  it('answers the loads of one tick with one batch, in order, and rejects them all when it fails', async () => {
    const calls: number[][] = [];
    const batcher = new Batcher<number, number>(async (keys) => {
      calls.push(keys);
      return keys.map((k) => k * 10);
    });
    expect(await Promise.all([batcher.load(1), batcher.load(2), batcher.load(3)])).toEqual([10, 20, 30]);
    expect(await batcher.load(4)).toBe(40);
    expect(calls).toEqual([[1, 2, 3], [4]]);

    const failing = new Batcher<number, number>(async () => {
      throw new Error('down');
    });
    const results = await Promise.allSettled([failing.load(1), failing.load(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});

describe(`batched nested listing fields equal the one-listing queries (${engineName()})`, () => {
  // St. George: far from the other tests.
  const at = { latitude: 37.1, longitude: -113.58 };
  let listings: PublicListing[];

  beforeAll(async () => {
    await insertListings(db, [
      { id: 8000, ...at, priceInPennies: 40_000_000 },
      { id: 8001, ...at, latitude: 37.101, priceInPennies: 42_000_000 },
      { id: 8002, ...at, latitude: 37.102, priceInPennies: 44_000_000 },
      { id: 8003, ...at, latitude: 37.103, priceInPennies: 46_000_000, propertyType: 'Land' },
      { id: 8004, ...at, latitude: 37.104, priceInPennies: 41_000_000, status: 'Closed' },
      { id: 8005, latitude: null, longitude: null, city: 'St. George', priceInPennies: 43_000_000 },
      { id: 8006, latitude: null, longitude: null, city: 'St. George', priceInPennies: 45_000_000 },
    ]);
    await db.query(
      `INSERT INTO open_houses (listing_id, start_at, end_at, is_active) VALUES
         (8000, now() + interval '2 days', now() + interval '2 days 2 hours', true),
         (8000, now() + interval '1 day', now() + interval '1 day 2 hours', true),
         (8000, now() - interval '1 day', now() - interval '1 day' + interval '2 hours', true),
         (8001, now() + interval '3 days', now() + interval '3 days 1 hour', false),
         (8002, now() + interval '4 days', now() + interval '4 days 1 hour', true)`,
    );
    await db.query(
      `INSERT INTO listing_status_history (listing_id, event, status, price_in_pennies, previous_price_in_pennies, changed_at) VALUES
         (8000, 'listed', 'Active', 45000000, NULL, now() - interval '30 days'),
         (8000, 'price_change', 'Active', 40000000, 45000000, now() - interval '10 days'),
         (8002, 'listed', 'Active', 44000000, NULL, now() - interval '5 days')`,
    );
    listings = await Promise.all([8000, 8001, 8002, 8003, 8005, 8006].map(async (id) => (await findPublicListing(db, id))!));
  });

  it('open houses', async () => {
    const ids = listings.map((l) => l.id);
    const batched = await upcomingOpenHouses(db, ids);
    expect(batched).toEqual(await Promise.all(ids.map(async (id) => (await upcomingOpenHouses(db, [id]))[0])));
    expect(batched[0]).toHaveLength(2);
    // A search page reads them with its rows: the same entries.
    const { rows } = await db.query<ListingRow>(
      `SELECT ${listingColumns(new Set(['openHouses']))} FROM listings l WHERE l.id = ANY($1::int8[]) ORDER BY l.id`,
      [ids],
    );
    expect(rows.map((r) => r.open_houses)).toEqual(batched);
  });

  it('price history', async () => {
    const ids = listings.map((l) => l.id);
    const batched = await priceHistories(db, ids);
    expect(batched).toEqual(await Promise.all(ids.map(async (id) => (await priceHistories(db, [id]))[0])));
    expect(batched[0]!.map((e) => e.event)).toEqual(['price_change', 'listed']);
  });

  it('similar homes, with and without a position', async () => {
    const batched = await similarHomesOf(db, listings);
    expect(batched).toEqual(await Promise.all(listings.map((l) => similarHomes(db, l))));
    expect(batched[0]!.map((l) => l.id)).toEqual([8001, 8002]);
    expect(batched[4]!.map((l) => l.id)).toEqual([8006]);
  });

  it('one query per field for a page of listings through the request’s loaders', async () => {
    const spy = counting(db);
    const loaders = listingLoaders({}, spy);
    const placed = listings.filter((l) => l.latitude !== null);
    const [houses, histories, similar] = await Promise.all([
      Promise.all(placed.map((l) => loaders.openHouses.load(l.id))),
      Promise.all(placed.map((l) => loaders.priceHistory.load(l.id))),
      Promise.all(placed.map((l) => loaders.similarHomes.load(l))),
    ]);
    expect(spy.queries).toBe(3);
    expect(houses).toEqual(await upcomingOpenHouses(db, placed.map((l) => l.id)));
    expect(histories).toEqual(await priceHistories(db, placed.map((l) => l.id)));
    expect(similar).toEqual(await similarHomesOf(db, placed));
  });

  it('keeps one set of loaders per request', () => {
    const request = {};
    expect(listingLoaders(request, db)).toBe(listingLoaders(request, db));
    expect(listingLoaders({}, db)).not.toBe(listingLoaders(request, db));
  });
});
