import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db';
import { engineName, openTestDatabase } from '../../testing/test-server';
import { insertListings } from '../search/test-listings';
import { marketMetrics, median, yoyPercent } from './market-metrics';
import { refreshMarketMetrics } from './refresh';
import { formatMoney, housingSentences } from './sentences';

let db: Database;

/**
 * Four listings in "Testville", prices in dollars (× 100 in the table):
 *   A listed 2023-01-10 at 100,000 (1,000 sq ft), closed 2023-02-15 at 110,000
 *   B listed 2023-01-20 at 200,000, still active
 *   C listed 2024-01-05 at 300,000, reduced 2024-01-20 to 280,000, closed 2024-02-04 at 270,000 (1,500 sq ft)
 *   D listed 2024-02-10 at 150,000 (500 sq ft), closed 2024-02-25 at 160,000
 */
beforeAll(async () => {
  db = await openTestDatabase();
  await insertListings(db, [
    { id: 1, city: 'Testville', areaSqFt: 1000, status: 'Closed' },
    { id: 2, city: 'Testville', areaSqFt: 1200 },
    { id: 3, city: 'Testville', areaSqFt: 1500, status: 'Closed' },
    { id: 4, city: 'Testville', areaSqFt: 500, status: 'Closed', propertyType: 'Condominium' },
    { id: 5, city: 'Elsewhere' },
  ]);
  const events: [number, string, string, number, string][] = [
    [1, 'listed', 'Active', 100_000, '2023-01-10'],
    [1, 'status_change', 'Closed', 110_000, '2023-02-15'],
    [2, 'listed', 'Active', 200_000, '2023-01-20'],
    [3, 'listed', 'Active', 300_000, '2024-01-05'],
    [3, 'price_change', 'Active', 280_000, '2024-01-20'],
    [3, 'status_change', 'Closed', 270_000, '2024-02-04'],
    [4, 'listed', 'Active', 150_000, '2024-02-10'],
    [4, 'status_change', 'Closed', 160_000, '2024-02-25'],
    [5, 'listed', 'Active', 999_000, '2023-06-01'],
  ];
  for (const [id, event, status, dollars, day] of events) {
    await db.query(
      `INSERT INTO listing_status_history (listing_id, event, status, price_in_pennies, changed_at)
       VALUES ($1, $2, $3, $4, $5::timestamptz)`,
      [id, event, status, dollars * 100, `${day}T12:00:00Z`],
    );
  }
  await refreshMarketMetrics(db);
});
afterAll(async () => {
  await db?.close();
});

describe('median and yoy', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
  it('gives the change in percent with one decimal, null without a base', () => {
    expect(yoyPercent(21_500_000, 11_000_000)).toBe(95.5);
    expect(yoyPercent(90, 100)).toBe(-10);
    expect(yoyPercent(5, null)).toBeNull();
    expect(yoyPercent(5, 0)).toBeNull();
  });
});

describe(`market metrics on a known dataset (${engineName()})`, () => {
  const series = async (section: string, propertyType?: string) => {
    const { metrics } = await marketMetrics(db, 'testville', { propertyType });
    const metric = metrics.find((m) => m.housingMarketSectionType === section)!;
    return Object.fromEntries(metric.aggregateData.map((p) => [p.date.slice(0, 7), [p.value, p.yoy]]));
  };

  it('covers every month from the first event to the last', async () => {
    const months = Object.keys(await series('NEW_LISTINGS'));
    expect(months[0]).toBe('2023-01');
    expect(months.at(-1)).toBe('2024-02');
    expect(months).toHaveLength(14);
  });

  it('computes the median list price and inventory at month end, with yoy', async () => {
    const list = await series('MEDIAN_LIST_PRICE');
    expect(list['2023-01']).toEqual([15_000_000, null]);
    expect(list['2023-02']).toEqual([20_000_000, null]);
    expect(list['2024-01']).toEqual([24_000_000, 60]);
    expect(list['2024-02']).toEqual([20_000_000, 0]);
    const inventory = await series('ACTIVE_INVENTORY');
    expect(inventory['2023-01']).toEqual([2, null]);
    expect(inventory['2024-01']).toEqual([2, 0]);
    expect(inventory['2024-02']).toEqual([1, 0]);
  });

  it('counts new listings', async () => {
    const fresh = await series('NEW_LISTINGS');
    expect(fresh['2023-01']).toEqual([2, null]);
    expect(fresh['2023-05']).toEqual([0, null]);
    expect(fresh['2024-01']).toEqual([1, -50]);
  });

  it('computes sold price, days on market and price per square foot from the closings', async () => {
    const sold = await series('MEDIAN_SOLD_PRICE');
    expect(sold['2023-02']).toEqual([11_000_000, null]);
    expect(sold['2023-03']).toEqual([null, null]);
    expect(sold['2024-02']).toEqual([21_500_000, 95.5]);
    const days = await series('MEDIAN_DAYS_ON_MARKET');
    expect(days['2023-02']).toEqual([36, null]);
    expect(days['2024-02']).toEqual([22.5, -37.5]);
    const perSqFt = await series('PRICE_PER_SQUARE_FOOT');
    expect(perSqFt['2023-02']).toEqual([11_000, null]);
    expect(perSqFt['2024-02']).toEqual([25_000, 127.3]);
  });

  it('restricts to a property type and to one section', async () => {
    const condoSold = await series('MEDIAN_SOLD_PRICE', 'Condominium');
    expect(condoSold['2024-02']).toEqual([16_000_000, null]);
    const { metrics } = await marketMetrics(db, 'Testville', { sectionType: 'NEW_LISTINGS' });
    expect(metrics.map((m) => m.housingMarketSectionType)).toEqual(['NEW_LISTINGS']);
    expect(metrics[0]!.label).toBe('New listings');
  });

  it('writes the housing sentences from the latest month', async () => {
    expect(await housingSentences(db, 'testville')).toEqual([
      'Median sold price in Testville rose 95.5% year over year to $215,000.',
      'Median list price in Testville was unchanged year over year at $200,000.',
      '1 home was for sale in Testville at the end of February 2024, the same as a year earlier.',
      'Homes in Testville sold after a median of 22.5 days on market.',
    ]);
    expect(await housingSentences(db, 'Nowhere')).toEqual([]);
  });

  it('formats money as spec §9 says', () => {
    expect(formatMoney(51_200_000, 'USD')).toBe('$512,000');
    expect(formatMoney(1_234_567_800, 'NPR')).toBe('Rs 1,23,45,678');
  });
});
