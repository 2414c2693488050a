/**
 * The raster basemap under the keyless map: which 256 px XYZ tiles a viewport shows and where they sit,
 * and a tile's URL from a `{z}/{x}/{y}{r}` template. Pure functions: the element draws the tiles as
 * `<img>` (elements/search-map/keyless-map.tsx), and the server fills its upstream template with the same
 * `tileUrl` (server/tiles).
 */
import { project, TILE_SIZE, type Viewport } from './projection';

/** The deepest zoom of an XYZ tile server (OpenStreetMap's standard layer stops at 19). */
export const MAX_TILE_ZOOM = 19;

/** Our tile route on the API origin (server/tiles/routes.ts); `{r}` is `@2x` for high-density screens. */
export const TILE_ROUTE = '/tiles/{z}/{x}/{y}{r}.png';

export interface TileCoordinate {
  z: number;
  x: number;
  y: number;
}

export interface PlacedTile extends TileCoordinate {
  /** Unique among the tiles in view: the world repeats east and west, so it holds the unwrapped column. */
  key: string;
  /** The tile's top-left corner in the viewport, in CSS pixels. */
  left: number;
  top: number;
  /** Its side in CSS pixels: 256, or a multiple when a coarser tile is stretched past the source's last zoom. */
  size: number;
}

/** The zooms a tile source holds. */
export interface TileZooms {
  minZoom: number;
  maxZoom: number;
}

/**
 * The tiles covering the viewport at its (whole) zoom, nearest the centre first, so the middle of the map
 * loads first. Columns wrap around the antimeridian; rows stop at the Mercator edge. Past the source's last
 * zoom its deepest tiles are stretched; before its first there are none.
 */
export function tilesInView(viewport: Viewport, zooms: TileZooms = { minZoom: 0, maxZoom: MAX_TILE_ZOOM }): PlacedTile[] {
  const zoom = Math.round(viewport.zoom);
  if (zoom < zooms.minZoom) return [];
  const z = Math.min(zoom, zooms.maxZoom);
  const size = TILE_SIZE * 2 ** (zoom - z);
  const count = 2 ** z;
  const centre = project(viewport.center, zoom);
  // Whole pixels, so neighbouring tiles meet without a seam.
  const originX = Math.round(centre.x - viewport.width / 2);
  const originY = Math.round(centre.y - viewport.height / 2);
  const firstColumn = Math.floor(originX / size);
  const lastColumn = Math.floor((originX + Math.max(1, viewport.width) - 1) / size);
  const firstRow = Math.max(0, Math.floor(originY / size));
  const lastRow = Math.min(count - 1, Math.floor((originY + Math.max(1, viewport.height) - 1) / size));

  const tiles: PlacedTile[] = [];
  for (let row = firstRow; row <= lastRow; row++) {
    for (let column = firstColumn; column <= lastColumn; column++) {
      tiles.push({
        key: `${z}/${column}/${row}`,
        z,
        x: ((column % count) + count) % count,
        y: row,
        left: column * size - originX,
        top: row * size - originY,
        size,
      });
    }
  }
  const middle = { x: viewport.width / 2 - size / 2, y: viewport.height / 2 - size / 2 };
  const distance = (tile: PlacedTile) => (tile.left - middle.x) ** 2 + (tile.top - middle.y) ** 2;
  return tiles.sort((a, b) => distance(a) - distance(b));
}

/** A tile's URL: `{z}`, `{x}`, `{y}` filled in, `{r}` as `@2x` for a high-density tile, else empty. */
export function tileUrl(template: string, { z, x, y }: TileCoordinate, retina = false): string {
  return template.replace(/\{([zxyr])\}/g, (_, name: string) => (name === 'r' ? (retina ? '@2x' : '') : String(name === 'z' ? z : name === 'x' ? x : y)));
}

/** Whether z/x/y name a tile of the world: whole numbers, z within 0…MAX_TILE_ZOOM, x and y within 2^z. */
export function isTileCoordinate({ z, x, y }: TileCoordinate): boolean {
  if (![z, x, y].every(Number.isSafeInteger) || z < 0 || z > MAX_TILE_ZOOM) return false;
  const count = 2 ** z;
  return x >= 0 && y >= 0 && x < count && y < count;
}
