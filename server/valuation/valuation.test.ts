import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { HomeValueQuery, RequestValuationMutation } from '../../core/valuation/valuation-api';
import { DEMO_API_KEYS } from '../seed/data';
import { engineName, startTestServer } from '../testing/test-server';
import { DEMO_SALES } from './demo-sales';
import { Random } from '../seed/listings/random';
import {
  conformalHalfWidth,
  estimateFromSales,
  estimateFromSalesInSlices,
  MAX_COMPARABLE_METERS,
  MAX_COMPARABLES,
  MIN_HALF_WIDTH,
  RANGE_PROBABILITY,
  rangeZ,
  roundEstimate,
  withListPrice,
  type Sale,
  type Subject,
} from './comparables';
import { insertListings } from '../listings/search/test-listings';
import { resolveHome, valueHome } from './estimate';
import { VALUATION_REQUEST_LIMIT } from './requests';
import { estimateHomeValue, homeInputKey, type HomeInput } from './estimate';
import type { Queryable } from '../db';
import { runHomeValueUpdates } from './updates';

// ---------------------------------------------------------------------------------------------------
// The arithmetic

const NOW = new Date('2026-06-01T00:00:00Z');
const SUBJECT: Subject = {
  latitude: 40.7376,
  longitude: -111.8583,
  livingArea: 2000,
  yearBuilt: 1940,
  bedrooms: 4,
};
const monthsAgo = (m: number) => new Date(NOW.getTime() - m * 30.44 * 86_400_000);

function sale(id: number, overrides: Partial<Sale> = {}): Sale {
  return {
    id,
    latitude: SUBJECT.latitude + id * 0.001,
    longitude: SUBJECT.longitude,
    soldPriceInPennies: 60_000_000,
    soldAt: monthsAgo(3),
    livingArea: 2000,
    yearBuilt: 1940,
    bedrooms: 4,
    ...overrides,
  };
}

/**
 * A market with a rule the estimator is not told: price = $600,000 × (area / 2,000)^elasticity × e^(yearly ×
 * years since) × e^N(0, noise), homes scattered within about a mile, sold over two years.
 */
function market(count: number, rule: { elasticity: number; yearly: number; noise: number }, seed = 7): Sale[] {
  const rng = new Random(seed);
  return Array.from({ length: count }, (_, i) => {
    const livingArea = Math.round(1_400 + rng.next() * 1_400);
    const months = rng.next() * 23;
    const price = 60_000_000 * (livingArea / 2000) ** rule.elasticity * Math.exp(-rule.yearly * (months / 12)) * Math.exp(rule.noise * rng.normal());
    return sale(i + 1, {
      latitude: SUBJECT.latitude + (rng.next() - 0.5) * 0.02,
      longitude: SUBJECT.longitude + (rng.next() - 0.5) * 0.025,
      livingArea,
      soldAt: monthsAgo(months),
      soldPriceInPennies: Math.round(price),
    });
  });
}

describe('estimateFromSales', () => {
  it('gives no number with fewer than three comparables', () => {
    expect(estimateFromSales(SUBJECT, [sale(1), sale(2)], NOW)).toBeNull();
    // Too big, too old or too far do not count.
    const unfit = [sale(1), sale(2), sale(3, { livingArea: 4000 }), sale(4, { yearBuilt: 2010 }), sale(5, { latitude: SUBJECT.latitude + 0.2 })];
    expect(estimateFromSales(SUBJECT, unfit, NOW)).toBeNull();
  });

  it('identical sales give their price, the narrowest range and weights that add up to 1, nearest first', () => {
    const estimate = estimateFromSales(SUBJECT, [sale(3), sale(1), sale(2)], NOW)!;
    expect(estimate.estimateInPennies).toBe(60_000_000);
    expect(estimate.lowInPennies).toBe(roundEstimate(60_000_000 * Math.exp(-MIN_HALF_WIDTH)));
    expect(estimate.highInPennies).toBe(roundEstimate(60_000_000 * Math.exp(MIN_HALF_WIDTH)));
    expect(estimate.comparables.map((c) => c.sale.id)).toEqual([1, 2, 3]);
    expect(estimate.comparables.reduce((sum, c) => sum + c.weight, 0)).toBeCloseTo(1, 10);
    expect(estimate.comparables[0]!.weight).toBeGreaterThan(estimate.comparables[2]!.weight);
  });

  it('learns from the sales what size is worth and how prices move, whatever it expected', () => {
    // Price ∝ area (its prior says ∝ area^0.7) and +10 % a year (its prior says flat).
    const sales = market(120, { elasticity: 1, yearly: 0.1, noise: 0.02 });
    const bigger = estimateFromSales({ ...SUBJECT, livingArea: 2_500 }, sales, NOW)!;
    expect(bigger.model.coefficients[0]).toBeGreaterThan(0.85);
    expect(bigger.model.yearlyChange).toBeGreaterThan(0.07);
    expect(bigger.model.yearlyChange).toBeLessThan(0.12);
    expect(bigger.estimateInPennies / 75_000_000).toBeGreaterThan(0.96);
    expect(bigger.estimateInPennies / 75_000_000).toBeLessThan(1.04);
    // Each comparable is its sale adjusted to the home and to today: all near the truth, whatever its size and age.
    for (const c of bigger.comparables) expect(Math.abs(Math.log(c.adjustedValueInPennies / 75_000_000))).toBeLessThan(0.08);
  });

  it('keeps at most eight comparables, the nearest, most alike and most recent, within three miles', () => {
    const sales = Array.from({ length: 12 }, (_, i) => sale(i + 1, { soldAt: monthsAgo(i + 1) }));
    const estimate = estimateFromSales(SUBJECT, sales, NOW)!;
    expect(estimate.comparables).toHaveLength(MAX_COMPARABLES);
    expect(estimate.comparables.map((c) => c.sale.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const far = estimateFromSales(SUBJECT, [...sales, sale(99, { latitude: SUBJECT.latitude + MAX_COMPARABLE_METERS / 100_000 })], NOW)!;
    expect(far.comparables.every((c) => c.distanceMeters <= MAX_COMPARABLE_METERS)).toBe(true);
  });

  it('gives a range that holds about 8 in 10 sold prices, measured on the sales nearby', () => {
    const sales = market(400, { elasticity: 0.8, yearly: 0.04, noise: 0.08 }, 11);
    let inside = 0;
    let estimated = 0;
    // Each of the last 100 sales valued the day before it sold, from the sales before it.
    for (const target of [...sales].sort((a, b) => b.soldAt.getTime() - a.soldAt.getTime()).slice(0, 100)) {
      const before = sales.filter((s) => s.soldAt < target.soldAt);
      const estimate = estimateFromSales(target, before, new Date(target.soldAt.getTime() - 86_400_000));
      if (!estimate) continue;
      estimated++;
      expect(estimate.checks.length).toBeGreaterThanOrEqual(5);
      if (target.soldPriceInPennies >= estimate.lowInPennies && target.soldPriceInPennies <= estimate.highInPennies) inside++;
    }
    expect(estimated).toBe(100);
    expect(RANGE_PROBABILITY).toBe(0.8);
    expect(inside).toBeGreaterThanOrEqual(70);
    expect(inside).toBeLessThanOrEqual(90);
  });

  it('in slices gives the same estimate, and other work runs between its slices (issue 33)', async () => {
    const sales = market(80, { elasticity: 0.8, yearly: 0.04, noise: 0.08 }, 7);
    const whole = estimateFromSales(SUBJECT, sales, NOW)!;
    expect(whole.checks.length).toBeGreaterThanOrEqual(5);
    let turns = 0;
    let done = false;
    const other = () => {
      turns++;
      if (!done) setImmediate(other);
    };
    setImmediate(other);
    const sliced = await estimateFromSalesInSlices(SUBJECT, sales, NOW);
    done = true;
    expect(sliced).toEqual(whole);
    // The other work ran once for each of step 4's sales after the first, not once after the whole estimate.
    expect(turns).toBeGreaterThanOrEqual(whole.checks.length - 1);
  });

  it('leans on the home’s own list price when it is for sale, by how well list prices predicted sales here', () => {
    // Homes here sell for 98 % of their last list price (±1 %); the comparables alone say $600,000.
    const rng = new Random(3);
    const sales = market(80, { elasticity: 0.8, yearly: 0, noise: 0.08 }, 5).map((s) => ({
      ...s,
      listPriceInPennies: Math.round(s.soldPriceInPennies / (0.98 * Math.exp(0.01 * rng.normal()))),
    }));
    const alone = estimateFromSales(SUBJECT, sales, NOW)!;
    const listed = withListPrice(alone, SUBJECT, sales, 70_000_000);
    expect(listed.listPrice).toMatchObject({ listPriceInPennies: 70_000_000, sales: 30 });
    expect(listed.listPrice!.saleToList).toBeCloseTo(0.98, 2);
    expect(listed.listPrice!.weight).toBeGreaterThan(0.8);
    expect(listed.estimateInPennies).toBeGreaterThan(0.9 * 68_600_000);
    expect(listed.highInPennies - listed.lowInPennies).toBeLessThan(alone.highInPennies - alone.lowInPennies);
    // Without sales that had a list price, there is nothing to weigh it by.
    expect(withListPrice(alone, SUBJECT, market(80, { elasticity: 0.8, yearly: 0, noise: 0.08 }, 5), 70_000_000)).toBe(alone);
  });
});

describe('conformalHalfWidth and rangeZ', () => {
  it('takes the 0.8 × (n + 1)-th smallest miss, interpolated', () => {
    // 9 misses: rank 0.8 × 10 = 8th smallest.
    expect(conformalHalfWidth([0.01, -0.02, 0.03, -0.04, 0.05, -0.06, 0.07, -0.08, 0.09])).toBeCloseTo(0.08, 10);
    expect(conformalHalfWidth([0.1, -0.2, 0.3])).toBeCloseTo(0.3, 10);
  });
  it('widens a spread measured on few sales (Student’s t), to the normal’s on many', () => {
    expect(rangeZ(4)).toBeCloseTo(1.533, 3);
    expect(rangeZ(9)).toBeCloseTo((1.397 + 1.372) / 2, 3);
    expect(rangeZ(10_000)).toBeCloseTo(1.2816, 4);
  });
});

// ---------------------------------------------------------------------------------------------------
// Through the API

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** What the API answers beyond the element's HomeValueQuery: each comparable's share of the comparables' estimate. */
const WEIGHTS = /* GraphQL */ `
  query HomeValueWeights($input: HomeValueInput!) {
    homeValue(input: $input) {
      comparables {
        weight
      }
    }
  }
`;

interface Answer {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

async function gql(query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  const name = /(?:query|mutation) (\w+)/.exec(query)![1]!;
  const response = await fetch(`${server.url}/public_graphql/?partner=acme&queryName=${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as Answer;
}

const OWNER = {
  firstName: 'Olive',
  lastName: 'Owner',
  email: 'olive.owner@example.com',
  phone: '8015550199',
};
const LISTING_1002 = { address: '1387 S 1100 E', placeId: 'address:1002' };

describe(`homeValue (${engineName()})`, () => {
  it('values demo listing 1002 from the demo sales around it, with the comparables and the method', async () => {
    const answer = await gql(HomeValueQuery, { input: LISTING_1002 });
    expect(answer.errors).toBeUndefined();
    const value = answer.data!.homeValue;
    expect(value).toMatchObject({
      status: 'ESTIMATED',
      address: '1387 S 1100 E, Salt Lake City, UT 84105',
      homeType: 'SINGLE_FAMILY',
      livingArea: 2240,
      yearBuilt: 1938,
      bedrooms: 4,
      currencyCode: 'USD',
    });
    expect(value.lowInPennies).toBeLessThan(value.estimateInPennies);
    expect(value.highInPennies).toBeGreaterThan(value.estimateInPennies);
    // The demo sales sell at $270–$300 per sq ft: 2,240 sq ft is worth $600k–$680k.
    expect(value.estimateInPennies).toBeGreaterThan(60_000_000);
    expect(value.estimateInPennies).toBeLessThan(68_000_000);
    expect(value.comparables.length).toBeGreaterThanOrEqual(3);
    expect(value.comparables.length).toBeLessThanOrEqual(8);
    const demoIds = new Set(DEMO_SALES.map((s) => String(s.id)));
    for (const c of value.comparables) {
      expect(demoIds.has(c.id)).toBe(true);
      expect(c.photoUri).toMatch(new RegExp(`^${server.url}/media/listing/DEMO-SOLD-${c.id}/1\\.svg$`));
      expect(c.soldDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(c.listingAddress).toMatch(/, Salt Lake City, UT 841\d\d$/);
    }
    const distances = value.comparables.map((c: { distanceMeters: number }) => c.distanceMeters);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Each comparable's price adjusted to 1002 and to today: the home's value from that sale.
    for (const c of value.comparables) expect(Math.abs(Math.log(c.adjustedValueInPennies / value.estimateInPennies))).toBeLessThan(0.25);
    // Demo sales, and said to be.
    expect(value.comparables.every((c: { demo: boolean }) => c.demo)).toBe(true);
    // 1002 is for sale: its own list price weighs in, and the method says how much.
    expect(value).toMatchObject({ listPriceInPennies: 62_500_000, rangeProbability: 0.8 });
    expect(value.method).toMatch(/^We compared the \d single family residence sales most like yours within [\d.]+ miles in the last 24 months\./);
    expect(value.method).toMatch(/The home is listed for \$625,000, and homes nearby sold for a median [\d.]+% of their last list price: that price counts for [\d.]+% of the estimate\./);
    expect(value.method).toContain('Facts you left empty are those of our listing of the home.');
    const photo = await fetch(value.comparables[0].photoUri);
    expect(photo.status).toBe(200);
    const weights = await gql(WEIGHTS, { input: LISTING_1002 });
    expect(weights.errors).toBeUndefined();
    expect(weights.data!.homeValue.comparables).toHaveLength(value.comparables.length);
    expect(weights.data!.homeValue.comparables.reduce((sum: number, c: { weight: number }) => sum + c.weight, 0)).toBeCloseTo(1, 2);
  });

  it('leans on a listed home’s list price as it stood on the day valued, and not once it has sold', async () => {
    const DAY = 86_400_000;
    const today = Date.now();
    const day = (n: number) => new Date(today - n * DAY);
    await insertListings(server.db, [{ id: 9301, latitude: 40.7371, longitude: -111.8577, areaSqFt: 2200, bedrooms: 4, bathrooms: 2, yearBuilt: 1937, status: 'Closed' }]);
    for (const [event, status, dollars, daysAgo] of [
      ['listed', 'Active', 700_000, 60],
      ['price_change', 'Active', 650_000, 30],
      ['status_change', 'Pending', 650_000, 20],
      ['status_change', 'Closed', 640_000, 5],
    ] as const) {
      await server.db.query(`INSERT INTO listing_status_history (listing_id, event, status, price_in_pennies, changed_at) VALUES (9301, $1, $2, $3, $4)`, [
        event,
        status,
        dollars * 100,
        day(daysAgo).toISOString(),
      ]);
    }
    const input = { address: '', placeId: null, latitude: null, longitude: null, listingId: 9301, homeType: null, bedrooms: null, bathrooms: null, livingArea: null, yearBuilt: null };
    const home = await resolveHome(server.db, input);
    expect((await valueHome(server.db, home, day(45))).listPriceInPennies).toBe(70_000_000);
    expect((await valueHome(server.db, home, day(25))).listPriceInPennies).toBe(65_000_000);
    const pending = await valueHome(server.db, home, day(15));
    expect(pending.listPriceInPennies).toBe(65_000_000);
    expect(pending.method).toContain('The home is listed for $650,000');
    const sold = await valueHome(server.db, home, day(0));
    expect(sold.listPriceInPennies).toBeNull();
    // Its own sale is never one of its comparables.
    expect(sold.comparables.map((c) => c.sale.id)).not.toContain(9301);
    // Asked not to (the bench's off-market figure), it does not.
    expect((await valueHome(server.db, home, day(15), { useListPrice: false })).listPriceInPennies).toBeNull();
  });

  it('takes the owner’s facts over the listing’s, and free text through the place search', async () => {
    const bigger = await gql(HomeValueQuery, {
      input: { ...LISTING_1002, livingArea: 2700, bedrooms: 5 },
    });
    const listed = await gql(HomeValueQuery, { input: LISTING_1002 });
    expect(bigger.data!.homeValue.livingArea).toBe(2700);
    expect(bigger.data!.homeValue.estimateInPennies).toBeGreaterThan(listed.data!.homeValue.estimateInPennies);
    // Not the home as listed: its list price is not this home's.
    expect(bigger.data!.homeValue.listPriceInPennies).toBeNull();
    expect(bigger.data!.homeValue.method).not.toContain('listed for');
    const typed = await gql(HomeValueQuery, {
      input: { address: '1387 S 1100 E' },
    });
    expect(typed.data!.homeValue.address).toBe('1387 S 1100 E, Salt Lake City, UT 84105');
    // 'Current location': described by the nearest of our addresses' city, state and ZIP.
    const here = await gql(HomeValueQuery, { input: { address: 'Current location', latitude: 40.7377, longitude: -111.8584, livingArea: 2000 } });
    expect(here.data!.homeValue).toMatchObject({ status: 'ESTIMATED', address: 'Near Salt Lake City, UT 84105', homeType: 'SINGLE_FAMILY', livingArea: 2000 });
    expect(here.data!.homeValue.method).not.toContain('our listing');
  });

  it('says "not enough sales nearby" instead of a number where there are none', async () => {
    const answer = await gql(HomeValueQuery, {
      input: {
        address: '100 Main St, Moab',
        latitude: 38.5733,
        longitude: -109.5498,
      },
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.homeValue).toMatchObject({
      status: 'NOT_ENOUGH_SALES',
      estimateInPennies: null,
      lowInPennies: null,
      confidence: null,
      comparables: [],
    });
    expect(answer.data!.homeValue.method).toMatch(/^Not enough sales nearby/);
    // Condominiums: no condo sales around 1002.
    const condo = await gql(HomeValueQuery, {
      input: { ...LISTING_1002, homeType: 'CONDOMINIUM' },
    });
    expect(condo.data!.homeValue.status).toBe('NOT_ENOUGH_SALES');
  });

  it('refuses bad input clearly, naming the argument', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ address: 'x', latitude: 40.7 }, 'input.latitude', /together/],
      [{ ...LISTING_1002, bedrooms: -1 }, 'input.bedrooms', /bedrooms must be from 0 to 50/],
      [{ ...LISTING_1002, livingArea: 5 }, 'input.livingArea', /livingArea/],
      [{ ...LISTING_1002, yearBuilt: 3000 }, 'input.yearBuilt', /yearBuilt/],
      [{ address: 'a'.repeat(301) }, 'input.address', /300/],
      [{ address: 'Zzyzx Qqq Nowhere' }, 'input.address', /could not find that address/],
      [{ address: '1 Gone St', placeId: 'address:999999' }, 'input.placeId', /could not find that address/],
      [{ address: '' }, 'input.address', /Enter the address/],
      [{ address: '', listingId: 'abc' }, 'input.listingId', /positive whole number/],
    ];
    for (const [input, argument, message] of cases) {
      const answer = await gql(HomeValueQuery, { input });
      expect(answer.errors?.[0]?.extensions, JSON.stringify(input)).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: argument });
      expect(answer.errors![0]!.message).toMatch(message);
    }
    const hidden = await gql(HomeValueQuery, {
      input: { address: '', listingId: '424242' },
    });
    expect(hidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe(`recent estimates (${engineName()})`, () => {
  const input: HomeInput = {
    address: '',
    placeId: 'address:1002',
    latitude: null,
    longitude: null,
    listingId: null,
    homeType: null,
    bedrooms: null,
    bathrooms: null,
    livingArea: 2_100,
    yearBuilt: null,
  };
  /** server.db, counting its statements. */
  const counted = () => {
    let statements = 0;
    const db = new Proxy(server.db, {
      get(target, key) {
        if (key === 'query') return (...args: Parameters<Queryable['query']>) => ((statements += 1), target.query(...args));
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return { db, statements: () => statements };
  };

  it('answers the same home asked again without reading the sales again, until a listing changes', async () => {
    const first = counted();
    const value = await estimateHomeValue(first.db, input);
    expect(value.status).toBe('ESTIMATED');
    expect(first.statements()).toBeGreaterThan(0);

    // The same input, as the API parses it from other spellings of it: no statement at all.
    const again = counted();
    expect(await estimateHomeValue(again.db, { ...input })).toEqual(value);
    expect(again.statements()).toBe(0);
    // Another fact is another home.
    const other = counted();
    await estimateHomeValue(other.db, { ...input, livingArea: 2_101 });
    expect(other.statements()).toBeGreaterThan(0);

    // A sale recorded, a listing changed: computed afresh.
    const feed = server.db.changes!;
    const before = feed.version('search');
    await server.db.query(`UPDATE listings SET modification_timestamp = now() WHERE id = 1101`);
    await expect.poll(() => feed.version('search')).not.toBe(before);
    const after = counted();
    expect(await estimateHomeValue(after.db, input)).toMatchObject({ estimateInPennies: value.estimateInPennies, lowInPennies: value.lowInPennies });
    expect(after.statements()).toBeGreaterThan(0);
  });

  it('keys an input by its parsed value only', () => {
    expect(homeInputKey(input)).toBe(homeInputKey({ ...input }));
    expect(homeInputKey(input)).not.toBe(homeInputKey({ ...input, bedrooms: 3 }));
    expect(homeInputKey({ ...input, address: 'a"b' })).not.toBe(homeInputKey({ ...input, address: 'a', placeId: 'b' }));
  });
});

describe(`requestValuation and the monthly updates (${engineName()})`, () => {
  it('stores a seller lead of the partner, mails the agent and the owner, and refuses a bad contact', async () => {
    const bad = await gql(RequestValuationMutation, {
      input: LISTING_1002,
      contact: { ...OWNER, email: 'not-an-email' },
      optIn: false,
    });
    expect(bad.errors?.[0]).toMatchObject({
      message: 'Email is invalid.',
      extensions: { code: 'BAD_USER_INPUT', argumentName: 'email' },
    });

    const answer = await gql(RequestValuationMutation, {
      input: LISTING_1002,
      contact: OWNER,
      optIn: false,
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.requestValuation).toMatchObject({
      optIn: false,
      homeValue: {
        status: 'ESTIMATED',
        address: '1387 S 1100 E, Salt Lake City, UT 84105',
      },
    });

    const leads = await fetch(`${server.url}/v1/api/leads/?partner=acme`, {
      headers: { Authorization: `Partner ${DEMO_API_KEYS.acme}` },
    });
    const lead = (
      (await leads.json()) as {
        leads: {
          firstName: string;
          email: string;
          listingId: number;
          comment: string;
        }[];
      }
    ).leads[0]!;
    expect(lead).toMatchObject({
      firstName: 'Olive',
      email: OWNER.email,
      listingId: 1002,
    });
    expect(lead.comment).toMatch(
      /^Precise valuation requested for 1387 S 1100 E, Salt Lake City, UT 84105\. Our estimate: \$[\d,]+ \(likely \$[\d,]+ to \$[\d,]+\)\.$/,
    );
    const { rows: mails } = await server.db.query<{
      to_address: string;
      subject: string;
      body: string;
    }>(`SELECT to_address, subject, body FROM outbox WHERE subject LIKE '%1387 S 1100 E%' ORDER BY id`);
    expect(mails.map((m) => m.subject)).toEqual([
      'Valuation request for 1387 S 1100 E, Salt Lake City, UT 84105: Olive Owner',
      'Your home value: 1387 S 1100 E, Salt Lake City, UT 84105',
    ]);
    expect(mails[1]!.to_address).toBe(OWNER.email);
    expect(mails[1]!.body).not.toContain('unsubscribe');
  });

  it('mails an opted-in owner once a month with an unsubscribe link, until they unsubscribe', async () => {
    const email = 'monthly.owner@example.com';
    const answer = await gql(RequestValuationMutation, {
      input: LISTING_1002,
      contact: { ...OWNER, email },
      optIn: true,
    });
    expect(answer.data!.requestValuation.optIn).toBe(true);
    const { rows } = await server.db.query<{
      next_update_at: Date;
      created_at: Date;
    }>('SELECT next_update_at, created_at FROM home_valuation_requests WHERE email = $1', [email]);
    const due = rows[0]!.next_update_at;
    const monthly = async () =>
      (
        await server.db.query<{ body: string }>(`SELECT body FROM outbox WHERE to_address = $1 AND subject LIKE 'Your monthly home value:%' ORDER BY id`, [
          email,
        ])
      ).rows;

    // Not before the month is up; once when it is, however often the job runs.
    await runHomeValueUpdates(server.db, new Date(due.getTime() - 60_000), {
      publicOrigin: server.url,
    });
    expect(await monthly()).toHaveLength(0);
    expect(
      (
        await runHomeValueUpdates(server.db, new Date(due.getTime() + 60_000), {
          publicOrigin: server.url,
        })
      ).mailed,
    ).toBeGreaterThanOrEqual(1);
    await runHomeValueUpdates(server.db, new Date(due.getTime() + 120_000), {
      publicOrigin: server.url,
    });
    expect(await monthly()).toHaveLength(1);
    const [first] = await monthly();
    expect(first!.body).toMatch(/This month's estimate for 1387 S 1100 E, Salt Lake City, UT 84105: \$[\d,]+ \(likely/);
    expect(first!.body).toContain('No change since last time.');

    // The next month.
    const next = new Date(due.getTime() + 32 * 86_400_000);
    await runHomeValueUpdates(server.db, next, { publicOrigin: server.url });
    expect(await monthly()).toHaveLength(2);

    // Unsubscribe: GET shows a button and changes nothing; POST stops the mails.
    const link = /Stop these monthly updates: (\S+)/.exec(first!.body)![1]!;
    expect(link.startsWith(`${server.url}/v1/api/home-value/unsubscribe/?token=`)).toBe(true);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit">Stop my monthly home value updates</button>');
    await runHomeValueUpdates(server.db, new Date(next.getTime() + 32 * 86_400_000), { publicOrigin: server.url });
    expect(await monthly()).toHaveLength(3);
    const done = await fetch(link, { method: 'POST' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('you will get no more monthly home value updates');
    await runHomeValueUpdates(server.db, new Date(next.getTime() + 70 * 86_400_000), { publicOrigin: server.url });
    expect(await monthly()).toHaveLength(3);

    const forged = await fetch(`${server.url}/v1/api/home-value/unsubscribe/?token=${'A'.repeat(32)}`, { method: 'POST' });
    expect(forged.status).toBe(404);
    const hostile = await fetch(`${server.url}/v1/api/home-value/unsubscribe/?token=%3Cscript%3E`);
    expect(hostile.status).toBe(404);
    expect(await hostile.text()).not.toContain('<script>');
  });

  it('is rate-limited per client and partner like the contact form', async () => {
    const headers = { 'X-Forwarded-For': '203.0.113.9' };
    let refused: Answer | null = null;
    for (let i = 0; i <= VALUATION_REQUEST_LIMIT.max + 2 && !refused; i++) {
      const answer = await gql(RequestValuationMutation, { input: LISTING_1002, contact: OWNER, optIn: false }, headers);
      if (answer.errors) refused = answer;
    }
    expect(refused?.errors?.[0]?.message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    expect(refused?.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
  });
});
