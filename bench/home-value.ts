/**
 * `node --import tsx bench/home-value.ts [--listings N] [--sample N]` (npm run bench:home-value): how far
 * the home value estimate (server/valuation/) is from the truth, on held-out sales of the seed data.
 *
 * Generates N seed listings (default: the first-start seed, DEFAULT_SEED_LISTINGS) into an in-memory PGlite,
 * then for each sold single-family home, townhouse or condominium of the last 24 months (at most --sample,
 * default 600, spread evenly) estimates it as of the day before its sale, from the other sales only (its own
 * is excluded and later sales are not known yet), with the facts its listing has — twice: off the market (as
 * an owner would ask, its list price unknown) and on the market (its own list price that day, which the
 * estimate leans on). Prints, for each: the median absolute percentage error (MdAPE) against the sold price,
 * the share within 10 % and 20 %, and how often the sold price lies inside the 80 % range; and the MdAPE of
 * the local regression alone (step 1 of server/valuation/comparables.ts) beside the comparables built on it.
 * A report: it always exits 0.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db';
import type { Logger } from '../server/log';
import { DEFAULT_SEED_LISTINGS, seedListings } from '../server/seed/listings';
import { LOOKBACK_MONTHS, RANGE_PROBABILITY } from '../server/valuation/comparables';
import { HOME_TYPES, valueHome, type HomeType, type HomeValue } from '../server/valuation/estimate';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: String(DEFAULT_SEED_LISTINGS) },
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

/** The errors of one way of estimating, and how often the sold price fell inside its range. */
class Tally {
  errors: number[] = [];
  inside = 0;
  none = 0;

  add(value: HomeValue, sold: number, estimate = value.estimateInPennies): void {
    if (estimate === null) {
      this.none++;
      return;
    }
    this.errors.push(Math.abs(estimate - sold) / sold);
    if (value.lowInPennies !== null && sold >= value.lowInPennies && sold <= value.highInPennies!) this.inside++;
  }

  line(name: string, withRange = true): string {
    const within = (limit: number) => this.errors.filter((e) => e <= limit).length / this.errors.length;
    return (
      `  ${name}: MdAPE ${percent(median(this.errors))}; within 10 %: ${percent(within(0.1))}; within 20 %: ${percent(within(0.2))}` +
      (withRange ? `; sold price inside the ${percent(RANGE_PROBABILITY)} range: ${percent(this.inside / this.errors.length)}` : '') +
      ` (${this.errors.length} estimates${this.none ? `, ${this.none} without` : ''})`
    );
  }
}

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

    const off = new Tally();
    const regression = new Tally();
    const on = new Tally();
    const timed = performance.now();
    for (const sale of sample) {
      const home = {
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
      };
      const dayBefore = new Date(sale.sold_at.getTime() - 86_400_000);
      const sold = Number(sale.sold_price);
      const offMarket = await valueHome(db, home, dayBefore, { useListPrice: false });
      off.add(offMarket, sold);
      regression.add(offMarket, sold, offMarket.modelEstimateInPennies);
      const onMarket = await valueHome(db, home, dayBefore);
      if (onMarket.listPriceInPennies === null) on.none++;
      else on.add(onMarket, sold);
    }
    const ms = (performance.now() - timed) / (2 * sample.length);
    console.log(`held-out sales of the last ${LOOKBACK_MONTHS} months: ${all.length}; estimated ${sample.length} of them as of the day before they sold (${ms.toFixed(1)} ms an estimate)`);
    console.log(off.line('off the market (its list price unknown)'));
    console.log(on.line('on the market (its own list price that day)'));
    console.log(regression.line('the local regression alone, off the market', false));
  } finally {
    await db.close();
  }
}

await main();
