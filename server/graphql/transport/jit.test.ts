import { createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { GraphQLError, GraphQLFloat, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString } from '../graphql-js';
import { useGraphqlJit } from './jit';

const Home = new GraphQLObjectType({
  name: 'Home',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLString) },
    price: { type: GraphQLFloat },
    city: { type: GraphQLString, resolve: (h: { city: string }, _args, _ctx, info) => `${h.city} (${info.path.prev?.key})` },
  },
});

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      homes: {
        type: new GraphQLList(Home),
        args: { city: { type: GraphQLString } },
        resolve: async (_root, { city }: { city?: string }, ctx: { tenant: string }) => [
          { id: `${ctx.tenant}-1`, price: 1.5, city: city ?? 'Ogden' },
          { id: `${ctx.tenant}-2`, price: null, city: city ?? 'Ogden' },
        ],
      },
      refused: { type: GraphQLString, resolve: () => Promise.reject(new GraphQLError('Not yours.', { extensions: { code: 'FORBIDDEN' } })) },
      broken: { type: GraphQLString, resolve: () => Promise.reject(new Error('database password is hunter2')) },
    },
  }),
});

function server() {
  const compiled: string[] = [];
  const yoga = createYoga<{ tenant: string }>({
    schema,
    logging: false,
    context: () => ({ tenant: 't' }),
    plugins: [useGraphqlJit({ onCompile: (name) => compiled.push(name) })],
  });
  const respond = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
    yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query, variables, operationName }),
    });
  const run = async (query: string, variables?: Record<string, unknown>, operationName?: string) =>
    (await respond(query, variables, operationName)).json();
  return { run, respond, compiled };
}

describe('graphql-jit execution', () => {
  it('runs a document with graphql-js first, compiles it on the second run, and answers the same', async () => {
    const { run, compiled } = server();
    const query = 'query homes($city: String) { homes(city: $city) { id price city } }';
    const first = await run(query, { city: 'Provo' }, 'homes');
    expect(compiled).toEqual([]);
    const second = await run(query, { city: 'Provo' }, 'homes');
    expect(compiled).toEqual(['homes']);
    expect(second).toEqual(first);
    expect(first).toEqual({
      data: {
        homes: [
          { id: 't-1', price: 1.5, city: 'Provo (0)' },
          { id: 't-2', price: null, city: 'Provo (1)' },
        ],
      },
    });
    // New variables reuse the compiled function.
    expect(await run(query, { city: 'Lehi' }, 'homes')).toMatchObject({ data: { homes: [{ city: 'Lehi (0)' }, { city: 'Lehi (1)' }] } });
    expect(compiled).toEqual(['homes']);
  });

  it('compiles each operation of a document by name', async () => {
    const { run, compiled } = server();
    const query = 'query a { homes { id } } query b { homes { price } }';
    for (let i = 0; i < 2; i++) {
      expect(await run(query, undefined, 'a')).toEqual({ data: { homes: [{ id: 't-1' }, { id: 't-2' }] } });
      expect(await run(query, undefined, 'b')).toEqual({ data: { homes: [{ price: 1.5 }, { price: null }] } });
    }
    expect(compiled).toEqual(['a', 'b']);
  });

  it('gives the same errors compiled as not: a GraphQLError as thrown, anything else masked', async () => {
    const { run, compiled } = server();
    const query = 'query errors { refused broken homes { id } }';
    const first = await run(query);
    const second = await run(query);
    // Without operationName in the request, the document's only operation runs.
    expect(compiled).toEqual(['']);
    for (const result of [first, second]) {
      expect(result.data).toEqual({ refused: null, broken: null, homes: [{ id: 't-1' }, { id: 't-2' }] });
      const messages = result.errors.map((e: { message: string; path: string[] }) => [e.path[0], e.message]);
      expect(messages.sort()).toEqual([
        ['broken', 'Unexpected error.'],
        ['refused', 'Not yours.'],
      ]);
      expect(JSON.stringify(result)).not.toContain('hunter2');
      expect(result.errors.find((e: { path: string[] }) => e.path[0] === 'refused').extensions.code).toBe('FORBIDDEN');
    }
  });

  it('refuses bad variables the same way compiled as not (status and message)', async () => {
    const { respond, compiled } = server();
    const query = 'query homes($city: String) { homes(city: $city) { id } }';
    const answers = [];
    // The first run goes through graphql-js, the second through the compiled function.
    for (let i = 0; i < 2; i++) {
      const response = await respond(query, { city: 5 }, 'homes');
      answers.push({ status: response.status, body: await response.json() });
    }
    expect(compiled).toEqual(['homes']);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1]!.body.errors[0].message).toContain('String cannot represent a non string value: 5');
  });
});
