/** Visitor activity: batches from pages (only with analytics on), the console's report, a lead's activity, forgetting. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../accounts/testing';
import type { RunningServer } from '../app';
import { seedListings } from '../seed/data';
import { codeOf, graphqlAs } from '../testing/graphql';
import { startTestServer } from '../testing/test-server';
import { readEventBatch } from './events';
import { EVENTS_PATH, FORGET_PATH } from './routes';

let server: RunningServer;
let acmeId: number;
const PAGE = 'http://127.0.0.1:9';
beforeAll(async () => {
  server = await startTestServer();
  const { rows } = await server.db.query<{ id: string }>(`SELECT id FROM partners WHERE slug = 'acme'`);
  acmeId = Number(rows[0]!.id);
});
afterAll(async () => {
  await server?.close();
});

async function setAnalytics(on: boolean) {
  await server.db.query(`UPDATE partners SET app_context = jsonb_set(app_context, '{analyticsEnabled}', $1::jsonb), updated_at = now() WHERE slug = 'acme'`, [
    JSON.stringify(on),
  ]);
}

const send = (body: unknown, { contentType = 'text/plain;charset=UTF-8', origin = PAGE, path = EVENTS_PATH } = {}) =>
  fetch(`${server.url}${path}?partner=acme`, { method: 'POST', headers: { 'Content-Type': contentType, Origin: origin }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const ACTIVITY = `query Op($partnerId: ID, $days: Int!) { partnerActivity(partnerId: $partnerId, days: $days) {
  pageViews visitors listingViews searches markerClicks
  topListings { listingId views listing { id } } searchesByPlace { text count } searchesByPriceBand { text count } topClicks { text count } } }`;

describe('reading a batch', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('keeps what a report needs: price band for searches, paths without their query', () => {
    const visitorId = randomUUID();
    const { events } = readEventBatch(
      {
        visitorId,
        events: [
          { kind: 'search', at: now.getTime() - 1000, place: ' Provo, UT ', minPrice: 450_000, maxPrice: null },
          { kind: 'page_view', at: now.getTime(), path: '/homes/search?email=someone@example.com#x' },
        ],
      },
      now,
    );
    expect(events).toEqual([
      expect.objectContaining({ kind: 'search', place: 'Provo, UT', priceBand: '$400k–$600k', path: null }),
      expect.objectContaining({ kind: 'page_view', path: '/homes/search', priceBand: null }),
    ]);
  });

  it('drops events older than a day or ahead of the clock; refuses a malformed batch naming the field', () => {
    const visitorId = randomUUID();
    const { events } = readEventBatch(
      { visitorId, events: [{ kind: 'click', at: now.getTime() - 2 * 86_400_000 }, { kind: 'click', at: now.getTime() + 3_600_000 }, { kind: 'click', at: now.getTime(), label: 'Request a Tour' }] },
      now,
    );
    expect(events.map((e) => e.label)).toEqual(['Request a Tour']);
    expect(() => readEventBatch({ visitorId: 'me', events: [] }, now)).toThrow(/visitorId/);
    expect(() => readEventBatch({ visitorId, events: [{ kind: 'hack', at: 1 }] }, now)).toThrow(/events\.0\.kind/);
    expect(() => readEventBatch({ visitorId, events: Array.from({ length: 51 }, () => ({ kind: 'click', at: now.getTime() })) }, now)).toThrow(/events/);
    expect(() => readEventBatch({ visitorId, events: [{ kind: 'click', at: now.getTime(), label: 'x'.repeat(81) }] }, now)).toThrow(/label/);
  });
});

describe('POST /v1/api/events/', () => {
  it('records nothing while the partner has analytics off', async () => {
    await setAnalytics(false);
    const response = await send({ visitorId: randomUUID(), events: [{ kind: 'page_view', at: Date.now() }] });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toBe('analytics_disabled');
  });

  it('stores a beacon batch (text/plain) and the console reports it to the partner’s admin only', async () => {
    await setAnalytics(true);
    const visitorId = randomUUID();
    const listing = seedListings[0]!;
    const now = Date.now();
    const response = await send({
      visitorId,
      events: [
        { kind: 'page_view', at: now, path: '/homes/' },
        { kind: 'search', at: now, place: 'Salt Lake City, UT', minPrice: 300_000, maxPrice: 500_000 },
        { kind: 'listing_view', at: now, listingId: listing.id },
        { kind: 'listing_view', at: now, listingId: listing.id },
        { kind: 'marker_click', at: now, label: 'Pin' },
        { kind: 'click', at: now, label: 'Request a Tour' },
      ],
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ recorded: 6 });

    const owner = await signUp(server);
    await server.db.query(`INSERT INTO partner_members (partner_id, user_id, role) VALUES ($1, $2, 'owner')`, [acmeId, owner.user.id]);
    const report = await graphqlAs(server, owner, ACTIVITY, { partnerId: String(acmeId), days: 1 });
    expect(report.errors).toBeUndefined();
    const activity = report.data!.partnerActivity;
    expect(activity).toMatchObject({ pageViews: expect.any(Number), searches: expect.any(Number), markerClicks: expect.any(Number) });
    expect(activity.visitors).toBeGreaterThanOrEqual(1);
    expect(activity.topListings[0]).toMatchObject({ listingId: String(listing.id), listing: { id: String(listing.id) } });
    expect(activity.searchesByPlace).toContainEqual({ text: 'Salt Lake City, UT', count: expect.any(Number) });
    expect(activity.searchesByPriceBand).toContainEqual({ text: '$200k–$400k', count: expect.any(Number) });
    expect(activity.topClicks.map((c: { text: string }) => c.text)).toEqual(expect.arrayContaining(['Request a Tour', 'Pin']));

    const stranger = await signUp(server);
    expect(codeOf(await graphqlAs(server, stranger, ACTIVITY, { partnerId: String(acmeId), days: 1 }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, owner, ACTIVITY, { partnerId: '999999', days: 1 }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, owner, ACTIVITY, { partnerId: String(acmeId), days: 0 }))).toBe('BAD_USER_INPUT');
    expect(codeOf(await graphqlAs(server, null, ACTIVITY, { partnerId: String(acmeId), days: 1 }))).toBe('UNAUTHENTICATED');
  });

  it('refuses an origin the partner does not allow, bad bodies and other media types, with clear errors', async () => {
    await setAnalytics(true);
    expect((await send({ visitorId: randomUUID(), events: [{ kind: 'page_view', at: Date.now() }] }, { origin: 'https://evil.example' })).status).toBe(403);
    const malformed = await send({ visitorId: randomUUID(), events: [{ kind: 'page_view', at: 'yesterday' }] });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toMatch(/events\.0\.at/);
    expect((await send('{not json')).status).toBe(400);
    expect((await send({ visitorId: randomUUID(), events: [{ kind: 'page_view', at: Date.now() }] }, { contentType: 'application/x-www-form-urlencoded' })).status).toBe(415);
  });
});

describe("a lead's activity and forgetting a visitor", () => {
  it('shows what the visitor looked at before the contact form, to the partner only; forgetting erases it', async () => {
    await setAnalytics(true);
    const visitorId = randomUUID();
    const listing = seedListings[1]!;
    expect((await send({ visitorId, events: [{ kind: 'listing_view', at: Date.now() - 60_000, listingId: listing.id }] })).status).toBe(202);
    const contact = await fetch(`${server.url}/v1/api/contact-form/?partner=acme`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: PAGE },
      body: JSON.stringify({ firstName: 'Vera', lastName: 'Visitor', email: 'vera@example.com', phone: '8015550123', comment: 'Is it still available?', visitorId }),
    });
    expect(contact.status).toBe(201);
    const { id: leadId } = (await contact.json()) as { id: string };

    const owner = await signUp(server);
    await server.db.query(`INSERT INTO partner_members (partner_id, user_id, role) VALUES ($1, $2, 'admin')`, [acmeId, owner.user.id]);
    const ACTIVITY_OF_LEAD = 'query Op($leadId: ID!) { leadActivity(leadId: $leadId) { kind listingId occurredAt } }';
    const before = await graphqlAs(server, owner, ACTIVITY_OF_LEAD, { leadId });
    expect(before.data!.leadActivity).toEqual([{ kind: 'LISTING_VIEW', listingId: String(listing.id), occurredAt: expect.any(String) }]);
    const stranger = await signUp(server);
    expect(codeOf(await graphqlAs(server, stranger, ACTIVITY_OF_LEAD, { leadId }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, owner, ACTIVITY_OF_LEAD, { leadId: randomUUID() }))).toBe('NOT_FOUND');

    const forgotten = await send({ visitorId }, { path: FORGET_PATH });
    expect(forgotten.status).toBe(200);
    expect(await forgotten.json()).toEqual({ forgotten: 1 });
    expect((await graphqlAs(server, owner, ACTIVITY_OF_LEAD, { leadId })).data!.leadActivity).toEqual([]);
  });
});
