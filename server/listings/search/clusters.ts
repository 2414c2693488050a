/**
 * listingsInfo (spec §7): what a map draws for a viewport (DESIGN §5 map pins).
 *
 * Up to PIN_THRESHOLD matches: every listing as a pin, packed as parallel arrays (ids, latitudes,
 * longitudes, prices) — about 30 bytes a pin in JSON instead of ~90 as objects. Above it: a grid of
 * GRID_COLUMNS × GRID_ROWS cells over the viewport (≤ 256 features, under the 300 budget), one cluster
 * per non-empty cell with its count, average position and price range, aggregated in SQL.
 * 500 keeps the pins payload small and the client within its 300 visible DOM markers after its own
 * viewport trimming, while a zoomed-in neighbourhood still shows every home.
 */
import type { Queryable } from '../../db';
import { filterSql, geoEnvelope, validateFilter, type GeoBounds, type ListingFilter } from './filters';
import { BadSearchInput, SqlParams } from './sql';

export const PIN_THRESHOLD = 500;
export const GRID_COLUMNS = 16;
export const GRID_ROWS = 16;
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

export async function listingsInfo(db: Queryable, filter: ListingFilter): Promise<ListingsInfo> {
  if (!filter.geo) throw new BadSearchInput('listingsInfo needs geoInput: the map viewport.', 'geoInput');
  validateFilter(filter);
  const p = new SqlParams();
  const where = filterSql(p, filter);

  const { rows } = await db.query<{ id: number; latitude: number; longitude: number; price_in_pennies: number }>(
    `SELECT l.id, l.latitude, l.longitude, l.price_in_pennies FROM listings l
      WHERE ${where} LIMIT ${PIN_THRESHOLD + 1}`,
    p.values,
  );
  if (rows.length <= PIN_THRESHOLD) {
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

  const box = geoEnvelope(filter.geo);
  // A degenerate viewport (a line) still makes a grid of non-zero cells.
  const cellWidth = Math.max(1e-9, (box.east - box.west) / GRID_COLUMNS);
  const cellHeight = Math.max(1e-9, (box.north - box.south) / GRID_ROWS);
  const west = p.float(box.west);
  const south = p.float(box.south);
  const w = p.float(cellWidth);
  const h = p.float(cellHeight);
  const { rows: cells } = await db.query<{
    gx: number;
    gy: number;
    n: number;
    lat: number;
    lng: number;
    min_price: number;
    max_price: number;
  }>(
    `SELECT least(${GRID_COLUMNS - 1}, floor((l.longitude - ${west}) / ${w}))::int AS gx,
            least(${GRID_ROWS - 1}, floor((l.latitude - ${south}) / ${h}))::int AS gy,
            count(*)::int AS n, avg(l.latitude) AS lat, avg(l.longitude) AS lng,
            min(l.price_in_pennies) AS min_price, max(l.price_in_pennies) AS max_price
       FROM listings l WHERE ${where}
      GROUP BY 1, 2 ORDER BY 2, 1`,
    p.values,
  );
  const clusters = cells.map((c) => ({
    count: c.n,
    latitude: round(c.lat),
    longitude: round(c.lng),
    minPriceInPennies: c.min_price,
    maxPriceInPennies: c.max_price,
    bounds: {
      west: round(box.west + c.gx * cellWidth),
      east: round(box.west + (c.gx + 1) * cellWidth),
      south: round(box.south + c.gy * cellHeight),
      north: round(box.south + (c.gy + 1) * cellHeight),
    },
  }));
  return { totalCount: clusters.reduce((sum, c) => sum + c.count, 0), mode: 'clusters', pins: null, clusters };
}
