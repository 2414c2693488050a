import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { DEMO_API_KEYS } from '../seed/data';
import { daysFromToday, insertListings } from '../listings/search/test-listings';
import { engineName, startTestServer } from '../testing/test-server';
import { STAY_REQUEST_RATE_LIMIT } from './stays';

let server: RunningServer;

const STAY = 7701;
const RENTAL = 7702;
const HIDDEN_STAY = 7703;
/** A stay that does not say how many it sleeps. */
const OPEN_STAY = 7704;

const REQUEST = `mutation ($listingId: ID!, $checkIn: String!, $checkOut: String!, $firstName: String!, $lastName: String!,
  $email: String!, $phone: String!, $message: String!, $guests: Int!) {
  requestStay(listingId: $listingId, checkIn: $checkIn, checkOut: $checkOut, firstName: $firstName, lastName: $lastName,
    email: $email, phone: $phone, message: $message, guests: $guests) { id listingId checkIn checkOut nights guests totalInPennies priceCurrencyCode }
}`;

const guest = { firstName: 'Robin', lastName: 'Guest', email: 'robin@example.com', phone: '8015550123', message: 'We would love to stay.', guests: 3 };

/** Days 3 … 30 from today are open (minimum 2 nights, maximum 5), except day 12 (booked; check-out allowed). */
async function openCalendar(listingId: number) {
  for (let d = -5; d <= 30; d++) {
    if (d > -1 && d < 3) continue;
    const booked = d === 12;
    await server.db.query(
      `INSERT INTO stay_availability (listing_id, calendar_date, available, available_for_checkin, available_for_checkout, min_nights, max_nights)
       VALUES ($1, $2, $3, $3, true, 2, 5)`,
      [listingId, daysFromToday(d), !booked],
    );
  }
}

let client = 0;
/** Each request from a client of its own (the server trusts X-Forwarded-For here), so only the rate-limit test meets the limit. */
const request = (variables: Record<string, unknown>, partner = 'acme') =>
  fetch(`${server.url}/public_graphql/?queryName=Op&partner=${partner}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${++client}` },
    body: JSON.stringify({ query: REQUEST.replace('mutation (', 'mutation Op('), variables }),
  }).then((r) => r.json() as Promise<{ data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] }>);

beforeAll(async () => {
  server = await startTestServer({ trustProxy: true });
  await insertListings(server.db, [
    { id: STAY, classification: 'stay', title: 'Cabin by the lake', priceInPennies: 12_500, maxGuests: 4 },
    { id: OPEN_STAY, classification: 'stay', title: 'Room in town', priceInPennies: 9_000 },
    { id: RENTAL, classification: 'rent', priceInPennies: 145_000 },
    { id: HIDDEN_STAY, classification: 'stay', hidden: true },
  ]);
  await openCalendar(STAY);
  await openCalendar(HIDDEN_STAY);
  await openCalendar(OPEN_STAY);
});
afterAll(async () => {
  await server?.close();
});

describe(`requestStay (${engineName()})`, () => {
  it('stores a lead with the dates for the partner and mails its agent', async () => {
    const checkIn = daysFromToday(5);
    const checkOut = daysFromToday(8);
    const result = await request({ listingId: String(STAY), checkIn, checkOut, ...guest });
    expect(result.errors).toBeUndefined();
    expect(result.data.requestStay).toMatchObject({
      listingId: String(STAY),
      checkIn,
      checkOut,
      nights: 3,
      guests: 3,
      totalInPennies: 37_500,
      priceCurrencyCode: 'USD',
    });

    const leads = await fetch(`${server.url}/v1/api/leads/?partner=acme`, { headers: { Authorization: `Partner ${DEMO_API_KEYS.acme}` } });
    const { leads: list } = (await leads.json()) as { leads: { id: string; listingId: number; stay: unknown; comment: string }[] };
    const lead = list.find((l) => l.id === result.data.requestStay.id);
    expect(lead).toMatchObject({ listingId: STAY, stay: { checkIn, checkOut, guests: 3 }, comment: guest.message });
    const { rows: stored } = await server.db.query<{ n: number; guests: number }>(
      'SELECT count(*)::int AS n, max(stay_guests)::int AS guests FROM leads WHERE stay_check_in = $1::date',
      [checkIn],
    );
    expect(stored[0]).toEqual({ n: 1, guests: 3 });

    const { rows } = await server.db.query<{ subject: string; body: string }>(
      `SELECT subject, body FROM outbox WHERE subject LIKE 'Booking request for Cabin by the lake%' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]!.subject).toBe(`Booking request for Cabin by the lake: ${checkIn} to ${checkOut}`);
    expect(rows[0]!.body).toContain('Nights: 3');
    expect(rows[0]!.body).toContain('Guests: 3');
    expect(rows[0]!.body).toContain('Total: $375');
    expect(rows[0]!.body).toContain('robin@example.com');
  });

  it('prices each night at its day’s own price where it has one', async () => {
    await server.db.query('UPDATE stay_availability SET price_in_pennies = 20000 WHERE listing_id = $1 AND calendar_date = $2', [STAY, daysFromToday(25)]);
    const result = await request({ listingId: String(STAY), checkIn: daysFromToday(24), checkOut: daysFromToday(27), ...guest });
    expect(result.data.requestStay).toMatchObject({ nights: 3, totalInPennies: 12_500 + 20_000 + 12_500 });
  });

  it('keeps the lead of one partner from another', async () => {
    const result = await request({ listingId: String(STAY), checkIn: daysFromToday(20), checkOut: daysFromToday(22), ...guest }, 'summit');
    const id = result.data.requestStay.id as string;
    const acme = await fetch(`${server.url}/v1/api/leads/?partner=acme&limit=100`, { headers: { Authorization: `Partner ${DEMO_API_KEYS.acme}` } });
    expect(((await acme.json()) as { leads: { id: string }[] }).leads.some((l) => l.id === id)).toBe(false);
  });

  it('enforces the check-in day’s minimum and maximum nights', async () => {
    const short = await request({ listingId: String(STAY), checkIn: daysFromToday(4), checkOut: daysFromToday(5), ...guest });
    expect(short.errors?.[0]).toMatchObject({ message: 'Minimum stay is 2 nights', extensions: { code: 'BAD_USER_INPUT', argumentName: 'checkOut' } });
    const long = await request({ listingId: String(STAY), checkIn: daysFromToday(3), checkOut: daysFromToday(9), ...guest });
    expect(long.errors?.[0]).toMatchObject({ message: 'Maximum stay is 5 nights', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses unavailable nights, past dates, closed days and malformed dates', async () => {
    const cases: [string, string, string][] = [
      [daysFromToday(10), daysFromToday(14), 'Some nights of this stay are not available.'],
      [daysFromToday(-4), daysFromToday(-2), 'Dates in the past cannot be booked.'],
      [daysFromToday(12), daysFromToday(14), 'Check-in is not possible on this day.'],
      [daysFromToday(29), daysFromToday(31), 'Check-out is not possible on this day.'],
      ['2026-02-30', daysFromToday(5), 'checkIn must be a date as YYYY-MM-DD.'],
      [daysFromToday(5), "2027-01-01' OR 1=1", 'checkOut must be a date as YYYY-MM-DD.'],
      [daysFromToday(6), daysFromToday(5), 'checkOut must be 1 to 60 nights after checkIn.'],
    ];
    for (const [checkIn, checkOut, message] of cases) {
      const result = await request({ listingId: String(STAY), checkIn, checkOut, ...guest });
      expect(result.errors?.[0]?.message, `${checkIn}…${checkOut}`).toBe(message);
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });

  it('refuses forged, unknown, hidden and non-stay listings', async () => {
    const dates = { checkIn: daysFromToday(5), checkOut: daysFromToday(7), ...guest };
    const forged = await request({ listingId: '1 OR 1=1', ...dates });
    expect(forged.errors?.[0]).toMatchObject({ message: 'listingId must be a positive whole number.', extensions: { code: 'BAD_USER_INPUT' } });
    for (const id of ['999999', String(HIDDEN_STAY)]) {
      const unknown = await request({ listingId: id, ...dates });
      expect(unknown.errors?.[0]?.message).toBe('No such stay.');
      expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    const rental = await request({ listingId: String(RENTAL), ...dates });
    expect(rental.errors?.[0]).toMatchObject({
      message: 'This listing is not a stay: only stays take booking requests.',
      extensions: { code: 'BAD_USER_INPUT', argumentName: 'listingId' },
    });
  });

  it('takes 1 to the guests the stay sleeps (16 when it does not say) and refuses others, storing nothing', async () => {
    const dates = { checkIn: daysFromToday(15), checkOut: daysFromToday(17) };
    const count = async () => (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads WHERE source = $1', ['stay'])).rows[0]!.n;
    const before = await count();
    const cases: [number, number, string][] = [
      [STAY, 5, 'Guests must be a whole number from 1 to 4 (4 guests at most for this stay).'],
      [STAY, 0, 'Guests must be a whole number from 1 to 4 (4 guests at most for this stay).'],
      [STAY, -2, 'Guests must be a whole number from 1 to 4 (4 guests at most for this stay).'],
      [OPEN_STAY, 17, 'Guests must be a whole number from 1 to 16 (16 guests at most for this stay).'],
    ];
    for (const [listingId, guests, message] of cases) {
      const result = await request({ listingId: String(listingId), ...dates, ...guest, guests });
      expect(result.errors?.[0], `${listingId}: ${guests}`).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', argumentName: 'guests' } });
    }
    const missing = await request({ listingId: String(STAY), ...dates, ...guest, guests: undefined });
    expect(missing.errors?.[0]?.message).toMatch(/guests/);
    expect(await count()).toBe(before);

    const full = await request({ listingId: String(STAY), ...dates, ...guest, guests: 4 });
    expect(full.data?.requestStay).toMatchObject({ guests: 4 });
    const many = await request({ listingId: String(OPEN_STAY), ...dates, ...guest, guests: 16 });
    expect(many.data?.requestStay).toMatchObject({ guests: 16 });
    const calendar = await fetch(`${server.url}/public_graphql/?partner=acme`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: `{ a: availabilityCalendar(listingId: ${STAY}, count: 1, month: 1, year: 2030) { maxGuests } b: availabilityCalendar(listingId: ${OPEN_STAY}, count: 1, month: 1, year: 2030) { maxGuests } }` }),
    }).then((r) => r.json() as Promise<{ data: { a: { maxGuests: number }[]; b: { maxGuests: number }[] } }>);
    expect([calendar.data.a[0]!.maxGuests, calendar.data.b[0]!.maxGuests]).toEqual([4, 16]);
  });

  it('checks the guest’s details with the contact form’s rules', async () => {
    const dates = { listingId: String(STAY), checkIn: daysFromToday(5), checkOut: daysFromToday(7) };
    const bad = await request({ ...dates, ...guest, email: 'not-an-email', message: 'hi' });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argumentName: 'email' });
    expect(Object.keys(bad.errors?.[0]?.extensions?.fields as object)).toEqual(['email', 'message']);
  });

});

describe(`requestStay rate limit (${engineName()})`, () => {
  it('refuses more than the limit per client and partner within a minute', async () => {
    const send = (ip: string, partner = 'acme') =>
      fetch(`${server.url}/public_graphql/?queryName=Op&partner=${partner}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
        // Dates the calendar refuses: the limit counts requests, not bookings, and nothing is stored.
        body: JSON.stringify({
          // A text no earlier test sent: the public search fast path (transport/search-fast-path.ts) has learnt
          // REQUEST from its successful runs and runs it once more before Yoga when it fails.
          query: `${REQUEST.replace('mutation (', 'mutation Op(')}\n# rate limit`,
          variables: { listingId: String(STAY), checkIn: daysFromToday(4), checkOut: daysFromToday(5), ...guest },
        }),
      }).then((r) => r.json() as Promise<{ errors?: { message: string; extensions?: Record<string, unknown> }[] }>);
    const codes: unknown[] = [];
    for (let i = 0; i < STAY_REQUEST_RATE_LIMIT.max; i++) codes.push((await send('198.51.100.7')).errors?.[0]?.extensions?.code);
    expect(codes).toEqual(Array(STAY_REQUEST_RATE_LIMIT.max).fill('BAD_USER_INPUT'));
    const refused = await send('198.51.100.7');
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(refused.errors?.[0]?.extensions?.retryAfterSeconds).toEqual(expect.any(Number));
    expect(refused.errors?.[0]?.message).toMatch(/^Too many booking requests\. Try again in \d+ seconds\.$/);
    // Another partner's page, and another client, are counted apart.
    expect((await send('198.51.100.7', 'summit')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await send('198.51.100.8')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
