import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { HomeValueQuery, RequestValuationMutation } from '../../core/valuation/valuation-api';
import { DEMO_API_KEYS } from '../seed/data';
import { engineName, startTestServer } from '../testing/test-server';
import { DEMO_SALES } from './demo-sales';
import { estimateFromSales, MAX_COMPARABLES, roundEstimate, type Sale, type Subject } from './comparables';
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

describe('estimateFromSales', () => {
  it('gives no number with fewer than three comparables', () => {
    expect(estimateFromSales(SUBJECT, [sale(1), sale(2)], NOW)).toBeNull();
    // Too big, too old or too far do not count.
    const unfit = [sale(1), sale(2), sale(3, { livingArea: 4000 }), sale(4, { yearBuilt: 2010 }), sale(5, { latitude: SUBJECT.latitude + 0.2 })];
    expect(estimateFromSales(SUBJECT, unfit, NOW)).toBeNull();
  });

  it('identical sales give their price, a ±4 % range and weights that add up to 1, nearest first', () => {
    const estimate = estimateFromSales(SUBJECT, [sale(3), sale(1), sale(2)], NOW)!;
    expect(estimate.estimateInPennies).toBe(60_000_000);
    expect(estimate.lowInPennies).toBe(roundEstimate(60_000_000 * Math.exp(-0.04)));
    expect(estimate.highInPennies).toBe(roundEstimate(60_000_000 * Math.exp(0.04)));
    expect(estimate.comparables.map((c) => c.sale.id)).toEqual([1, 2, 3]);
    expect(estimate.comparables.reduce((sum, c) => sum + c.weight, 0)).toBeCloseTo(1, 10);
    expect(estimate.comparables[0]!.weight).toBeGreaterThan(estimate.comparables[2]!.weight);
  });

  it('adjusts price per sq ft to the subject’s size, a little less per sq ft for larger homes', () => {
    const bigger = [1, 2, 3].map((id) => sale(id, { livingArea: 2500, soldPriceInPennies: 75_000_000 }));
    const estimate = estimateFromSales(SUBJECT, bigger, NOW)!;
    // $300/sq ft × 2000 × (2500/2000)^0.2 = 627,000 (rounded to 1,000)
    expect(estimate.estimateInPennies).toBe(roundEstimate(30_000 * 2000 * 1.25 ** 0.2));
    expect(estimate.estimateInPennies).toBeGreaterThan(60_000_000);
  });

  it('weights near, recent and similar sales more, and keeps at most eight', () => {
    const sales = Array.from({ length: 12 }, (_, i) => sale(i + 1, { soldAt: monthsAgo(i + 1) }));
    const estimate = estimateFromSales(SUBJECT, sales, NOW)!;
    expect(estimate.comparables).toHaveLength(MAX_COMPARABLES);
    expect(estimate.comparables.map((c) => c.sale.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const spread = [sale(1, { soldPriceInPennies: 50_000_000 }), sale(2, { soldPriceInPennies: 60_000_000 }), sale(3, { soldPriceInPennies: 70_000_000 })];
    const wide = estimateFromSales(SUBJECT, spread, NOW)!;
    expect(wide.lowInPennies).toBeLessThan(wide.estimateInPennies);
    expect(wide.highInPennies).toBeGreaterThan(wide.estimateInPennies);
    // Nearer the cheap sale: below the middle price.
    expect(wide.estimateInPennies).toBeLessThan(60_000_000);
    expect(wide.confidence).not.toBe('HIGH');
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

/** What the API answers beyond the element's HomeValueQuery: each comparable's price adjusted to the home's size. */
const ADJUSTED_VALUES = /* GraphQL */ `
  query HomeValueAdjusted($input: HomeValueInput!) {
    homeValue(input: $input) {
      comparables {
        adjustedValueInPennies
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
    expect(value.comparables.reduce((sum: number, c: { weight: number }) => sum + c.weight, 0)).toBeCloseTo(1, 2);
    expect(value.method).toMatch(/^We compared \d single family residence sales within [\d.]+ miles in the last 24 months/);
    expect(value.method).toContain('2,240 sq ft');
    expect(value.method).toContain('Facts you left empty are those of our listing of the home.');
    const photo = await fetch(value.comparables[0].photoUri);
    expect(photo.status).toBe(200);
    const adjusted = await gql(ADJUSTED_VALUES, { input: LISTING_1002 });
    expect(adjusted.errors).toBeUndefined();
    expect(adjusted.data!.homeValue.comparables).toHaveLength(value.comparables.length);
  });

  it('takes the owner’s facts over the listing’s, and free text through the place search', async () => {
    const bigger = await gql(HomeValueQuery, {
      input: { ...LISTING_1002, livingArea: 2700, bedrooms: 5 },
    });
    const listed = await gql(HomeValueQuery, { input: LISTING_1002 });
    expect(bigger.data!.homeValue.livingArea).toBe(2700);
    expect(bigger.data!.homeValue.estimateInPennies).toBeGreaterThan(listed.data!.homeValue.estimateInPennies);
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
