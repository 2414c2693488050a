/**
 * The market metrics job: recomputes market_regions and market_metrics_monthly (migration 140) from every
 * listing and its status history, so that marketMetrics and housingSentences read a handful of rows per
 * request. Run after a RESO import (reso/import.ts), after the generated seed (seed/listings), at start and
 * hourly (scheduleMarketMetricsRefresh, started by server/app.ts).
 *
 * Homes for sale only (classification 'sale': rents and nightly prices are not house prices). Each listing
 * counts in its state, its city (by name, every state), its city and state, its ZIP — each
 * for every property type ('') and for its own, for every month that is over (the month under way has partial
 * counts: it shows once it ends). The history is read in ranges of listing ids, so a large
 * table is never held in memory at once; the tables are replaced in one transaction (idempotent: a second
 * run writes the same rows).
 */
import type { Database, Queryable } from '../../db';
import type { Logger } from '../../log';
import { US_STATES } from '../../site/us-states';
import { listingFacts, monthDate, monthIndex, RegionAccumulator, type HistoryEvent, type MonthFigures, type MonthHomes } from './monthly';
import { SECTION_COLUMNS, SECTION_HOMES_COLUMNS, SECTION_TYPES } from './market-metrics';

const ID_RANGE = 5_000;
const INSERT_ROWS = 2_000;
export const REFRESH_INTERVAL_MS = 60 * 60_000;

export type RegionKind = 'state' | 'city' | 'city_state' | 'zip';

/** The key of a region as stored (and looked up by market-metrics.ts). */
export const regionKey = {
  state: (state: string) => state.trim().toLowerCase(),
  city: (city: string) => city.trim().toLowerCase(),
  cityState: (city: string, state: string) => `${city.trim().toLowerCase()}, ${state.trim().toLowerCase()}`,
  zip: (zip: string) => zip.trim().toUpperCase(),
};

interface Region {
  kind: RegionKind;
  key: string;
  propertyType: string;
  displayName: string;
  currencyCode: string;
  accumulator: RegionAccumulator;
}

interface Row {
  listing_id: number;
  event: string;
  status: string;
  price_in_pennies: number;
  previous_price_in_pennies: number | null;
  changed_at: Date;
  area_sq_ft: number | null;
  city: string;
  state_province: string;
  postal_code: string;
  property_type: string;
  price_currency_code: string;
}


function regionsOf(row: Row): Omit<Region, 'accumulator'>[] {
  const out: Omit<Region, 'accumulator'>[] = [];
  const currencyCode = row.price_currency_code.trim();
  const city = row.city?.trim() ?? '';
  const state = row.state_province?.trim() ?? '';
  const zip = row.postal_code?.trim() ?? '';
  for (const propertyType of ['', row.property_type]) {
    if (state) out.push({ kind: 'state', key: regionKey.state(state), propertyType, displayName: US_STATES[state.toUpperCase()] ?? state, currencyCode });
    if (city) out.push({ kind: 'city', key: regionKey.city(city), propertyType, displayName: city, currencyCode });
    if (city && state) out.push({ kind: 'city_state', key: regionKey.cityState(city, state), propertyType, displayName: `${city}, ${state}`, currencyCode });
    if (zip) out.push({ kind: 'zip', key: regionKey.zip(zip), propertyType, displayName: zip, currencyCode });
  }
  return out;
}

async function computeRegions(db: Queryable): Promise<{ regions: Map<string, Region>; listings: number }> {
  const regions = new Map<string, Region>();
  const { rows: bounds } = await db.query<{ low: number | null; high: number | null }>(
    'SELECT min(listing_id)::float8 AS low, max(listing_id)::float8 AS high FROM listing_status_history',
  );
  const low = bounds[0]?.low;
  const high = bounds[0]?.high;
  let listings = 0;
  if (low === null || low === undefined || high === null || high === undefined) return { regions, listings };
  for (let from = low; from <= high; from += ID_RANGE) {
    const { rows } = await db.query<Row>(
      `SELECT h.listing_id, h.event, h.status, h.price_in_pennies::float8 AS price_in_pennies,
              h.previous_price_in_pennies::float8 AS previous_price_in_pennies, h.changed_at,
              l.area_sq_ft::float8 AS area_sq_ft, l.city, l.state_province, l.postal_code, l.property_type, l.price_currency_code
         FROM listing_status_history h JOIN listings l ON l.id = h.listing_id
        WHERE h.listing_id >= $1 AND h.listing_id < $2 AND l.classification = 'sale'
        ORDER BY h.listing_id, h.changed_at, h.id`,
      [from, from + ID_RANGE],
    );
    let start = 0;
    while (start < rows.length) {
      let end = start;
      while (end < rows.length && rows[end]!.listing_id === rows[start]!.listing_id) end++;
      const first = rows[start]!;
      const events: HistoryEvent[] = rows.slice(start, end).map((r) => ({
        event: r.event,
        status: r.status,
        priceInPennies: Number(r.price_in_pennies),
        previousPriceInPennies: r.previous_price_in_pennies === null ? null : Number(r.previous_price_in_pennies),
        changedAt: new Date(r.changed_at),
      }));
      const facts = listingFacts({ areaSqFt: first.area_sq_ft === null ? null : Number(first.area_sq_ft), events });
      if (facts) {
        listings++;
        for (const region of regionsOf(first)) {
          const id = `${region.kind}\u0000${region.key}\u0000${region.propertyType}`;
          let held = regions.get(id);
          if (!held) regions.set(id, (held = { ...region, accumulator: new RegionAccumulator() }));
          held.accumulator.add(facts);
        }
      }
      start = end;
    }
  }
  return { regions, listings };
}

export interface RefreshStats {
  listings: number;
  regions: number;
  months: number;
}

/**
 * The last month that is over at `now`: a month still under way is not shown (its counts are partial: half a
 * month's new listings against a whole month a year earlier is no change of the market), so a region's figures
 * end with the month before.
 */
const lastMonthOver = (now: Date) => monthIndex(now) - 1;

/**
 * The tables are rewritten by one transaction at a time across every process (API processes importing listings,
 * several workers refreshing on their schedule): without it, two full refreshes at once each delete only the rows
 * they saw and both insert, and the second fails on the regions' key. Waits, so the later refresh writes last.
 */
async function lockMarketMetrics(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':hearth_market_metrics'))`);
}

async function writeRegions(tx: Queryable, regions: Map<string, Region>, now: Date): Promise<number> {
  await tx.query('DELETE FROM market_regions');
  const all = [...regions.values()].map((region) => ({ region, months: region.accumulator.months(lastMonthOver(now)) })).filter((r) => r.months.length > 0);
  const list = all.map((r) => r.region);
  const span = new Map(all.map((r) => [r.region, { first: r.months[0]!.month, last: r.months.at(-1)!.month }]));
  for (let i = 0; i < list.length; i += INSERT_ROWS) {
    const chunk = list.slice(i, i + INSERT_ROWS);
    await tx.query(
      `INSERT INTO market_regions (region_kind, region_key, property_type, display_name, currency_code, first_month, last_month)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::date[], $7::date[])`,
      [
        chunk.map((r) => r.kind),
        chunk.map((r) => r.key),
        chunk.map((r) => r.propertyType),
        chunk.map((r) => r.displayName),
        chunk.map((r) => r.currencyCode),
        chunk.map((r) => monthDate(span.get(r)!.first)),
        chunk.map((r) => monthDate(span.get(r)!.last)),
      ],
    );
  }
  return insertMonths(tx, all);
}

// ---------------------------------------------------------------------------------------------------
// Incremental: only the regions of changed listings, only from the first month they touch

interface ChangedRow {
  id: number;
  city: string;
  state_province: string;
  postal_code: string;
  property_type: string;
  price_currency_code: string;
  first_change: Date | null;
}

const regionId = (r: Pick<Region, 'kind' | 'key' | 'propertyType'>) => `${r.kind}\u0000${r.key}\u0000${r.propertyType}`;

/**
 * After an import: recomputes only the regions the changed listings belong to (their state, city, city and state,
 * ZIP; every type and their own) from those regions' listings — never the whole table — and rewrites only the
 * months from the first month of the changed listings' history on; every other region and earlier month stays as
 * it is. A region a listing has left (its city corrected, say) is caught by the hourly full refresh.
 */
export async function refreshMarketMetricsForListings(db: Database, listingIds: readonly number[], now = new Date()): Promise<RefreshStats> {
  const ids = [...new Set(listingIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (ids.length === 0) return { listings: 0, regions: 0, months: 0 };
  const { rows: changed } = await db.query<ChangedRow>(
    `SELECT l.id, l.city, l.state_province, l.postal_code, l.property_type, l.price_currency_code,
            (SELECT min(h.changed_at) FROM listing_status_history h WHERE h.listing_id = l.id) AS first_change
       FROM listings l WHERE l.id = ANY($1::bigint[]) AND l.classification = 'sale'`,
    [ids],
  );
  // The regions to redo, each from the first month one of its changed listings touches.
  const targets = new Map<string, { region: Omit<Region, 'accumulator'>; from: number }>();
  for (const row of changed) {
    if (!row.first_change) continue;
    const from = monthIndex(new Date(row.first_change));
    for (const region of regionsOf(row as unknown as Row)) {
      const held = targets.get(regionId(region));
      if (!held || from < held.from) targets.set(regionId(region), { region, from });
    }
  }
  if (targets.size === 0) return { listings: 0, regions: 0, months: 0 };
  const states = new Set<string>();
  const cities = new Set<string>();
  const zips = new Set<string>();
  for (const { region } of targets.values()) {
    if (region.kind === 'state') states.add(region.key);
    if (region.kind === 'city' || region.kind === 'city_state') cities.add(region.kind === 'city' ? region.key : region.key.slice(0, region.key.lastIndexOf(', ')));
    if (region.kind === 'zip') zips.add(region.key);
  }
  // Every sale listing of those regions (a state's, a city's, a ZIP's): their accumulators start empty.
  const { rows } = await db.query<Row>(
    `SELECT h.listing_id, h.event, h.status, h.price_in_pennies::float8 AS price_in_pennies,
            h.previous_price_in_pennies::float8 AS previous_price_in_pennies, h.changed_at,
            l.area_sq_ft::float8 AS area_sq_ft, l.city, l.state_province, l.postal_code, l.property_type, l.price_currency_code
       FROM listing_status_history h JOIN listings l ON l.id = h.listing_id
      WHERE l.classification = 'sale'
        AND (lower(btrim(l.state_province)) = ANY($1::text[]) OR lower(btrim(l.city)) = ANY($2::text[]) OR upper(btrim(l.postal_code)) = ANY($3::text[]))
      ORDER BY h.listing_id, h.changed_at, h.id`,
    [[...states], [...cities], [...zips]],
  );
  const regions = new Map<string, Region>();
  for (const { region } of targets.values()) regions.set(regionId(region), { ...region, accumulator: new RegionAccumulator() });
  let listings = 0;
  let start = 0;
  while (start < rows.length) {
    let end = start;
    while (end < rows.length && rows[end]!.listing_id === rows[start]!.listing_id) end++;
    const first = rows[start]!;
    const facts = listingFacts({ areaSqFt: first.area_sq_ft === null ? null : Number(first.area_sq_ft), events: eventsOf(rows.slice(start, end)) });
    if (facts) {
      let counted = false;
      for (const region of regionsOf(first)) {
        const held = regions.get(regionId(region));
        if (!held) continue;
        held.accumulator.add(facts);
        counted = true;
      }
      if (counted) listings++;
    }
    start = end;
  }
  const months = await db.transaction(async (tx) => {
    await lockMarketMetrics(tx);
    let written = 0;
    for (const [id, region] of regions) {
      const where = 'region_kind = $1 AND region_key = $2 AND property_type = $3';
      const key = [region.kind, region.key, region.propertyType];
      const all = region.accumulator.months(lastMonthOver(now));
      if (all.length === 0) {
        await tx.query(`DELETE FROM market_regions WHERE ${where}`, key);
        continue;
      }
      const { rows: stored } = await tx.query(`SELECT 1 FROM market_regions WHERE ${where}`, key);
      // A region new to the table gets every month; a known one only those from the first changed month on.
      const from = stored.length ? targets.get(id)!.from : -Infinity;
      const firstMonth = monthDate(all[0]!.month);
      const lastMonth = monthDate(all.at(-1)!.month);
      await tx.query(
        `INSERT INTO market_regions (region_kind, region_key, property_type, display_name, currency_code, first_month, last_month)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (region_kind, region_key, property_type) DO UPDATE SET display_name = EXCLUDED.display_name,
           currency_code = EXCLUDED.currency_code, first_month = EXCLUDED.first_month, last_month = EXCLUDED.last_month`,
        [...key, region.displayName, region.currencyCode, firstMonth, lastMonth],
      );
      await tx.query(`DELETE FROM market_metrics_monthly WHERE ${where} AND (month >= $4 OR month < $5 OR month > $6)`, [
        ...key,
        Number.isFinite(from) ? monthDate(from) : firstMonth,
        firstMonth,
        lastMonth,
      ]);
      written += await insertMonths(tx, [{ region, months: all.filter((m) => m.month >= from) }]);
    }
    return written;
  });
  return { listings, regions: regions.size, months };
}

/** Above this many changed listings (a first load), one full refresh costs less than region by region. */
export const INCREMENTAL_MAX_LISTINGS = 5_000;

/** After an import: the regions of the changed listings (by ListingKey), or everything after a large load. */
export async function refreshMarketMetricsAfterImport(db: Database, listingKeys: readonly string[]): Promise<RefreshStats> {
  if (listingKeys.length === 0) return { listings: 0, regions: 0, months: 0 };
  if (listingKeys.length > INCREMENTAL_MAX_LISTINGS) return refreshMarketMetrics(db);
  const { rows } = await db.query<{ id: number | string }>('SELECT id FROM listings WHERE listing_key = ANY($1::text[])', [[...listingKeys]]);
  return refreshMarketMetricsForListings(
    db,
    rows.map((r) => Number(r.id)),
  );
}

const eventsOf = (rows: Row[]): HistoryEvent[] =>
  rows.map((r) => ({
    event: r.event,
    status: r.status,
    priceInPennies: Number(r.price_in_pennies),
    previousPriceInPennies: r.previous_price_in_pennies === null ? null : Number(r.previous_price_in_pennies),
    changedAt: new Date(r.changed_at),
  }));

/** The homes behind each median, stored beside the figures (the counts are their own). */
const HOMES_COLUMNS = [...new Set(SECTION_TYPES.map((s) => SECTION_HOMES_COLUMNS[s]))].filter((c) => !SECTION_TYPES.some((s) => SECTION_COLUMNS[s] === c));
const INTEGER_COLUMNS = new Set(['active_inventory', 'new_listings', 'price_drops', ...HOMES_COLUMNS]);

/** Inserts the given months of each region into market_metrics_monthly, in batches; answers how many. */
async function insertMonths(tx: Queryable, list: { region: Region; months: { month: number; figures: MonthFigures; homes: MonthHomes }[] }[]): Promise<number> {
  const columns = [...SECTION_TYPES.map((s) => SECTION_COLUMNS[s]), ...HOMES_COLUMNS];
  const homesOf = (homes: MonthHomes, column: string) => homes[SECTION_TYPES.find((s) => SECTION_HOMES_COLUMNS[s] === column)!];
  let pending: { region: Region; month: number; values: (number | null)[] }[] = [];
  let months = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const params: unknown[] = [
      pending.map((p) => p.region.kind),
      pending.map((p) => p.region.key),
      pending.map((p) => p.region.propertyType),
      pending.map((p) => monthDate(p.month)),
      ...columns.map((_, c) => pending.map((p) => p.values[c])),
    ];
    const casts = columns.map((column, c) => `$${c + 5}::${INTEGER_COLUMNS.has(column) ? 'int4' : 'float8'}[]`);
    await tx.query(
      `INSERT INTO market_metrics_monthly (region_kind, region_key, property_type, month, ${columns.join(', ')})
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::date[], ${casts.join(', ')})`,
      params,
    );
    months += pending.length;
    pending = [];
  };
  for (const { region, months: rows } of list) {
    for (const { month, figures, homes } of rows) {
      pending.push({ region, month, values: [...SECTION_TYPES.map((s) => figures[s] ?? null), ...HOMES_COLUMNS.map((c) => homesOf(homes, c))] });
      if (pending.length >= INSERT_ROWS) await flush();
    }
  }
  await flush();
  return months;
}

const running = new WeakMap<Database, Promise<RefreshStats>>();

/**
 * Recomputes every region, up to the last month that is over at `now`; a call while one runs on the same database
 * waits for it and runs once more.
 */
export function refreshMarketMetrics(db: Database, now = new Date()): Promise<RefreshStats> {
  const before = running.get(db) ?? Promise.resolve(null);
  const next = before
    .catch(() => null)
    .then(async () => {
      const { regions, listings } = await computeRegions(db);
      return db.transaction(async (tx) => {
        await lockMarketMetrics(tx);
        const months = await writeRegions(tx, regions, now);
        await tx.query(
          `INSERT INTO market_metrics_refresh (id, refreshed_at, listings, regions) VALUES (true, now(), $1, $2)
           ON CONFLICT (id) DO UPDATE SET refreshed_at = now(), listings = $1, regions = $2`,
          [listings, regions.size],
        );
        return { listings, regions: regions.size, months };
      });
    });
  running.set(db, next);
  return next;
}

/**
 * Refreshes every REFRESH_INTERVAL_MS until stopped, and at start only when the stored figures are older than
 * that (or were never computed): a restart does not redo what the seed, an import or the last run just did.
 * A failed run is logged and the next one tries again.
 */
export function scheduleMarketMetricsRefresh(db: Database, options: { logger: Logger; intervalMs?: number }): { stop(): Promise<void> } {
  const intervalMs = options.intervalMs ?? REFRESH_INTERVAL_MS;
  const fail = (error: unknown) => options.logger.error('[market] market metrics refresh failed', error);
  const run = () => refreshMarketMetrics(db).then(() => undefined, fail);
  const stale = async () => {
    const { rows } = await db.query<{ refreshed_at: Date }>('SELECT refreshed_at FROM market_metrics_refresh');
    return !rows[0] || Date.now() - rows[0].refreshed_at.getTime() >= intervalMs;
  };
  let last: Promise<unknown> = stale().then((due) => (due ? run() : undefined), fail);
  const timer = setInterval(() => {
    last = run();
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await last;
    },
  };
}
