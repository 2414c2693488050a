import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app';
import { devAndProductionServers } from '../../testing/server-hooks';
import { engineName } from '../../testing/test-server';
import { GRAPHQL_LIMITS } from './limits';

const servers = devAndProductionServers();

interface GraphqlBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** What urql sends; with it, requests that fail validation get 400 (GraphQL over HTTP). */
const ACCEPT = 'application/graphql-response+json, application/json';

async function graphql(server: RunningServer, path: string, query: string, variables?: Record<string, unknown>) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: ACCEPT },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as GraphqlBody, response };
}

const LISTING_INFO = `query listingInfo($listingId: ID!) {
  listingInfo(listingId: $listingId) {
    id listingCodeId slugId priceInPennies priceCurrencyCode photoUri
    address { streetLine1 city stateProvince postalCode }
    photos { photoUrl description }
  }
}`;

describe(`GraphQL listingInfo (${engineName()})`, () => {
  it('returns a listing by id, on both endpoints', async () => {
    for (const path of ['/public_graphql/', '/graphql/']) {
      const { status, body } = await graphql(servers.dev, `${path}?queryName=listingInfo`, LISTING_INFO, { listingId: '1001' });
      expect(status).toBe(200);
      expect(body).toEqual({
        data: {
          listingInfo: {
            id: '1001',
            listingCodeId: 'HRT1001',
            slugId: '455-e-300-s-salt-lake-city-ut-84111',
            priceInPennies: 48_900_000,
            priceCurrencyCode: 'USD',
            photoUri: null,
            address: { streetLine1: '455 E 300 S', city: 'Salt Lake City', stateProvince: 'UT', postalCode: '84111' },
            photos: [],
          },
        },
      });
    }
  });

  it('accepts the endpoint paths without their trailing slash', async () => {
    const { status, body } = await graphql(servers.dev, '/public_graphql?queryName=listingInfo', LISTING_INFO, { listingId: '1002' });
    expect(status).toBe(200);
    expect((body.data!.listingInfo as { id: string }).id).toBe('1002');
  });

  it('uses the first photo as photoUri', async () => {
    await servers.dev.db.query(`UPDATE listings SET photos = $1::jsonb WHERE id = 1003`, [
      JSON.stringify([
        { photoUrl: 'https://img.example/front.jpg', description: 'Front' },
        { photoUrl: 'https://img.example/back.jpg', description: null },
      ]),
    ]);
    const { body } = await graphql(servers.dev, '/public_graphql/?queryName=listingInfo', LISTING_INFO, { listingId: 1003 });
    const listing = body.data!.listingInfo as { photoUri: string; photos: unknown[] };
    expect(listing.photoUri).toBe('https://img.example/front.jpg');
    expect(listing.photos).toHaveLength(2);
  });

  it('returns null for a listing that does not exist', async () => {
    const { body } = await graphql(servers.dev, '/public_graphql/?queryName=listingInfo', LISTING_INFO, { listingId: '424242' });
    expect(body).toEqual({ data: { listingInfo: null } });
  });

  it('answers a listingId that is not a number with a GraphQL error, not a 500', async () => {
    for (const listingId of ['abc', '-1', '0', '1e3', '99999999999999999999']) {
      const { status, body } = await graphql(servers.dev, '/public_graphql/?queryName=listingInfo', LISTING_INFO, { listingId });
      expect(status, listingId).toBe(200);
      expect(body.errors?.[0]?.message, listingId).toBe('listingId must be a positive whole number.');
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });
});

describe(`GraphQL transport (${engineName()})`, () => {
  it('refuses GET with 405', async () => {
    const query = encodeURIComponent('query listingInfo { listingInfo(listingId: "1001") { id } }');
    const response = await fetch(`${servers.dev.url}/public_graphql/?queryName=listingInfo&query=${query}`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST, OPTIONS');
    expect(((await response.json()) as { error: string }).error).toBe('method_not_allowed');
  });

  it('answers a request without queryName, named or anonymous, on both endpoints (GraphiQL, Postman, curl)', async () => {
    for (const path of ['/public_graphql/', '/graphql/']) {
      const named = await graphql(servers.dev, path, LISTING_INFO, { listingId: '1001' });
      expect(named.status).toBe(200);
      expect((named.body.data!.listingInfo as { id: string }).id).toBe('1001');
      const anonymous = await graphql(servers.dev, `${path}?queryName=`, '{ listingInfo(listingId: "1002") { id } }');
      expect(anonymous.status).toBe(200);
      expect(anonymous.body).toEqual({ data: { listingInfo: { id: '1002' } } });
    }
  });

  it('keeps the limits for anonymous operations', async () => {
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: __typename`).join(' ');
    const { status, body } = await graphql(servers.dev, '/public_graphql/', `{ ${aliases} }`);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toBe(`The operation uses ${GRAPHQL_LIMITS.maxAliases + 1} aliases; the limit is ${GRAPHQL_LIMITS.maxAliases}.`);
    const costly = await graphql(servers.dev, '/public_graphql/', '{ listingLoad(first: 100) { edges { node { similarHomes { id photos { photoUrl } } } } } }');
    expect(costly.status).toBe(400);
    expect(costly.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
  });

  it('refuses a batch (a JSON array of operations) with 400 and says to send one operation per request', async () => {
    const response = await fetch(`${servers.dev.url}/public_graphql/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: ACCEPT },
      body: JSON.stringify([{ query: '{ __typename }' }, { query: '{ __typename }' }]),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as GraphqlBody;
    expect(body.errors?.[0]?.extensions?.code).toBe('BATCHING_NOT_SUPPORTED');
    expect(body.errors?.[0]?.message).toMatch(/^Batched requests \(a JSON array of operations\) are not supported: send one operation per request/);
  });

  it('refuses a queryName that does not match the operation names', async () => {
    const { status, body } = await graphql(servers.dev, '/public_graphql/?queryName=listingLoad', LISTING_INFO, { listingId: '1' });
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toBe('queryName "listingLoad" does not match the document\'s operations "listingInfo".');
  });

  it("joins several operations' names with '+', literal or encoded", async () => {
    const query = `query first { listingInfo(listingId: "1001") { id } }
                   query second { listingInfo(listingId: "1002") { id } }`;
    const send = (queryName: string) =>
      fetch(`${servers.dev.url}/public_graphql/?queryName=${queryName}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query, operationName: 'second' }),
      });
    const literal = await send('first+second');
    expect(literal.status).toBe(200);
    expect(await literal.json()).toEqual({ data: { listingInfo: { id: '1002' } } });
    expect((await send('first%2Bsecond')).status).toBe(200);
    expect((await send('second+first')).status).toBe(400);
  });

  it('refuses a queryName for an anonymous operation', async () => {
    const { status, body } = await graphql(servers.dev, '/public_graphql/?queryName=listingInfo', '{ listingInfo(listingId: "1001") { id } }');
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(/^queryName "listingInfo" names operations, but the document's operation has none/);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await fetch(`${servers.dev.url}/public_graphql/?queryName=x`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/graphql' },
      body: 'query x { __typename }',
    });
    expect(response.status).toBe(415);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const query = `query big { __typename }\n# ${'x'.repeat(1024 * 1024)}`;
    const { status } = await graphql(servers.dev, '/public_graphql/?queryName=big', query).catch(() => ({ status: 0 }));
    expect(status).toBe(413);
  });

  it('applies the query limits on the endpoints: too many aliases is a 400 with a clear message', async () => {
    // The listing schema has no recursive type, so no real query can be 11 levels deep yet; the depth
    // rule is tested against a recursive schema in limits.test.ts.
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: __typename`).join(' ');
    const { status, body } = await graphql(servers.dev, '/public_graphql/?queryName=aliased', `query aliased { ${aliases} }`);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toBe(
      `Operation "aliased" uses ${GRAPHQL_LIMITS.maxAliases + 1} aliases; the limit is ${GRAPHQL_LIMITS.maxAliases}.`,
    );
  });

  it(`refuses queries selecting more than ${GRAPHQL_LIMITS.maxFields} fields, counting fragment uses`, async () => {
    // 4 spreads of a fragment with 80 fields: 320 fields although the document only lists 80.
    const fields = Array.from({ length: 80 }, () => 'city').join(' ');
    const query = `query wide { listingInfo(listingId: "1001") { address { ...A ...A ...A ...A } } }
      fragment A on ListingAddress { ${fields} }`;
    const { status, body } = await graphql(servers.dev, '/public_graphql/?queryName=wide', query);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toBe('Operation "wide" selects 322 fields; the limit is 300.');
  });

  it('answers introspection outside production', async () => {
    const { status, body } = await graphql(servers.dev, '/public_graphql/?queryName=schema', 'query schema { __schema { queryType { name } } }');
    expect(status).toBe(200);
    expect(body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('refuses introspection in servers.production, and gives no field suggestions there', async () => {
    const introspection = await graphql(servers.production, '/public_graphql/?queryName=schema', 'query schema { __schema { queryType { name } } }');
    expect(introspection.status).toBe(400);
    expect(introspection.body.errors?.[0]?.message).toMatch(/introspection/i);

    const typo = await graphql(servers.production, '/public_graphql/?queryName=typo', 'query typo { listingInfo(listingId: "1") { slug } }');
    expect(typo.status).toBe(400);
    expect(typo.body.errors?.[0]?.message).toBe('Cannot query field "slug" on type "Listing".');

    const devTypo = await graphql(servers.dev, '/public_graphql/?queryName=typo', 'query typo { listingInfo(listingId: "1") { slug } }');
    expect(devTypo.body.errors?.[0]?.message).toMatch(/Did you mean "slugId"\?/);
  });

  it('sends API headers and no GraphiQL page', async () => {
    const page = await fetch(`${servers.production.url}/graphql/`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(405);
    const { response } = await graphql(servers.dev, '/graphql/?queryName=listingInfo', LISTING_INFO, { listingId: '1001' });
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
