import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { paths, REPO_ROOT } from '../paths';
import { engineName, startTestServer } from '../testing/test-server';
import { SITE_PAGE_CSP } from './pages';

const version = (JSON.parse(await readFile(paths.packageJson, 'utf8')) as { version: string }).version;

let server: RunningServer;
let distDir: string;
beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'hearth-dist-'));
  await mkdir(join(distDir, 'cdn', `v${version}`), { recursive: true });
  await mkdir(join(distDir, 'cdn', 'v0.0.1'), { recursive: true });
  await mkdir(join(distDir, 'cdn-react', `v${version}`), { recursive: true });
  await writeFile(join(distDir, 'cdn', `v${version}`, 'loader.js'), 'export const build = "current";\n');
  await writeFile(join(distDir, 'cdn', `v${version}`, 'manifest.json'), '{"ok":true}\n');
  await writeFile(join(distDir, 'cdn', 'v0.0.1', 'loader.js'), 'export const build = "old";\n');
  await writeFile(join(distDir, 'cdn-react', `v${version}`, 'loader.js'), 'export const build = "react";\n');
  await writeFile(join(distDir, 'cdn', `v${version}`, 'runtime.js'), 'export const plain = true;\n');
  await writeFile(join(distDir, 'cdn', `v${version}`, 'runtime.js.gz'), gzipSync('export const plain = true;\n'));
  await writeFile(join(distDir, 'cdn', `v${version}`, 'runtime.js.br'), brotliCompressSync('export const plain = true;\n'));
  await writeFile(join(distDir, 'secret.txt'), 'outside the cdn folders');
  server = await startTestServer({ distDir });
});
afterAll(async () => {
  await server?.close();
  await rm(distDir, { recursive: true, force: true });
});

/** A GET that leaves the body as sent (fetch would decompress it). */
function rawGet(url: string, encoding: string) {
  return new Promise<{ status: number | undefined; encoding: string | undefined; type: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers: encoding ? { 'Accept-Encoding': encoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, encoding: res.headers['content-encoding'], type: res.headers['content-type'], vary: res.headers.vary, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe(`CDN files (${engineName()})`, () => {
  it('serves /cdn/v1/ from the current version folder with a short cache', async () => {
    const response = await fetch(`${server.url}/cdn/v1/loader.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('export const build = "current";\n');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('serves /cdn/v<semver>/ as immutable', async () => {
    const response = await fetch(`${server.url}/cdn/v0.0.1/loader.js`);
    expect(await response.text()).toBe('export const build = "old";\n');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('lets any origin import CDN files', async () => {
    const response = await fetch(`${server.url}/cdn/v1/loader.js`, { headers: { Origin: 'https://agent.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the React flavour from /cdn-react/', async () => {
    expect(await (await fetch(`${server.url}/cdn-react/v1/loader.js`)).text()).toBe('export const build = "react";\n');
    expect((await fetch(`${server.url}/cdn-react/v0.0.1/loader.js`)).status).toBe(404);
  });

  it('sends the brotli file to a browser that accepts it, the gzip one otherwise, and plain text to the rest', async () => {
    const get = (encoding: string) => rawGet(`${server.url}/cdn/v1/runtime.js`, encoding);
    const br = await get('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.type).toBe('text/javascript; charset=utf-8');
    expect(br.vary).toContain('Accept-Encoding');
    expect(br.body.equals(brotliCompressSync('export const plain = true;\n'))).toBe(true);
    expect((await get('gzip')).encoding).toBe('gzip');
    const plain = await get('');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe('export const plain = true;\n');
  });

  it('uses the JSON content type for .json', async () => {
    const response = await fetch(`${server.url}/cdn/v1/manifest.json`);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers a repeated request with 304 when the ETag matches', async () => {
    const first = await fetch(`${server.url}/cdn/v1/loader.js`);
    const etag = first.headers.get('etag')!;
    const second = await fetch(`${server.url}/cdn/v1/loader.js`, { headers: { 'If-None-Match': etag } });
    expect(second.status).toBe(304);
  });

  it('answers 404 for folders that are neither v1 nor a version', async () => {
    for (const path of ['/cdn/latest/loader.js', '/cdn/v1.2/loader.js', '/cdn/v1/missing.js', '/cdn/secret.txt']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
  });
});

describe('path traversal', () => {
  const attempts = [
    '/cdn/v1/..%2f..%2fsecret.txt',
    '/cdn/v1/%2e%2e%2f%2e%2e%2fsecret.txt',
    '/cdn/v1/..%5c..%5csecret.txt',
    '/static/..%2f..%2fpackage.json',
    '/static/%2e%2e/%2e%2e/package.json',
    '/static/demo/%00avery.svg',
    '/static/.hidden',
    '/demo/gallery/..%2f..%2fpackage.json',
  ];

  it('never serves a file outside the mounted folder', async () => {
    for (const path of attempts) {
      const response = await fetch(`${server.url}${path}`);
      expect([400, 404], path).toContain(response.status);
      const text = await response.text();
      expect(text, path).not.toContain('outside the cdn folders');
      expect(text, path).not.toContain('"name": "@hearth/elements"');
    }
  });

  it('refuses raw ../ segments too (Node does not normalise them)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(server.url);
      const req = request({ hostname, port, path: '/static/../../package.json' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).not.toBe(200);
  });
});

describe('static and demo files', () => {
  it('serves /static/ files with their content type', async () => {
    const response = await fetch(`${server.url}/static/demo/avery.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('serves the demo sites with index.html, redirecting to the slash URL', async () => {
    for (const folder of ['agent-site', 'gallery']) {
      const exists = await readFile(join(paths.demoSites, folder, 'index.html')).then(
        () => true,
        () => false,
      );
      const response = await fetch(`${server.url}/demo/${folder}/`);
      expect(response.status, folder).toBe(exists ? 200 : 404);
      if (exists) expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const bare = await fetch(`${server.url}/demo/${folder}`, { redirect: 'manual' });
      if (exists) expect(bare.headers.get('location')).toBe(`/demo/${folder}/`);
    }
  });

  it('serves the agent’s demo site under the page policy: its stylesheet and our loader from itself, nothing inline (issue 33)', async () => {
    const page = await fetch(`${server.url}/demo/agent-site/`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toBe(SITE_PAGE_CSP);
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/style-src 'self'/);
    expect(csp).not.toMatch(/unsafe-/);
    const html = await page.text();
    expect(html).toContain('<link rel="stylesheet" href="site.css" />');
    expect(html).toContain('<script src="/cdn/v1/loader.js"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  });

  it('serves the gallery under the hosted-site CSP, with the committed custom-elements.json it builds its sections from', async () => {
    const page = await fetch(`${server.url}/demo/gallery/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(SITE_PAGE_CSP);
    const html = await page.text();
    // Nothing inline that the CSP would have to allow.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);

    const manifest = await fetch(`${server.url}/demo/gallery/custom-elements.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await manifest.text()).toBe(await readFile(join(REPO_ROOT, 'custom-elements.json'), 'utf8'));
  });

  it('serves a page at /', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it("serves the hosted site's own files under /site/", async () => {
    const exists = await readFile(join(paths.site, 'site.css')).then(
      () => true,
      () => false,
    );
    const response = await fetch(`${server.url}/site/site.css`);
    expect(response.status).toBe(exists ? 200 : 404);
    if (exists) expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('compresses text answers for a browser that accepts it: a page, site.css, JSON (issue 38)', async () => {
    for (const path of ['/', '/site/site.css', '/v1/api/openapi.json']) {
      const plain = await rawGet(`${server.url}${path}`, '');
      expect(plain.encoding, path).toBeUndefined();
      expect(plain.body.length, path).toBeGreaterThan(1024);
      const br = await rawGet(`${server.url}${path}`, 'gzip, deflate, br');
      expect(br.encoding, path).toBe('br');
      expect(br.vary, path).toContain('Accept-Encoding');
      expect(br.body.length, path).toBeLessThan(plain.body.length / 2);
      // Pages differ only in their nonces and request ids; the stylesheet and the config are the same bytes.
      if (path !== '/') expect(brotliDecompressSync(br.body).equals(plain.body), path).toBe(true);
      const gzip = await rawGet(`${server.url}${path}`, 'gzip');
      expect(gzip.encoding, path).toBe('gzip');
      expect(gunzipSync(gzip.body).toString(), path).toContain(path === '/site/site.css' ? 'body {' : path === '/' ? '<!doctype html>' : '"openapi"');
    }
    // Small answers are not worth it.
    expect((await rawGet(`${server.url}/healthz`, 'br')).encoding).toBeUndefined();
  });

  it('answers unknown paths with a JSON 404', async () => {
    const response = await fetch(`${server.url}/no/such/thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });

  it('answers /healthz', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ ok: true });
  });
});
