import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp } from '../accounts/testing';
import { graphqlAs } from '../testing/graphql';
import { signUpTestPartner } from '../testing/partner';
import { startTestServer } from '../testing/test-server';
import { startFakeTileServer, type FakeTileServer } from './fake-tile-server';
import { TILE_PROVIDER_FAILED } from './upstream';

let api: RunningServer;
let upstream: FakeTileServer;
/** An internal service answering images, on a port nobody allowed: nothing may reach it. */
let secret: FakeTileServer;
/** An allowed receiver that redirects to the internal service. */
let redirector: Server;
let closedPort: number;
let cacheDir: string;

const OSM = { text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' };

async function addPartner(slug: string, tileSource: unknown, server = api) {
  await server.db.query(`INSERT INTO partners (slug, name, app_context) VALUES ($1, $1, $2::jsonb)`, [slug, JSON.stringify({ tileSource })]);
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
};

beforeAll(async () => {
  upstream = await startFakeTileServer();
  secret = await startFakeTileServer();
  redirector = createServer((req, res) => res.writeHead(302, { Location: `${secret.url}${req.url}` }).end());
  const redirectorPort = await listen(redirector);
  const closed = createServer();
  closedPort = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  cacheDir = await mkdtemp(join(tmpdir(), 'hearth-tile-routes-'));
  api = await startTestServer({
    tiles: { url: upstream.template, cacheDir, contact: 'maps@hearth.example', timeoutMs: 500 },
    // The operator lets partners reach the test's providers; never the internal service.
    outboundAllow: [new URL(upstream.url).host, `127.0.0.1:${redirectorPort}`, `127.0.0.1:${closedPort}`],
  });
  await addPartner('tiles-down', { url: `${upstream.url}/down/{z}/{x}/{y}.png` });
  await addPartner('tiles-slow', { url: `${upstream.url}/hang/{z}/{x}/{y}.png` });
  await addPartner('tiles-forbidden', { url: `${upstream.url}/forbidden/{z}/{x}/{y}.png` });
  await addPartner('tiles-closed', { url: `http://127.0.0.1:${closedPort}/{z}/{x}/{y}.png` });
  await addPartner('tiles-redirected', { url: `http://127.0.0.1:${redirectorPort}/{z}/{x}/{y}.png` });
  await addPartner('tiles-own', {
    url: `${upstream.url}/{z}/{x}/{y}.png?key=partner-secret`,
    attribution: '[© Example Maps](https://maps.example/) [© OpenStreetMap contributors](https://www.openstreetmap.org/copyright)',
  });
  await addPartner('tiles-broken', { url: 'javascript:alert(1)' });
});

afterAll(async () => {
  await api?.close();
  await upstream?.close();
  await secret?.close();
  await new Promise((resolve) => redirector?.close(resolve));
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

  it('answers the same whatever a provider said: a 403 page, a closed port, a redirect to a refused address', async () => {
    const answers = await Promise.all(
      ['tiles-forbidden', 'tiles-closed', 'tiles-redirected', 'tiles-down'].map(async (partner) => {
        const response = await fetch(`${api.url}/tiles/4/3/6.png?partner=${partner}`);
        return { status: response.status, body: await response.text() };
      }),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(502);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ error: 'tile_provider_failed', message: TILE_PROVIDER_FAILED });
    expect(secret.requests).toEqual([]);
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

describe("a partner's tile source and the server's own network (issue 33)", () => {
  const UPDATE = 'mutation ($partnerId: ID!, $input: PartnerSettingsInput!) { updatePartnerSettings(partnerId: $partnerId, input: $input) { tileSourceUrl } }';

  it('refuses to save an internal address in any spelling, or an internal name, with the field named', async () => {
    const owner = await signUp(api);
    const partner = await signUpTestPartner(api, owner, 'Probe Homes');
    const port = new URL(secret.url).port;
    for (const url of [
      `http://127.0.0.1:${port}/secret/{z}/{x}/{y}.png`,
      `http://2130706433:${port}/secret/{z}/{x}/{y}.png`,
      `http://0x7f.1:${port}/{z}/{x}/{y}.png`,
      `http://[::ffff:127.0.0.1]:${port}/{z}/{x}/{y}.png`,
      `http://localhost.:${port}/{z}/{x}/{y}.png`,
      'http://169.254.169.254/latest/{z}/{x}/{y}.png',
      'https://metadata.google.internal/{z}/{x}/{y}.png',
      'https://[64:ff9b::7f00:1]/{z}/{x}/{y}.png',
    ]) {
      const result = await graphqlAs(api, owner, UPDATE, { partnerId: partner.id, input: { tileSourceUrl: url } });
      expect(result.errors?.[0]?.extensions, url).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'input.tileSourceUrl' });
      expect(result.errors?.[0]?.message, url).toMatch(/public address/);
    }
    // A public provider is still taken.
    const ok = await graphqlAs(api, owner, UPDATE, { partnerId: partner.id, input: { tileSourceUrl: 'https://tiles.example.com/{z}/{x}/{y}.png' } });
    expect(ok.data?.updatePartnerSettings).toEqual({ tileSourceUrl: 'https://tiles.example.com/{z}/{x}/{y}.png' });
  });

  it('never fetches an internal source stored before: the server’s basemap is drawn instead', async () => {
    const port = new URL(secret.url).port;
    await addPartner('tiles-internal', { url: `http://2130706433:${port}/secret/{z}/{x}/{y}.png` });
    const response = await fetch(`${api.url}/tiles/3/1/2.png?partner=tiles-internal`);
    expect(response.status).toBe(200);
    expect(secret.requests).toEqual([]);
    expect(upstream.requests.some((r) => r.path === '/3/1/2.png')).toBe(true);
  });
});

describe("one partner's stalling provider (issue 33)", () => {
  let server: RunningServer;
  let staller: FakeTileServer;
  let other: FakeTileServer;
  let dir: string;

  beforeAll(async () => {
    staller = await startFakeTileServer();
    other = await startFakeTileServer();
    dir = await mkdtemp(join(tmpdir(), 'hearth-tile-stall-'));
    // Long enough that nothing of the stalled partner times out during the test.
    server = await startTestServer({
      tiles: { url: upstream.template, cacheDir: dir, timeoutMs: 120_000 },
      outboundAllow: [new URL(staller.url).host, new URL(other.url).host],
    });
    await addPartner('stalls', { url: `${staller.url}/stall/{z}/{x}/{y}.png` }, server);
    await addPartner('own-provider', { url: other.template }, server);
  });
  afterAll(async () => {
    await server?.close();
    await staller?.close();
    await other?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("costs only that partner: other partners' tiles and the default map answer while its fetches hang", async () => {
    const stop = new AbortController();
    // 12 loops asking for the stalled partner's tiles (each hangs: its provider sent headers, then nothing).
    const loops = Array.from({ length: 12 }, async (_, i) => {
      for (let y = 0; !stop.signal.aborted; y++) {
        await fetch(`${server.url}/tiles/6/${i}/${y}.png?partner=stalls`, { signal: stop.signal }).then((r) => r.arrayBuffer()).catch(() => undefined);
      }
    });
    try {
      // Every slot of its provider is held, and more of its tiles wait.
      for (let waited = 0; staller.open < 4 && waited < 20_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(staller.open).toBe(4);
      for (const [path, provider] of [
        ['/tiles/6/1/1.png', upstream],
        ['/tiles/6/2/1.png?partner=own-provider', other],
        ['/tiles/6/3/1.png?partner=acme', upstream],
      ] as const) {
        const response = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(20_000) });
        expect(response.status, path).toBe(200);
        expect(provider.requests.length, path).toBeGreaterThan(0);
      }
      // Meanwhile nothing of the stalled partner was answered: its fetches still hang.
      expect(staller.open).toBe(4);
      expect(staller.requests).toHaveLength(4);
    } finally {
      stop.abort();
      await Promise.all(loops);
    }
  });
});
