/**
 * The incremental market metrics refresh after an import (refreshMarketMetricsForListings): a change to one
 * listing rewrites only its regions' months from its first changed month on, with the figures a full refresh
 * would write, and leaves every other region's rows as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app';
import { engineName, startTestServer } from '../../testing/test-server';
import { insertListings } from '../search/test-listings';
import { refreshMarketMetrics, refreshMarketMetricsForListings } from './refresh';

let server: RunningServer;

/**
 * Ashford, WY (ZIP 82901) and Belton, MT (ZIP 59101), dollars, noon UTC:
 *   A1 9701 Ashford 1,000 sq ft: listed 2024-01-10 at 300,000; closed 2024-03-12 at 294,000
 *   A2 9702 Ashford 1,500 sq ft: listed 2024-02-03 at 450,000; still active
 *   B1 9703 Belton  2,000 sq ft: listed 2024-01-15 at 600,000; closed 2024-02-20 at 630,000
 * Then A2 (the changed listing) is cut on 2024-03-20 to 420,000 and closes 2024-04-10 at 410,000.
 *
 * Ashford by hand, after the change:
 *   2024-01 active A1 300k → median list 300,000, inventory 1, new 1 (unchanged by the change: before March)
 *   2024-02 active A1 300k, A2 450k → 375,000, inventory 2, new 1
 *   2024-03 active A2 420k → 420,000, inventory 1; sold A1 294,000 after 62 days, 294 $/sq ft, 98.0 %; drops 1 (A2)
 *   2024-04 nothing active; sold A2 410,000 after 67 days (Feb 3 → Apr 10), 273.33 $/sq ft → 27,333 pennies,
 *           410/420 = 97.6 %
 */
const EVENTS: [number, string, string, number, string][] = [
  [9701, 'listed', 'Active', 300_000, '2024-01-10'],
  [9701, 'status_change', 'Closed', 294_000, '2024-03-12'],
  [9702, 'listed', 'Active', 450_000, '2024-02-03'],
  [9703, 'listed', 'Active', 600_000, '2024-01-15'],
  [9703, 'status_change', 'Closed', 630_000, '2024-02-20'],
];

async function addEvent([id, event, status, dollars, day]: [number, string, string, number, string], previous: number | null = null) {
  await server.db.query(
    `INSERT INTO listing_status_history (listing_id, event, status, price_in_pennies, previous_price_in_pennies, changed_at) VALUES ($1, $2, $3, $4, $5, $6::timestamptz)`,
    [id, event, status, dollars * 100, previous === null ? null : previous * 100, `${day}T12:00:00Z`],
  );
}

type MonthRow = Record<string, unknown> & { region_kind: string; region_key: string; property_type: string; month: string };

async function allMonths(): Promise<MonthRow[]> {
  const { rows } = await server.db.query<MonthRow>(
    `SELECT region_kind, region_key, property_type, to_char(month, 'YYYY-MM') AS month, median_list_price, active_inventory, new_listings,
            median_sold_price, median_days_on_market, price_per_square_foot, sale_to_list_ratio, price_drops
       FROM market_metrics_monthly WHERE region_key IN ('wy', 'mt', 'ashford', 'belton', 'ashford, wy', 'belton, mt', '82901', '59101')
      ORDER BY region_kind, region_key, property_type, month`,
  );
  return rows.map((r) => ({ ...r }));
}

async function regions() {
  const { rows } = await server.db.query(
    `SELECT region_kind, region_key, property_type, to_char(first_month, 'YYYY-MM') AS first_month, to_char(last_month, 'YYYY-MM') AS last_month
       FROM market_regions WHERE region_key IN ('wy', 'mt', 'ashford', 'belton', 'ashford, wy', 'belton, mt', '82901', '59101') ORDER BY 1, 2, 3`,
  );
  return rows;
}

const ashford = (rows: MonthRow[], month: string) => rows.find((r) => r.region_kind === 'city_state' && r.region_key === 'ashford, wy' && r.property_type === '' && r.month === month);
const isBelton = (r: MonthRow) => ['mt', 'belton', 'belton, mt', '59101'].includes(r.region_key);

beforeAll(async () => {
  server = await startTestServer();
  await insertListings(server.db, [
    { id: 9701, city: 'Ashford', stateProvince: 'WY', postalCode: '82901', areaSqFt: 1000, status: 'Closed', propertyType: 'Single Family' },
    { id: 9702, city: 'Ashford', stateProvince: 'WY', postalCode: '82901', areaSqFt: 1500, propertyType: 'Single Family' },
    { id: 9703, city: 'Belton', stateProvince: 'MT', postalCode: '59101', areaSqFt: 2000, status: 'Closed', propertyType: 'Single Family' },
  ]);
  for (const e of EVENTS) await addEvent(e);
  await refreshMarketMetrics(server.db);
});
afterAll(async () => {
  await server?.close();
});

describe(`incremental market metrics (${engineName()})`, () => {
  it('rewrites only the changed listing’s regions from its first month, with the hand-computed figures a full refresh agrees with', async () => {
    const before = await allMonths();
    expect(ashford(before, '2024-03')).toMatchObject({ median_list_price: 45_000_000, active_inventory: 1, median_sold_price: 29_400_000, price_drops: 0 });
    expect(ashford(before, '2024-04')).toBeUndefined();

    await addEvent([9702, 'price_change', 'Active', 420_000, '2024-03-20'], 450_000);
    await addEvent([9702, 'status_change', 'Closed', 410_000, '2024-04-10'], 420_000);
    await server.db.query(`UPDATE listings SET status = 'Closed' WHERE id = 9702`);
    const stats = await refreshMarketMetricsForListings(server.db, [9702]);
    // Ashford's regions: WY, Ashford, Ashford WY, 82901, each for every type and for Single Family.
    expect(stats.regions).toBe(8);

    const after = await allMonths();
    // Belton's rows, in another state, are exactly as they were.
    expect(after.filter(isBelton)).toEqual(before.filter(isBelton));
    // Ashford before A2's first month (February) is untouched; from February on it is recomputed.
    expect(ashford(after, '2024-01')).toEqual(ashford(before, '2024-01'));
    expect(ashford(after, '2024-02')).toMatchObject({ median_list_price: 37_500_000, active_inventory: 2, new_listings: 1, median_sold_price: null });
    expect(ashford(after, '2024-03')).toMatchObject({
      median_list_price: 42_000_000,
      active_inventory: 1,
      median_sold_price: 29_400_000,
      median_days_on_market: 62,
      price_per_square_foot: 29_400,
      sale_to_list_ratio: 98,
      price_drops: 1,
    });
    expect(ashford(after, '2024-04')).toMatchObject({
      median_list_price: null,
      active_inventory: 0,
      median_sold_price: 41_000_000,
      median_days_on_market: 67,
      price_per_square_foot: 27_333,
      sale_to_list_ratio: 97.6,
      price_drops: 0,
    });
    const regionsAfter = await regions();
    expect(regionsAfter.find((r) => r.region_kind === 'state' && r.region_key === 'wy' && r.property_type === '')).toMatchObject({ first_month: '2024-01', last_month: '2024-04' });

    // A full refresh writes the same rows: the incremental answer is the whole answer.
    await refreshMarketMetrics(server.db);
    expect(await allMonths()).toEqual(after);
    expect(await regions()).toEqual(regionsAfter);
  });

  it('does nothing for listings that are not for sale, unknown or malformed ids', async () => {
    const before = await allMonths();
    expect(await refreshMarketMetricsForListings(server.db, [])).toEqual({ listings: 0, regions: 0, months: 0 });
    expect(await refreshMarketMetricsForListings(server.db, [987654321, -1, 0, 1.5])).toEqual({ listings: 0, regions: 0, months: 0 });
    expect(await allMonths()).toEqual(before);
  });
});
