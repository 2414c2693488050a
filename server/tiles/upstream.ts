/**
 * The caching proxy in front of XYZ tile providers: the server's own (HEARTH_TILES_URL) and partners' own (their
 * `tileSource`). A tile is fetched only when a browser asks for it (no prefetching), one fetch per tile however
 * many ask at once, with a User-Agent naming Hearth and a contact, as tile usage policies require. Fresh tiles
 * come from the disk cache; a stale one is revalidated, and served as it is when the provider fails.
 *
 * A provider can cost only its own maps (issue 33):
 * - every fetch goes through the outbound rule (server/http/outbound.ts): public addresses only, checked when
 *   connecting and after each redirect. The server's own provider is the operator's choice: its origin is trusted;
 * - each upstream has `concurrency` slots of its own: the server's provider (its origin), and each partner's own
 *   provider (the partner and the origin), so a provider that stalls holds only its own partner's slots; fetches
 *   waiting for the server's provider take a free slot in turn per partner;
 * - a partner has at most `partnerPending` fetches waiting or running; more are answered 503 at once;
 * - after `circuitFailures` failures in a row from one upstream, its tiles are answered at once for
 *   `circuitOpenMs`; then one fetch tries again;
 * - a body is read as it comes and the fetch stopped as soon as it passes MAX_TILE_BYTES.
 * Whatever a provider answered, or when it could not be reached, the visitor reads the same 502 (504 when the
 * time ran out): nothing of what is behind an address shows through the proxy.
 */
import { OutboundError, outboundDispatcher, outboundFetch, type Resolver } from '../http/outbound';
import type { ReadableStream } from 'node:stream/web';
import type { Logger } from '../log';
import { freshUntil, type StoredTile, type TileDiskCache } from './disk-cache';
import { countTileLookup } from '../observability/metrics';

/** A tile bigger than this is not a map tile. */
export const MAX_TILE_BYTES = 2 * 1024 * 1024;
/** A provider that is down fails every tile: the log says so once a minute, not once a tile. */
const FAILURE_LOG_INTERVAL_MS = 60_000;
const DEFAULT_CIRCUIT_FAILURES = 3;
const DEFAULT_CIRCUIT_OPEN_MS = 30_000;
/** Circuits remembered at most (the oldest forgotten first). */
const MAX_CIRCUITS = 10_000;

export const TILE_PROVIDER_FAILED = 'The map tile provider did not give this tile.';
export const TILE_PROVIDER_TIMEOUT = 'The map tile provider did not answer in time.';
export const TILE_PROVIDER_BUSY = "Too many of this map's tiles are being fetched; try again in a moment.";

export interface TileImage {
  body: Buffer;
  contentType: string;
}

/** Why no tile: 404 none here, 502 the provider gave none, 503 too many of the partner's fetches wait, 504 not in time. */
export class TileUnavailable extends Error {
  override name = 'TileUnavailable';
  constructor(
    readonly status: 404 | 502 | 503 | 504,
    message: string,
  ) {
    super(message);
  }
}

/** What a provider did instead of a tile, for the log (the visitor reads TILE_PROVIDER_FAILED). */
class ProviderFailure extends Error {
  override name = 'ProviderFailure';
  constructor(
    /** 'missing': it has no such tile (not a failure of the provider: no stale tile, no log, no circuit). */
    readonly kind: 'missing' | 'failed',
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * At most `max` tasks at a time. The others wait, in turn per owner (one task of each owner that waits, then the
 * next of each), so one owner's queue never stands in front of another's; or until their signal aborts.
 */
export class Limiter {
  #active = 0;
  /** Owner → its waiting starts; the map's order is the turn. */
  readonly #waiting = new Map<string, (() => void)[]>();

  constructor(readonly max: number) {}

  get idle(): boolean {
    return this.#active === 0 && this.#waiting.size === 0;
  }

  async run<T>(task: () => Promise<T>, { owner = '', signal }: { owner?: string; signal?: AbortSignal } = {}): Promise<T> {
    await this.#acquire(owner, signal);
    try {
      return await task();
    } finally {
      this.#active -= 1;
      this.#startNext();
    }
  }

  #startNext(): void {
    const first = this.#waiting.entries().next();
    if (first.done) return;
    const [owner, queue] = first.value;
    const start = queue.shift()!;
    // The owner goes to the back of the turn.
    this.#waiting.delete(owner);
    if (queue.length > 0) this.#waiting.set(owner, queue);
    start();
  }

  #acquire(owner: string, signal?: AbortSignal): Promise<void> {
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
        const queue = this.#waiting.get(owner);
        const index = queue?.indexOf(start) ?? -1;
        if (queue && index >= 0) {
          queue.splice(index, 1);
          if (queue.length === 0) this.#waiting.delete(owner);
        }
        reject(signal!.reason);
      };
      const queue = this.#waiting.get(owner);
      if (queue) queue.push(start);
      else this.#waiting.set(owner, [start]);
      signal?.addEventListener('abort', abort, { once: true });
    });
  }
}

interface Circuit {
  failures: number;
  openUntil: number;
  /** Open, its time over: one fetch is trying. */
  trying: boolean;
}

export interface TileProxyOptions {
  cache: TileDiskCache;
  userAgent: () => string;
  /** Fetches at once per upstream. */
  concurrency: number;
  /** A fetch (its wait for a slot included) longer than this is answered 504. */
  timeoutMs: number;
  logger: Logger;
  now?: () => number;
  /** The server's own provider (its template): its origin is the operator's, trusted by the outbound rule. */
  serverSource?: string | null;
  /** One partner's fetches waiting or running at once. Default 16 × concurrency. */
  partnerPending?: number;
  /** Failures in a row that open a circuit (default 3), and how long it stays open (default 30 s). */
  circuitFailures?: number;
  circuitOpenMs?: number;
  /** How host names resolve (tests). */
  resolve?: Resolver;
}

/** Whose map a tile is for, and whose provider draws it. */
export interface TileRequester {
  /** The partner's slug ('' for none): its fetches are counted, and its own provider has slots of its own. */
  partner: string;
  /** The tile comes from the partner's own provider (the outbound rule, no trust), not the server's. */
  own: boolean;
}

const SERVER_MAP: TileRequester = { partner: '', own: false };

/** `host:port` of a template's origin, as the outbound allowlist writes it. */
function originEntry(template: string): string {
  const url = new URL(template.replace(/\{[zxyr]\}/g, '0'));
  return `${url.hostname}:${Number(url.port) || (url.protocol === 'https:' ? 443 : 80)}`;
}

/** The body, read as it comes; past `max` bytes the read stops and the fetch is cancelled. */
async function readCapped(body: ReadableStream<Uint8Array> | null, max: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, size);
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new ProviderFailure('failed', `sent more than ${max} bytes`);
    }
    chunks.push(value);
  }
}

export class TileProxy {
  readonly #pools = new Map<string, Limiter>();
  readonly #pending = new Map<string, number>();
  readonly #circuits = new Map<string, Circuit>();
  readonly #inFlight = new Map<string, Promise<TileImage>>();
  readonly #now: () => number;
  readonly #serverDispatcher;
  readonly #partnerDispatcher;
  #lastFailureLogged = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: TileProxyOptions) {
    this.#now = options.now ?? Date.now;
    const timeouts = { headersTimeoutMs: options.timeoutMs, bodyTimeoutMs: options.timeoutMs, resolve: options.resolve };
    this.#serverDispatcher = outboundDispatcher({ ...timeouts, allow: options.serverSource ? [originEntry(options.serverSource)] : [] });
    this.#partnerDispatcher = outboundDispatcher(timeouts);
  }

  /** The tile at `url`: from the disk while fresh, else from the provider. Throws TileUnavailable. */
  async tile(url: string, requester: TileRequester = SERVER_MAP): Promise<TileImage> {
    const stored = await this.options.cache.read(url);
    if (stored && stored.expires > this.#now()) {
      countTileLookup('hit');
      return stored;
    }
    countTileLookup('miss');
    const key = `${requester.own ? 'own' : 'server'} ${url}`;
    let pending = this.#inFlight.get(key);
    if (!pending) {
      pending = this.#fetch(url, stored, requester).finally(() => this.#inFlight.delete(key));
      this.#inFlight.set(key, pending);
    }
    return pending;
  }

  /** Stops every fetch (the server is closing). */
  async close(): Promise<void> {
    await Promise.all([this.#serverDispatcher.destroy(), this.#partnerDispatcher.destroy()]);
  }

  async #fetch(url: string, stale: StoredTile | null, requester: TileRequester): Promise<TileImage> {
    // A partner's own provider: slots and a circuit of that partner's own. The server's: shared, in turn per partner.
    const upstream = requester.own ? `partner ${requester.partner} ${new URL(url).origin}` : `server ${new URL(url).origin}`;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let started = false;
    let admitted: 'go' | 'trial' | 'refused' = 'refused';
    try {
      admitted = this.#admit(upstream);
      if (admitted === 'refused') throw new ProviderFailure('failed', 'failing: answered at once for a while');
      const tile = await this.#counted(requester.partner, () =>
        this.#pool(upstream).run(
          () => {
            started = true;
            return this.#download(url, stale, signal, requester.own);
          },
          { owner: requester.partner, signal },
        ),
      );
      this.#record(upstream, 'ok');
      return tile;
    } catch (error) {
      const timedOut = signal.aborted && !(error instanceof ProviderFailure);
      // A provider that has no such tile works; a fetch that never started (no slot in time) says nothing of it.
      if (started) this.#record(upstream, error instanceof ProviderFailure && error.kind === 'missing' ? 'ok' : 'failed');
      else if (admitted === 'trial') this.#record(upstream, 'untried');
      const failure =
        error instanceof TileUnavailable
          ? error
          : timedOut
            ? new TileUnavailable(504, TILE_PROVIDER_TIMEOUT)
            : new TileUnavailable(502, TILE_PROVIDER_FAILED);
      const missing = error instanceof ProviderFailure && error.kind === 'missing';
      if (!missing && failure.status !== 503) this.#logFailure(url, timedOut ? 'no answer in time' : error);
      // Better yesterday's streets than none.
      if (stale && !missing) return stale;
      throw failure;
    } finally {
      if (this.#pools.get(upstream)?.idle) this.#pools.delete(upstream);
    }
  }

  #pool(upstream: string): Limiter {
    let pool = this.#pools.get(upstream);
    if (!pool) this.#pools.set(upstream, (pool = new Limiter(this.options.concurrency)));
    return pool;
  }

  /** Runs `task` as one of the partner's pending fetches; past its limit, a 503 at once. */
  async #counted<T>(partner: string, task: () => Promise<T>): Promise<T> {
    const count = this.#pending.get(partner) ?? 0;
    if (count >= (this.options.partnerPending ?? 16 * this.options.concurrency)) throw new TileUnavailable(503, TILE_PROVIDER_BUSY);
    this.#pending.set(partner, count + 1);
    try {
      return await task();
    } finally {
      const left = (this.#pending.get(partner) ?? 1) - 1;
      if (left > 0) this.#pending.set(partner, left);
      else this.#pending.delete(partner);
    }
  }

  /** Whether a fetch may go: a closed circuit, or (its trial) an open one whose time is over that no fetch is trying yet. */
  #admit(key: string): 'go' | 'trial' | 'refused' {
    const circuit = this.#circuits.get(key);
    if (!circuit || circuit.failures < (this.options.circuitFailures ?? DEFAULT_CIRCUIT_FAILURES)) return 'go';
    if (circuit.openUntil > this.#now() || circuit.trying) return 'refused';
    circuit.trying = true;
    return 'trial';
  }

  #record(key: string, outcome: 'ok' | 'failed' | 'untried'): void {
    if (outcome === 'ok') {
      this.#circuits.delete(key);
      return;
    }
    if (outcome === 'untried') {
      const circuit = this.#circuits.get(key);
      if (circuit) circuit.trying = false;
      return;
    }
    const circuit = this.#circuits.get(key) ?? { failures: 0, openUntil: 0, trying: false };
    circuit.failures += 1;
    circuit.trying = false;
    if (circuit.failures >= (this.options.circuitFailures ?? DEFAULT_CIRCUIT_FAILURES)) circuit.openUntil = this.#now() + (this.options.circuitOpenMs ?? DEFAULT_CIRCUIT_OPEN_MS);
    this.#circuits.delete(key);
    this.#circuits.set(key, circuit);
    if (this.#circuits.size > MAX_CIRCUITS) this.#circuits.delete(this.#circuits.keys().next().value!);
  }

  #logFailure(url: string, error: unknown): void {
    if (this.#now() - this.#lastFailureLogged < FAILURE_LOG_INTERVAL_MS) return;
    this.#lastFailureLogged = this.#now();
    const why = error instanceof OutboundError ? String((error.cause as Error | undefined)?.cause ?? error.cause) : error instanceof Error ? error.message : String(error);
    this.options.logger.warn(`[tiles] ${new URL(url).host}: ${TILE_PROVIDER_FAILED} (${why})`);
  }

  async #download(url: string, stale: StoredTile | null, signal: AbortSignal, own: boolean): Promise<TileImage> {
    const headers: Record<string, string> = { 'User-Agent': this.options.userAgent(), Accept: 'image/png,image/*;q=0.8' };
    if (stale?.etag) headers['If-None-Match'] = stale.etag;
    if (stale?.lastModified) headers['If-Modified-Since'] = stale.lastModified;
    const dispatcher = own ? this.#partnerDispatcher : this.#serverDispatcher;
    const response = await outboundFetch(url, { headers, signal, redirect: 'follow', dispatcher });

    if (response.status === 304 && stale) {
      await response.body?.cancel();
      const expires = freshUntil(response.headers, this.#now()) ?? this.#now();
      const refreshed = { ...stale, expires, etag: response.headers.get('etag') ?? stale.etag };
      await this.#store(url, refreshed);
      return refreshed;
    }
    if (response.status === 404) {
      await response.body?.cancel();
      throw new ProviderFailure('missing', 'answered 404');
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (!response.ok || !contentType.startsWith('image/')) {
      await response.body?.cancel();
      throw new ProviderFailure('failed', `answered ${response.status} ${contentType || 'without a content type'}`);
    }
    if (Number(response.headers.get('content-length') ?? 0) > MAX_TILE_BYTES) {
      await response.body?.cancel();
      throw new ProviderFailure('failed', `announced more than ${MAX_TILE_BYTES} bytes`);
    }
    const body = await readCapped(response.body, MAX_TILE_BYTES);

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
