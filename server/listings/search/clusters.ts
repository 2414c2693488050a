/**
 * listingsInfo (spec §7): what a map draws for a viewport (DESIGN §5 map pins).
 *
 * Up to PIN_THRESHOLD matches: every listing as a pin, packed as parallel arrays (ids, latitudes,
 * longitudes, prices) — about 30 bytes a pin in JSON instead of ~90 as objects. Above it: clusters, one
 * per non-empty cell of the world-aligned map grid (map-cells.ts) at the finest level where the viewport
 * touches at most 17 × 17 cells (≤ 289 features, under the 300 budget), with its count, average position
 * and price range. A cluster is a whole cell: for a rectangular viewport its count includes the listings
 * of an edge cell just outside the viewport (clusters do not change while the map pans; clients place
 * each at its average position and drop those out of view). Polygons and circles count only inside.
 * 500 keeps the pins payload small and the client within its 300 visible DOM markers after its own
 * viewport trimming, while a zoomed-in neighbourhood still shows every home.
 *
 * Unfiltered viewports (at most a classification) read the precomputed cells (listing_map_cells): a
 * whole region costs a few hundred rows, not every listing. Other filters aggregate live.
 */
import type { Queryable } from '../../db';
import { filterSql, geoEnvelope, validateFilter, type GeoBounds, type ListingFilter } from './filters';
import {
  cellBounds,
  cellInside,
  gridEnvelope,
  gridFor,
  liveCells,
  MAX_LEVEL,
  precomputedCells,
  type CellAggregate,
  type CellGrid,
} from './map-cells';
import { badInput } from '../../domain-error';
import { SqlParams } from './sql';

export const PIN_THRESHOLD = 500;
/** Coordinates to 5 decimals: about a metre, plenty for a pin. */
const COORDINATE_SCALE = 1e5;

export interface PackedPins {
  ids: string[];
  latitudes: number[];
  longitudes: number[];
  pricesInPennies: number[];
}

export interface MapCluster {
  count: number;
  latitude: number;
  longitude: number;
  minPriceInPennies: number;
  maxPriceInPennies: number;
  /** The cell's rectangle, for a client that zooms into it. */
  bounds: GeoBounds;
}

export interface ListingsInfo {
  /** Exact when pins are returned; the sum of the cluster counts otherwise. */
  totalCount: number;
  mode: 'pins' | 'clusters';
  pins: PackedPins | null;
  clusters: MapCluster[];
}

const round = (value: number) => Math.round(value * COORDINATE_SCALE) / COORDINATE_SCALE;

/** Whether the precomputed cells answer this filter: a rectangle and at most a classification. */
export function precomputable(filter: ListingFilter): boolean {
  const geo = filter.geo;
  if (!geo?.bounds || geo.polygon || geo.center || filter.place || filter.keywords || filter.stay) return false;
  const { classification, ...rest } = filter.search ?? {};
  if (filter.classification && classification && filter.classification !== classification) return false;
  return Object.values(rest).every(
    (value) => value === null || value === undefined || value === false || (Array.isArray(value) && value.length === 0),
  );
}

/** The one classification a filter asks for, if any. */
export const filterClassification = (filter: ListingFilter) => filter.classification ?? filter.search?.classification ?? null;

function toClusters(grid: CellGrid, cells: CellAggregate[]): MapCluster[] {
  return cells.map((c) => {
    const b = cellBounds(grid.level, c.cx, c.cy);
    return {
      count: c.count,
      latitude: round(c.latitudeSum / c.count),
      longitude: round(c.longitudeSum / c.count),
      minPriceInPennies: c.minPriceInPennies,
      maxPriceInPennies: c.maxPriceInPennies,
      bounds: { west: round(b.west), east: round(b.east), south: round(b.south), north: round(b.north) },
    };
  });
}

const clustersOf = (grid: CellGrid, cells: CellAggregate[]): ListingsInfo => ({
  totalCount: cells.reduce((sum, c) => sum + c.count, 0),
  mode: 'clusters',
  pins: null,
  clusters: toClusters(grid, cells),
});

/**
 * Pins when at most PIN_THRESHOLD listings match, else null. One statement reads up to PIN_THRESHOLD + 1
 * matches (a cheap early stop) and, only when they are few enough, packs them into parallel arrays
 * itself, ordered by id: above the threshold nothing but the count crosses the wire (before, 501 rows
 * were sent and parsed only to learn that they were too many). The position comes from `location`
 * (x = longitude, y = latitude): with the id and price all in the spatial index (migration 110), so a
 * dense few streets are read from the index alone.
 */
async function pinsOrNull(db: Queryable, filter: ListingFilter): Promise<ListingsInfo | null> {
  const p = new SqlParams();
  const where = filterSql(p, filter);
  const { rows } = await db.query<{
    n: number;
    pins: { ids: number[]; latitudes: number[]; longitudes: number[]; prices: number[] } | null;
  }>(
    `WITH m AS MATERIALIZED (
       SELECT l.id, l.location[1] AS latitude, l.location[0] AS longitude, l.price_in_pennies FROM listings l
        WHERE ${where} LIMIT ${PIN_THRESHOLD + 1})
     SELECT c.n, CASE WHEN c.n <= ${PIN_THRESHOLD} THEN (
         SELECT json_build_object('ids', coalesce(json_agg(m.id ORDER BY m.id), '[]'),
           'latitudes', coalesce(json_agg(m.latitude ORDER BY m.id), '[]'),
           'longitudes', coalesce(json_agg(m.longitude ORDER BY m.id), '[]'),
           'prices', coalesce(json_agg(m.price_in_pennies ORDER BY m.id), '[]')) FROM m) END AS pins
       FROM (SELECT count(*)::int AS n FROM m) AS c`,
    p.values,
  );
  const { n, pins } = rows[0]!;
  if (n > PIN_THRESHOLD || !pins) return null;
  return {
    totalCount: n,
    mode: 'pins',
    pins: {
      ids: pins.ids.map(String),
      latitudes: pins.latitudes.map(round),
      longitudes: pins.longitudes.map(round),
      pricesInPennies: pins.prices,
    },
    clusters: [],
  };
}

/** The grid cells of the viewport aggregated from the listings (any filter). */
export async function liveClusterCells(db: Queryable, filter: ListingFilter, grid: CellGrid): Promise<CellAggregate[]> {
  const p = new SqlParams();
  // A rectangle is widened to whole cells; a polygon or circle keeps its own shape.
  const geo = filter.geo?.bounds ? { bounds: gridEnvelope(grid) } : filter.geo;
  const where = filterSql(p, { ...filter, geo });
  return liveCells(db, grid, where, p.values);
}

export async function listingsInfo(db: Queryable, filter: ListingFilter): Promise<ListingsInfo> {
  if (!filter.geo) throw badInput('listingsInfo needs geoInput: the map viewport.', 'geoInput');
  validateFilter(filter);
  const box = geoEnvelope(filter.geo);

  if (precomputable(filter)) {
    const grid = gridFor(box);
    if (grid.level <= MAX_LEVEL) {
      const cells = await precomputedCells(db, grid, filterClassification(filter));
      // Cells wholly inside the viewport are a lower bound of its matches: above the threshold, no pins.
      const surely = cells.reduce((sum, c) => sum + (cellInside(grid, c, box) ? c.count : 0), 0);
      if (surely > PIN_THRESHOLD) return clustersOf(grid, cells);
      return (await pinsOrNull(db, filter)) ?? clustersOf(grid, cells);
    }
  }
  const grid = gridFor(box);
  return (await pinsOrNull(db, filter)) ?? clustersOf(grid, await liveClusterCells(db, filter, grid));
}
