/**
 * Property: any query a visitor can write is either refused before it runs or answered before the
 * deadline. Queries are generated from the schema itself (random fields, nesting, page sizes and
 * arguments), so fields added later are covered without anyone listing them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLInputType,
  type GraphQLObjectType,
} from '../graphql-js';
import type { RunningServer } from '../../app';
import { seedListingsIfEmpty } from '../../seed/listings';
import { engineName, startTestServer } from '../../testing/test-server';
import { schema } from '../schema/index';

const QUERIES = 80;
const DEADLINE_MS = 10_000;

/** A small, seeded generator (mulberry32): the same queries on every run. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T,>(items: readonly T[]) => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof random>;

const SAMPLE_STRINGS = ['Salt Lake City', 'UT', 'Utah', '84101', 'Condo', 'House', 'sale'];

function literal(type: GraphQLInputType, rng: Random, depth = 0): string {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return `[${literal(inner.ofType, rng, depth + 1)}]`;
  if (isEnumType(inner)) return rng.pick(inner.getValues()).name;
  if (isInputObjectType(inner)) {
    const fields = Object.values(inner.getFields()).filter((f) => isNonNullType(f.type) || (depth < 2 && rng.next() < 0.2));
    return `{ ${fields.map((f) => `${f.name}: ${literal(f.type, rng, depth + 1)}`).join(', ')} }`;
  }
  if (isScalarType(inner)) {
    switch (inner.name) {
      case 'Int':
        return String(rng.int(1, 120));
      case 'Float':
        return String(rng.int(-90, 90) + rng.next());
      case 'Boolean':
        return rng.next() < 0.5 ? 'true' : 'false';
      case 'ID':
        return `"${rng.pick(['1001', '1002', '1', '42'])}"`;
      default:
        return JSON.stringify(rng.pick(SAMPLE_STRINGS));
    }
  }
  return 'null';
}

/** Arguments that size lists: given often, with any value up to past their maximum. */
const SIZES = ['first', 'limit', 'count'];
/** Arguments whose random values are mostly refused as bad input (cursors, shapes): left out. */
const LEFT_OUT = ['after', 'before', 'last', 'offset', 'geoInput', 'searchInput', 'stayInput'];

function args(list: readonly GraphQLArgument[], rng: Random): string {
  const chosen = list.filter(
    (a) => isNonNullType(a.type) || (SIZES.includes(a.name) ? rng.next() < 0.8 : !LEFT_OUT.includes(a.name) && rng.next() < 0.15),
  );
  return chosen.length ? `(${chosen.map((a) => `${a.name}: ${literal(a.type, rng)}`).join(', ')})` : '';
}

function selection(type: GraphQLObjectType, depth: number, rng: Random): string {
  const fields = Object.values(type.getFields());
  const parts: string[] = [];
  const wanted = rng.int(1, 5);
  for (let i = 0; i < wanted * 3 && parts.length < wanted; i++) {
    // Fields with selections (where lists multiply) half of the time.
    const nested = fields.filter((f) => isObjectType(getNamedType(f.type)));
    const field = nested.length && depth > 0 && rng.next() < 0.5 ? rng.pick(nested) : rng.pick(fields);
    const named = getNamedType(field.type);
    const call = `${rng.next() < 0.1 ? `a${i}: ` : ''}${field.name}${args(field.args, rng)}`;
    if (isObjectType(named)) {
      if (depth <= 0) continue;
      parts.push(`${call} { ${selection(named, depth - 1, rng)} }`);
    } else {
      parts.push(call);
    }
  }
  return parts.length ? parts.join(' ') : '__typename';
}

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ graphqlDeadlineMs: DEADLINE_MS });
  await seedListingsIfEmpty(server.db, 600);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const REFUSED_BEFORE_RUNNING = new Set(['QUERY_TOO_COSTLY', 'QUERY_TOO_RECURSIVE', 'QUERY_TOO_DEEP', 'TOO_MANY_ALIASES']);

describe(`random visitor queries (${engineName()})`, () => {
  it(`are refused before running or answered before the ${DEADLINE_MS / 1000} s deadline`, async () => {
    const rng = random(13);
    const query = schema.getQueryType()!;
    // The listing queries first and more often: they are where lists multiply.
    const roots = Object.values(query.getFields()).filter((f) => isObjectType(getNamedType(f.type)));
    const listingRoots = roots.filter((f) => ['listingLoad', 'stayLoad', 'listingInfo', 'listingFeed', 'listingsInfo'].includes(f.name));
    const tally = { answered: 0, refused: 0, other: 0 };
    for (let i = 0; i < QUERIES; i++) {
      const root = rng.next() < 0.7 ? rng.pick(listingRoots) : rng.pick(roots);
      const named = getNamedType(getNullableType(root.type)) as GraphQLObjectType;
      const text = `query Q { ${root.name}${args(root.args, rng)} { ${selection(named, rng.int(1, 7), rng)} } }`;
      const response = await fetch(`${server.url}/public_graphql/?queryName=Q`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: text }),
      });
      const body = (await response.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
      const codes = (body.errors ?? []).map((e) => e.extensions?.code);
      // Never the deadline, never a server fault.
      expect(response.status, text).not.toBe(503);
      expect(codes, text).not.toContain('DEADLINE_EXCEEDED');
      expect(codes, text).not.toContain('INTERNAL_SERVER_ERROR');
      if (codes.some((c) => REFUSED_BEFORE_RUNNING.has(c!))) tally.refused += 1;
      else if (body.data) tally.answered += 1;
      else tally.other += 1;
    }
    console.log(`random visitor queries: ${QUERIES} sent, ${tally.answered} answered, ${tally.refused} refused by the limits, ${tally.other} other errors`);
    // The generator reaches both sides of the limits.
    expect(tally.answered).toBeGreaterThanOrEqual(QUERIES / 4);
    expect(tally.refused).toBeGreaterThanOrEqual(5);
  }, 300_000);
});
