import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { startTestServer } from '../testing/test-server';
import { startFakeTileServer, type FakeTileServer } from './fake-tile-server';

let api: RunningServer;
let upstream: FakeTileServer;
let cacheDir: string;

const OSM = { text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' };

async function addPartner(slug: string, tileSource: unknown) {
  await api.db.query(`INSERT INTO partners (slug, name, app_context) VALUES ($1, $1, $2::jsonb)`, [slug, JSON.stringify({ tileSource })]);
}

beforeAll(async () => {
  upstream = await startFakeTileServer();
  cacheDir = await mkdtemp(join(tmpdir(), 'hearth-tile-routes-'));
  api = await startTestServer({ tiles: { url: upstream.template, cacheDir, contact: 'maps@hearth.example', timeoutMs: 500 } });
  await addPartner('tiles-down', { url: `${upstream.url}/down/{z}/{x}/{y}.png` });
  await addPartner('tiles-slow', { url: `${upstream.url}/hang/{z}/{x}/{y}.png` });
  await addPartner('tiles-own', {
    url: `${upstream.url}/{z}/{x}/{y}.png?key=partner-secret`,
    attribution: '[© Example Maps](https://maps.example/) [© OpenStreetMap contributors](https://www.openstreetmap.org/copyright)',
  });
  await addPartner('tiles-broken', { url: 'javascript:alert(1)' });
});

afterAll(async () => {
  await api?.close();
  await upstream?.close();
  await rm(cacheDir, { recursive: true, force: true });
});

const hitsFor = (path: string) => upstream.requests.filter((r) => r.path === path).length;

describe('GET /tiles/{z}/{x}/{y}.png', () => {
  it('serves the provider’s PNG with headers that let another origin show it and browsers keep it', async () => {
    const response = await fetch(`${api.url}/tiles/13/1549/3078.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=604800\b/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.subarray(1, 4).toString()).toBe('PNG');
    const request = upstream.requests.find((r) => r.path === '/13/1549/3078.png')!;
    expect(request.userAgent).toMatch(/^Hearth\/\d+\.\d+\.\d+ \(\+http:\/\/127\.0\.0\.1:\d+; maps@hearth\.example\)$/);
  });

  it('serves the second request from its disk cache: the provider sees one', async () => {
    await fetch(`${api.url}/tiles/12/774/1539.png`);
    const again = await fetch(`${api.url}/tiles/12/774/1539.png`);
    expect(again.status).toBe(200);
    expect(hitsFor('/12/774/1539.png')).toBe(1);
  });

  it('@2x fills {r}: a 512 px tile', async () => {
    const response = await fetch(`${api.url}/tiles/3/1/2@2x.png`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).readUInt32BE(16)).toBe(512);
    expect(hitsFor('/3/1/2@2x.png')).toBe(1);
  });

  it.each(['20/0/0.png', '2/4/0.png', '2/0/4.png', '1/0/0.jpg', 'a/b/c.png', '3/1.5/2.png', '3/-1/2.png', '3/1/2', '3/1/2/4.png', '003/1/2.png/x'])(
    'answers 400 for /tiles/%s',
    async (path) => {
      const response = await fetch(`${api.url}/tiles/${path}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('bad_tile');
    },
  );

  it('answers 502 when the provider fails', async () => {
    const response = await fetch(`${api.url}/tiles/4/3/5.png?partner=tiles-down`);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: string }).error).toBe('tile_provider_failed');
  });

  it('answers 504 when the provider does not answer in time', async () => {
    const response = await fetch(`${api.url}/tiles/4/3/5.png?partner=tiles-slow`);
    expect(response.status).toBe(504);
    expect(((await response.json()) as { error: string }).error).toBe('tile_provider_timeout');
  });

  it('takes a partner’s own provider from its config', async () => {
    const response = await fetch(`${api.url}/tiles/6/12/24.png?partner=tiles-own`);
    expect(response.status).toBe(200);
    expect(hitsFor('/6/12/24.png')).toBe(1);
  });

  it('falls back to the server’s provider when a partner names one badly', async () => {
    const response = await fetch(`${api.url}/tiles/6/13/24.png?partner=tiles-broken`);
    expect(response.status).toBe(200);
    expect(hitsFor('/6/13/24.png')).toBe(1);
  });
});

describe('GET /tiles/source.json', () => {
  it('says what to credit and whether @2x tiles exist, to any origin', async () => {
    const response = await fetch(`${api.url}/tiles/source.json`, { headers: { Origin: 'https://agent.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({ basemap: { attribution: [OSM], retina: true, minZoom: 0, maxZoom: 19 } });
  });

  it('a partner’s own provider brings its own credit line, and never its URL (it may hold a key)', async () => {
    const response = await fetch(`${api.url}/tiles/source.json?partner=tiles-own`);
    const text = await response.text();
    expect(text).not.toContain('partner-secret');
    expect(JSON.parse(text)).toEqual({
      basemap: { attribution: [{ text: '© Example Maps', url: 'https://maps.example/' }, OSM], retina: false, minZoom: 0, maxZoom: 19 },
    });
  });
});
