import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db';
import { engineName, openTestDatabase } from '../../testing/test-server';
import { convertPrice, CURRENCY_NAMES, EUR_RATES, listingCurrencies, RATES_DATE } from '../currencies';
import { findPublicListing } from './listing';
import { loadListings } from './listing-load';
import { daysFromToday, insertListings } from './test-listings';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe(`days on market (${engineName()})`, () => {
  const dom = async (id: number) => (await findPublicListing(db, id))!.daysOnMarket;

  beforeAll(async () => {
    await insertListings(db, [
      { id: 7000, listDate: daysFromToday(-10) },
      { id: 7001, listDate: null },
      { id: 7002, listDate: null },
      { id: 7003, listDate: daysFromToday(-40), status: 'Closed' },
      { id: 7004, listDate: null },
      { id: 7005, listDate: daysFromToday(3) },
    ]);
  });

  it('is the feed figure plus the days since the feed said it, frozen once sold', async () => {
    await db.query(
      `UPDATE listings SET days_on_market = 12, modification_timestamp = now() - interval '5 days' WHERE id IN (7000, 7003)`,
    );
    expect(await dom(7000)).toBe(17);
    expect(await dom(7003)).toBe(12);
    await db.query(`UPDATE listings SET days_on_market = NULL, modification_timestamp = NULL WHERE id IN (7000, 7003)`);
  });

  it('counts from the list date when the feed omits it, to the close date for a sold home', async () => {
    expect(await dom(7000)).toBe(10);
    await db.query(`UPDATE listings SET close_date = $1 WHERE id = 7003`, [daysFromToday(-15)]);
    expect(await dom(7003)).toBe(25);
    // A list date in the future (Coming Soon) is not negative.
    expect(await dom(7005)).toBe(0);
  });

  it('counts from the latest listed event of the status history when there is no list date either', async () => {
    await db.query(
      `INSERT INTO listing_status_history (listing_id, event, status, price_in_pennies, changed_at) VALUES
         (7001, 'listed', 'Active', 100, now() - interval '30 days'),
         (7001, 'status_change', 'Withdrawn', 100, now() - interval '20 days'),
         (7001, 'listed', 'Active', 100, now() - interval '8 days'),
         (7002, 'listed', 'Active', 100, now() - interval '3 days')`,
    );
    expect(await dom(7001)).toBe(8);
    expect(await dom(7002)).toBe(3);
    // Nothing to count from.
    expect(await dom(7004)).toBe(0);
  });

  it('orders DAYS_ON_MARKET by the same figure', async () => {
    const page = await loadListings(db, {
      filter: { geo: { bounds: { north: 40.77, south: 40.75, east: -111.88, west: -111.9 } } },
      orderBy: 'days_on_market',
      first: 100,
    });
    const mine = page.edges.map((e) => e.node).filter((n) => n.id >= 7000 && n.id <= 7005);
    expect(mine.map((n) => n.id)).toEqual([7004, 7005, 7002, 7001, 7000]);
    const days = mine.map((n) => n.daysOnMarket);
    expect(days).toEqual([...days].sort((a, b) => a - b));
  });
});

describe('currencies', () => {
  it('converts through the euro at the dated table, in whole pennies', () => {
    expect(RATES_DATE).toBe('2024-11-25');
    const values = convertPrice(100_000_00, 'USD');
    const eur = values.find((v) => v.code === 'EUR')!;
    expect(eur).toEqual({ code: 'EUR', name: 'Euro', value: Math.round(100_000_00 / 1.0495) });
    expect(eur.value).toBe(9_528_347);
    const gbp = values.find((v) => v.code === 'GBP')!;
    expect(gbp.value).toBe(Math.round((100_000_00 / 1.0495) * 0.83465));
    expect(values.every((v) => Number.isSafeInteger(v.value))).toBe(true);
  });

  it('lists every other currency of the table, never the listing’s own', () => {
    const values = convertPrice(50_000_000, 'USD');
    expect(values.map((v) => v.code)).toEqual(Object.keys(CURRENCY_NAMES).filter((c) => c !== 'USD'));
    expect(values.map((v) => v.code)).not.toContain('USD');
    for (const code of Object.keys(CURRENCY_NAMES)) expect(EUR_RATES[code]).toBeGreaterThan(0);
  });

  it('pegs the Nepalese rupee to the Indian rupee at 1.6', () => {
    const fromInr = convertPrice(1_000_00, 'INR');
    expect(fromInr.find((v) => v.code === 'NPR')!.value).toBe(1_600_00);
    const fromNpr = convertPrice(1_600_00, 'NPR');
    expect(fromNpr.find((v) => v.code === 'INR')!.value).toBe(1_000_00);
  });

  it('gives nothing for a currency without a rate or a price that is not whole pennies', () => {
    expect(convertPrice(100, 'RUB')).toEqual([]);
    expect(convertPrice(-1, 'USD')).toEqual([]);
    expect(convertPrice(1.5, 'USD')).toEqual([]);
  });

  it('keeps the feed’s own currencies when it gave them', () => {
    const own = [{ code: 'EUR', value: 1, name: 'Euro' }];
    expect(listingCurrencies({ currencies: own, priceInPennies: 100, priceCurrencyCode: 'USD' })).toBe(own);
    expect(listingCurrencies({ currencies: [], priceInPennies: 100, priceCurrencyCode: 'USD' })).toHaveLength(19);
  });
});
