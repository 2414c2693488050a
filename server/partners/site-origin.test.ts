import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigResponseSchema, appContextSchema } from '../../core/config/schema';
import type { RunningServer } from '../app';
import { engineName, startTestServer } from '../testing/test-server';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A GET to the test server as a browser on `host` sends it (fetch cannot set Host). */
function get(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const siteUrlOf = async (headers: Record<string, string>) => {
  const { body } = await get('/v1/api/dynamic-config/', headers);
  return appContextSchema.parse(JSON.parse(appConfigResponseSchema.parse(JSON.parse(body)).app_config.app_context)).siteUrl;
};

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1];

describe(`a partner's hosted site on its own domain links to itself (${engineName()})`, () => {
  it("gives the elements of summit's hosted site, served on summit.example, that origin for their links", async () => {
    // The hosted site on summit's domain (the page and its API calls come in on summit.example).
    expect(await siteUrlOf({ Host: 'summit.example:8443', Origin: 'http://summit.example:8443' })).toBe('http://summit.example:8443');
    // An embed on summit's own site calls our API from there: its links stay on the site summit set, else ours.
    expect(await siteUrlOf({ Host: new URL(server.url).host, Origin: 'https://summit.example' })).toBe(server.url);
    // A Host that is no partner's domain is our own site.
    expect(await siteUrlOf({ Host: 'elsewhere.example' })).toBe(server.url);
  });

  it("writes summit's pages on summit.example with that origin: canonical, Open Graph and the stay cards' links", async () => {
    const home = await get('/', { Host: 'summit.example' });
    expect(home.status).toBe(200);
    expect(canonicalOf(home.body)).toBe('http://summit.example/');
    expect(home.body).not.toContain(server.url);
    const stays = await get('/stays', { Host: 'summit.example' });
    expect(canonicalOf(stays.body)).toBe('http://summit.example/stays');
    expect(stays.body).not.toContain(server.url);
    // Our own site is unchanged.
    expect(canonicalOf((await get('/', { Host: new URL(server.url).host })).body)).toBe(`${server.url}/`);
  });
});
