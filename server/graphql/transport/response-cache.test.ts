import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app';
import { engineName, startTestServer } from '../../testing/test-server';
import { MAX_ENTRIES, PublicResponseCache, TTL_MS } from './response-cache';
import { insertListings } from '../../listings/search/test-listings';
import { parse, type OperationDefinitionNode } from '../graphql-js';
import { schema } from '../schema/index';
import { costPlan } from './cost';

const body = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)) as Uint8Array<ArrayBuffer>;
const SEARCH = 'query listingLoad { listingLoad(first: 5) { totalCount } }';

describe('public response cache keys', () => {
  const cache = new PublicResponseCache();

  it('caches queries made only of search fields', () => {
    expect(cache.keyFor(1, body({ query: SEARCH }))).not.toBeNull();
    expect(cache.keyFor(1, body({ query: 'query m { listingsInfo(geoInput: {}) { mode } listingFeed(feedInput: {kind: NEWEST}) { id } }' }))).not.toBeNull();
  });

  it('never caches what counts a visit, reads a user, changes data, or hides its fields', () => {
    for (const query of [
      'query listingInfo { listingInfo(listingId: 1) { id } }',
      'query both { listingLoad { totalCount } listingInfo(listingId: 1) { id } }',
      'mutation saveTour { saveTour { id } }',
      'query f { ...F } fragment F on Query { listingInfo(listingId: 1) { id } }',
      'query d { listingLoad @include(if: true) { totalCount } }',
      'query broken {',
    ]) {
      expect(cache.keyFor(1, body({ query }))).toBeNull();
    }
    expect(cache.keyFor(1, new TextEncoder().encode('not json'))).toBeNull();
    expect(cache.keyFor(1, body({ query: SEARCH, extensions: { persistedQuery: {} } }))).toBeNull();
  });

  it('normalises the document and the order of variables, and separates partners and variables', () => {
    const a = cache.keyFor(1, body({ query: SEARCH, variables: { a: 1, b: { c: 2, d: 3 } } }));
    const b = cache.keyFor(1, body({ query: `  ${SEARCH.replace(/ /g, '\n ')}`, variables: { b: { d: 3, c: 2 }, a: 1 } }));
    expect(a).toBe(b);
    expect(cache.keyFor(2, body({ query: SEARCH, variables: { a: 1, b: { c: 2, d: 3 } } }))).not.toBe(a);
    expect(cache.keyFor(1, body({ query: SEARCH, variables: { a: 2, b: { c: 2, d: 3 } } }))).not.toBe(a);
  });
});

describe('public response cache entries', () => {
  const db = (generation: { value: number }) =>
    ({ query: async () => ({ rows: [{ generation: generation.value }] }), exec: async () => undefined }) as never;

  it('serves an entry until its TTL is over or the search generation moves, never errors', async () => {
    let now = 1_000;
    const generation = { value: 7 };
    const cache = new PublicResponseCache(() => now);
    const key = cache.keyFor(1, body({ query: SEARCH }))!;

    const miss = await cache.lookup(db(generation), key);
    expect(miss).toEqual({ generation: 7 });
    cache.store(key, 7, 200, 'application/json', json({ data: { listingLoad: { totalCount: 3 } } }));
    expect('hit' in (await cache.lookup(db(generation), key))).toBe(true);

    now += TTL_MS - 1;
    expect('hit' in (await cache.lookup(db(generation), key))).toBe(true);
    now += 1;
    expect(await cache.lookup(db(generation), key)).toEqual({ generation: 7 });

    cache.store(key, 7, 200, 'application/json', json({ data: {} }));
    generation.value = 8;
    expect(await cache.lookup(db(generation), key)).toEqual({ generation: 8 });
    expect(cache.size).toBe(0);

    cache.store(key, 8, 200, 'application/json', json({ data: null, errors: [{ message: 'x' }] }));
    cache.store(key, 8, 400, 'application/json', json({ data: {} }));
    expect(cache.size).toBe(0);
  });

  it('keeps at most MAX_ENTRIES, dropping the least recently used', async () => {
    const cache = new PublicResponseCache();
    const generation = { value: 1 };
    const keys = Array.from({ length: MAX_ENTRIES + 1 }, (_, i) => cache.keyFor(1, body({ query: SEARCH, variables: { i } }))!);
    keys.slice(0, MAX_ENTRIES).forEach((k) => cache.store(k, 1, 200, 'application/json', json({ data: {} })));
    // Touch the oldest: the second oldest goes instead.
    expect('hit' in (await cache.lookup(db(generation), keys[0]!))).toBe(true);
    cache.store(keys[MAX_ENTRIES]!, 1, 200, 'application/json', json({ data: {} }));
    expect(cache.size).toBe(MAX_ENTRIES);
    expect('hit' in (await cache.lookup(db(generation), keys[0]!))).toBe(true);
    expect('hit' in (await cache.lookup(db(generation), keys[1]!))).toBe(false);
  });
});

describe(`public response cache over HTTP (${engineName()})`, () => {
  let server: RunningServer;
  const query = `query listingLoad($g: GeoInput) { listingLoad(geoInput: $g) { totalCount edges { node { id priceInPennies visitCount } } } }`;
  const variables = { g: { bounds: { north: 37.01, south: 36.99, east: -112.49, west: -112.51 } } };
  const ask = async (headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}/public_graphql/?queryName=listingLoad`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { listingLoad: { totalCount: number; edges: { node: { priceInPennies: number; visitCount: number } }[] } } }).data.listingLoad;
  };

  beforeAll(async () => {
    server = await startTestServer();
    // Kanab: only this test's listing.
    await insertListings(server.db, [{ id: 9100, latitude: 37, longitude: -112.5, priceInPennies: 30_000_000 }]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers a repeated search from the cache and drops it as soon as a listing changes', async () => {
    expect((await ask()).edges[0]!.node).toMatchObject({ priceInPennies: 30_000_000, visitCount: 0 });
    // The visit counter does not move the search generation (it trails by design): a cache hit shows it.
    await server.db.query('UPDATE listings SET visit_count = 5 WHERE id = 9100');
    expect((await ask()).edges[0]!.node.visitCount).toBe(0);
    // With an Authorization header the request is not cached.
    expect((await ask({ Authorization: 'Questionnaire 1234' })).edges[0]!.node.visitCount).toBe(5);
    // A price change moves the generation: the next answer is fresh.
    await server.db.query('UPDATE listings SET price_in_pennies = 31000000 WHERE id = 9100');
    expect((await ask()).edges[0]!.node).toMatchObject({ priceInPennies: 31_000_000, visitCount: 5 });
    // A new listing in view, too.
    await insertListings(server.db, [{ id: 9101, latitude: 37.001, longitude: -112.5 }]);
    expect((await ask()).totalCount).toBe(2);
  });
});

/**
 * Every check of a request runs before a cached answer (issue 33): once a body was answered and cached, the
 * same body is still refused for a `?queryName=` that does not match it, and held to its client's budget.
 */
describe(`public response cache after the request checks (${engineName()})`, () => {
  const COUNT = 'query Count { listingLoad(first: 5) { totalCount } }';
  const cost = costPlan(schema, parse(COUNT), parse(COUNT).definitions[0] as OperationDefinitionNode).cost({});
  let server: RunningServer;
  const post = async (search: string) => {
    const response = await fetch(`${server.url}/public_graphql/${search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: COUNT }),
    });
    return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: { extensions: { code: string } }[] } };
  };

  beforeAll(async () => {
    // One Count a minute for this client (a visitor: budgets go by address), not two.
    server = await startTestServer({ graphqlCostLimits: { publicPerMinute: Math.floor(cost * 1.5) } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a mismatched queryName before the cache, and charges a cached answer to the budget', async () => {
    const mismatched = await post('?queryName=Other');
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.errors![0]!.extensions.code).toBe('BAD_QUERY_NAME');

    const answered = await post('');
    expect(answered.status).toBe(200);
    expect(answered.body.data).toEqual({ listingLoad: { totalCount: expect.any(Number) } });

    // The same body is in the cache now: the name is still checked…
    const again = await post('?queryName=Other');
    expect(again.status).toBe(400);
    expect(again.body.data).toBeUndefined();
    expect(again.body.errors![0]!.extensions.code).toBe('BAD_QUERY_NAME');
    // …and the cached answer costs what running it would: this client's minute allowed one.
    const cached = await post('');
    expect(cached.status).toBe(429);
    expect(cached.body.errors![0]!.extensions.code).toBe('RATE_LIMITED');
  });
});
