import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app';
import { marketTexts as mt } from '../../../core/i18n/market';
import { MarketMetricsQuery } from '../../../core/market/market-api';
import { MIN_HOMES_FOR_CHANGE } from '../../../core/market/sections';
import { graphqlAs, graphqlNamed } from '../../testing/graphql';
import { engineName, startTestServer } from '../../testing/test-server';
import { importFile } from '../reso/import';
import { insertListings } from '../search/test-listings';
import { refreshMarketMetrics, scheduleMarketMetricsRefresh } from './refresh';
import { openDatabase } from '../../db';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

let server: RunningServer;

/**
 * Five listings in Millbrook, WY (prices in dollars; events at noon UTC):
 *   L1 9001 Single Family 2,000 sq ft, ZIP 82001: listed 2024-01-05 at 400,000; cut 2024-02-10 to 380,000;
 *      closed 2024-03-15 at 370,000
 *   L2 9002 Single Family 1,000 sq ft, ZIP 82001: listed 2024-01-20 at 200,000; closed 2024-02-20 at 210,000
 *   L3 9003 Condominium 800 sq ft, ZIP 82001: listed 2024-02-01 at 300,000; cut 2024-02-15 to 290,000 and
 *      2024-02-25 to 280,000; still active
 *   L4 9004 Single Family 1,500 sq ft, ZIP 82009: listed 2025-01-10 at 500,000; cut 2025-03-01 to 450,000;
 *      closed 2025-03-20 at 459,000
 *   L5 9005 Single Family 1,200 sq ft, ZIP 82001: listed 2025-02-05 at 250,000; closed 2025-03-05 at 250,000
 *   and a rental (9006, 2,000 a month from 2024-01-15, cut in February) that counts nowhere.
 *
 * Worked out by hand, every type together:
 *   2024-01 active L1 400k, L2 200k → median list 300,000, inventory 2; new 2
 *   2024-02 active L1 380k, L3 280k → median list 330,000, inventory 2; new 1; sold L2 210,000 after 31 days,
 *           210 $/sq ft, 210/200 = 105.0 %; drops: L1, L3 (twice, counted once) = 2
 *   2024-03 active L3 280k → 280,000, inventory 1; sold L1 370,000 after 70 days (Jan 5 → Mar 15, leap year),
 *           185 $/sq ft, 370/380 = 97.4 %; drops 0
 *   2024-04 … 2024-12: L3 alone, 280,000, inventory 1
 *   2025-01 active L3 280k, L4 500k → 390,000, inventory 2; new 1
 *   2025-02 active L3, L4, L5 → 280,000, inventory 3; drops 0
 *   2025-03 active L3 → 280,000; sold L4 459,000 and L5 250,000 → median 354,500; days 69 (Jan 10 → Mar 20)
 *           and 28 → 48.5; $/sq ft 306 and 208.33 → 257.1667 → 25,717 pennies; ratio 459/450 = 102.0 % and
 *           100.0 % → 101.0; drops 1 (L4)
 * No month has MIN_HOMES_FOR_CHANGE homes behind a figure: every yearly change is withheld (the arithmetic of a
 * change is market-metrics.test.ts's, on a region with enough homes).
 */
const EVENTS: [number, string, string, number, string][] = [
  [9001, 'listed', 'Active', 400_000, '2024-01-05'],
  [9001, 'price_change', 'Active', 380_000, '2024-02-10'],
  [9001, 'status_change', 'Closed', 370_000, '2024-03-15'],
  [9002, 'listed', 'Active', 200_000, '2024-01-20'],
  [9002, 'status_change', 'Closed', 210_000, '2024-02-20'],
  [9003, 'listed', 'Active', 300_000, '2024-02-01'],
  [9003, 'price_change', 'Active', 290_000, '2024-02-15'],
  [9003, 'price_change', 'Active', 280_000, '2024-02-25'],
  [9004, 'listed', 'Active', 500_000, '2025-01-10'],
  [9004, 'price_change', 'Active', 450_000, '2025-03-01'],
  [9004, 'status_change', 'Closed', 459_000, '2025-03-20'],
  [9005, 'listed', 'Active', 250_000, '2025-02-05'],
  [9005, 'status_change', 'Closed', 250_000, '2025-03-05'],
  [9006, 'listed', 'Active', 2_000, '2024-01-15'],
  [9006, 'price_change', 'Active', 1_900, '2024-02-15'],
];

beforeAll(async () => {
  server = await startTestServer();
  await insertListings(server.db, [
    { id: 9001, city: 'Millbrook', stateProvince: 'WY', postalCode: '82001', areaSqFt: 2000, status: 'Closed', propertyType: 'Single Family' },
    { id: 9002, city: 'Millbrook', stateProvince: 'WY', postalCode: '82001', areaSqFt: 1000, status: 'Closed', propertyType: 'Single Family' },
    { id: 9003, city: 'Millbrook', stateProvince: 'WY', postalCode: '82001', areaSqFt: 800, propertyType: 'Condominium' },
    { id: 9004, city: 'Millbrook', stateProvince: 'WY', postalCode: '82009', areaSqFt: 1500, status: 'Closed', propertyType: 'Single Family' },
    { id: 9005, city: 'Millbrook', stateProvince: 'WY', postalCode: '82001', areaSqFt: 1200, status: 'Closed', propertyType: 'Single Family' },
    // A rental: its monthly rent is no house price, and it never counts.
    { id: 9006, city: 'Millbrook', stateProvince: 'WY', postalCode: '82001', areaSqFt: 700, classification: 'rent', propertyType: 'Single Family' },
  ]);
  for (const [id, event, status, dollars, day] of EVENTS) {
    await server.db.query(
      `INSERT INTO listing_status_history (listing_id, event, status, price_in_pennies, changed_at)
       VALUES ($1, $2, $3, $4, $5::timestamptz)`,
      [id, event, status, dollars * 100, `${day}T12:00:00Z`],
    );
  }
  await refreshMarketMetrics(server.db);
});
afterAll(async () => {
  await server?.close();
});

interface Point {
  date: string;
  value: number | null;
  yoy: number | null;
  homes: number | null;
  yearEarlierHomes: number | null;
}

/** The points of one section, through GraphQL. */
async function points(regionName: string, sectionType: string, propertyType?: string): Promise<Point[]> {
  const result = await graphqlNamed(server, MarketMetricsQuery, { regionName, sectionType, propertyType }, { path: '/graphql/' });
  expect(result.errors).toBeUndefined();
  const [metric] = result.data!.marketMetrics as { aggregateData: Point[] }[];
  return metric!.aggregateData;
}

/** { 'YYYY-MM': [value, homes behind it] } of one section. */
async function series(regionName: string, sectionType: string, propertyType?: string) {
  return Object.fromEntries((await points(regionName, sectionType, propertyType)).map((p) => [p.date.slice(0, 7), [p.value, p.homes]]));
}

describe(`precomputed market metrics on a hand-computed dataset (${engineName()})`, () => {
  it('covers the months from the first event to the last', async () => {
    const months = Object.keys(await series('Millbrook', 'NEW_LISTINGS'));
    expect(months[0]).toBe('2024-01');
    expect(months.at(-1)).toBe('2025-03');
    expect(months).toHaveLength(15);
  });

  it('gives the median list price, inventory and new listings at month end, with the homes behind them', async () => {
    const list = await series('Millbrook', 'MEDIAN_LIST_PRICE');
    expect(list['2024-01']).toEqual([30_000_000, 2]);
    expect(list['2024-02']).toEqual([33_000_000, 2]);
    expect(list['2024-07']).toEqual([28_000_000, 1]);
    expect(list['2025-01']).toEqual([39_000_000, 2]);
    expect(list['2025-02']).toEqual([28_000_000, 3]);
    expect(list['2025-03']).toEqual([28_000_000, 1]);
    const inventory = await series('Millbrook', 'ACTIVE_INVENTORY');
    expect(inventory['2024-03']).toEqual([1, 1]);
    expect(inventory['2025-01']).toEqual([2, 2]);
    expect(inventory['2025-02']).toEqual([3, 3]);
    const fresh = await series('Millbrook', 'NEW_LISTINGS');
    expect(fresh['2024-01']).toEqual([2, 2]);
    expect(fresh['2025-01']).toEqual([1, 1]);
  });

  it('withholds every yearly change of months with too few homes, and says how many there were', async () => {
    const sold = await points('Millbrook', 'MEDIAN_SOLD_PRICE');
    expect(sold.find((p) => p.date === '2025-03-01')).toEqual({ id: 'MEDIAN_SOLD_PRICE:2025-03', date: '2025-03-01', value: 35_450_000, yoy: null, homes: 2, yearEarlierHomes: 1 });
    expect(sold.find((p) => p.date === '2024-03-01')).toMatchObject({ yoy: null, homes: 1, yearEarlierHomes: null });
    for (const section of ['MEDIAN_LIST_PRICE', 'ACTIVE_INVENTORY', 'NEW_LISTINGS', 'PRICE_DROPS']) {
      expect((await points('Millbrook', section)).every((p) => p.yoy === null)).toBe(true);
    }
  });

  it('gives sold price, days on market and price per square foot of the month’s closings', async () => {
    const sold = await series('Millbrook', 'MEDIAN_SOLD_PRICE');
    expect(sold['2024-02']).toEqual([21_000_000, 1]);
    expect(sold['2024-04']).toEqual([null, null]);
    expect(sold['2025-03']).toEqual([35_450_000, 2]);
    const days = await series('Millbrook', 'MEDIAN_DAYS_ON_MARKET');
    expect(days['2024-02']).toEqual([31, 1]);
    expect(days['2024-03']).toEqual([70, 1]);
    expect(days['2025-03']).toEqual([48.5, 2]);
    const perSqFt = await series('Millbrook', 'PRICE_PER_SQUARE_FOOT');
    expect(perSqFt['2024-03']).toEqual([18_500, 1]);
    expect(perSqFt['2025-03']).toEqual([25_717, 2]);
  });

  it('gives the sale-to-list ratio against the last list price before the close', async () => {
    const ratio = await series('Millbrook', 'SALE_TO_LIST_RATIO');
    expect(ratio['2024-02']).toEqual([105, 1]);
    expect(ratio['2024-03']).toEqual([97.4, 1]);
    expect(ratio['2025-03']).toEqual([101, 2]);
  });

  it('counts listings with a price cut in the month once each', async () => {
    const drops = await series('Millbrook', 'PRICE_DROPS');
    expect(drops['2024-02']).toEqual([2, 2]);
    expect(drops['2025-02']).toEqual([0, 0]);
    expect(drops['2025-03']).toEqual([1, 1]);
  });

  it('finds a region by ZIP, city and state, by state name, and per property type', async () => {
    expect((await series('82009', 'MEDIAN_SOLD_PRICE'))['2025-03']).toEqual([45_900_000, 1]);
    expect(Object.keys(await series('82009', 'NEW_LISTINGS'))).toEqual(['2025-01', '2025-02', '2025-03']);
    expect((await series('millbrook, wy', 'MEDIAN_SOLD_PRICE'))['2025-03']).toEqual([35_450_000, 2]);
    expect((await series('Wyoming', 'MEDIAN_SOLD_PRICE'))['2025-03']).toEqual([35_450_000, 2]);
    expect((await series('WY', 'PRICE_DROPS'))['2024-02']).toEqual([2, 2]);
    const condo = await series('Millbrook', 'PRICE_DROPS', 'Condominium');
    expect(condo['2024-02']).toEqual([1, 1]);
    // A region's months run from its own first event to its own last: the condo's history is February 2024.
    expect(await series('Millbrook', 'MEDIAN_LIST_PRICE', 'Condominium')).toEqual({ '2024-02': [28_000_000, 1] });
  });

  it('answers every section with its label, and nothing for an unknown region', async () => {
    const all = await graphqlNamed(server, MarketMetricsQuery, { regionName: 'Millbrook' }, { path: '/graphql/' });
    const metrics = all.data!.marketMetrics as { housingMarketSectionType: string; label: string }[];
    expect(metrics.map((m) => m.housingMarketSectionType)).toContain('SALE_TO_LIST_RATIO');
    expect(metrics.find((m) => m.housingMarketSectionType === 'PRICE_DROPS')!.label).toBe('Price drops');
    const none = await graphqlNamed(server, MarketMetricsQuery, { regionName: 'Atlantis' }, { path: '/graphql/' });
    expect((none.data!.marketMetrics as { aggregateData: unknown[] }[]).every((m) => m.aggregateData.length === 0)).toBe(true);
  });

  it('writes the sentences from the stored latest month', async () => {
    const result = await graphqlAs(server, null, 'query Op($r: String!) { housingSentences(regionName: $r) }', { r: 'Millbrook' });
    expect(result.data!.housingSentences).toEqual([
      'Median sold price in Millbrook was $354,500.',
      'Median list price in Millbrook was $280,000.',
      '1 home was for sale in Millbrook at the end of March 2025.',
      'Homes in Millbrook sold after a median of 48.5 days on market.',
      mt.tooFewNote(String(MIN_HOMES_FOR_CHANGE)),
    ]);
  });

  it('shows a month once it is over: the month under way has partial counts', async () => {
    // Mid-March 2025: March is not over, February is the latest month.
    await refreshMarketMetrics(server.db, new Date('2025-03-15T12:00:00Z'));
    expect(Object.keys(await series('Millbrook', 'NEW_LISTINGS')).at(-1)).toBe('2025-02');
    expect((await series('Millbrook', 'ACTIVE_INVENTORY'))['2025-02']).toEqual([3, 3]);
    // A region whose history is all in the month under way has no month to show yet.
    await refreshMarketMetrics(server.db, new Date('2024-01-20T12:00:00Z'));
    expect(await series('Millbrook', 'NEW_LISTINGS')).toEqual({});
    await refreshMarketMetrics(server.db);
    expect(Object.keys(await series('Millbrook', 'NEW_LISTINGS')).at(-1)).toBe('2025-03');
  });

  it('is idempotent: a second refresh writes the same rows', async () => {
    const snapshot = async () =>
      (
        await server.db.query(
          `SELECT region_kind, region_key, property_type, to_char(month, 'YYYY-MM') AS month, median_list_price, active_inventory,
                  new_listings, median_sold_price, median_days_on_market, price_per_square_foot, sale_to_list_ratio, price_drops,
                  homes_sold, homes_with_days, homes_with_area, homes_with_list_price
             FROM market_metrics_monthly ORDER BY 1, 2, 3, 4`,
        )
      ).rows;
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(0);
    await refreshMarketMetrics(server.db);
    expect(await snapshot()).toEqual(before);
  });

  it('reads the table, not the history: a new event shows after the next refresh', async () => {
    await server.db.query(
      `INSERT INTO listing_status_history (listing_id, event, status, price_in_pennies, changed_at)
       VALUES (9003, 'price_change', 'Active', 27000000, '2025-03-10T12:00:00Z')`,
    );
    expect((await series('Millbrook', 'PRICE_DROPS'))['2025-03']).toEqual([1, 1]);
    await refreshMarketMetrics(server.db);
    expect((await series('Millbrook', 'PRICE_DROPS'))['2025-03']).toEqual([2, 2]);
    await server.db.query(`DELETE FROM listing_status_history WHERE listing_id = 9003 AND changed_at = '2025-03-10T12:00:00Z'`);
    await refreshMarketMetrics(server.db);
  });

  it('refreshes after a RESO import', async () => {
    expect(Object.keys(await series('Sandy', 'NEW_LISTINGS'))).toEqual([]);
    const fixture = fileURLToPath(new URL('../reso/fixtures/property-sample.json', import.meta.url));
    await importFile(server.db, fixture);
    expect(Object.keys(await series('Sandy', 'NEW_LISTINGS')).length).toBeGreaterThan(0);
  });

  it('does not redo fresh figures at start', async () => {
    await refreshMarketMetrics(server.db);
    const refreshedAt = async () =>
      (await server.db.query<{ at: Date }>('SELECT refreshed_at AS at FROM market_metrics_refresh')).rows[0]!.at.getTime();
    const fresh = await refreshedAt();
    const job = scheduleMarketMetricsRefresh(server.db, { logger: { info: () => undefined, warn: () => undefined, error: () => undefined }, intervalMs: 3_600_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await job.stop();
    expect(await refreshedAt()).toBe(fresh);
  });

  it('runs as a job: at start when stale, then on its interval, until stopped', async () => {
    const refreshedAt = async () =>
      (await server.db.query<{ at: Date }>('SELECT refreshed_at AS at FROM market_metrics_refresh')).rows[0]!.at.getTime();
    const before = await refreshedAt();
    const errors: unknown[] = [];
    const job = scheduleMarketMetricsRefresh(server.db, { logger: { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => errors.push(args) }, intervalMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    await job.stop();
    const stopped = await refreshedAt();
    expect(stopped).toBeGreaterThan(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await refreshedAt()).toBe(stopped);
    expect(errors).toEqual([]);
  });
});

describe.runIf(engineName() === 'PostgreSQL')('market metrics refreshed by several processes at once (PostgreSQL)', () => {
  it('lets one refresh write at a time: none fails on the regions’ key, and the rows are those of one refresh', async () => {
    // A second process on the same database: a pool of its own, on the schema of this test's server.
    const [{ schema }] = (await server.db.query<{ schema: string }>('SELECT current_schema() AS schema')).rows as [{ schema: string }];
    const other = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, schema, migrate: false, logger: quiet });
    try {
      const count = async () => Number((await server.db.query<{ n: string }>('SELECT count(*) AS n FROM market_regions')).rows[0]!.n);
      await refreshMarketMetrics(server.db);
      const regions = await count();
      expect(regions).toBeGreaterThan(0);
      for (let round = 0; round < 8; round++) {
        const results = await Promise.allSettled([refreshMarketMetrics(server.db), refreshMarketMetrics(other), refreshMarketMetrics(other)]);
        expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
        expect(await count()).toBe(regions);
      }
    } finally {
      await other.close();
    }
  });
});
