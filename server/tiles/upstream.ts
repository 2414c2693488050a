/**
 * The caching proxy in front of an XYZ tile provider. A tile is fetched only when a browser asks for it
 * (no prefetching), at most `concurrency` fetches at a time across all visitors, one fetch per tile however
 * many ask at once, with a User-Agent naming Hearth and a contact, as tile usage policies require. Fresh
 * tiles come from the disk cache; a stale one is revalidated, and served as it is when the provider fails.
 */
import type { Logger } from '../log';
import { freshUntil, type StoredTile, type TileDiskCache } from './disk-cache';

/** A tile bigger than this is not a map tile. */
const MAX_TILE_BYTES = 2 * 1024 * 1024;
/** A provider that is down fails every tile: the log says so once a minute, not once a tile. */
const FAILURE_LOG_INTERVAL_MS = 60_000;

export interface TileImage {
  body: Buffer;
  contentType: string;
}

/** Why no tile: 404 the provider has none, 502 it failed, 504 it did not answer in time. */
export class TileUnavailable extends Error {
  override name = 'TileUnavailable';
  constructor(
    readonly status: 404 | 502 | 504,
    message: string,
  ) {
    super(message);
  }
}

/** At most `max` tasks at a time; the others wait in order (or until their signal aborts). */
export class Limiter {
  #active = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly max: number) {}

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#acquire(signal);
    try {
      return await task();
    } finally {
      this.#active -= 1;
      this.#waiting.shift()?.();
    }
  }

  #acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.#active < this.max) {
      this.#active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const start = () => {
        signal?.removeEventListener('abort', abort);
        this.#active += 1;
        resolve();
      };
      const abort = () => {
        const index = this.#waiting.indexOf(start);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(signal!.reason);
      };
      this.#waiting.push(start);
      signal?.addEventListener('abort', abort, { once: true });
    });
  }
}

export interface TileProxyOptions {
  cache: TileDiskCache;
  userAgent: () => string;
  concurrency: number;
  timeoutMs: number;
  logger: Logger;
  now?: () => number;
}

export class TileProxy {
  readonly #limiter: Limiter;
  readonly #inFlight = new Map<string, Promise<TileImage>>();
  readonly #now: () => number;
  #lastFailureLogged = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: TileProxyOptions) {
    this.#limiter = new Limiter(options.concurrency);
    this.#now = options.now ?? Date.now;
  }

  /** The tile at `url`: from the disk while fresh, else from the provider. Throws TileUnavailable. */
  async tile(url: string): Promise<TileImage> {
    const stored = await this.options.cache.read(url);
    if (stored && stored.expires > this.#now()) return stored;
    let pending = this.#inFlight.get(url);
    if (!pending) {
      pending = this.#fetch(url, stored).finally(() => this.#inFlight.delete(url));
      this.#inFlight.set(url, pending);
    }
    return pending;
  }

  async #fetch(url: string, stale: StoredTile | null): Promise<TileImage> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      return await this.#limiter.run(() => this.#download(url, stale, signal), signal);
    } catch (error) {
      const failure =
        error instanceof TileUnavailable
          ? error
          : signal.aborted
            ? new TileUnavailable(504, 'The map tile provider did not answer in time.')
            : new TileUnavailable(502, 'The map tile provider could not be reached.');
      if (failure.status !== 404 && this.#now() - this.#lastFailureLogged >= FAILURE_LOG_INTERVAL_MS) {
        this.#lastFailureLogged = this.#now();
        this.options.logger.warn(`[tiles] ${failure.message} (${new URL(url).host})`);
      }
      // Better yesterday's streets than none.
      if (stale && failure.status !== 404) return stale;
      throw failure;
    }
  }

  async #download(url: string, stale: StoredTile | null, signal: AbortSignal): Promise<TileImage> {
    const headers: Record<string, string> = { 'User-Agent': this.options.userAgent(), Accept: 'image/png,image/*;q=0.8' };
    if (stale?.etag) headers['If-None-Match'] = stale.etag;
    if (stale?.lastModified) headers['If-Modified-Since'] = stale.lastModified;
    const response = await fetch(url, { headers, signal, redirect: 'follow' });

    if (response.status === 304 && stale) {
      await response.body?.cancel();
      const expires = freshUntil(response.headers, this.#now()) ?? this.#now();
      const refreshed = { ...stale, expires, etag: response.headers.get('etag') ?? stale.etag };
      await this.#store(url, refreshed);
      return refreshed;
    }
    if (response.status === 404) {
      await response.body?.cancel();
      throw new TileUnavailable(404, 'The map tile provider has no such tile.');
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (!response.ok || !contentType.startsWith('image/')) {
      await response.body?.cancel();
      throw new TileUnavailable(502, `The map tile provider answered ${response.status}${response.ok ? ` with ${contentType || 'no content type'}` : ''}.`);
    }
    if (Number(response.headers.get('content-length') ?? 0) > MAX_TILE_BYTES) {
      await response.body?.cancel();
      throw new TileUnavailable(502, 'The map tile provider sent a tile too large to be one.');
    }
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > MAX_TILE_BYTES) throw new TileUnavailable(502, 'The map tile provider sent a tile too large to be one.');

    const expires = freshUntil(response.headers, this.#now());
    const tile: StoredTile = {
      body,
      contentType,
      expires: expires ?? this.#now(),
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
    };
    if (expires !== null) await this.#store(url, tile);
    return tile;
  }

  /** A full disk costs the provider more fetches, not the visitor their map. */
  async #store(url: string, tile: StoredTile): Promise<void> {
    await this.options.cache.write(url, tile).catch((error: unknown) => this.options.logger.error('[tiles] could not cache a tile', error));
  }
}
