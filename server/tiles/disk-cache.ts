/**
 * Fetched tiles on disk, kept as long as the provider's Cache-Control or Expires allows (and revalidated
 * with its ETag or Last-Modified after that), so each tile leaves the provider once per freshness period
 * however many visitors see it. One body file and one JSON file of metadata per tile URL, written through a
 * temporary file and a rename, so a reader never sees half a tile.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Freshness when the provider says nothing (OpenStreetMap's tile policy asks for at least a week). */
export const DEFAULT_FRESHNESS_MS = 7 * 24 * 3600_000;

export interface StoredTile {
  body: Buffer;
  contentType: string;
  /** Fresh until (epoch ms); after that it is revalidated before use. */
  expires: number;
  etag: string | null;
  lastModified: string | null;
}

interface TileMetadata {
  url: string;
  contentType: string;
  expires: number;
  etag: string | null;
  lastModified: string | null;
}

/**
 * Until when a response may be used without asking again (epoch ms), as a shared cache reads its headers:
 * `s-maxage`, else `max-age` (less `Age`), else `Expires`, else DEFAULT_FRESHNESS_MS; `no-cache` makes it
 * stale at once. Null when it must not be stored at all (`no-store`, `private`).
 */
export function freshUntil(headers: Pick<Headers, 'get'>, now: number): number | null {
  const cacheControl = (headers.get('cache-control') ?? '').toLowerCase();
  if (/(^|[\s,])(no-store|private)\b/.test(cacheControl)) return null;
  if (/(^|[\s,])no-cache\b/.test(cacheControl)) return now;
  const maxAge = /(?:^|[\s,])s-maxage\s*=\s*"?(\d+)/.exec(cacheControl) ?? /(?:^|[\s,])max-age\s*=\s*"?(\d+)/.exec(cacheControl);
  if (maxAge) {
    const age = Number(headers.get('age') ?? 0) || 0;
    return now + Math.max(0, Number(maxAge[1]) - age) * 1000;
  }
  const expires = headers.get('expires');
  if (expires !== null) {
    // An Expires that is not an HTTP date ("0", "-1") means already expired.
    const at = /GMT$/i.test(expires.trim()) ? Date.parse(expires) : Number.NaN;
    return Number.isNaN(at) ? now : at;
  }
  return now + DEFAULT_FRESHNESS_MS;
}

export class TileDiskCache {
  constructor(readonly dir: string) {}

  #files(url: string) {
    const key = createHash('sha256').update(url).digest('hex');
    const folder = join(this.dir, key.slice(0, 2));
    return { folder, body: join(folder, `${key}.tile`), metadata: join(folder, `${key}.json`) };
  }

  /** The stored tile of `url`, fresh or not; null when there is none (or it cannot be read). */
  async read(url: string): Promise<StoredTile | null> {
    const files = this.#files(url);
    try {
      const metadata = JSON.parse(await readFile(files.metadata, 'utf8')) as TileMetadata;
      if (metadata.url !== url) return null;
      const body = await readFile(files.body);
      return { body, contentType: metadata.contentType, expires: metadata.expires, etag: metadata.etag, lastModified: metadata.lastModified };
    } catch {
      return null;
    }
  }

  async write(url: string, tile: StoredTile): Promise<void> {
    const files = this.#files(url);
    await mkdir(files.folder, { recursive: true });
    const metadata: TileMetadata = { url, contentType: tile.contentType, expires: tile.expires, etag: tile.etag, lastModified: tile.lastModified };
    await replace(files.body, tile.body);
    await replace(files.metadata, JSON.stringify(metadata));
  }
}

async function replace(path: string, content: string | Buffer): Promise<void> {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}
