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
import { BadSearchInput, SqlParams } from './sql';

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

/** Up to PIN_THRESHOLD + 1 matching listings: pins when they are at most PIN_THRESHOLD. */
async function pinsOrNull(db: Queryable, filter: ListingFilter): Promise<ListingsInfo | null> {
  const p = new SqlParams();
  const where = filterSql(p, filter);
  const { rows } = await db.query<{ id: number; latitude: number; longitude: number; price_in_pennies: number }>(
    `SELECT l.id, l.latitude, l.longitude, l.price_in_pennies FROM listings l
      WHERE ${where} LIMIT ${PIN_THRESHOLD + 1}`,
    p.values,
  );
  if (rows.length > PIN_THRESHOLD) return null;
  // Ordered here, not in SQL: the LIMIT above must stay a cheap early stop.
  rows.sort((a, b) => a.id - b.id);
  return {
    totalCount: rows.length,
    mode: 'pins',
    pins: {
      ids: rows.map((r) => String(r.id)),
      latitudes: rows.map((r) => round(r.latitude)),
      longitudes: rows.map((r) => round(r.longitude)),
      pricesInPennies: rows.map((r) => r.price_in_pennies),
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
  if (!filter.geo) throw new BadSearchInput('listingsInfo needs geoInput: the map viewport.', 'geoInput');
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
