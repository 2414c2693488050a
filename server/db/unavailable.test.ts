/**
 * The mapping of an unreachable database to 503 + Retry-After (server/db/unavailable.ts), without
 * PostgreSQL: which errors count, what REST and GraphQL routes answer when a handler meets one, and a
 * GraphQL resolver whose statement fails that way (a test server whose query is made to fail).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from '../http/router';
import type { Services } from '../services';
import { DATABASE_RETRY_AFTER_S, DatabaseUnavailableError, isDatabaseUnavailable, withGraphqlDatabaseErrors } from './unavailable';
import { routerTestConfig, startTestServer } from '../testing/test-server';

const withCode = (code: string, message = 'boom') => Object.assign(new Error(message), { code });
const socketError = (code: string, syscall: string, message = `${syscall} ${code}`) => Object.assign(new Error(message), { code, syscall });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['ECONNREFUSED', socketError('ECONNREFUSED', 'connect', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['ECONNRESET', socketError('ECONNRESET', 'read')],
    ['ETIMEDOUT', socketError('ETIMEDOUT', 'connect')],
    ['EPIPE', socketError('EPIPE', 'write')],
    ['57P01 admin shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['57P02 crash shutdown', withCode('57P02')],
    ['57P03 cannot connect now', withCode('57P03', 'the database system is starting up')],
    ['08006 connection failure', withCode('08006')],
    ['08001 cannot establish', withCode('08001')],
    ['pg: terminated unexpectedly', new Error('Connection terminated unexpectedly')],
    ['pg-pool: connect timeout', new Error('timeout exceeded when trying to connect')],
    ['pg: not queryable', new Error('Client has encountered a connection error and is not queryable')],
    ['wrapped in a GraphQL error', new GraphQLError('x', { originalError: socketError('ECONNREFUSED', 'connect') })],
    ['as a cause', new Error('outer', { cause: withCode('57P01') })],
    ['every address refused', new AggregateError([socketError('ECONNREFUSED', 'connect'), socketError('ECONNREFUSED', 'connect')])],
    ['our own', new DatabaseUnavailableError()],
  ])('%s: yes', (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value')],
    ['a syntax error', withCode('42601')],
    ['a statement cancelled (deadline)', withCode('57014', 'canceling statement due to user request')],
    ['a plain bug', new TypeError('x is undefined')],
    ['a file error', withCode('ENOENT')],
    ["the client's own request aborting", withCode('ECONNRESET', 'aborted')],
    ['some refused, one failing otherwise', new AggregateError([socketError('ECONNREFUSED', 'connect'), new Error('bad password')])],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('%s: no', (_, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});

describe('routes meeting an unreachable database', () => {
  let server: Server;
  let url: string;
  const logged: string[] = [];
  beforeAll(async () => {
    const fail = (error: Error) => () => {
      throw error;
    };
    const router = new Router()
      .on('/refused', { GET: fail(socketError('ECONNREFUSED', 'connect', 'connect ECONNREFUSED 127.0.0.1:5432')) })
      .on('/shutdown', { GET: fail(withCode('57P01', 'terminating connection due to administrator command')) })
      .on('/bug', { GET: fail(new Error('secret')) })
      .on('/gql', { POST: withGraphqlDatabaseErrors(fail(withCode('08006', 'connection failure'))) })
      .on('/gql-bug', { POST: withGraphqlDatabaseErrors(fail(new Error('secret'))) });
    const services = {
      db: null as never,
      logger: { info: () => undefined, warn: (m: string) => logged.push(m), error: (m: string) => logged.push(m) },
      config: routerTestConfig(),
    } satisfies Services;
    server = createServer(router.handler(services));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(['/refused', '/shutdown'])('REST %s: 503 with Retry-After and a clear message', async (path) => {
    const response = await fetch(url + path);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_S));
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe('database_unavailable');
    expect(body.message).toMatch(/database is unavailable/);
    expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|administrator/);
  });

  it('a bug is still a bare 500', async () => {
    const response = await fetch(`${url}/bug`);
    expect(response.status).toBe(500);
    expect(response.headers.get('retry-after')).toBeNull();
  });

  it('GraphQL: 503 with Retry-After and an error with code DATABASE_UNAVAILABLE', async () => {
    const response = await fetch(`${url}/gql`, { method: 'POST' });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_S));
    const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(body.errors[0]!.extensions.code).toBe('DATABASE_UNAVAILABLE');
    expect(body.errors[0]!.message).not.toMatch(/Unexpected error/);
    expect((await fetch(`${url}/gql-bug`, { method: 'POST' })).status).toBe(500);
  });
});

describe('a GraphQL resolver meeting an unreachable database', () => {
  let server: import('../app').RunningServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server?.close());

  it('answers 503 with Retry-After and DATABASE_UNAVAILABLE, not "Unexpected error."', async () => {
    const db = server.db as { query: typeof server.db.query };
    const query = db.query;
    // Only the resolver's statement fails, as when the connection drops between the partner check and it.
    db.query = ((sql: string, params?: readonly unknown[]) =>
      /\btags\b/i.test(sql) ? Promise.reject(socketError('ECONNRESET', 'read')) : query.call(server.db, sql, params)) as typeof query;
    try {
      const response = await fetch(`${server.url}/public_graphql/?partner=acme&queryName=Tags`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json;q=0.9' },
        body: JSON.stringify({ query: 'query Tags { allTags { id } }' }),
      });
      const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe(String(DATABASE_RETRY_AFTER_S));
      expect(body.errors[0]!.extensions.code).toBe('DATABASE_UNAVAILABLE');
      expect(body.errors[0]!.message).toMatch(/database is unavailable/);
    } finally {
      db.query = query;
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
