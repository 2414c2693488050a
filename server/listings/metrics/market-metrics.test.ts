import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db';
import { engineName, openTestDatabase } from '../../testing/test-server';
import { insertListings } from '../search/test-listings';
import { marketTexts as mt } from '../../../core/i18n/market';
import { MIN_HOMES_FOR_CHANGE } from '../../../core/market/sections';
import { marketMetrics, median, yoyPercent } from './market-metrics';
import { listingFacts } from './monthly';
import { refreshMarketMetrics } from './refresh';
import { housingSentences } from './sentences';

let db: Database;

/**
 * Four listings in "Testville", prices in dollars (× 100 in the table):
 *   A listed 2023-01-10 at 100,000 (1,000 sq ft), closed 2023-02-15 at 110,000
 *   B listed 2023-01-20 at 200,000, still active
 *   C listed 2024-01-05 at 300,000, reduced 2024-01-20 to 280,000, closed 2024-02-04 at 270,000 (1,500 sq ft)
 *   D listed 2024-02-10 at 150,000 (500 sq ft), closed 2024-02-25 at 160,000
 * Too few homes for any yearly change. "Bigtown" has enough: MIN_HOMES_FOR_CHANGE homes listed 2023-01-10 at
 * 100,000 that sold 2023-02-20 at 100,000, and MIN_HOMES_FOR_CHANGE + 10 listed 2024-01-10 at 110,000 that sold
 * 2024-02-20 at 110,000.
 */
const BIG = MIN_HOMES_FOR_CHANGE;
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
  await insertListings(
    db,
    Array.from({ length: 2 * BIG + 10 }, (_, i) => ({ id: 100 + i, city: 'Bigtown', status: 'Closed' })),
  );
  for (let i = 0; i < 2 * BIG + 10; i++) {
    const [year, dollars] = i < BIG ? [2023, 100_000] : [2024, 110_000];
    events.push([100 + i, 'listed', 'Active', dollars, `${year}-01-10`], [100 + i, 'status_change', 'Closed', dollars, `${year}-02-20`]);
  }
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
  /** { 'YYYY-MM': [value, homes behind it] } (no month of Testville has enough homes for a yearly change). */
  const series = async (section: string, propertyType?: string, region = 'testville') => {
    const { metrics } = await marketMetrics(db, region, { propertyType });
    const metric = metrics.find((m) => m.housingMarketSectionType === section)!;
    if (region === 'testville') expect(metric.aggregateData.every((p) => p.yoy === null)).toBe(true);
    return Object.fromEntries(metric.aggregateData.map((p) => [p.date.slice(0, 7), [p.value, p.homes]]));
  };

  it('covers every month from the first event to the last', async () => {
    const months = Object.keys(await series('NEW_LISTINGS'));
    expect(months[0]).toBe('2023-01');
    expect(months.at(-1)).toBe('2024-02');
    expect(months).toHaveLength(14);
  });

  it('computes the median list price and inventory at month end, with the homes behind them', async () => {
    const list = await series('MEDIAN_LIST_PRICE');
    expect(list['2023-01']).toEqual([15_000_000, 2]);
    expect(list['2023-02']).toEqual([20_000_000, 1]);
    expect(list['2024-01']).toEqual([24_000_000, 2]);
    expect(list['2024-02']).toEqual([20_000_000, 1]);
    const inventory = await series('ACTIVE_INVENTORY');
    expect(inventory['2023-01']).toEqual([2, 2]);
    expect(inventory['2024-01']).toEqual([2, 2]);
    expect(inventory['2024-02']).toEqual([1, 1]);
  });

  it('counts new listings', async () => {
    const fresh = await series('NEW_LISTINGS');
    expect(fresh['2023-01']).toEqual([2, 2]);
    expect(fresh['2023-05']).toEqual([0, 0]);
    expect(fresh['2024-01']).toEqual([1, 1]);
  });

  it('computes sold price, days on market and price per square foot from the closings', async () => {
    const sold = await series('MEDIAN_SOLD_PRICE');
    expect(sold['2023-02']).toEqual([11_000_000, 1]);
    expect(sold['2023-03']).toEqual([null, null]);
    expect(sold['2024-02']).toEqual([21_500_000, 2]);
    const days = await series('MEDIAN_DAYS_ON_MARKET');
    expect(days['2023-02']).toEqual([36, 1]);
    expect(days['2024-02']).toEqual([22.5, 2]);
    const perSqFt = await series('PRICE_PER_SQUARE_FOOT');
    expect(perSqFt['2023-02']).toEqual([11_000, 1]);
    expect(perSqFt['2024-02']).toEqual([25_000, 2]);
  });

  it('restricts to a property type and to one section', async () => {
    const condoSold = await series('MEDIAN_SOLD_PRICE', 'Condominium');
    expect(condoSold['2024-02']).toEqual([16_000_000, 1]);
    const { metrics } = await marketMetrics(db, 'Testville', { sectionType: 'NEW_LISTINGS' });
    expect(metrics.map((m) => m.housingMarketSectionType)).toEqual(['NEW_LISTINGS']);
    expect(metrics[0]!.label).toBe('New listings');
  });

  it('writes the housing sentences from the latest month, without a change where too few homes stand behind it', async () => {
    expect(await housingSentences(db, 'testville')).toEqual([
      'Median sold price in Testville was $215,000.',
      'Median list price in Testville was $200,000.',
      '1 home was for sale in Testville at the end of February 2024.',
      'Homes in Testville sold after a median of 22.5 days on market.',
      mt.tooFewNote(String(MIN_HOMES_FOR_CHANGE)),
    ]);
    expect(await housingSentences(db, 'Nowhere')).toEqual([]);
  });

  it('gives the yearly change when both months have enough homes behind the figure', async () => {
    const { metrics } = await marketMetrics(db, 'Bigtown');
    const point = (section: string, month: string) =>
      metrics.find((m) => m.housingMarketSectionType === section)!.aggregateData.find((p) => p.date === `${month}-01`)!;
    expect(point('MEDIAN_SOLD_PRICE', '2024-02')).toMatchObject({ value: 11_000_000, yoy: 10, homes: BIG + 10, yearEarlierHomes: BIG });
    expect(point('NEW_LISTINGS', '2024-01')).toMatchObject({ value: BIG + 10, yoy: yoyPercent(BIG + 10, BIG), homes: BIG + 10, yearEarlierHomes: BIG });
    expect(point('ACTIVE_INVENTORY', '2024-01')).toMatchObject({ value: BIG + 10, yoy: yoyPercent(BIG + 10, BIG) });
    expect(await housingSentences(db, 'Bigtown')).toEqual([
      'Median sold price in Bigtown rose 10.0% year over year to $110,000.',
      // Every home sold: none for sale at the end of February in either year, too few to compare.
      '0 homes were for sale in Bigtown at the end of February 2024.',
      'Homes in Bigtown sold after a median of 41 days on market.',
      mt.tooFewNote(String(MIN_HOMES_FOR_CHANGE)),
    ]);
  });
});

describe('days on market', () => {
  const at = (day: string) => new Date(`${day}T12:00:00Z`);
  const event = (event: string, status: string, day: string) => ({ event, status, priceInPennies: 100, previousPriceInPennies: null, changedAt: at(day) });
  it('run from the listing to the offer it accepted, or to the close without one', () => {
    const withOffer = listingFacts({
      areaSqFt: null,
      events: [event('listed', 'Active', '2025-03-01'), event('status_change', 'Pending', '2025-03-21'), event('status_change', 'Closed', '2025-04-25')],
    });
    expect(withOffer!.sales[0]!.days).toBe(20);
    const underContract = listingFacts({
      areaSqFt: null,
      events: [
        event('listed', 'Active', '2025-03-01'),
        event('status_change', 'Active Under Contract', '2025-03-11'),
        event('status_change', 'Pending', '2025-03-15'),
        event('status_change', 'Closed', '2025-04-25'),
      ],
    });
    expect(underContract!.sales[0]!.days).toBe(10);
    const noOffer = listingFacts({ areaSqFt: null, events: [event('listed', 'Active', '2025-03-01'), event('status_change', 'Closed', '2025-04-25')] });
    expect(noOffer!.sales[0]!.days).toBe(55);
  });
});
