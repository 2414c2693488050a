import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app';
import { engineName, startTestServer } from '../../testing/test-server';
import { seedListings, seedListingsIfEmpty } from './index';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const one = async <T>(sql: string) => (await server.db.query<T>(sql)).rows[0]!;

describe(`seed listings (${engineName()})`, () => {
  it('loads generated listings through the importer, with history, open houses and stay calendars', async () => {
    const stats = await seedListingsIfEmpty(server.db, 600);
    expect(stats?.inserted).toBe(600);
    expect(stats?.skipped).toBe(0);

    const counts = await one<{ listings: number; demo: number; history: number; open_houses: number; calendar: number }>(
      `SELECT (SELECT count(*)::int FROM listings WHERE source = 'seed') AS listings,
              (SELECT count(*)::int FROM listings WHERE id IN (1001, 1002, 1003)) AS demo,
              (SELECT count(*)::int FROM listing_status_history h JOIN listings l ON l.id = h.listing_id WHERE l.source = 'seed') AS history,
              (SELECT count(*)::int FROM open_houses) AS open_houses,
              (SELECT count(*)::int FROM stay_availability a JOIN listings l ON l.id = a.listing_id WHERE l.source = 'seed') AS calendar`,
    );
    expect(counts.listings).toBe(600);
    expect(counts.demo).toBe(3);
    expect(counts.history).toBeGreaterThan(600);
    expect(counts.open_houses).toBeGreaterThan(0);
    expect(counts.calendar % 90).toBe(0);
    expect(counts.calendar).toBeGreaterThan(0);

    const regions = (
      await server.db.query<{ country_code: string; price_currency_code: string }>(
        `SELECT DISTINCT country_code, price_currency_code FROM listings WHERE source = 'seed' ORDER BY 1`,
      )
    ).rows;
    expect(regions).toEqual([
      { country_code: 'NP', price_currency_code: 'NPR' },
      { country_code: 'US', price_currency_code: 'USD' },
    ]);
    const land = await one<{ units: string[] }>(
      `SELECT array_agg(DISTINCT lot_size_unit ORDER BY lot_size_unit) AS units FROM listings
        WHERE country_code = 'NP' AND property_type = 'Land'`,
    );
    expect(land.units.every((u) => u === 'ropani' || u === 'aana')).toBe(true);

    // Every closed sale has its sold price in the history metrics are computed from.
    const closed = await one<{ missing: number }>(
      `SELECT count(*)::int AS missing FROM listings l WHERE l.status = 'Closed' AND NOT EXISTS (
         SELECT 1 FROM listing_status_history h WHERE h.listing_id = l.id AND h.status = 'Closed'
            AND h.price_in_pennies = l.close_price_in_pennies)`,
    );
    expect(closed.missing).toBe(0);
  });

  it('does not seed again once listings exist, and a second load of the same records changes nothing', async () => {
    expect(await seedListingsIfEmpty(server.db, 600)).toBeNull();
    const again = await seedListings(server.db, { listings: 600 });
    expect([again.inserted, again.updated, again.unchanged]).toEqual([0, 0, 600]);
  });

  it('keeps the demo listings the contact form uses', async () => {
    const demo = await one<{ street_line1: string; city: string }>(`SELECT street_line1, city FROM listings WHERE id = 1001`);
    expect(demo).toEqual({ street_line1: '455 E 300 S', city: 'Salt Lake City' });
  });

  it('serves the generated photos offline, small and the same every time', async () => {
    const { MediaURL } = { MediaURL: '/media/listing/SEED-0000001/1.svg' };
    const first = await fetch(`${server.url}${MediaURL}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/svg+xml');
    const svg = await first.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.length).toBeLessThan(2_000);
    expect(await (await fetch(`${server.url}${MediaURL}`)).text()).toBe(svg);
    expect(await (await fetch(`${server.url}/media/listing/SEED-0000001/2.svg`)).text()).not.toBe(svg);
    expect((await fetch(`${server.url}/media/listing/..%2Fetc/1.svg`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/listing/SEED-0000001/0.svg`)).status).toBe(404);
  });
});
