import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRouter, type RunningServer } from '../app';
import { graphqlRoutes } from '../graphql/transport/http';
import { defaultLogger } from '../log';
import { siteRoutes } from '../site/routes';
import { engineName, startTestServer } from '../testing/test-server';
import type { TileService } from '../tiles/service';
import { OPENAPI_PATH, openApiDocument, routeOf } from './openapi';

type Paths = Record<string, Record<string, unknown>>;

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(openApiDocument('0.0.0') as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(openApiDocument('0.0.0').openapi).toMatch(/^3\.1\./);
  });

  it('documents every REST route of the router and nothing else (the hosted site and GraphQL aside)', () => {
    const router = buildRouter({ production: false, logger: defaultLogger, tiles: {} as TileService, allowlist: null });
    // The router keeps exact paths without their trailing slash.
    const trim = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
    const notRest = new Set([...Object.keys(siteRoutes), ...Object.keys(graphqlRoutes({ production: false, logger: defaultLogger }))].map(trim));
    const registered = router
      .routes()
      .filter(({ path }) => !notRest.has(trim(path)))
      .flatMap(({ path, methods }) => methods.map((method) => `${method} ${trim(path)}`))
      .sort();
    const documented = Object.entries(openApiDocument('0.0.0').paths as Paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${trim(routeOf(path))}`))
      .sort();
    expect(documented).toEqual(registered);
  });

  it('gives every operation a summary and every body a schema', () => {
    for (const [path, operations] of Object.entries(openApiDocument('0.0.0').paths as Paths)) {
      for (const [method, operation] of Object.entries(operations) as [string, { summary?: string; requestBody?: { content: Record<string, { schema?: unknown }> } }][]) {
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        if (operation.requestBody) expect(operation.requestBody.content['application/json']?.schema, `${method} ${path}`).toBeTruthy();
      }
    }
  });

  it('takes request bodies from the zod schemas that check them', () => {
    const paths = openApiDocument('0.0.0').paths as Paths;
    const login = (paths['/v1/api/api-token-auth/']!.post as { requestBody: { content: { 'application/json': { schema: { properties: object } } } } }).requestBody;
    expect(Object.keys(login.content['application/json'].schema.properties)).toEqual(['username', 'password', 'session']);
    const contact = JSON.stringify((paths['/v1/api/contact-form/']!.post as { requestBody: unknown }).requestBody);
    for (const field of ['firstName', 'lastName', 'email', 'phone', 'comment', 'listingId']) expect(contact).toContain(`"${field}"`);
  });
});

describe(`GET ${OPENAPI_PATH} (${engineName()})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves the document as JSON', async () => {
    const response = await fetch(`${server.url}${OPENAPI_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const document = (await response.json()) as { openapi: string; paths: Paths };
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths[OPENAPI_PATH]).toBeDefined();
  });
});
