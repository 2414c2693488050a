import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tileUrl } from '../../core/maps/tiles';
import { allowOutbound } from '../http/outbound';
import { DEFAULT_FRESHNESS_MS, freshUntil, TileDiskCache } from './disk-cache';
import { startFakeTileServer, type FakeTileServer } from './fake-tile-server';
import { Limiter, MAX_TILE_BYTES, TILE_PROVIDER_BUSY, TILE_PROVIDER_FAILED, TileProxy, TileUnavailable } from './upstream';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let dir: string;
let upstream: FakeTileServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hearth-tiles-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
let withdraw: (() => void) | undefined;
afterEach(async () => {
  withdraw?.();
  withdraw = undefined;
  await upstream?.close();
});

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 10_000) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A proxy whose own provider (trusted as the operator's) is the fake upstream of the test. */
const proxy = (options: Partial<ConstructorParameters<typeof TileProxy>[0]> = {}) =>
  new TileProxy({
    cache: new TileDiskCache(join(dir, String(Math.random()))),
    userAgent: () => 'Hearth/0.1.0 (+http://127.0.0.1; maps@hearth.example)',
    concurrency: 4,
    timeoutMs: 2_000,
    logger: silent,
    serverSource: upstream.template,
    ...options,
  });

const failureOf = (pending: Promise<unknown>) => pending.then(
  () => null,
  (error: unknown) => error as TileUnavailable,
);

const pngWidth = (png: Buffer) => png.readUInt32BE(16);

describe('the tile proxy', () => {
  it('fetches a tile once: the second request comes from the disk cache', async () => {
    upstream = await startFakeTileServer();
    const tiles = proxy();
    const url = tileUrl(upstream.template, { z: 13, x: 1549, y: 3078 });
    const first = await tiles.tile(url);
    const second = await tiles.tile(url);
    expect(first.contentType).toBe('image/png');
    expect(second.body.equals(first.body)).toBe(true);
    expect(upstream.requests).toHaveLength(1);
  });

  it('keeps the cache on disk: another proxy on the same folder does not fetch again', async () => {
    upstream = await startFakeTileServer();
    const cache = join(dir, 'shared');
    const url = tileUrl(upstream.template, { z: 5, x: 6, y: 12 });
    await proxy({ cache: new TileDiskCache(cache) }).tile(url);
    await proxy({ cache: new TileDiskCache(cache) }).tile(url);
    expect(upstream.requests).toHaveLength(1);
  });

  it('asks again once the tile is stale, as the provider’s Cache-Control says', async () => {
    upstream = await startFakeTileServer({ cacheControl: 'max-age=60' });
    let now = Date.now();
    const tiles = proxy({ now: () => now });
    const url = tileUrl(upstream.template, { z: 3, x: 1, y: 2 });
    await tiles.tile(url);
    now += 30_000;
    await tiles.tile(url);
    expect(upstream.requests).toHaveLength(1);
    now += 31_000;
    await tiles.tile(url);
    expect(upstream.requests).toHaveLength(2);
  });

  it('does not keep a tile marked no-store', async () => {
    upstream = await startFakeTileServer({ cacheControl: 'no-store' });
    const tiles = proxy();
    const url = tileUrl(upstream.template, { z: 3, x: 1, y: 2 });
    await tiles.tile(url);
    await tiles.tile(url);
    expect(upstream.requests).toHaveLength(2);
  });

  it('names Hearth and a contact in the User-Agent', async () => {
    upstream = await startFakeTileServer();
    await proxy().tile(tileUrl(upstream.template, { z: 1, x: 0, y: 0 }));
    expect(upstream.requests[0]!.userAgent).toBe('Hearth/0.1.0 (+http://127.0.0.1; maps@hearth.example)');
  });

  it('fetches the @2x tile when {r} asks for it', async () => {
    upstream = await startFakeTileServer();
    const tile = await proxy().tile(tileUrl(upstream.template, { z: 2, x: 1, y: 1 }, true));
    expect(upstream.requests[0]!.path).toBe('/2/1/1@2x.png');
    expect(pngWidth(tile.body)).toBe(512);
  });

  it('answers the same 502 whatever the provider said: an error, a 403 page, no such tile, a refused address, a closed port', async () => {
    upstream = await startFakeTileServer();
    const closed = await startFakeTileServer();
    await closed.close();
    // The closed port is trusted as the operator's, so the connection is tried; internal.example resolves to loopback.
    const tiles = proxy({ resolve: async () => [{ address: '127.0.0.1' }] });
    const trusted = proxy({ serverSource: closed.template });
    const failures = [
      await failureOf(tiles.tile(`${upstream.url}/down/1/0/0.png`)),
      await failureOf(tiles.tile(`${upstream.url}/forbidden/1/0/0.png`)),
      await failureOf(tiles.tile(`${upstream.url}/missing/1/0/0.png`)),
      await failureOf(tiles.tile(`${upstream.url}/1/0/0.png`, { partner: 'p', own: true })),
      await failureOf(tiles.tile(`http://internal.example:${new URL(upstream.url).port}/1/0/0.png`, { partner: 'p', own: true })),
      await failureOf(trusted.tile(`${closed.url}/1/0/0.png`)),
    ];
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(TileUnavailable);
      expect(failure).toMatchObject({ status: 502, message: TILE_PROVIDER_FAILED });
    }
    // The partner's requests to the loopback provider never reached it.
    expect(upstream.requests.map((r) => r.path)).toEqual(['/down/1/0/0.png', '/forbidden/1/0/0.png', '/missing/1/0/0.png']);
  });

  it('stops reading a body past 2 MB: the provider sends little more than that', async () => {
    upstream = await startFakeTileServer();
    const failure = await failureOf(proxy().tile(`${upstream.url}/huge/1/0/0.png`));
    expect(failure).toMatchObject({ status: 502, message: TILE_PROVIDER_FAILED });
    await until(() => upstream.open === 0);
    // Socket buffers on both sides hold a few MB at most; the body would have been 64 MB.
    console.info(`[tiles] a chunked body past the cap: ${upstream.hugeBytesSent} bytes sent`);
    expect(upstream.hugeBytesSent).toBeGreaterThan(MAX_TILE_BYTES);
    expect(upstream.hugeBytesSent).toBeLessThan(4 * MAX_TILE_BYTES);
  });

  it('answers a partner whose provider keeps failing at once for a while, then tries once again', async () => {
    upstream = await startFakeTileServer();
    let now = Date.now();
    withdraw = allowOutbound([new URL(upstream.url).host]);
    const tiles = proxy({ now: () => now, circuitFailures: 2, circuitOpenMs: 30_000, serverSource: null });
    const failing = { partner: 'failing', own: true };
    for (let x = 0; x < 5; x++) await expect(tiles.tile(`${upstream.url}/down/3/${x}/0.png`, failing)).rejects.toMatchObject({ status: 502 });
    expect(upstream.requests).toHaveLength(2);
    // Another partner on the same provider still fetches.
    expect((await tiles.tile(`${upstream.url}/3/0/0.png`, { partner: 'other', own: true })).contentType).toBe('image/png');
    expect(upstream.requests).toHaveLength(3);
    now += 30_001;
    expect((await tiles.tile(`${upstream.url}/3/1/1.png`, failing)).contentType).toBe('image/png');
    await tiles.tile(`${upstream.url}/3/2/1.png`, failing);
    expect(upstream.requests).toHaveLength(5);
  });

  it('gives a partner at most `partnerPending` fetches at once; more are answered 503 at once', async () => {
    upstream = await startFakeTileServer();
    withdraw = allowOutbound([new URL(upstream.url).host]);
    const tiles = proxy({ concurrency: 1, partnerPending: 2, timeoutMs: 60_000, serverSource: null });
    const slow = { partner: 'slow', own: true };
    const held = [0, 1].map((x) => failureOf(tiles.tile(`${upstream.url}/hang/4/${x}/0.png`, slow)));
    await expect(tiles.tile(`${upstream.url}/hang/4/2/0.png`, slow)).rejects.toMatchObject({ status: 503, message: TILE_PROVIDER_BUSY });
    await until(() => upstream.open === 1);
    await tiles.close();
    expect(await Promise.all(held)).toMatchObject([{ status: 502 }, { status: 502 }]);
  });

  it('a provider that does not answer in time is a 504', async () => {
    upstream = await startFakeTileServer();
    const error = await proxy({ timeoutMs: 200 })
      .tile(`${upstream.url}/hang/1/0/0.png`)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TileUnavailable);
    expect(error).toMatchObject({ status: 504 });
  });

  it('serves the stale tile when the provider fails while revalidating', async () => {
    upstream = await startFakeTileServer({ cacheControl: 'max-age=1' });
    let now = Date.now();
    const cache = new TileDiskCache(join(dir, 'stale'));
    const url = tileUrl(upstream.template, { z: 4, x: 3, y: 5 });
    const fresh = await proxy({ cache, now: () => now }).tile(url);
    now += 10_000;
    await upstream.close();
    const stale = await proxy({ cache, now: () => now }).tile(url);
    expect(stale.body.equals(fresh.body)).toBe(true);
  });

  it('has at most `concurrency` fetches open at once per upstream, and fetches a tile asked for twice at once only once', async () => {
    upstream = await startFakeTileServer({ delayMs: 80 });
    const tiles = proxy({ concurrency: 4 });
    const urls = Array.from({ length: 12 }, (_, i) => tileUrl(upstream.template, { z: 6, x: i, y: 20 }));
    const results = await Promise.all([...urls, urls[0]!].map((url) => tiles.tile(url)));
    expect(results).toHaveLength(13);
    expect(upstream.maxOpen).toBe(4);
    expect(upstream.requests).toHaveLength(12);
  });
});

describe('Limiter', () => {
  it('lets a waiting task go when its signal aborts', async () => {
    const limiter = new Limiter(1);
    let release!: () => void;
    const first = limiter.run(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    const second = limiter.run(async () => 'ran', { signal: controller.signal });
    controller.abort(new Error('gave up'));
    await expect(second).rejects.toThrow('gave up');
    release();
    await first;
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
    expect(limiter.idle).toBe(true);
  });

  it('starts waiting tasks in turn per owner: one owner’s queue never stands in front of another’s', async () => {
    const limiter = new Limiter(1);
    const order: string[] = [];
    let release!: () => void;
    const first = limiter.run(() => new Promise<void>((resolve) => (release = resolve)), { owner: 'a' });
    const queued = [
      ...['a1', 'a2', 'a3', 'a4'].map((name) => limiter.run(async () => void order.push(name), { owner: 'a' })),
      limiter.run(async () => void order.push('b1'), { owner: 'b' }),
      limiter.run(async () => void order.push('c1'), { owner: 'c' }),
    ];
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([first, ...queued]);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'a4']);
  });
});

describe('freshUntil: how long a shared cache may keep a response', () => {
  const now = 1_700_000_000_000;
  const headers = (init: Record<string, string>) => new Headers(init);

  it('reads s-maxage before max-age, less the Age header', () => {
    expect(freshUntil(headers({ 'Cache-Control': 'max-age=600, s-maxage=60' }), now)).toBe(now + 60_000);
    expect(freshUntil(headers({ 'Cache-Control': 'public, max-age=600', Age: '100' }), now)).toBe(now + 500_000);
  });

  it('reads Expires when there is no max-age; an unreadable Expires is already stale', () => {
    expect(freshUntil(headers({ Expires: new Date(now + 3_600_000).toUTCString() }), now)).toBe(now + 3_600_000);
    expect(freshUntil(headers({ Expires: '0' }), now)).toBe(now);
  });

  it('keeps nothing for no-store or private, and no-cache is stale at once', () => {
    expect(freshUntil(headers({ 'Cache-Control': 'no-store' }), now)).toBeNull();
    expect(freshUntil(headers({ 'Cache-Control': 'private, max-age=600' }), now)).toBeNull();
    expect(freshUntil(headers({ 'Cache-Control': 'no-cache' }), now)).toBe(now);
  });

  it('keeps a week when the provider says nothing', () => {
    expect(freshUntil(headers({}), now)).toBe(now + DEFAULT_FRESHNESS_MS);
  });
});
