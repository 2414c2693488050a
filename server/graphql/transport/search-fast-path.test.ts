import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../../app';
import { insertListings } from '../../listings/search/test-listings';
import { engineName, startTestServer } from '../../testing/test-server';
import { schema } from '../schema';
import { regularMediaType, SearchFastPath } from './search-fast-path';

const URQL_ACCEPT = 'application/graphql-response+json, application/graphql+json, application/json, text/event-stream, multipart/mixed';

describe('regularMediaType (Yoga’s negotiation for one JSON result)', () => {
  it.each([
    [undefined, 'application/json'],
    ['*/*', 'application/json'],
    ['application/json', 'application/json'],
    ['application/graphql-response+json', 'application/graphql-response+json'],
    [URQL_ACCEPT, 'application/graphql-response+json'],
    ['application/json, application/graphql-response+json;q=0.9', 'application/json'],
    ['application/*', 'application/json'],
    ['text/event-stream', null],
    ['multipart/mixed', null],
    ['application/json; charset=iso-8859-1', null],
    ['text/html', null],
  ])('%s → %s', (accept, expected) => {
    expect(regularMediaType(accept)).toBe(expected);
  });
});

describe('what the fast path learns', () => {
  const body = (query: string) => new TextEncoder().encode(JSON.stringify({ query, variables: {} }));
  // answer() needs its context and guard only once a document is known; these never get that far.
  const answer = (fast: SearchFastPath, query: string) => fast.answer(body(query), undefined, null, {} as never, {} as never);

  it('never a mutation (it must not run twice) nor a query of other fields, only search queries', async () => {
    const fast = new SearchFastPath(schema);
    const mutation = 'mutation { requestStay(listingId: 1301, checkIn: "2030-01-01", checkOut: "2030-01-04", firstName: "A", lastName: "B", email: "a@example.com", phone: "8015550123", comment: "", guests: 2) { id } }';
    const other = 'query { listingInfo(listingId: 1001) { id } }';
    const mixed = 'query { listingLoad(first: 1) { totalCount } listingInfo(listingId: 1001) { id } }';
    for (const query of [mutation, other, mixed]) {
      fast.learn(body(query));
      fast.learn(body(query));
      expect(await answer(fast, query), query).toBeNull();
    }
    // A search query it learns: from then on it is compiled for the fast path (which then needs the context).
    const search = 'query { listingLoad(first: 1) { totalCount } }';
    fast.learn(body(search));
    await expect(answer(fast, search)).rejects.toThrow();
  });
});

describe(`public search without Yoga’s Fetch round trip (${engineName()})`, () => {
  let server: RunningServer;
  const LOAD = `query listingLoad($g: GeoInput, $first: Int) { listingLoad(geoInput: $g, first: $first) {
    totalCount pageInfo { hasNextPage endCursor } pageCursors { around { cursor page isCurrent } }
    edges { cursor node { id priceInPennies priceCurrencyCode address { streetLine1 city } location { latitude longitude } photoUri } } } }`;
  const INFO = `query listingsInfo($g: GeoInput!) { listingsInfo(geoInput: $g) { totalCount mode pins { ids pricesInPennies } } }`;
  // Moab: only this test's listings.
  const bounds = (i: number) => ({ north: 38.62, south: 38.52, east: -109.5, west: -109.6 - i * 1e-6 });

  async function post(endpoint: 'graphql' | 'public_graphql', queryName: string | null, body: unknown, accept?: string) {
    const response = await fetch(`${server.url}/${endpoint}/${queryName === null ? '' : `?queryName=${queryName}`}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(accept ? { Accept: accept } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
  }

  beforeAll(async () => {
    server = await startTestServer();
    await insertListings(
      server.db,
      Array.from({ length: 30 }, (_, i) => ({ id: 9300 + i, latitude: 38.53 + i * 0.003, longitude: -109.55, priceInPennies: 20_000_000 + i * 100_000 })),
    );
    // Photos as the seed stores them: paths of our site, which every answer makes absolute.
    await server.db.query(
      `UPDATE listings SET photos = jsonb_build_array(jsonb_build_object('photoUrl', '/media/listing/T' || id || '/1.svg', 'description', null))
        WHERE id BETWEEN 9300 AND 9329`,
    );
  });
  afterAll(async () => {
    await server?.close();
    vi.restoreAllMocks();
  });

  it('answers a document Yoga answered before with the bytes and media type Yoga gives', async () => {
    const answers = vi.spyOn(SearchFastPath.prototype, 'answer');
    const cases = [
      { name: 'listingLoad', query: LOAD, vars: (i: number) => ({ g: { bounds: bounds(i) }, first: 10 }) },
      { name: 'listingsInfo', query: INFO, vars: (i: number) => ({ g: { bounds: bounds(i) } }) },
    ];
    let i = 0;
    for (const { name, query, vars } of cases) {
      for (const accept of [undefined, URQL_ACCEPT]) {
        // The first sight of a document goes through Yoga; later ones (a moved map) take the fast path.
        await post('public_graphql', name, { query, variables: vars(i++) });
        for (let n = 0; n < 2; n++) {
          const variables = vars(i++);
          const before = answers.mock.results.length;
          const fast = await post('public_graphql', name, { query, variables }, accept);
          const taken = await answers.mock.results[before]!.value;
          expect(taken, `${name} took the fast path`).not.toBeNull();
          // /graphql/ (no session here) runs every request through Yoga: the reference answer.
          const reference = await post('graphql', name, { query, variables }, accept);
          expect(fast).toEqual(reference);
          expect(fast.status).toBe(200);
          expect(JSON.parse(fast.body).data[name].totalCount).toBe(30);
          for (const { node } of JSON.parse(fast.body).data[name].edges ?? []) {
            expect(node.photoUri).toBe(`${server.url}/media/listing/T${node.id}/1.svg`);
          }
        }
      }
    }
  });

  it('answers anonymous operations without queryName (GraphiQL, curl) from the fast path and the cache too', async () => {
    const answers = vi.spyOn(SearchFastPath.prototype, 'answer');
    const anonymous = LOAD.replace('query listingLoad', 'query');
    await post('public_graphql', null, { query: anonymous, variables: { g: { bounds: bounds(200) }, first: 5 } });
    const variables = { g: { bounds: bounds(201) }, first: 5 };
    const before = answers.mock.results.length;
    const fast = await post('public_graphql', null, { query: anonymous, variables });
    expect(await answers.mock.results[before]!.value, 'took the fast path').not.toBeNull();
    expect(fast).toEqual(await post('graphql', null, { query: anonymous, variables }));
    expect(JSON.parse(fast.body).data.listingLoad.totalCount).toBe(30);
    // The same request again: a cache hit, which runs nothing.
    const calls = answers.mock.calls.length;
    expect(await post('public_graphql', null, { query: anonymous, variables })).toEqual(fast);
    expect(answers.mock.calls.length).toBe(calls);
  });

  it('leaves errors to Yoga: bad input, a wrong queryName, unknown operations, other media types', async () => {
    await post('public_graphql', 'listingLoad', { query: LOAD, variables: { g: { bounds: bounds(100) } } });
    const inverted = { g: { bounds: { north: 38.5, south: 38.6, east: -109.5, west: -109.6 } } };
    // [queryName, body, Accept, an error answer expected]
    const cases: [string, unknown, string | undefined, boolean][] = [
      ['listingLoad', { query: LOAD, variables: inverted }, undefined, true],
      ['listingLoad', { query: LOAD, variables: { g: { bounds: bounds(101) }, first: 'ten' } }, undefined, true],
      ['wrongName', { query: LOAD, variables: { g: { bounds: bounds(102) } } }, undefined, true],
      ['listingLoad', { query: LOAD, variables: { g: { bounds: bounds(103) } }, operationName: 'other' }, undefined, true],
      ['listingLoad', { query: LOAD, variables: { g: { bounds: bounds(104) } } }, 'text/event-stream', false],
      ['listingLoad', { query: LOAD, variables: { g: { bounds: bounds(105) } } }, 'application/json; charset=iso-8859-1', false],
    ];
    for (const [queryName, body, accept, error] of cases) {
      const publicAnswer = await post('public_graphql', queryName, body, accept);
      const reference = await post('graphql', queryName, body, accept);
      expect(publicAnswer, JSON.stringify(body)).toEqual(reference);
      if (error) expect(publicAnswer.status !== 200 || publicAnswer.body.includes('"errors"'), JSON.stringify(body)).toBe(true);
    }
  });
});
