/**
 * `npm run import:reso -- <file-or-url> [--token T] [--progress N] [--bulk]`
 * Imports RESO Property records into the database of DATABASE_URL, or the embedded one in the data
 * directory (DATA_DIR, server/paths.ts).
 * The token may also come from RESO_TOKEN (keeps it out of the shell history).
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../../db';
import { importFile, replicateFromUrl, summarize, type ImportStats } from './import';
import { refreshMapCells } from '../search/map-cells';

const USAGE = 'usage: npm run import:reso -- <file-or-url> [--token T] [--progress N] [--bulk]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    token: { type: 'string' },
    progress: { type: 'string', default: '1000' },
    bulk: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const target = positionals[0];
const progressEvery = Number(values.progress);
if (values.help || !target || positionals.length > 1 || !Number.isInteger(progressEvery) || progressEvery < 1) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const onProgress = (s: ImportStats) =>
  console.info(
    `[reso] ${s.processed} records: ${s.inserted} inserted, ${s.updated} updated, ${s.unchanged} unchanged, ${s.skipped} skipped`,
  );

const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
let failed = false;
try {
  const started = performance.now();
  const isUrl = /^https?:\/\//i.test(target);
  const stats = isUrl
    ? await replicateFromUrl(db, target, { token: values.token ?? process.env.RESO_TOKEN, progressEvery, onProgress })
    : await importFile(db, target, { progressEvery, onProgress, bulk: values.bulk });
  // The map clusters of what changed now, so the first map view after the import does not wait for them.
  await refreshMapCells(db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const summary = summarize(stats);
  console.info(
    `[reso] done in ${seconds} s: ${summary.inserted} inserted, ${summary.updated} updated, ` +
      `${summary.unchanged} unchanged, ${summary.skipped} skipped ` +
      `(${summary.hidden} hidden from display, ${summary.addressWithheld} with the address withheld)`,
  );
  for (const s of stats.skippedRecords) {
    console.info(`[reso] skipped record #${s.index}${s.listingKey ? ` (ListingKey ${s.listingKey})` : ''}: ${s.reason}`);
  }
  if (stats.skipped > stats.skippedRecords.length) {
    console.info(`[reso] … and ${stats.skipped - stats.skippedRecords.length} more skipped records`);
  }
} catch (error) {
  failed = true;
  console.error(`[reso] import failed: ${(error as Error).message}`);
} finally {
  await db.close();
}
process.exit(failed ? 1 : 0);
