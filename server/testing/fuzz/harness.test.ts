/** The fuzz harness's own judgement: what it counts as reflected markup, how it writes hostile JSON and paths, what it targets. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePathSegment, FuzzRun, graphqlTargets, openApiTargets, reflectedIn } from './harness';
import { MARKERS, naughtyStrings, Raw, seededRandom, toJsonText } from './values';

describe('fuzz harness', () => {
  it('counts a marker as reflected in HTML and in an HTML fragment inside JSON, not as a JSON string of data', () => {
    expect(reflectedIn('text/html; charset=utf-8', `<p>${MARKERS[1]}</p>`)).toMatch(/raw marker/);
    expect(reflectedIn('text/html', '<p>&lt;img data-hearth-fuzz src=x&gt;</p>')).toBeNull();
    expect(reflectedIn('application/json', JSON.stringify({ errors: [{ message: `Bad value ${MARKERS[0]}` }] }))).toBeNull();
    expect(reflectedIn('application/json', JSON.stringify({ kind: 'page', main: `<main><p>${MARKERS[2]}</p></main>` }))).toBe('raw marker inside the HTML of $.main');
    expect(reflectedIn('text/plain', MARKERS[0])).toMatch(/text\/plain/);
  });

  it('writes JSON that JSON.stringify cannot: 1e309, -0, 1,000 levels deep', () => {
    expect(toJsonText({ a: [new Raw('1e309'), new Raw('-0'), 'x\ud800'] })).toBe('{"a":[1e309,-0,"x\\ud800"]}');
    let deep: any = 1;
    for (let i = 0; i < 1000; i++) deep = [deep];
    const text = toJsonText(deep);
    expect(text.length).toBe(2001);
    expect(JSON.parse(text)).toEqual(deep);
  });

  it('puts a lone surrogate in a path as invalid UTF-8 bytes', () => {
    expect(encodePathSegment('a\ud800b')).toBe('a%ED%A0%80b');
    expect(encodePathSegment('é/😀')).toBe('%C3%A9%2F%F0%9F%98%80');
  });

  it('is deterministic and vendors the naughty strings', () => {
    const a = seededRandom(22);
    const b = seededRandom(22);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    expect(naughtyStrings().length).toBeGreaterThan(400);
  });

  it('targets every argument and input field of the schema and every OpenAPI field', () => {
    const targets = graphqlTargets(
      `input F { a: String!, b: Int }
       type T { x: Int }
       type Query { one(id: ID!, f: F): T, two: String }
       type Mutation { three(s: String!): Boolean! }`,
      ['7'],
      1,
    );
    expect(targets.map((t) => `${t.operation} ${t.field}(${t.argument})`)).toEqual([
      'query one(id)',
      'query one(f)',
      'query one(f.a)',
      'query one(f.b)',
      'query two()',
      'mutation three(s)',
    ]);
    expect(targets[0]!.document).toBe('query Fuzz($id: ID!, $f: F) { one(id: $id, f: $f) { __typename } }');
    expect(targets[0]!.base).toEqual({ id: '7' });
    const rest = openApiTargets({
      paths: {
        '/v1/api/x/{token}': { get: { parameters: [{ $ref: '#/components/parameters/partner' }] } },
        '/v1/api/y/': { post: { requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' }, n: { type: 'integer' } } } } } } } },
      },
    });
    expect(rest).toEqual([
      { method: 'GET', path: '/v1/api/x/{token}', query: ['partner'], body: null },
      { method: 'POST', path: '/v1/api/y/', query: [], body: { fields: ['email', 'n'], base: { email: 'fuzz@example.com' } } },
    ]);
  });

  describe('against a server that misbehaves', () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      server = createServer((req, res) => {
        if (req.url === '/healthz') return res.end('ok');
        if (req.url?.startsWith('/boom')) {
          res.statusCode = 500;
          return res.end('no');
        }
        if (req.url?.startsWith('/echo')) {
          res.setHeader('Content-Type', 'text/html');
          return res.end(`<p>${decodeURIComponent(new URL(req.url, 'http://x').searchParams.get('q') ?? '')}</p>`);
        }
        // /slow: never answers
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('counts 5xx, hangs and reflected markup', { timeout: 30_000 }, async () => {
      const run = new FuzzRun({ baseUrl: url, token: () => null, renew: async () => undefined, values: [MARKERS[1]], perTarget: null, seed: 1, timeoutMs: 3_000, concurrency: 3 });
      await run.run(
        run.httpAttempts([
          { method: 'GET', path: '/boom', query: ['q'], body: null },
          { method: 'GET', path: '/echo', query: ['q'], body: null },
          { method: 'GET', path: '/slow', query: ['q'], body: null },
        ]),
      );
      expect(run.counts).toMatchObject({ requests: 9, status5xx: 3, reflected: 3, hangs: 3, crashes: 0 });
    });
  });
});
