/**
 * GET /tiles/{z}/{x}/{y}.png (and `…@2x.png`): a basemap tile for the keyless map, from our own origin,
 * so a partner page's CSP names only us. GET /tiles/source.json: what the map needs to draw them (the
 * credit line, @2x, the zooms), or `{ basemap: null }` when there is no basemap. `?partner=` picks the
 * partner (its own provider, if it has one), as on every API route.
 */
import { isTileCoordinate } from '../../core/maps/tiles';
import { HttpError } from '../http/errors';
import { sendJson } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import { resolvePartner } from '../partners/resolve';
import { DEFAULT_FRESHNESS_MS } from './disk-cache';
import type { TileService } from './service';
import { TileUnavailable } from './upstream';

const TILE_PATH = /^(\d{1,2})\/(\d{1,7})\/(\d{1,7})(@2x)?\.png$/;
/** Browsers keep a tile a week (as the cache does without other word): streets change slowly. */
const BROWSER_TILE_CACHE = `public, max-age=${DEFAULT_FRESHNESS_MS / 1000}, stale-while-revalidate=86400`;
const SOURCE_CACHE = 'public, max-age=300';

const badTile = () =>
  new HttpError(400, 'bad_tile', 'A tile is /tiles/{z}/{x}/{y}.png (or …@2x.png): whole numbers, z from 0 to 19, x and y from 0 to 2^z − 1.');

const UNAVAILABLE_CODES = { 404: 'tile_not_found', 502: 'tile_provider_failed', 503: 'tile_provider_busy', 504: 'tile_provider_timeout' } as const;

/** Images and their description are public: any page may show them (`<img>` needs CORP across origins). */
function allowEveryOrigin(ctx: RequestContext): void {
  ctx.res.setHeader('Access-Control-Allow-Origin', '*');
  ctx.res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
}

async function partnerSource(ctx: RequestContext, tiles: TileService) {
  const resolution = await resolvePartner(ctx);
  return resolution.found ? tiles.sourceFor(resolution.partner.slug, resolution.partner.appContext) : tiles.sourceFor('', null);
}

export function tileRoutes(tiles: TileService): Record<string, Route> {
  return {
    '/tiles/source.json': {
      GET: async (ctx) => {
        const basemap = await tiles.info((await partnerSource(ctx, tiles)).source);
        allowEveryOrigin(ctx);
        sendJson(ctx.res, 200, { basemap }, { 'Cache-Control': SOURCE_CACHE });
      },
    },
    '/tiles/*': {
      GET: async (ctx) => {
        const match = TILE_PATH.exec(ctx.rest);
        if (!match) throw badTile();
        const tile = { z: Number(match[1]), x: Number(match[2]), y: Number(match[3]) };
        if (!isTileCoordinate(tile)) throw badTile();
        let image;
        try {
          image = await tiles.tile(await partnerSource(ctx, tiles), tile, match[4] !== undefined);
        } catch (error) {
          if (error instanceof TileUnavailable) throw new HttpError(error.status, UNAVAILABLE_CODES[error.status], error.message);
          throw error;
        }
        const { res } = ctx;
        allowEveryOrigin(ctx);
        res.statusCode = 200;
        res.setHeader('Content-Type', image.contentType);
        res.setHeader('Content-Length', image.body.length);
        res.setHeader('Cache-Control', BROWSER_TILE_CACHE);
        // An image opened on its own runs nothing.
        res.setHeader('Content-Security-Policy', "default-src 'none'");
        res.end(image.body);
      },
    },
  };
}
