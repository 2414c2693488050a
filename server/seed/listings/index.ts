/**
 * Loads the generated listings through the RESO importer (bulk path), then orders the table along the
 * spatial index and refreshes the planner's statistics.
 */
import type { Database } from '../../db';
import { RecordImporter, type ImportStats } from '../../listings/reso/import';
import { rebuildMapCells } from '../../listings/search/map-cells';
import { refreshMarketMetrics } from '../../listings/metrics/refresh';
import { generateListingRecords, type GenerateOptions } from './generate';

export const SEED_SOURCE = 'seed';
/**
 * Listing rows on first start: 9,600 homes for sale over three and a half years of market (about 520 of them for
 * sale now, 7,900 sold), 2,000 rentals (1,400 on the market) and 360 stays. First start takes about 1.25× the CPU
 * time it took with the 8,000 rows of the earlier seed (docs/benchmarks.md).
 */
export const DEFAULT_SEED_LISTINGS = 12_000;

export interface SeedListingsOptions extends Partial<GenerateOptions> {
  /** Remove earlier seed listings first (a benchmark run with another size). */
  fresh?: boolean;
  onProgress?: (stats: ImportStats) => void;
  progressEvery?: number;
}

export async function seedListings(db: Database, options: SeedListingsOptions = {}): Promise<ImportStats> {
  if (options.fresh) await db.query(`DELETE FROM listings WHERE source = $1`, [SEED_SOURCE]);
  const importer = new RecordImporter(db, {
    source: SEED_SOURCE,
    bulk: true,
    onProgress: options.onProgress,
    progressEvery: options.progressEvery ?? 10_000,
  });
  for (const batch of generateListingRecords({ ...options, listings: options.listings ?? DEFAULT_SEED_LISTINGS })) {
    await importer.add(batch);
  }
  await importer.flush();
  await organizeListings(db);
  await refreshMarketMetrics(db);
  return importer.stats;
}

/**
 * After a bulk load: rewrite the table in Hilbert order (listings near each other on the map share
 * pages) and VACUUM (ANALYZE): the planner knows the new data, and the visibility map lets the search
 * read ids from its covering index alone (migration 080).
 */
export async function organizeListings(db: Database): Promise<void> {
  await db.exec('CLUSTER listings USING listings_spatial_key_idx');
  await db.exec('VACUUM (ANALYZE) listings, open_houses, listing_status_history, stay_availability');
  // The precomputed map clusters, all at once (cheaper than cell by cell after a bulk load).
  await rebuildMapCells(db);
}

/** On first start: only when the listings table holds nothing but the demo listings (source 'demo': the three
 * of the demo accounts, the demo sales of the home value and the demo rentals and stays). */
export async function seedListingsIfEmpty(db: Database, listings: number): Promise<ImportStats | null> {
  const { rows } = await db.query<{ other: boolean }>(
    // Demo listings and sellers' own listings (the seed's demo seller case among them) are not a feed.
    `SELECT EXISTS (SELECT 1 FROM listings WHERE source IS DISTINCT FROM 'demo' AND source IS DISTINCT FROM 'seller') AS other`,
  );
  if (rows[0]?.other || listings <= 0) return null;
  return seedListings(db, { listings });
}
