/**
 * `node --import tsx bench/home-value.ts [--listings N] [--sample N]` (npm run bench:home-value): how far
 * the home value estimate (server/valuation/) is from the truth, on held-out sales of the seed data.
 *
 * Generates N seed listings (default 8,000, the first-start seed: three years of history) into an
 * in-memory PGlite, then for each sold single-family home, townhouse or condominium of the last 24 months
 * (at most --sample, default 600, spread evenly) estimates it as of the day before its sale, from the
 * other sales only (its own is excluded and later sales are not known yet), with the facts its listing
 * has. Prints the median absolute percentage error (MdAPE) of the estimate against the sold price, the
 * share within 10 % and 20 %, how often the sold price lies inside the range, and the count (plus the
 * homes that got 'not enough sales nearby'). A report: it always exits 0.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db';
import type { Logger } from '../server/log';
import { seedListings } from '../server/seed/listings';
import { LOOKBACK_MONTHS } from '../server/valuation/comparables';
import { HOME_TYPES, valueHome, type HomeType } from '../server/valuation/estimate';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '8000' },
    sample: { type: 'string', default: '600' },
  },
});
const LISTINGS = Number(values.listings);
const SAMPLE = Number(values.sample);

const quiet: Logger = {
  info: () => undefined,
  warn: (m) => console.warn(m),
  error: (m, e) => console.error(m, e),
};

interface HeldOut {
  id: number;
  latitude: number;
  longitude: number;
  property_sub_type: string;
  bedrooms: number | null;
  bathrooms: number | null;
  area_sq_ft: number | null;
  year_built: number | null;
  sold_price: number;
  sold_at: Date;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

async function main() {
  const db = await openDatabase({ dataDir: 'memory://', logger: quiet });
  try {
    const started = performance.now();
    await seedListings(db, { listings: LISTINGS });
    console.log(`seeded ${LISTINGS} listings in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const typeOf = Object.fromEntries(Object.entries(HOME_TYPES).map(([k, v]) => [v, k as HomeType]));
    const { rows: latest } = await db.query<{ at: Date }>(`SELECT max(changed_at) AS at FROM listing_status_history WHERE status = 'Closed'`);
    const until = latest[0]!.at;
    const since = new Date(until);
    since.setUTCMonth(since.getUTCMonth() - LOOKBACK_MONTHS);
    const { rows: all } = await db.query<HeldOut>(
      `SELECT l.id, l.latitude, l.longitude, l.property_sub_type, l.bedrooms, l.bathrooms, l.area_sq_ft, l.year_built,
              h.price_in_pennies AS sold_price, h.changed_at AS sold_at
         FROM listings l JOIN listing_status_history h ON h.listing_id = l.id AND h.status = 'Closed'
        WHERE l.source = 'seed' AND l.classification = 'sale' AND l.property_sub_type = ANY($1::text[])
          AND l.latitude IS NOT NULL AND h.changed_at > $2
        ORDER BY l.id`,
      [Object.values(HOME_TYPES), since.toISOString()],
    );
    const step = Math.max(1, all.length / SAMPLE);
    const sample = Array.from({ length: Math.min(SAMPLE, all.length) }, (_, i) => all[Math.floor(i * step)]!);

    const errors: number[] = [];
    let inRange = 0;
    let notEnough = 0;
    const timed = performance.now();
    for (const sale of sample) {
      const value = await valueHome(
        db,
        {
          address: `listing ${sale.id}`,
          latitude: sale.latitude,
          longitude: sale.longitude,
          listingId: sale.id,
          homeType: typeOf[sale.property_sub_type]!,
          bedrooms: sale.bedrooms,
          bathrooms: sale.bathrooms,
          livingArea: sale.area_sq_ft,
          yearBuilt: sale.year_built,
          factsFromListing: true,
        },
        new Date(sale.sold_at.getTime() - 86_400_000),
      );
      if (value.estimateInPennies === null) {
        notEnough++;
        continue;
      }
      errors.push(Math.abs(value.estimateInPennies - sale.sold_price) / sale.sold_price);
      if (sale.sold_price >= value.lowInPennies! && sale.sold_price <= value.highInPennies!) inRange++;
    }
    const ms = (performance.now() - timed) / sample.length;
    const within = (limit: number) => errors.filter((e) => e <= limit).length / errors.length;
    console.log(`held-out sales of the last ${LOOKBACK_MONTHS} months: ${all.length}; estimated ${sample.length} of them (${ms.toFixed(1)} ms each)`);
    console.log(`  estimates: ${errors.length}, not enough sales nearby: ${notEnough}`);
    console.log(`  MdAPE: ${percent(median(errors))}`);
    console.log(`  within 10 %: ${percent(within(0.1))}; within 20 %: ${percent(within(0.2))}`);
    console.log(`  sold price inside the range: ${percent(inRange / errors.length)}`);
  } finally {
    await db.close();
  }
}

await main();
