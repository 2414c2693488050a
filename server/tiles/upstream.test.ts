import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tileUrl } from '../../core/maps/tiles';
import { DEFAULT_FRESHNESS_MS, freshUntil, TileDiskCache } from './disk-cache';
import { startFakeTileServer, type FakeTileServer } from './fake-tile-server';
import { Limiter, TileProxy, TileUnavailable } from './upstream';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let dir: string;
let upstream: FakeTileServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hearth-tiles-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await upstream?.close();
});

const proxy = (options: Partial<ConstructorParameters<typeof TileProxy>[0]> = {}) =>
  new TileProxy({
    cache: new TileDiskCache(join(dir, String(Math.random()))),
    userAgent: () => 'Hearth/0.1.0 (+http://127.0.0.1; maps@hearth.example)',
    concurrency: 4,
    timeoutMs: 2_000,
    logger: silent,
    ...options,
  });

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

  it('a provider error is a 502, a missing tile a 404', async () => {
    upstream = await startFakeTileServer();
    const tiles = proxy();
    await expect(tiles.tile(`${upstream.url}/down/1/0/0.png`)).rejects.toMatchObject({ status: 502 });
    await expect(tiles.tile(`${upstream.url}/missing/1/0/0.png`)).rejects.toMatchObject({ status: 404 });
    await expect(tiles.tile('http://127.0.0.1:1/1/0/0.png')).rejects.toMatchObject({ status: 502 });
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

  it('has at most `concurrency` fetches open at once, and fetches a tile asked for twice at once only once', async () => {
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
    const second = limiter.run(async () => 'ran', controller.signal);
    controller.abort(new Error('gave up'));
    await expect(second).rejects.toThrow('gave up');
    release();
    await first;
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
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
