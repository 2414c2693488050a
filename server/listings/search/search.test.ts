import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db';
import { engineName, openTestDatabase } from '../../testing/test-server';
import { listingsInfo, PIN_THRESHOLD } from './clusters';
import type { ListingFilter } from './filters';
import { findPublicListing } from './listing';
import { loadListings, type ListingOrder } from './listing-load';
import { decodeCursor, MAX_PAGE_SIZE } from './paging';
import { DomainError } from '../../domain-error';
import { daysFromToday, insertListings } from './test-listings';

let db: Database;

/** Downtown Salt Lake City; each test uses its own ids (and mostly its own area) so tests stay independent. */
const SLC = { latitude: 40.76, longitude: -111.89 };

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

async function ids(filter: ListingFilter, orderBy?: ListingOrder): Promise<number[]> {
  const page = await loadListings(db, { filter, orderBy, first: MAX_PAGE_SIZE });
  return page.edges.map((e) => e.node.id);
}

/** A viewport around a point, about 1 km each way. */
const around = (latitude: number, longitude: number, d = 0.01) => ({
  bounds: { north: latitude + d, south: latitude - d, east: longitude + d, west: longitude - d },
});

describe(`listing search filters (${engineName()})`, () => {
  // An area of its own: Ogden.
  const at = { latitude: 41.22, longitude: -111.97 };
  const geo = around(at.latitude, at.longitude);
  beforeAll(async () => {
    await insertListings(db, [
      { id: 100, ...at, priceInPennies: 30_000_000, bedrooms: 2, bathrooms: 1, areaSqFt: 900, lotSizeSqFt: 2000, yearBuilt: 1950, propertyType: 'Residential', overview: 'Cozy bungalow with mountain views' },
      { id: 101, ...at, priceInPennies: 60_000_000, bedrooms: 4, bathrooms: 3, areaSqFt: 2600, lotSizeSqFt: 9000, yearBuilt: 2005, propertyType: 'Residential', listDate: daysFromToday(-2) },
      { id: 102, ...at, priceInPennies: 90_000_000, bedrooms: 5, bathrooms: 4, areaSqFt: 4000, lotSizeSqFt: 20000, yearBuilt: 2020, propertyType: 'Land', overview: 'Horse property' },
      { id: 103, ...at, priceInPennies: 250_000, classification: 'rent', bedrooms: 1, bathrooms: 1, areaSqFt: 700 },
      { id: 104, ...at, status: 'Closed' },
      { id: 105, ...at, hidden: true },
    ]);
    await db.query(
      `INSERT INTO open_houses (listing_id, start_at, end_at) VALUES
         (100, now() + interval '1 day', now() + interval '1 day 2 hours'),
         (102, now() - interval '2 days', now() - interval '2 days' + interval '2 hours')`,
    );
  });

  it('returns only public, searchable listings in the viewport (no hidden, no closed)', async () => {
    expect((await ids({ geo })).sort()).toEqual([100, 101, 102, 103]);
  });

  it('filters by price range', async () => {
    expect(await ids({ geo, search: { minPriceInPennies: 50_000_000, maxPriceInPennies: 90_000_000 } }, 'price_asc')).toEqual([101, 102]);
  });

  it('filters by bedrooms and bathrooms', async () => {
    expect((await ids({ geo, search: { minBedrooms: 4 } })).sort()).toEqual([101, 102]);
    expect(await ids({ geo, search: { minBathrooms: 4 } })).toEqual([102]);
  });

  it('filters by property type and classification (and searchType)', async () => {
    expect(await ids({ geo, search: { propertyTypes: ['Land'] } })).toEqual([102]);
    expect(await ids({ geo, search: { classification: 'rent' } })).toEqual([103]);
    expect(await ids({ geo, classification: 'rent' })).toEqual([103]);
    expect(await ids({ geo, classification: 'rent', search: { classification: 'sale' } })).toEqual([]);
  });

  it('filters by area, lot size and year built', async () => {
    expect((await ids({ geo, search: { minAreaSqFt: 2000, maxAreaSqFt: 3000 } }))).toEqual([101]);
    expect((await ids({ geo, search: { minLotSizeSqFt: 10_000 } }))).toEqual([102]);
    expect((await ids({ geo, search: { maxYearBuilt: 1960 } }))).toEqual([100]);
    expect((await ids({ geo, search: { minYearBuilt: 2000, maxYearBuilt: 2010 } }))).toEqual([101]);
  });

  it('filters by an upcoming open house (past ones do not count)', async () => {
    expect(await ids({ geo, search: { hasOpenHouse: true } })).toEqual([100]);
  });

  it('filters new listings (listed within 7 days) and marks them', async () => {
    expect(await ids({ geo, search: { newListingsOnly: true } })).toEqual([101]);
    expect((await findPublicListing(db, 101))!.newListing).toBe(true);
    expect((await findPublicListing(db, 100))!.newListing).toBe(false);
  });

  it('searches keywords over remarks and address, the last word as a prefix', async () => {
    expect(await ids({ geo, search: { keywords: 'mountain views' } })).toEqual([100]);
    expect(await ids({ geo, search: { keywords: 'hors' } })).toEqual([102]);
    expect(await ids({ geo, search: { keywords: '!!' } })).toHaveLength(4);
  });

  it('orders by each order with a stable tiebreaker', async () => {
    expect(await ids({ geo }, 'price_desc')).toEqual([102, 101, 100, 103]);
    expect(await ids({ geo }, 'price_asc')).toEqual([103, 100, 101, 102]);
    expect(await ids({ geo }, 'beds')).toEqual([102, 101, 100, 103]);
    expect(await ids({ geo }, 'area')).toEqual([102, 101, 100, 103]);
    expect((await ids({ geo }, 'newest'))[0]).toBe(101);
    expect((await ids({ geo }, 'days_on_market'))[0]).toBe(101);
  });
});

describe(`listing search shapes (${engineName()})`, () => {
  // Provo: a square of 9 listings, 0.01° apart.
  const base = { latitude: 40.23, longitude: -111.66 };
  beforeAll(async () => {
    const rows = [];
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        rows.push({ id: 200 + i * 3 + j, latitude: base.latitude + i * 0.01, longitude: base.longitude + j * 0.01 });
      }
    }
    await insertListings(db, rows);
  });

  it('finds listings in bounds (edges included)', async () => {
    const found = await ids({
      geo: { bounds: { south: base.latitude, west: base.longitude, north: base.latitude + 0.01, east: base.longitude + 0.01 } },
    });
    expect(found.sort()).toEqual([200, 201, 203, 204]);
  });

  it('finds listings within a radius in metres, not degrees', async () => {
    // The centre listing and its 4 neighbours: 0.01° north is 1.11 km, 0.01° east only 0.85 km here.
    const centre = { latitude: base.latitude + 0.01, longitude: base.longitude + 0.01 };
    expect((await ids({ geo: { center: centre, radiusMeters: 1200 } })).sort()).toEqual([201, 203, 204, 205, 207]);
    expect((await ids({ geo: { center: centre, radiusMeters: 900 } })).sort()).toEqual([203, 204, 205]);
  });

  it('finds listings inside a polygon', async () => {
    // A triangle over the lower-left half of the square.
    const polygon = [
      { latitude: base.latitude - 0.005, longitude: base.longitude - 0.005 },
      { latitude: base.latitude + 0.02, longitude: base.longitude - 0.005 },
      { latitude: base.latitude - 0.005, longitude: base.longitude + 0.02 },
    ];
    expect((await ids({ geo: { polygon } })).sort()).toEqual([200, 201, 203]);
  });
});

describe(`listing search paging (${engineName()})`, () => {
  // Park City: 60 listings, prices 1..60 dollars apart so price order is known.
  const at = { latitude: 40.65, longitude: -111.5 };
  const geo = around(at.latitude, at.longitude);
  beforeAll(async () => {
    await insertListings(
      db,
      Array.from({ length: 60 }, (_, i) => ({ id: 300 + i, ...at, priceInPennies: 10_000_000 + (i % 20) * 100 })),
    );
  });

  it('pages forward with the default size of 25 and a stable order across equal prices', async () => {
    const seen: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 3; page++) {
      const result = await loadListings(db, { filter: { geo }, orderBy: 'price_asc', after });
      expect(result.totalCount).toBe(60);
      expect(result.edges.length).toBe(page < 2 ? 25 : 10);
      expect(result.pageInfo.hasNextPage).toBe(page < 2);
      expect(result.pageInfo.hasPreviousPage).toBe(page > 0);
      seen.push(...result.edges.map((e) => e.node.id));
      after = result.pageInfo.endCursor;
    }
    expect(new Set(seen).size).toBe(60);
    const all = await loadListings(db, { filter: { geo }, orderBy: 'price_asc', first: 100 });
    expect(all.edges.map((e) => e.node.id)).toEqual(seen);
  });

  it('pages backward from a cursor and from the end', async () => {
    const all = (await loadListings(db, { filter: { geo }, first: 100 })).edges.map((e) => e.node.id);
    const lastPage = await loadListings(db, { filter: { geo }, last: 10 });
    expect(lastPage.edges.map((e) => e.node.id)).toEqual(all.slice(50));
    expect(lastPage.pageInfo.hasPreviousPage).toBe(true);
    expect(lastPage.pageInfo.hasNextPage).toBe(false);
    const before = await loadListings(db, { filter: { geo }, last: 10, before: lastPage.pageInfo.startCursor });
    expect(before.edges.map((e) => e.node.id)).toEqual(all.slice(40, 50));
    expect(before.pageInfo.hasNextPage).toBe(true);
    const start = await loadListings(db, { filter: { geo }, last: 10, before: before.edges[5]!.cursor });
    expect(start.edges.map((e) => e.node.id)).toEqual(all.slice(35, 45));
    expect(decodeCursor(start.pageInfo.startCursor!, 'c').o).toBe(35);
  });

  it('gives page cursors for numbered pages that read the right page', async () => {
    const all = (await loadListings(db, { filter: { geo }, first: 100 })).edges.map((e) => e.node.id);
    const first = await loadListings(db, { filter: { geo }, first: 10 });
    // 6 pages: pages 1-4 around, the last separately.
    expect(first.pageCursors.around.map((c) => [c.page, c.isCurrent])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
    ]);
    expect(first.pageCursors.first).toBeNull();
    expect(first.pageCursors.previous).toBeNull();
    expect(first.pageCursors.last!.page).toBe(6);

    const page4 = await loadListings(db, { filter: { geo }, first: 10, after: first.pageCursors.around[3]!.cursor });
    expect(page4.edges.map((e) => e.node.id)).toEqual(all.slice(30, 40));
    expect(page4.pageCursors.around.map((c) => c.page)).toEqual([3, 4, 5, 6]);
    expect(page4.pageCursors.first!.page).toBe(1);
    expect(page4.pageCursors.last).toBeNull();
    expect(page4.pageCursors.previous!.page).toBe(3);

    const page6 = await loadListings(db, { filter: { geo }, first: 10, after: first.pageCursors.last!.cursor });
    expect(page6.edges.map((e) => e.node.id)).toEqual(all.slice(50, 60));
    expect(page6.pageInfo.hasNextPage).toBe(false);
  });

  it('skips with offset', async () => {
    const all = (await loadListings(db, { filter: { geo }, first: 100 })).edges.map((e) => e.node.id);
    const page = await loadListings(db, { filter: { geo }, first: 5, offset: 7 });
    expect(page.edges.map((e) => e.node.id)).toEqual(all.slice(7, 12));
  });

  it('refuses page sizes above the cap, negative sizes and foreign cursors', async () => {
    await expect(loadListings(db, { filter: { geo }, first: MAX_PAGE_SIZE + 1 })).rejects.toThrow(DomainError);
    await expect(loadListings(db, { filter: { geo }, last: -1 })).rejects.toThrow(/last must be/);
    await expect(loadListings(db, { filter: { geo }, after: 'not-a-cursor' })).rejects.toThrow(/not a cursor/);
    await expect(loadListings(db, { filter: { geo }, first: 5, last: 5 })).rejects.toThrow(DomainError);
  });
});

describe(`listing search input checks (${engineName()})`, () => {
  const bad = (filter: ListingFilter) => loadListings(db, { filter });
  it('rejects inverted and antimeridian bounds, bad latitudes and absurd numbers', async () => {
    await expect(bad({ geo: { bounds: { north: 40, south: 41, east: -111, west: -112 } } })).rejects.toThrow(/inverted/);
    await expect(bad({ geo: { bounds: { north: 41, south: 40, east: -179, west: 179 } } })).rejects.toThrow(/antimeridian/);
    await expect(bad({ geo: { bounds: { north: 91, south: 40, east: -111, west: -112 } } })).rejects.toThrow(/latitude/);
    await expect(bad({ search: { minPriceInPennies: 1e20 } })).rejects.toThrow(/minPriceInPennies/);
    await expect(bad({ search: { minPriceInPennies: 5, maxPriceInPennies: 1 } })).rejects.toThrow(/greater than/);
    await expect(bad({ search: { minBedrooms: -1 } })).rejects.toThrow(/minBedrooms/);
  });

  it('rejects radius too large, polygons too small or too large, and two shapes at once', async () => {
    await expect(bad({ geo: { center: SLC, radiusMeters: 1e7 } })).rejects.toThrow(/radiusMeters/);
    await expect(bad({ geo: { center: SLC } })).rejects.toThrow(/radiusMeters/);
    await expect(bad({ geo: { polygon: [SLC, SLC] } })).rejects.toThrow(/between 3 and 200/);
    const huge = Array.from({ length: 201 }, (_, i) => ({ latitude: 40 + i / 1000, longitude: -111 }));
    await expect(bad({ geo: { polygon: huge } })).rejects.toThrow(/it has 201/);
    await expect(bad({ geo: { ...around(40, -111), center: SLC, radiusMeters: 5 } })).rejects.toThrow(/exactly one/);
  });
});

describe(`listing privacy (${engineName()})`, () => {
  it('withholds the street line when the address may not be shown, and never returns hidden listings', async () => {
    await insertListings(db, [
      { id: 400, latitude: 40.1, longitude: -111.1, addressHidden: true, streetLine1: '1 Secret Ln' },
      { id: 401, latitude: 40.1, longitude: -111.1, hidden: true },
    ]);
    const shown = await findPublicListing(db, 400);
    expect(shown!.address.streetLine1).toBeNull();
    expect(shown!.address.city).toBe('Salt Lake City');
    expect(await findPublicListing(db, 401)).toBeNull();
    expect(await ids({ geo: around(40.1, -111.1) })).toEqual([400]);
    // A withheld address is not searchable either.
    expect(await ids({ geo: around(40.1, -111.1), search: { keywords: 'secret' } })).toEqual([]);
    const info = await listingsInfo(db, { geo: around(40.1, -111.1) });
    expect(info.pins!.ids).toEqual(['400']);
  });
});

describe(`map pins and clusters (${engineName()})`, () => {
  it('returns packed pins up to the threshold and grid clusters above it', async () => {
    // Moab-ish, far from the other tests: PIN_THRESHOLD + 1 listings on a 0.001° grid.
    const rows = Array.from({ length: PIN_THRESHOLD + 1 }, (_, i) => ({
      id: 1000 + i,
      latitude: 38.5 + Math.floor(i / 30) * 0.001,
      longitude: -109.5 + (i % 30) * 0.001,
      priceInPennies: 10_000_000 + i,
    }));
    await insertListings(db, rows);
    const geo = { bounds: { south: 38.49, north: 38.53, west: -109.51, east: -109.46 } };

    const clusters = await listingsInfo(db, { geo });
    expect(clusters.mode).toBe('clusters');
    expect(clusters.pins).toBeNull();
    expect(clusters.clusters.length).toBeGreaterThan(1);
    expect(clusters.clusters.length).toBeLessThanOrEqual(256);
    expect(clusters.totalCount).toBe(PIN_THRESHOLD + 1);
    expect(Math.min(...clusters.clusters.map((c) => c.minPriceInPennies))).toBe(10_000_000);
    expect(Math.max(...clusters.clusters.map((c) => c.maxPriceInPennies))).toBe(10_000_000 + PIN_THRESHOLD);
    for (const c of clusters.clusters) {
      expect(c.latitude).toBeGreaterThanOrEqual(c.bounds.south - 1e-5);
      expect(c.latitude).toBeLessThanOrEqual(c.bounds.north + 1e-5);
    }

    const pins = await listingsInfo(db, { geo, search: { maxPriceInPennies: 10_000_000 + PIN_THRESHOLD - 1 } });
    expect(pins.mode).toBe('pins');
    expect(pins.totalCount).toBe(PIN_THRESHOLD);
    expect(pins.pins!.ids).toHaveLength(PIN_THRESHOLD);
    expect(pins.pins!.ids[0]).toBe('1000');
    expect(pins.pins!.latitudes[0]).toBe(38.5);
    expect(pins.pins!.longitudes[0]).toBe(-109.5);
    expect(pins.pins!.pricesInPennies[0]).toBe(10_000_000);
  });

  it('needs a viewport', async () => {
    await expect(listingsInfo(db, {})).rejects.toThrow(/geoInput/);
  });
});
