/**
 * The basemap a partner's maps draw: its own provider (partner config `tileSource`), else the server's
 * source (settings.ts): a PMTiles archive read here, or an XYZ provider through the caching proxy.
 */
import type { Logger } from '../log';
import { MAX_TILE_ZOOM, tileUrl, type TileCoordinate } from '../../core/maps/tiles';
import { TileDiskCache } from './disk-cache';
import { PmtilesArchive } from './pmtiles-archive';
import { partnerTileSource, TileSettingError, type AttributionPart, type TileSettings, type TileSource } from './settings';
import { TileProxy, TileUnavailable, type TileImage } from './upstream';

/** What a browser needs to draw the basemap (GET /tiles/source.json). */
export interface BasemapInfo {
  attribution: AttributionPart[];
  /** `@2x` tiles exist (the template has `{r}`). */
  retina: boolean;
  minZoom: number;
  maxZoom: number;
}

/** The basemap of a partner's maps ('' : no partner): its own provider, or the server's source. */
export interface PartnerBasemap {
  source: TileSource | null;
  partner: string;
  /** `source` is the partner's own provider. */
  own: boolean;
}

export interface TileServiceOptions {
  /** e.g. `Hearth/0.1.0 (+https://api.example; ops@example.com)`: read per fetch, the public origin is known after listen. */
  userAgent: () => string;
  logger: Logger;
}

/** `Hearth/<version> (+<public origin>; <contact>)`: who is fetching and who to tell about it. */
export function tileUserAgent(version: string, publicOrigin: string, contact: string | null): string {
  return `Hearth/${version} (+${publicOrigin}${contact ? `; ${contact}` : ''})`;
}

export class TileService {
  readonly #proxy: TileProxy;
  readonly #badPartnerSources = new Set<string>();

  private constructor(
    private readonly settings: TileSettings,
    private readonly archive: PmtilesArchive | null,
    private readonly archiveAttribution: AttributionPart[],
    private readonly options: TileServiceOptions,
  ) {
    this.#proxy = new TileProxy({
      cache: new TileDiskCache(settings.cacheDir),
      userAgent: options.userAgent,
      concurrency: settings.concurrency,
      timeoutMs: settings.timeoutMs,
      logger: options.logger,
      // The operator's own provider is trusted (it may be on the operator's network); partners' never are.
      serverSource: settings.source?.kind === 'xyz' ? settings.source.url : null,
    });
  }

  /** Opens the server's archive, if it has one: a missing or non-raster archive fails here, at start. */
  static async start(settings: TileSettings, options: TileServiceOptions): Promise<TileService> {
    for (const warning of settings.warnings) options.logger.warn(`[tiles] ${warning}`);
    const source = settings.source;
    if (source?.kind !== 'pmtiles') return new TileService(settings, null, [], options);
    let archive: PmtilesArchive;
    try {
      archive = await PmtilesArchive.open(source.path);
    } catch (error) {
      throw new TileSettingError(`HEARTH_TILES_PMTILES: cannot read "${source.path}": ${error instanceof Error ? error.message : String(error)}`);
    }
    return new TileService(settings, archive, source.attribution ?? (await archive.attribution()), options);
  }

  /** The partner's own provider, else the server's source (`source` null: no basemap). */
  sourceFor(partnerSlug: string, storedConfig: unknown): PartnerBasemap {
    const own = partnerTileSource(storedConfig);
    if (own === 'invalid' && !this.#badPartnerSources.has(partnerSlug)) {
      this.#badPartnerSources.add(partnerSlug);
      this.options.logger.error(`[tiles] the tileSource of partner "${partnerSlug}" is invalid or internal; the server's basemap is used`);
    }
    return own && own !== 'invalid' ? { source: own, partner: partnerSlug, own: true } : { source: this.settings.source, partner: partnerSlug, own: false };
  }

  async info(source: TileSource | null): Promise<BasemapInfo | null> {
    if (!source) return null;
    if (source.kind === 'xyz') return { attribution: source.attribution, retina: source.url.includes('{r}'), minZoom: 0, maxZoom: MAX_TILE_ZOOM };
    const header = await this.archive!.zooms();
    return { attribution: this.archiveAttribution, retina: false, ...header };
  }

  /** The tile's image; throws TileUnavailable (404 none, 502 provider failed, 503 too many waiting, 504 provider too slow). */
  async tile({ source, partner, own }: PartnerBasemap, tile: TileCoordinate, retina: boolean): Promise<TileImage> {
    if (!source) throw new TileUnavailable(404, 'This server has no basemap.');
    if (source.kind === 'xyz') return this.#proxy.tile(tileUrl(source.url, tile, retina && source.url.includes('{r}')), { partner, own });
    const image = await this.archive!.tile(tile.z, tile.x, tile.y);
    if (!image) throw new TileUnavailable(404, 'The basemap has no tile there.');
    return image;
  }

  async close(): Promise<void> {
    await this.#proxy.close();
    await this.archive?.close();
  }
}
