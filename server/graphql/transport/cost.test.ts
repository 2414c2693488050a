import { describe, expect, it } from 'vitest';
import { getNamedType, getNullableType, isListType, isObjectType, isInterfaceType, isUnionType, parse, type OperationDefinitionNode } from '../graphql-js';
import { COST_LIMITS, costPlan, FIELD_COSTS, LIST_SIZES, MAX_TYPE_REPEATS, type FieldCost } from './cost';
import { CostBudget, CostGuard, HeavyTurns } from './cost-guard';
import { schema } from '../schema/index';

/** The plan by field count alone (`{}`), or with the measured costs of FIELD_COSTS. */
const planOf = (query: string, fieldCosts: Readonly<Record<string, FieldCost>> = {}) => {
  const document = parse(query);
  return costPlan(schema, document, document.definitions[0] as OperationDefinitionNode, fieldCosts);
};

/** The query of the probe in issue 13: 4 listings, similar homes five levels down. */
const SIMILAR_HOMES_PROBE =
  'query SH { listingLoad(first: 4) { edges { node { id similarHomes { similarHomes { similarHomes { similarHomes { similarHomes { id } } } } } } } } }';

describe('LIST_SIZES covers the schema', () => {
  it('gives every field returning a list of objects a size, and names no field that is not one', () => {
    const listsOfObjects: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        const named = getNamedType(field.type);
        const objects = isObjectType(named) || isInterfaceType(named) || isUnionType(named);
        if (objects && isListType(getNullableType(field.type))) listsOfObjects.push(`${type.name}.${field.name}`);
      }
    }
    expect(listsOfObjects.filter((key) => !(key in LIST_SIZES))).toEqual([]);
    expect(Object.keys(LIST_SIZES).filter((key) => !listsOfObjects.includes(key))).toEqual([]);
  });
});

describe('costPlan', () => {
  it('counts one per field, and a list of objects as its size times one item', () => {
    expect(planOf('query Q { listingLoad(first: 10) { totalCount edges { node { id } } } }').cost({})).toBe(
      1 + 1 + 10 * (1 + 1 + 1),
    );
  });

  it('reads the page size from a variable, its default, or the field default, clamped to the maximum', () => {
    const plan = planOf('query Q($n: Int = 7) { listingLoad(first: $n) { edges { node { id } } } }');
    expect(plan.cost({ n: 2 })).toBe(1 + 2 * 3);
    expect(plan.cost({})).toBe(1 + 7 * 3);
    expect(plan.cost({ n: 1_000_000 })).toBe(1 + 100 * 3);
    expect(plan.cost({ n: 'many' })).toBe(1 + 100 * 3);
    expect(planOf('query Q { listingLoad { edges { node { id } } } }').cost({})).toBe(1 + 25 * 3);
  });

  it('multiplies nested lists: similar homes of similar homes', () => {
    const plan = planOf('query Q { listingLoad(first: 4) { edges { node { id similarHomes { id } } } } }');
    expect(plan.cost({})).toBe(1 + 4 * (1 + 1 + 1 + 6 * (1 + 1)));
    expect(plan.recursion?.repeats).toBe(2);
  });

  it('finds a type met more than MAX_TYPE_REPEATS times on one path', () => {
    expect(MAX_TYPE_REPEATS).toBe(2);
    const plan = planOf(SIMILAR_HOMES_PROBE);
    expect(plan.recursion).toEqual({
      typeName: 'Listing',
      repeats: 6,
      path: 'query.listingLoad.edges.node.similarHomes.similarHomes.similarHomes.similarHomes.similarHomes',
    });
  });

  it('adds a field’s measured cost once per resolution: once at the root, per item inside a list', () => {
    const measured = { 'Query.homeValue': 9_000, 'Listing.similarHomes': 1_000 };
    const home = 'query Q { homeValue(input: { address: "x" }) { status comparables { id } } }';
    expect(planOf(home, measured).cost({})).toBe(planOf(home).cost({}) + 9_000);
    // Two aliases: two estimates.
    const twice = 'query Q { a: homeValue(input: { address: "x" }) { status } b: homeValue(input: { address: "y" }) { status } }';
    expect(planOf(twice, measured).cost({})).toBe(planOf(twice).cost({}) + 18_000);
    const page = 'query Q($n: Int) { listingLoad(first: $n) { edges { node { id similarHomes { id } } } } }';
    expect(planOf(page, measured).cost({ n: 10 })).toBe(planOf(page).cost({ n: 10 }) + 10 * 1_000);
    // A batched field: its statement once per request, wherever it is asked for, and its share per listing.
    const batched = { 'Listing.similarHomes': { once: 1_750, each: 800 } };
    expect(planOf(page, batched).cost({ n: 10 })).toBe(planOf(page).cost({ n: 10 }) + 1_750 + 10 * 800);
    const twoPages = 'query Q { a: listingLoad(first: 3) { edges { node { similarHomes { id } } } } b: listingInfo(listingId: 1) { similarHomes { id } } }';
    expect(planOf(twoPages, batched).cost({})).toBe(planOf(twoPages).cost({}) + 1_750 + 4 * 800);
    // The schema's own figures are used unless told otherwise.
    expect(costPlan(schema, parse(home), parse(home).definitions[0] as OperationDefinitionNode).cost({})).toBe(planOf(home, FIELD_COSTS).cost({}));
  });

  it('counts fragments where they are spread, each time', () => {
    const plan = planOf(`query Q { listingLoad(first: 3) { edges { node { ...card ...card } } } }
      fragment card on Listing { id photos { uri } }`);
    expect(plan.cost({})).toBe(1 + 3 * (1 + 1 + 2 * (1 + 100 * 2)));
  });
});

describe('CostGuard', () => {
  const visitor = { key: 'ip:192.0.2.1', signedIn: false };

  it('refuses the probe of issue 13 before it runs', () => {
    const guard = new CostGuard(schema);
    const decision = guard.decide(parse(SIMILAR_HOMES_PROBE), 'SH', {}, visitor);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(decision.error.extensions.code).toBe('QUERY_TOO_RECURSIVE');
  });

  it('refuses 20 aliases of a full page with photos, whatever the depth', () => {
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: listingLoad(first: 100) { edges { node { id photos { uri } } } }`);
    const guard = new CostGuard(schema);
    const decision = guard.decide(parse(`query Wide { ${aliases.join(' ')} }`), 'Wide', {}, visitor);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) {
      expect(decision.error.extensions.code).toBe('QUERY_TOO_COSTLY');
      expect(decision.error.message).toMatch(/would cost 406,020 .* the limit is 15,000\./);
    }
  });

  it('holds signed-in users to their own, higher ceiling', () => {
    const guard = new CostGuard(schema);
    const page = 'listingLoad(first: 100) { edges { node { id photos { uri } } } }'; // 1 + 100 × (3 + 100 × 2) = 20,301
    const one = parse(`query Q { ${page} }`);
    const two = parse(`query Q { a: ${page} b: ${page} }`);
    const member = { key: 'user:1', signedIn: true };
    expect(guard.decide(one, 'Q', {}, visitor).allowed).toBe(false);
    expect(guard.decide(one, 'Q', {}, member).allowed).toBe(true);
    expect(guard.decide(two, 'Q', {}, member).allowed).toBe(false);
  });

  it('spends from a per-client budget per minute, then refuses with 429 until it has slid by', () => {
    let now = 60_000 * 100;
    const guard = new CostGuard(schema, new CostBudget(() => now));
    const limits = { ...COST_LIMITS, publicPerMinute: 1_000 };
    const page = parse('query Q { listingLoad(first: 100) { edges { node { id } } } }'); // 301
    const decide = (key = visitor.key) => guard.decide(page, 'Q', {}, { key, signedIn: false }, limits);
    expect([decide(), decide(), decide()].map((d) => d.allowed)).toEqual([true, true, true]);
    const refused = decide();
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.error.extensions.code).toBe('RATE_LIMITED');
      expect(refused.error.extensions.http).toEqual({ status: 429, headers: { 'Retry-After': '60' } });
    }
    // Another client has a budget of its own.
    expect(decide('ip:192.0.2.2').allowed).toBe(true);
    // Two minutes later the window is empty again.
    now += 120_000;
    expect(decide().allowed).toBe(true);
  });
});

describe('HeavyTurns', () => {
  it('runs `slots` at once, queues the next in order up to `queue`, and refuses past that', async () => {
    const turns = new HeavyTurns();
    const signal = new AbortController().signal;
    const release1 = await turns.take(1, 1, signal);
    let secondStarted = false;
    const second = turns.take(1, 1, signal).then((release) => {
      secondStarted = true;
      return release;
    });
    expect(await turns.take(1, 1, signal)).toBeNull();
    expect(turns.load).toEqual({ running: 1, waiting: 1 });
    await Promise.resolve();
    expect(secondStarted).toBe(false);
    release1!();
    const release2 = await second;
    expect(secondStarted).toBe(true);
    release2!();
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });

  it('takes a request whose client left out of the line', async () => {
    const turns = new HeavyTurns();
    const release = await turns.take(1, 5, new AbortController().signal);
    const stop = new AbortController();
    const waiting = turns.take(1, 5, stop.signal);
    stop.abort(new Error('client gone'));
    await expect(waiting).rejects.toThrow('client gone');
    expect(turns.load).toEqual({ running: 1, waiting: 0 });
    release!();
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });
});
