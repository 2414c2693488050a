/**
 * Issue 13's probes against a real server: costly and recursive queries refused before they run, the
 * per-client budget, hostile text and deep nesting answered 400 instead of 500 — on every operation by
 * construction (variables and literals are checked whatever field they fill).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app';
import { engineName, startTestServer } from '../../testing/test-server';

let server: RunningServer;
let production: RunningServer;

beforeAll(async () => {
  [server, production] = await Promise.all([startTestServer(), startTestServer({ production: true })]);
});
afterAll(async () => {
  await Promise.all([server?.close(), production?.close()]);
});

interface Answer {
  status: number;
  headers: Headers;
  body: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

async function post(target: RunningServer, path: string, body: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${target.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** As our client (urql) asks: request errors are then 400, as GraphQL over HTTP has them for this type. */
const ACCEPT = { Accept: 'application/graphql-response+json, application/json;q=0.9' };

const graphql = (query: string, variables: unknown = {}, name = 'Op', endpoint = 'public_graphql', target = server) =>
  post(target, `/${endpoint}/?queryName=${name}`, JSON.stringify({ query, variables }), ACCEPT);

const SIMILAR_HOMES_PROBE =
  'query SH { listingLoad(first: 4) { edges { node { id similarHomes { similarHomes { similarHomes { similarHomes { similarHomes { id } } } } } } } } }';

describe(`query cost (${engineName()})`, () => {
  it('refuses the similar-homes probe of issue 13 before it runs', async () => {
    const answer = await graphql(SIMILAR_HOMES_PROBE, {}, 'SH');
    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_RECURSIVE');
    expect(answer.body.errors?.[0]?.message).toMatch(/nests Listing in Listing 6 levels deep .* the limit is 2\./);
    // The HTTP status is ours to set; it is not part of the answer.
    expect(answer.body.errors?.[0]?.extensions).not.toHaveProperty('http');
  });

  it('refuses 20 aliases of full pages, and a page sized by a variable, at their real size', async () => {
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: listingLoad(first: 100) { edges { node { id photos { photoUrl } } } }`);
    const wide = await graphql(`query Wide { ${aliases.join(' ')} }`, {}, 'Wide');
    expect(wide.status).toBe(400);
    expect(wide.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');

    const sized = 'query Sized($n: Int) { listingLoad(first: $n) { edges { node { id photos { photoUrl } priceHistory { event } } } } }';
    expect((await graphql(sized, { n: 5 }, 'Sized')).status).toBe(200);
    const big = await graphql(sized, { n: 100 }, 'Sized');
    expect(big.status).toBe(400);
    expect(big.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COSTLY');
  });

  it('answers a client over its per-minute budget 429 with Retry-After, on the search fast path too', async () => {
    const limited = await startTestServer({ graphqlCostLimits: { publicPerMinute: 1_000 } });
    try {
      // 1 + n × 3 each; distinct page sizes, so the response cache answers none of them.
      const page = 'query Page($n: Int) { listingLoad(first: $n) { edges { node { id } } } }';
      const statuses: number[] = [];
      let last: Answer | null = null;
      for (const n of [100, 99, 98, 97, 96]) {
        last = await graphql(page, { n }, 'Page', 'public_graphql', limited);
        statuses.push(last.status);
      }
      // 301 + 298 + 295 = 894 fit; the fourth (+292) does not, nor any after it.
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(last!.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe(`text rule: NUL, control characters and lone surrogates (${engineName()})`, () => {
  it('answers 400 / BAD_USER_INPUT naming the variable, whatever operation it fills', async () => {
    const cases: [string, string, Record<string, unknown>][] = [
      ['query Op($r: String!) { housingSentences(regionName: $r) }', 'variables.r', { r: 'a\u0000b' }],
      ['query Op($r: String!) { marketMetrics(regionName: $r) { label } }', 'variables.r', { r: 'Utah\u0001' }],
      [
        'query Op($s: SearchInput) { listingLoad(searchInput: $s) { totalCount } }',
        'variables.s.propertyTypes[1]',
        { s: { propertyTypes: ['Condo', 'Town\u0000house'] } },
      ],
      ['query Op($q: String!) { placeSearch(query: $q) { name } }', 'variables.q', { q: 'Salt \ud800 Lake' }],
    ];
    for (const [query, field, variables] of cases) {
      const answer = await graphql(query, variables);
      expect(answer.status, field).toBe(400);
      expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(answer.body.errors?.[0]?.message).toContain(`"${field}"`);
    }
  });

  it('checks keys and JSON scalars of variables, on the signed-in endpoint too', async () => {
    const answer = await graphql(
      'mutation Op($s: JSON) { saveSearch(name: "x", searchModal: $s) { id } }',
      { s: { ['bad\u0000key']: 1 } },
      'Op',
      'graphql',
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toMatch(/has a key that contains a NUL character/);
  });

  it('answers a string literal of the query the same way, naming its argument', async () => {
    const answer = await graphql('query Op { housingSentences(regionName: "a\\u0000b") }');
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(answer.body.errors?.[0]?.message).toBe('The field "regionName" contains a NUL character.');
    const nested = await graphql('query Op { listingLoad(searchInput: { propertyTypes: ["\\u0007"] }) { totalCount } }');
    expect(nested.status).toBe(400);
    expect(nested.body.errors?.[0]?.message).toBe('The field "searchInput.propertyTypes" contains a control character.');
    // GraphQL's own lexer refuses a lone surrogate escape: nothing runs.
    const surrogate = await graphql('query Op { housingSentences(regionName: "\\ud800") }');
    expect(surrogate.body.data).toBeUndefined();
    expect(surrogate.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('refuses such text in REST bodies and URL parameters with 400 naming the field', async () => {
    const contact = await post(
      server,
      '/v1/api/contact-form/',
      JSON.stringify({ firstName: 'a\u0000b', lastName: 'Doe', email: 'a@example.com', phone: '8015550100', comment: 'Hello there' }),
    );
    expect(contact.status).toBe(400);
    expect(contact.body).toMatchObject({ error: 'invalid_text', fields: { firstName: expect.stringContaining('NUL') } });

    const param = await fetch(`${server.url}/v1/api/dynamic-config/?partner=a%00b`);
    expect(param.status).toBe(400);
    expect(await param.json()).toMatchObject({ error: 'invalid_text', fields: { partner: expect.any(String) } });
  });
});

describe(`nesting limits (${engineName()})`, () => {
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  it('answers 100,000-deep JSON in an unused variable 400 before anything walks it', async () => {
    const body = `{"query":"query Op { __typename }","variables":{"unused":${deep(100_000)}}}`;
    const answer = await post(server, '/public_graphql/?queryName=Op', body);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toMatch(/more than 64 levels deep/);
  });

  it('answers a 20,000-deep list literal and a 3,000-deep introspection query 400 (production too)', async () => {
    const literal = await graphql(`query Op { housingSentences(regionName: ${deep(20_000)}) }`);
    expect(literal.status).toBe(400);
    expect(literal.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_DEEP');

    const introspection = `query Op { __schema { types { ${'ofType { '.repeat(3_000)}name${' }'.repeat(3_000)} } } }`;
    for (const target of [server, production]) {
      const answer = await graphql(introspection, {}, 'Op', 'public_graphql', target);
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_DEEP');
    }
  });

  it('refuses a document of too many tokens (a parse error: 400 for GraphQL-over-HTTP clients)', async () => {
    const answer = await graphql(`query Op { ${'__typename '.repeat(12_000)} }`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.message).toMatch(/more that 10000 tokens/);
  });

  it('answers a 5,000-deep REST body 400 (deeper ones are over the size limit: 413)', async () => {
    const answer = await post(server, '/v1/api/contact-form/', `{"firstName":${deep(5_000)}}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'too_deep' });
  });
});
