/**
 * The RESO import: validate each Property record (a bad one is reported and skipped, never half-written),
 * map it, store it, count what happened. Sources: a file (`{ "value": [...] }`), a RESO Web API URL
 * (OData paging through @odata.nextLink, incremental by ModificationTimestamp), or records in memory
 * (the seed).
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Database } from '../../db';
import { refreshMarketMetricsAfterImport } from '../metrics/refresh';
import { mapProperty, type MappedProperty } from './mapping';
import { describeIssues, propertySchema } from './record';
import { BULK_BATCH_SIZE, bulkInsertProperties, upsertProperty, type UpsertOutcome } from './store';

export interface SkippedRecord {
  /** Position in the source (0-based, across pages). */
  index: number;
  listingKey: string | null;
  reason: string;
}

export interface ImportStats {
  processed: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Of the stored records: InternetEntireListingDisplayYN = false (kept, never shown). */
  hidden: number;
  /** Of the stored records: InternetAddressDisplayYN = false (address withheld from display). */
  addressWithheld: number;
  /** The first MAX_SKIPPED_LISTED skipped records with their reasons. */
  skippedRecords: SkippedRecord[];
  /** The greatest ModificationTimestamp among the valid records. */
  maxModificationTimestamp: Date | null;
  /** ListingKeys of the records inserted or updated: the market figures are refreshed for their regions only. */
  changedListingKeys: string[];
}

export interface ImportOptions {
  /** Names the feed: reso_replication.source and listings.source. */
  source: string;
  /** onProgress runs after every this many records. Default 1000. */
  progressEvery?: number;
  onProgress?: (stats: ImportStats) => void;
  /** Multi-row inserts for new ListingKeys (seed, first loads); existing keys still go one by one. */
  bulk?: boolean;
}

const MAX_SKIPPED_LISTED = 1000;
const DEFAULT_PROGRESS_EVERY = 1000;

export const emptyStats = (): ImportStats => ({
  processed: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  hidden: 0,
  addressWithheld: 0,
  skippedRecords: [],
  maxModificationTimestamp: null,
  changedListingKeys: [],
});

/** `{ inserted, updated, unchanged, skipped, reasons }` for logs and reso_replication.last_run_stats. */
export function summarize(stats: ImportStats) {
  const reasons: Record<string, number> = {};
  for (const s of stats.skippedRecords) reasons[s.reason] = (reasons[s.reason] ?? 0) + 1;
  return {
    processed: stats.processed,
    inserted: stats.inserted,
    updated: stats.updated,
    unchanged: stats.unchanged,
    skipped: stats.skipped,
    hidden: stats.hidden,
    addressWithheld: stats.addressWithheld,
    skippedReasons: reasons,
  };
}

export type ValidatedRecord = { ok: true; mapped: MappedProperty } | { ok: false; listingKey: string | null; reason: string };

export function validateRecord(raw: unknown, source: string): ValidatedRecord {
  const parsed = propertySchema.safeParse(raw);
  if (!parsed.success) {
    const key = (raw as { ListingKey?: unknown } | null)?.ListingKey;
    return { ok: false, listingKey: typeof key === 'string' ? key : null, reason: describeIssues(parsed.error) };
  }
  return { ok: true, mapped: mapProperty(parsed.data, source) };
}

/** Streams records through validation and storage, adding to `stats`. */
export class RecordImporter {
  readonly stats: ImportStats;
  readonly #db: Database;
  readonly #options: ImportOptions;
  #pending: { index: number; mapped: MappedProperty }[] = [];
  #nextIndex = 0;

  constructor(db: Database, options: ImportOptions, stats: ImportStats = emptyStats()) {
    this.#db = db;
    this.#options = options;
    this.stats = stats;
  }

  async add(records: readonly unknown[]): Promise<void> {
    for (const raw of records) {
      const index = this.#nextIndex++;
      const result = validateRecord(raw, this.#options.source);
      if (!result.ok) {
        this.#skip(index, result.listingKey, result.reason);
        continue;
      }
      const ts = result.mapped.listing.modificationTimestamp;
      if (!this.stats.maxModificationTimestamp || ts > this.stats.maxModificationTimestamp) {
        this.stats.maxModificationTimestamp = ts;
      }
      if (this.#options.bulk) {
        this.#pending.push({ index, mapped: result.mapped });
        if (this.#pending.length >= BULK_BATCH_SIZE) await this.flush();
      } else {
        await this.#upsert(index, result.mapped);
      }
    }
  }

  /** Writes what the bulk path holds back. Call once after the last add(). */
  async flush(): Promise<void> {
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0) return;
    let leftover: { index: number; mapped: MappedProperty }[];
    try {
      const { inserted, existing } = await bulkInsertProperties(
        this.#db,
        batch.map((b) => b.mapped),
        this.#options.source,
      );
      const existingSet = new Set(existing);
      for (const b of batch) if (!existingSet.has(b.mapped)) this.#count(b.mapped, 'inserted');
      leftover = batch.filter((b) => existingSet.has(b.mapped));
      if (inserted + leftover.length !== batch.length) throw new Error('bulk insert count mismatch');
    } catch {
      // One bad row fails the whole statement; one by one, only that record is lost.
      leftover = batch;
    }
    for (const b of leftover) await this.#upsert(b.index, b.mapped);
  }

  async #upsert(index: number, mapped: MappedProperty): Promise<void> {
    try {
      const outcome = await upsertProperty(this.#db, mapped, this.#options.source);
      this.#count(mapped, outcome);
    } catch (error) {
      this.#skip(index, mapped.listing.listingKey, `database: ${(error as Error).message}`);
    }
  }

  #count(mapped: MappedProperty, outcome: UpsertOutcome): void {
    this.stats[outcome]++;
    if (outcome !== 'unchanged') {
      this.stats.changedListingKeys.push(mapped.listing.listingKey);
      if (!mapped.listing.internetEntireListingDisplay) this.stats.hidden++;
      if (!mapped.listing.internetAddressDisplay) this.stats.addressWithheld++;
    }
    this.#processed();
  }

  #skip(index: number, listingKey: string | null, reason: string): void {
    this.stats.skipped++;
    if (this.stats.skippedRecords.length < MAX_SKIPPED_LISTED) this.stats.skippedRecords.push({ index, listingKey, reason });
    this.#processed();
  }

  #processed(): void {
    this.stats.processed++;
    const every = this.#options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
    if (this.#options.onProgress && this.stats.processed % every === 0) this.#options.onProgress(this.stats);
  }
}

/** Imports records held in memory (the seed, tests). */
export async function importRecords(db: Database, records: readonly unknown[], options: ImportOptions): Promise<ImportStats> {
  const importer = new RecordImporter(db, options);
  await importer.add(records);
  await importer.flush();
  return importer.stats;
}

// ---- replication bookkeeping ----------------------------------------------------------------------

async function startRun(db: Database, source: string): Promise<Date | null> {
  const { rows } = await db.query<{ last_modification_timestamp: Date | null }>(
    `INSERT INTO reso_replication (source, last_run_started_at) VALUES ($1, now())
     ON CONFLICT (source) DO UPDATE SET last_run_started_at = now(), updated_at = now()
     RETURNING last_modification_timestamp`,
    [source],
  );
  const ts = rows[0]?.last_modification_timestamp;
  return ts ? new Date(ts) : null;
}

async function saveHighWaterMark(db: Database, source: string, mark: Date): Promise<void> {
  await db.query(
    `UPDATE reso_replication
        SET last_modification_timestamp = GREATEST(coalesce(last_modification_timestamp, $2::timestamptz), $2::timestamptz),
            updated_at = now()
      WHERE source = $1`,
    [source, mark.toISOString()],
  );
}

async function finishRun(db: Database, source: string, stats: ImportStats, error?: unknown): Promise<void> {
  const summary = { ...summarize(stats), ...(error ? { error: String((error as Error).message ?? error) } : {}) };
  await db.query(
    `UPDATE reso_replication SET last_run_finished_at = now(), last_run_stats = $2::text::jsonb, updated_at = now()
      WHERE source = $1`,
    [source, JSON.stringify(summary)],
  );
  if (!error && stats.maxModificationTimestamp) await saveHighWaterMark(db, source, stats.maxModificationTimestamp);
  // The market figures follow each completed import, for the regions of the changed listings only (a failed
  // run's records wait for the hourly refresh).
  if (!error) await refreshMarketMetricsAfterImport(db, stats.changedListingKeys);
}

// ---- file ------------------------------------------------------------------------------------------

/** Reads `{ "value": [...] }` (an OData response) or a bare array. */
function recordsOf(body: unknown, where: string): unknown[] {
  if (Array.isArray(body)) return body;
  const value = (body as { value?: unknown } | null)?.value;
  if (Array.isArray(value)) return value;
  throw new Error(`${where}: expected an OData response { "value": [ ...Property records ] }`);
}

export async function importFile(db: Database, file: string, options: Omit<ImportOptions, 'source'> & { source?: string } = {}) {
  const source = options.source ?? `file:${basename(file)}`;
  let body: unknown;
  try {
    body = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not readable as JSON (${(error as Error).message})`);
  }
  const records = recordsOf(body, file);
  await startRun(db, source);
  const stats = await importRecords(db, records, { ...options, source });
  await finishRun(db, source, stats);
  return stats;
}

// ---- RESO Web API (OData) ----------------------------------------------------------------------------

export interface ReplicateOptions extends Omit<ImportOptions, 'source' | 'bulk'> {
  /** Bearer token for the feed; sent only to the feed's own origin. */
  token?: string;
  fetch?: typeof fetch;
  /** Stops after this many pages (a guard against a feed that pages forever). Default 100,000. */
  maxPages?: number;
}

/** The first request: the feed URL asking only for what changed after `since`, oldest first. */
export function firstPageUrl(feedUrl: string, since: Date | null): URL {
  const url = new URL(feedUrl);
  const params = url.searchParams;
  if (since) {
    const newer = `ModificationTimestamp gt ${since.toISOString()}`;
    const existing = params.get('$filter');
    params.set('$filter', existing ? `(${existing}) and ${newer}` : newer);
  }
  if (!params.has('$orderby')) params.set('$orderby', 'ModificationTimestamp asc');
  if (!params.has('$expand')) params.set('$expand', 'Media,OpenHouse');
  return url;
}

/**
 * Replicates a RESO Web API Property resource: follows @odata.nextLink, upserts every record, and moves
 * the high-water mark forward as pages complete, so an interrupted run resumes where it stopped.
 */
export async function replicateFromUrl(db: Database, feedUrl: string, options: ReplicateOptions = {}): Promise<ImportStats> {
  const start = new URL(feedUrl);
  if (start.protocol !== 'https:' && start.protocol !== 'http:') throw new Error(`${feedUrl}: not an http(s) URL`);
  const source = `${start.origin}${start.pathname}`;
  const doFetch = options.fetch ?? fetch;
  const maxPages = options.maxPages ?? 100_000;

  const since = await startRun(db, source);
  const importer = new RecordImporter(db, { ...options, source });
  let next: URL | null = firstPageUrl(feedUrl, since);
  const visited = new Set<string>();
  try {
    while (next) {
      if (visited.has(next.href)) throw new Error(`${next.href}: @odata.nextLink points back to a page already read`);
      if (visited.size >= maxPages) throw new Error(`stopped after ${maxPages} pages`);
      visited.add(next.href);
      const headers: Record<string, string> = { Accept: 'application/json' };
      // A nextLink to another host must not receive our credentials.
      if (options.token && next.origin === start.origin) headers.Authorization = `Bearer ${options.token}`;
      const response = await doFetch(next, { headers });
      if (!response.ok) throw new Error(`${next.href}: HTTP ${response.status} ${response.statusText}`.trim());
      const body = (await response.json()) as { value?: unknown; '@odata.nextLink'?: unknown };
      const records = recordsOf(body, next.href);
      await importer.add(records);

      const link = body['@odata.nextLink'];
      next = typeof link === 'string' && link.length > 0 ? new URL(link, next) : null;
      if (next) {
        // Records are oldest first: everything strictly older than this page's newest is done. Records
        // sharing that newest timestamp may continue on the next page, so the mark stops short of it.
        const mark = safeMark(records);
        if (mark) await saveHighWaterMark(db, source, mark);
      }
    }
  } catch (error) {
    await finishRun(db, source, importer.stats, error);
    throw error;
  }
  await finishRun(db, source, importer.stats);
  return importer.stats;
}

function safeMark(records: readonly unknown[]): Date | null {
  const times = records
    .map((r) => Date.parse(String((r as { ModificationTimestamp?: unknown } | null)?.ModificationTimestamp)))
    .filter((t) => Number.isFinite(t));
  if (times.length === 0) return null;
  const newest = Math.max(...times);
  const older = times.filter((t) => t < newest);
  return older.length > 0 ? new Date(Math.max(...older)) : null;
}
