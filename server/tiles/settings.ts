/**
 * Where the basemap's tiles come from: a local raster PMTiles archive (the self-hosted production option),
 * or an upstream XYZ provider through our caching proxy. Server settings (options or environment), which
 * a partner may override with its own provider (`tileSource` in its stored config, never served: the URL
 * may hold the provider's key). Without any setting, development uses the OpenStreetMap standard tile
 * server — only when a browser asks, and only in development: its usage policy forbids heavy and
 * commercial use — and production has no basemap (the keyless map's grid).
 */
import { z } from 'zod';
import { checkedTarget, refusedTarget } from '../http/outbound';
import { paths } from '../paths';

/** The OpenStreetMap standard tile layer: the development default only. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** What OpenStreetMap requires on a map of its data. */
export const OSM_ATTRIBUTION = '[© OpenStreetMap contributors](https://www.openstreetmap.org/copyright)';

const DEFAULT_TILE_CONCURRENCY = 4;
const DEFAULT_TILE_TIMEOUT_MS = 10_000;

/** One piece of a map's credit line: text, linked when it has a URL. */
export interface AttributionPart {
  text: string;
  url?: string;
}

export type TileSource =
  | { kind: 'xyz'; url: string; attribution: AttributionPart[] }
  /** `attribution` null: the archive's own metadata says it. */
  | { kind: 'pmtiles'; path: string; attribution: AttributionPart[] | null };

/** StartServerOptions.tiles: each falls back to its environment setting. */
export interface TileOptions {
  /** XYZ template with `{z}`, `{x}`, `{y}` and optionally `{r}` (`@2x`). Env `HEARTH_TILES_URL`. */
  url?: string;
  /** A raster PMTiles archive on this machine; wins over `url`. Env `HEARTH_TILES_PMTILES`. */
  pmtiles?: string;
  /** The credit line, `[text](url)` for links. Env `HEARTH_TILES_ATTRIBUTION`; default OpenStreetMap's. */
  attribution?: string;
  /** Who the provider can reach about our traffic (an email or URL), sent in the User-Agent. Env `HEARTH_TILES_CONTACT`. */
  contact?: string;
  /** Where fetched tiles are kept. Env `HEARTH_TILES_CACHE_DIR`; default `tiles/` in DATA_DIR. */
  cacheDir?: string;
  /** Fetches at once per provider (the server's, and each partner's own). Default 4. */
  concurrency?: number;
  /** An upstream fetch (queue included) longer than this is answered 504. Default 10 s. */
  timeoutMs?: number;
}

export interface TileSettings {
  /** The server's own source; null: no basemap unless a partner names one. */
  source: TileSource | null;
  /** Said once at start (e.g. the OpenStreetMap servers named in production). */
  warnings: string[];
  contact: string | null;
  cacheDir: string;
  concurrency: number;
  timeoutMs: number;
}

export class TileSettingError extends Error {
  override name = 'TileSettingError';
}

const TEMPLATE_FIELDS = ['{z}', '{x}', '{y}'];

/** A template's URL with its fields filled (its host, port and scheme are the template's). */
export const templateUrl = (template: string): URL => new URL(template.replace(/\{[zxyr]\}/g, '0'));

/** An XYZ template we can fill: http(s), with `{z}`, `{x}` and `{y}`. Throws a TileSettingError naming `setting`. */
function checkTemplate(url: string, setting: string): string {
  let parsed: URL | null = null;
  try {
    parsed = templateUrl(url);
  } catch {
    // refused below
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || !TEMPLATE_FIELDS.every((field) => url.includes(field))) {
    throw new TileSettingError(`${setting} must be an http(s) URL with {z}, {x} and {y} (and optionally {r}), e.g. ${OSM_TILE_URL}; got "${url}".`);
  }
  return url;
}

/**
 * A credit line from its setting: plain text, with `[text](https://…)` for a link, e.g.
 * `[© MapTiler](https://www.maptiler.com/copyright/) [© OpenStreetMap contributors](https://www.openstreetmap.org/copyright)`.
 */
export function parseAttribution(line: string): AttributionPart[] {
  const parts: AttributionPart[] = [];
  const plain = (text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (trimmed) parts.push({ text: trimmed });
  };
  let last = 0;
  for (const match of line.matchAll(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g)) {
    plain(line.slice(last, match.index));
    parts.push({ text: match[1]!.trim(), url: match[2]! });
    last = match.index + match[0].length;
  }
  plain(line.slice(last));
  return parts;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', copy: '©' };

/** A PMTiles archive's attribution (HTML, by convention): its links kept, every other tag dropped. */
export function attributionFromHtml(html: string): AttributionPart[] {
  const text = html
    .replace(/<a\b[^>]*\bhref\s*=\s*["'](https?:\/\/[^"'\s]+)["'][^>]*>([\s\S]*?)<\/a>/gi, (_, url: string, label: string) => `[${label.replace(/<[^>]*>/g, '')}](${url})`)
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|[a-z]+);/gi, (entity, name: string) =>
      name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name.toLowerCase()] ?? entity),
    );
  return parseAttribution(text);
}

/** The server's tile settings: options first, then the environment, then the defaults above. */
export function tileSettings(options: TileOptions = {}, production: boolean, env: NodeJS.ProcessEnv = process.env): TileSettings {
  const setting = (value: string | undefined, name: string) => (value ?? env[name] ?? '').trim() || null;
  const pmtiles = setting(options.pmtiles, 'HEARTH_TILES_PMTILES');
  const url = setting(options.url, 'HEARTH_TILES_URL');
  const attribution = setting(options.attribution, 'HEARTH_TILES_ATTRIBUTION');
  let source: TileSource | null = null;
  if (pmtiles) source = { kind: 'pmtiles', path: pmtiles, attribution: attribution ? parseAttribution(attribution) : null };
  else if (url) source = { kind: 'xyz', url: checkTemplate(url, 'HEARTH_TILES_URL'), attribution: parseAttribution(attribution ?? OSM_ATTRIBUTION) };
  else if (!production) source = { kind: 'xyz', url: OSM_TILE_URL, attribution: parseAttribution(attribution ?? OSM_ATTRIBUTION) };

  const warnings: string[] = [];
  if (!source) warnings.push('no basemap: set HEARTH_TILES_URL (an XYZ provider) or HEARTH_TILES_PMTILES (an archive); maps show a plain grid');
  else if (production && source.kind === 'xyz' && templateUrl(source.url).hostname.endsWith('openstreetmap.org')) {
    warnings.push("the OpenStreetMap tile servers are for development only (their usage policy forbids heavy and commercial use): name your own provider or archive");
  }

  const concurrency = options.concurrency ?? DEFAULT_TILE_CONCURRENCY;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TILE_TIMEOUT_MS;
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new TileSettingError(`Tile concurrency must be a whole number ≥ 1, not ${concurrency}.`);
  if (!(timeoutMs > 0)) throw new TileSettingError(`The tile timeout must be positive, not ${timeoutMs}.`);
  return {
    source,
    warnings,
    contact: setting(options.contact, 'HEARTH_TILES_CONTACT'),
    cacheDir: setting(options.cacheDir, 'HEARTH_TILES_CACHE_DIR') ?? paths.tiles,
    concurrency,
    timeoutMs,
  };
}

const partnerTileSourceSchema = z.object({
  url: z.string().max(2048),
  attribution: z.string().max(1000).optional(),
});

/**
 * A partner's own provider, from its stored config: `"tileSource": { "url": "https://…/{z}/{x}/{y}{r}.png?key=…",
 * "attribution": "[© Provider](https://…) [© OpenStreetMap contributors](https://www.openstreetmap.org/copyright)" }`.
 * Null when it names none; 'invalid' when it names one badly (the server's source is used then).
 */
export function partnerTileSource(storedConfig: unknown): TileSource | 'invalid' | null {
  const stored = (storedConfig as { tileSource?: unknown } | null)?.tileSource;
  if (stored === undefined || stored === null) return null;
  const parsed = partnerTileSourceSchema.safeParse(stored);
  if (!parsed.success) return 'invalid';
  const { url, attribution } = parsed.data;
  try {
    checkTemplate(url, 'tileSource.url');
  } catch {
    return 'invalid';
  }
  // An internal address or name as written (the connection is checked again: server/http/outbound.ts).
  if (refusedTarget(templateUrl(url))) return 'invalid';
  return { kind: 'xyz', url, attribution: parseAttribution(attribution ?? OSM_ATTRIBUTION) };
}

const parsedTemplate = (url: string): URL | null => {
  try {
    return templateUrl(url);
  } catch {
    return null;
  }
};

/** Whether a partner's tile URL names an internal address or name as written (a URL that is not one: false). */
export function isInternalTileUrl(url: string): boolean {
  const parsed = parsedTemplate(url);
  return parsed !== null && refusedTarget(parsed) !== null;
}

/**
 * Whether a partner's tile URL is internal as written or as its host resolves now: save-time feedback, every
 * fetch is checked again when it connects.
 */
export async function resolvesInternally(url: string): Promise<boolean> {
  const parsed = parsedTemplate(url);
  return parsed !== null && (await checkedTarget(parsed)) !== null;
}
