/**
 * The map grid (DESIGN §5 map pins): world-aligned quadtree cells, the same grid as listings.spatial_key
 * (server/listings/spatial.ts). At level z the world is 2^z × 2^z cells: a cell is 360/2^z degrees of
 * longitude by 180/2^z of latitude, and the listings in it are those whose Hilbert key shares its top
 * 2z bits. Clusters are these cells, so they stay put while the map pans.
 *
 * Precomputed: listing_map_cells (migration 060) holds, per level 0..MAX_LEVEL, cell and classification,
 * the count, position sums and price range of the public, searchable listings. A whole-region viewport
 * then reads at most 17 × 17 cells of one level instead of aggregating every listing in it. A trigger
 * marks changed cells dirty; `ensureFreshCells` refreshes them before a read, so a read is never stale;
 * `rebuildMapCells` redoes everything after a bulk load.
 */
import type { Queryable } from '../../db';
import { VersionedCache } from '../../db/changes';
import { SEARCHABLE_STATUSES } from './listing';
import type { GeoBounds } from './filters';

/** The finest precomputed level: cells of about 115 × 76 m at 40° N. The trigger in 060 says 18 too. */
export const MAX_LEVEL = 18;
/** The finest level any viewport uses (live aggregation above MAX_LEVEL): the spatial_key's own grid. */
export const MAX_GRID_LEVEL = 24;
/** Cells a viewport may touch per axis: at most 17 × 17 = 289 clusters (DESIGN §5: ≤ 300 features). */
export const MAX_CELLS_PER_AXIS = 17;
/** More dirty cells than this (a bulk load without a rebuild): rebuild all instead of cell by cell. */
export const REBUILD_ABOVE = 5_000;

export interface CellGrid {
  level: number;
  /** Column and row ranges (inclusive) of the cells the viewport touches. */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/** The column of a longitude at level z: the same arithmetic as the SQL (exact: 2^z scales exactly). */
export const cellX = (longitude: number, level: number) =>
  Math.min(2 ** level - 1, Math.floor(((longitude + 180) / 360) * 2 ** level));
export const cellY = (latitude: number, level: number) =>
  Math.min(2 ** level - 1, Math.floor(((latitude + 90) / 180) * 2 ** level));

/**
 * SQL for a row's cell column / row at a level given as a float8 placeholder of 2^z (alias `l`), from
 * `location` (x = longitude, y = latitude): in the spatial index, so a live aggregation can read it alone.
 */
export const cellXSql = (scale: string) => `least(${scale} - 1, floor((l.location[0] + 180) / 360 * ${scale}))::int`;
export const cellYSql = (scale: string) => `least(${scale} - 1, floor((l.location[1] + 90) / 180 * ${scale}))::int`;

/** A cell's rectangle. */
export function cellBounds(level: number, cx: number, cy: number): GeoBounds {
  const w = 360 / 2 ** level;
  const h = 180 / 2 ** level;
  return { west: cx * w - 180, east: (cx + 1) * w - 180, south: cy * h - 90, north: (cy + 1) * h - 90 };
}

/** The finest level at which the envelope touches at most MAX_CELLS_PER_AXIS cells on each axis. */
export function gridFor(box: GeoBounds): CellGrid {
  for (let level = MAX_GRID_LEVEL; level >= 0; level--) {
    const x0 = cellX(box.west, level);
    const x1 = cellX(box.east, level);
    const y0 = cellY(box.south, level);
    const y1 = cellY(box.north, level);
    if (x1 - x0 < MAX_CELLS_PER_AXIS && y1 - y0 < MAX_CELLS_PER_AXIS) return { level, x0, x1, y0, y1 };
  }
  // Level 0 is one cell: unreachable.
  return { level: 0, x0: 0, x1: 0, y0: 0, y1: 0 };
}

/** The rectangle covered by the grid's cells (the viewport widened to whole cells). */
export function gridEnvelope(grid: CellGrid): GeoBounds {
  const low = cellBounds(grid.level, grid.x0, grid.y0);
  const high = cellBounds(grid.level, grid.x1, grid.y1);
  return { west: low.west, south: low.south, east: high.east, north: high.north };
}

/** One cell's aggregate: count, position sums, price range. */
export interface CellAggregate {
  cx: number;
  cy: number;
  count: number;
  latitudeSum: number;
  longitudeSum: number;
  minPriceInPennies: number;
  maxPriceInPennies: number;
}

interface CellRow {
  cx: number;
  cy: number;
  n: number;
  lat_sum: number;
  lng_sum: number;
  min_price: number;
  max_price: number;
}

const toAggregate = (r: CellRow): CellAggregate => ({
  cx: r.cx,
  cy: r.cy,
  count: r.n,
  latitudeSum: r.lat_sum,
  longitudeSum: r.lng_sum,
  minPriceInPennies: r.min_price,
  maxPriceInPennies: r.max_price,
});

/** Refreshes dirty cells (when any). Returns how many finest cells were dirty. */
export async function refreshMapCells(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT listing_map_refresh($1::text[], $2) AS n', [
    SEARCHABLE_STATUSES,
    REBUILD_ABOVE,
  ]);
  return rows[0]!.n;
}

/** Every cell from the listings: after a bulk load (seed, first import). Returns the finest cells. */
export async function rebuildMapCells(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT listing_map_rebuild($1::text[]) AS n', [SEARCHABLE_STATUSES]);
  return rows[0]!.n;
}

/**
 * Runs a read of listing_map_cells whose first column is `dirty` (is any cell dirty?), refreshing dirty
 * cells first when there are any, so the answer always equals a live aggregation. `sql` joins its rows
 * `ON NOT d.dirty`, so a clean read is one round trip.
 */
async function readFresh<T extends { dirty: boolean }>(db: Queryable, sql: string, params: unknown[]): Promise<T[]> {
  let { rows } = await db.query<T>(sql, params);
  if (rows[0]?.dirty) {
    await refreshMapCells(db);
    ({ rows } = await db.query<T>(sql, params));
    // Changed again meanwhile: answer from what the refresh computed.
    if (rows[0]?.dirty) ({ rows } = await db.query<T>(sql.replace('ON NOT d.dirty', 'ON true'), params));
  }
  return rows;
}

const DIRTY = 'SELECT EXISTS (SELECT 1 FROM listing_map_dirty) AS dirty';

function gridParams(grid: CellGrid, classification: string | null): unknown[] {
  if (grid.level > MAX_LEVEL) throw new Error(`Level ${grid.level} is not precomputed (at most ${MAX_LEVEL}).`);
  const params: unknown[] = [grid.level, grid.x0, grid.x1, grid.y0, grid.y1];
  if (classification) params.push(classification);
  return params;
}

const GRID_WHERE = (classification: string | null) =>
  `level = $1 AND cx BETWEEN $2 AND $3 AND cy BETWEEN $4 AND $5 ${classification ? 'AND classification = $6' : ''}`;

const gridKey = (grid: CellGrid, classification: string | null) =>
  `${grid.level} ${grid.x0} ${grid.x1} ${grid.y0} ${grid.y1} ${classification ?? ''}`;

/**
 * Reads of the cells kept in memory until the next search change (server/db/changes.ts): a map that pans
 * a little reads the same cells again. Entries per database: ≤ 289 aggregates, or one count.
 */
const cellReads = new VersionedCache<CellAggregate[]>('search', 500);
const countReads = new VersionedCache<CountBounds>('search', 2_000);

/** The precomputed cells of `grid` (level ≤ MAX_LEVEL), of one classification or all. */
export function precomputedCells(db: Queryable, grid: CellGrid, classification: string | null): Promise<CellAggregate[]> {
  return cellReads.read(db, gridKey(grid, classification), () => readCells(db, grid, classification));
}

async function readCells(db: Queryable, grid: CellGrid, classification: string | null): Promise<CellAggregate[]> {
  const rows = await readFresh<CellRow & { dirty: boolean }>(
    db,
    `SELECT d.dirty, c.* FROM (${DIRTY}) AS d
    LEFT JOIN LATERAL (
      SELECT cx, cy, sum(listings)::int AS n, sum(latitude_sum) AS lat_sum, sum(longitude_sum) AS lng_sum,
             min(min_price_in_pennies) AS min_price, max(max_price_in_pennies) AS max_price
        FROM listing_map_cells WHERE ${GRID_WHERE(classification)}
       GROUP BY cx, cy) AS c ON NOT d.dirty
    ORDER BY c.cy, c.cx`,
    gridParams(grid, classification),
  );
  return rows.filter((r) => r.cx !== null).map(toAggregate);
}

/**
 * The same cells aggregated from the listings matching `where` (a filterSql condition over `l` whose
 * parameters are in `params`), limited to the grid's cells.
 */
export async function liveCells(db: Queryable, grid: CellGrid, where: string, params: readonly unknown[]): Promise<CellAggregate[]> {
  const n = params.length;
  const scale = `$${n + 1}::float8`;
  const { rows } = await db.query<CellRow>(
    `SELECT cx, cy, count(*)::int AS n, sum(latitude) AS lat_sum, sum(longitude) AS lng_sum,
            min(price_in_pennies) AS min_price, max(price_in_pennies) AS max_price
       FROM (SELECT ${cellXSql(scale)} AS cx, ${cellYSql(scale)} AS cy, l.location[1] AS latitude, l.location[0] AS longitude,
                    l.price_in_pennies
               FROM listings l WHERE ${where}) AS m
      WHERE cx BETWEEN $${n + 2} AND $${n + 3} AND cy BETWEEN $${n + 4} AND $${n + 5}
      GROUP BY cx, cy ORDER BY cy, cx`,
    [...params, 2 ** grid.level, grid.x0, grid.x1, grid.y0, grid.y1],
  );
  return rows.map(toAggregate);
}

/** Cells wholly inside `box`: their listings are surely in the viewport. */
export const cellInside = (grid: CellGrid, c: CellAggregate, box: GeoBounds) => {
  const cell = cellBounds(grid.level, c.cx, c.cy);
  return cell.west >= box.west && cell.east <= box.east && cell.south >= box.south && cell.north <= box.north;
};

/**
 * Bounds on how many public, searchable listings (of a classification or all) a rectangle holds, from
 * the precomputed cells, summed in SQL: `atLeast` counts the cells strictly inside the touched range
 * (wholly inside the rectangle), `atMost` every cell it touches. Null when the rectangle is finer than
 * the precomputed levels. `total`: every such listing in the world (level 0), for plan choices.
 */
export async function countBounds(db: Queryable, box: GeoBounds, classification: string | null): Promise<CountBounds | null> {
  const grid = gridFor(box);
  if (grid.level > MAX_LEVEL) return null;
  return countReads.read(db, gridKey(grid, classification), () => readCounts(db, grid, classification));
}

export interface CountBounds {
  grid: CellGrid;
  atLeast: number;
  atMost: number;
  total: number;
}

async function readCounts(db: Queryable, grid: CellGrid, classification: string | null): Promise<CountBounds> {
  const rows = await readFresh<{ dirty: boolean; at_most: number | null; at_least: number | null; total: number | null }>(
    db,
    `SELECT d.dirty, c.* FROM (${DIRTY}) AS d
    LEFT JOIN LATERAL (
      SELECT sum(listings)::int AS at_most,
             (sum(listings) FILTER (WHERE cx > $2 AND cx < $3 AND cy > $4 AND cy < $5))::int AS at_least,
             (SELECT sum(listings)::int FROM listing_map_cells
               WHERE level = 0 ${classification ? 'AND classification = $6' : ''}) AS total
        FROM listing_map_cells WHERE ${GRID_WHERE(classification)}) AS c ON NOT d.dirty`,
    gridParams(grid, classification),
  );
  return { grid, atLeast: rows[0]?.at_least ?? 0, atMost: rows[0]?.at_most ?? 0, total: rows[0]?.total ?? 0 };
}
