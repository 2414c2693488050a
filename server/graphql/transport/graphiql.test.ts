import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app';
import { devAndProductionServers } from '../../testing/server-hooks';
import { engineName } from '../../testing/test-server';
import { getIntrospectionQuery } from '../graphql-js';
import { GRAPHIQL_CSP } from './graphiql';

const servers = devAndProductionServers();

const page = (server: RunningServer, path: string) => fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });

describe(`GraphiQL (${engineName()})`, () => {
  it('is the answer to a browser visiting either endpoint outside production', async () => {
    for (const endpoint of ['graphql', 'public_graphql']) {
      const response = await page(servers.dev, `/${endpoint}/?partner=acme&query=%7B__typename%7D`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await response.text();
      expect(html).toContain(`<title>Hearth GraphiQL: /${endpoint}/</title>`);
      const options = JSON.parse(/<script type="application\/json" id="graphiql-options">(.*?)<\/script>/s.exec(html)![1]!);
      expect(options.endpoint).toBe(`/${endpoint}/?partner=acme`);
    }
  });

  it('loads only from our origin: no inline script, a CSP naming only self', async () => {
    const response = await page(servers.dev, '/public_graphql/');
    expect(response.headers.get('content-security-policy')).toBe(GRAPHIQL_CSP);
    expect(GRAPHIQL_CSP).not.toMatch(/https?:|\*|unsafe-eval/);
    expect(GRAPHIQL_CSP).toMatch(/script-src 'self';/);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    const sources = scripts.filter((attributes) => !attributes.includes('type="application/json"')).map((a) => /src="([^"]+)"/.exec(a)?.[1]);
    expect(sources).toEqual(['/graphiql/yoga-graphiql.umd.js', '/graphiql/start.js']);
    const links = [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
    for (const link of links) expect(link, link).toMatch(/^(\/graphiql\/|data:,$)/);
  });

  it('serves its bundle, stylesheet, start script and editor workers from the installed package', async () => {
    const start = await fetch(`${servers.dev.url}/graphiql/start.js`);
    expect(start.status).toBe(200);
    const script = await start.text();
    const workers = [...script.matchAll(/'([a-z.]+\.bundle\.js)'/g)].map((m) => `/graphiql/monacoeditorwork/${m[1]}`);
    expect(workers).toHaveLength(3);
    for (const path of ['/graphiql/yoga-graphiql.umd.js', '/graphiql/graphiql.css', ...workers]) {
      const response = await fetch(`${servers.dev.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(path.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect(await response.text(), path).not.toMatch(/unpkg\.com|cdn\.jsdelivr/);
    }
    expect((await fetch(`${servers.dev.url}/graphiql/package.json`)).status).toBe(404);
    expect((await fetch(`${servers.dev.url}/graphiql/..%2Fpackage.json`)).status).toBeGreaterThanOrEqual(400);
  });

  it('gets its schema: the introspection query it sends, named and without queryName, is answered', async () => {
    const response = await fetch(`${servers.dev.url}/public_graphql/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json' },
      body: JSON.stringify({ query: getIntrospectionQuery({ inputValueDeprecation: true }), operationName: 'IntrospectionQuery' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { __schema: { queryType: { name: string } } }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data.__schema.queryType.name).toBe('Query');
  });

  it('is never served in production: the endpoints refuse GET, the assets are not there', async () => {
    for (const endpoint of ['graphql', 'public_graphql']) {
      const response = await page(servers.production, `/${endpoint}/`);
      expect(response.status).toBe(405);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect((await fetch(`${servers.production.url}/graphiql/yoga-graphiql.umd.js`)).status).toBe(404);
    expect((await fetch(`${servers.production.url}/graphiql/start.js`)).status).toBe(404);
  });
});
