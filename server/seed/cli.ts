/**
 * `npm run seed [-- --listings N] [--seed S] [--fresh]`: migrates and seeds the database of DATABASE_URL,
 * or the embedded one in the data directory (DATA_DIR, server/paths.ts). Partners and demo listings
 * always; with --listings, N generated listings (RESO records through the importer's bulk path), then the
 * table is clustered and analysed.
 * --fresh removes earlier generated listings first (benchmarks at another size).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../db';
import { summarize } from '../listings/reso/import';
import { seed } from './index';
import { seedListings } from './listings';
import { DEFAULT_SEED } from './listings/generate';

const USAGE = 'usage: npm run seed [-- --listings N] [--seed S] [--fresh]';
const { values } = parseArgs({
  options: {
    listings: { type: 'string' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    fresh: { type: 'boolean', default: false },
  },
});
const listings = values.listings === undefined ? 0 : Number(values.listings);
const seedNumber = Number(values.seed);
if (!Number.isSafeInteger(listings) || listings < 0 || !Number.isSafeInteger(seedNumber)) {
  console.error(USAGE);
  process.exit(2);
}

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
try {
  await seed(db);
  if (listings > 0) {
    const started = performance.now();
    const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    const stats = await seedListings(db, {
      listings,
      seed: seedNumber,
      fresh: values.fresh,
      onProgress: (s) => console.info(`[seed] ${s.processed} listings (${elapsed()})`),
    });
    console.info(`[seed] listings: ${JSON.stringify(summarize(stats))} in ${elapsed()} (clustered and analysed)`);
  }
  console.info(`[seed] done (${db.engine})`);
} finally {
  await db.close();
}
