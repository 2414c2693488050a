/**
 * The analytics forwarder (forwarder.ts) against a local HTTP collector: set over GraphQL by the partner's
 * admin (audited, the key never read back), events recorded through POST /v1/api/events/ are queued and
 * posted batched with the key; a failing collector is retried with a doubling delay and given up after 24 h;
 * a partner without a forwarder, or with analytics off, queues nothing.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { freshIp, signUp, type SignedUp } from '../accounts/testing';
import { OUTBOUND_FAILURE } from '../http/outbound';
import { defaultLogger } from '../log';
import { codeOf, graphqlAs } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';
import { startAnalyticsForwarder, USER_AGENT } from './forwarder';

let server: RunningServer;
let owner: SignedUp;
let collector: Server;
let collectorUrl: string;
let answer = 204;
const received: { body: any; authorization: string | undefined; userAgent: string | undefined }[] = [];

const SIGN_UP = 'mutation ($slug: String!, $name: String!) { signUpPartner(slug: $slug, name: $name) { id slug } }';
const UPDATE = 'mutation ($partnerId: ID!, $input: PartnerSettingsInput!) { updatePartnerSettings(partnerId: $partnerId, input: $input) { id } }';
const SET = 'mutation ($partnerId: ID!, $url: String, $apiKey: String) { setAnalyticsForwarder(partnerId: $partnerId, url: $url, apiKey: $apiKey) { url keySet pending lastError } }';
const READ = 'query ($partnerId: ID!) { analyticsForwarder(partnerId: $partnerId) { url keySet pending lastError } }';

const quiet = { ...defaultLogger, info: () => undefined, warn: () => undefined };

let counter = 0;
async function partner(analytics: boolean, by = owner): Promise<{ id: string; slug: string }> {
  const created = (await graphqlAs(server, by, SIGN_UP, { slug: `fw-${process.pid}-${++counter}`, name: 'Forward Homes' })).data!.signUpPartner;
  if (analytics) expect((await graphqlAs(server, by, UPDATE, { partnerId: created.id, input: { analyticsEnabled: true } })).errors).toBeUndefined();
  return created;
}

const visitorId = () => crypto.randomUUID();
const postEvents = (slug: string, visitor: string, events: Record<string, unknown>[]) =>
  fetch(`${server.url}/v1/api/events/?partner=${slug}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', 'X-Forwarded-For': freshIp() },
    body: JSON.stringify({ visitorId: visitor, events }),
  });

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const outbox = async (partnerId: string) =>
  (await server.db.query<{ attempts: number; next_attempt_at: Date; last_error: string | null }>('SELECT attempts, next_attempt_at, last_error FROM analytics_forward_outbox WHERE partner_id = $1 ORDER BY id', [partnerId])).rows;

beforeAll(async () => {
  collector = createServer((req, res) => {
    void readBody(req).then((text) => {
      received.push({ body: JSON.parse(text), authorization: req.headers.authorization, userAgent: req.headers['user-agent'] });
      res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', () => resolve()));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/collect`;
  // The operator allows the test's collector; nothing a partner sets can.
  server = await startTestServer({ trustProxy: true, jobs: false, outboundAllow: [new URL(collectorUrl).host] });
  owner = await signUp(server);
});
afterAll(async () => {
  await new Promise<void>((resolve) => collector?.close(() => resolve()));
  await server?.close();
});

describe(`the analytics forwarder (${engineName()})`, () => {
  it("posts the partner's recorded events to its collector, batched, with its key; the key is never read back; audited", async () => {
    const p = await partner(true);
    const set = await graphqlAs(server, owner, SET, { partnerId: p.id, url: collectorUrl, apiKey: 'collector-key-123' });
    expect(set.data!.setAnalyticsForwarder).toEqual({ url: collectorUrl, keySet: true, pending: 0, lastError: null });
    expect(JSON.stringify((await graphqlAs(server, owner, READ, { partnerId: p.id })).data)).not.toContain('collector-key-123');

    const a = visitorId();
    const b = visitorId();
    expect((await postEvents(p.slug, a, [{ kind: 'search', at: Date.now() - 5_000, place: 'Provo, UT', maxPrice: 450_000 }])).status).toBe(202);
    expect((await postEvents(p.slug, b, [{ kind: 'listing_view', at: Date.now() - 1_000, listingId: 1001, path: '/listing/x?email=a@b.c' }])).status).toBe(202);
    expect((await graphqlAs(server, owner, READ, { partnerId: p.id })).data!.analyticsForwarder.pending).toBe(2);

    received.length = 0;
    answer = 204;
    const forwarder = startAnalyticsForwarder(server.db, { logger: quiet, intervalMs: 3_600_000 });
    try {
      const report = await forwarder.runOnce();
      expect(report).toMatchObject({ sent: 2, failed: 0 });
    } finally {
      await forwarder.stop();
    }
    const mine = received.filter((r) => r.body.partner === p.slug);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.authorization).toBe('Bearer collector-key-123');
    expect(mine[0]!.userAgent).toBe(USER_AGENT);
    expect(mine[0]!.body.batches).toEqual([
      { visitorId: a, events: [expect.objectContaining({ kind: 'search', place: 'Provo, UT', priceBand: '$400k–$600k', listingId: null })] },
      { visitorId: b, events: [expect.objectContaining({ kind: 'listing_view', listingId: 1001, path: '/listing/x' })] },
    ]);
    expect(await outbox(p.id)).toEqual([]);

    const { rows } = await server.db.query<{ action: string; changes: any }>(`SELECT action, changes FROM partner_audit WHERE partner_id = $1 AND action LIKE 'analyticsForwarder.%'`, [p.id]);
    expect(rows).toEqual([{ action: 'analyticsForwarder.set', changes: { url: { before: null, after: collectorUrl }, key: 'changed' } }]);
  });

  it('a failing collector: retried with a doubling delay, the error kept, given up after 24 hours; the beacon never fails', async () => {
    const p = await partner(true);
    const set = await graphqlAs(server, owner, SET, { partnerId: p.id, url: collectorUrl, apiKey: 'k' });
    expect(set.errors, JSON.stringify(set.errors)).toBeUndefined();
    expect((await postEvents(p.slug, visitorId(), [{ kind: 'page_view', at: Date.now() - 1_000, path: '/' }])).status).toBe(202);
    const [queued] = await outbox(p.id);
    expect(queued).toMatchObject({ attempts: 0, last_error: null });
    answer = 503;
    // The batch is due from the database's now() at its INSERT: microseconds on PostgreSQL, while a Date has
    // none, so Date.now() read within that millisecond would be before it and find nothing due. Past it:
    let clock = Math.max(Date.now(), queued!.next_attempt_at.getTime() + 1);
    const forwarder = startAnalyticsForwarder(server.db, { logger: quiet, intervalMs: 3_600_000, now: () => clock });
    try {
      expect(await forwarder.runOnce()).toMatchObject({ sent: 0, failed: 1, gaveUp: 0 });
      let [row] = await outbox(p.id);
      expect(row).toMatchObject({ attempts: 1, last_error: 'HTTP 503' });
      expect(row!.next_attempt_at.getTime()).toBe(clock + 30_000);
      // Not due yet: nothing sent.
      expect(await forwarder.runOnce()).toMatchObject({ failed: 0 });
      clock += 30_000;
      expect(await forwarder.runOnce()).toMatchObject({ failed: 1 });
      [row] = await outbox(p.id);
      expect(row).toMatchObject({ attempts: 2 });
      expect(row!.next_attempt_at.getTime()).toBe(clock + 60_000);
      expect((await graphqlAs(server, owner, READ, { partnerId: p.id })).data!.analyticsForwarder).toMatchObject({ pending: 1, lastError: 'HTTP 503' });
      // A day later the next attempt would fall outside the window: given up.
      clock += 25 * 60 * 60_000;
      expect(await forwarder.runOnce()).toMatchObject({ gaveUp: 1 });
      expect(await outbox(p.id)).toEqual([]);
    } finally {
      answer = 204;
      await forwarder.stop();
    }
  });

  it('never posts to an internal address: refused when set, and when connecting to one stored before', async () => {
    const admin = await signUp(server);
    const p = await partner(true, admin);
    const otherPort = `http://127.0.0.1:${Number(new URL(collectorUrl).port) + 1}/collect`;
    for (const url of [otherPort, 'https://metadata.google.internal/x', 'https://[::ffff:169.254.169.254]/x', 'https://foo.localhost/x']) {
      const refused = await graphqlAs(server, admin, SET, { partnerId: p.id, url, apiKey: 'k' });
      expect(refused.errors?.[0], url).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argumentName: 'url' } });
      expect(refused.errors?.[0]?.message, url).toMatch(/^The collector URL must (be a public address|use https:\/\/)\.$/);
    }
    await graphqlAs(server, admin, SET, { partnerId: p.id, url: collectorUrl, apiKey: 'k' });
    // A name that resolves to this machine (as if it had resolved elsewhere when it was saved).
    await server.db.query('UPDATE partner_analytics_forwarders SET url = $1 WHERE partner_id = $2', [`https://localhost:${new URL(collectorUrl).port}/collect`, p.id]);
    expect((await postEvents(p.slug, visitorId(), [{ kind: 'page_view', at: Date.now() - 1_000, path: '/' }])).status).toBe(202);
    received.length = 0;
    const forwarder = startAnalyticsForwarder(server.db, { logger: quiet, intervalMs: 3_600_000 });
    try {
      expect(await forwarder.runOnce()).toMatchObject({ sent: 0, failed: 1 });
    } finally {
      await forwarder.stop();
    }
    expect(received).toEqual([]);
    expect(await outbox(p.id)).toMatchObject([{ attempts: 1, last_error: OUTBOUND_FAILURE }]);
  });

  it('nothing is queued without a forwarder or with analytics off; a bad URL or key is refused; strangers get NOT_FOUND; removing drops the queue', async () => {
    const without = await partner(true);
    expect((await postEvents(without.slug, visitorId(), [{ kind: 'page_view', at: Date.now() - 1_000 }])).status).toBe(202);
    expect(await outbox(without.id)).toEqual([]);

    const off = await partner(false);
    await graphqlAs(server, owner, SET, { partnerId: off.id, url: collectorUrl, apiKey: 'k' });
    expect((await postEvents(off.slug, visitorId(), [{ kind: 'page_view', at: Date.now() - 1_000 }])).status).toBe(403);
    expect(await outbox(off.id)).toEqual([]);

    const p = await partner(true);
    const bad = await graphqlAs(server, owner, SET, { partnerId: p.id, url: 'http://collector.example.com/x', apiKey: 'k' });
    expect(bad.errors![0]).toMatchObject({ message: 'The collector URL must use https://.', extensions: { code: 'BAD_USER_INPUT', argumentName: 'url' } });
    expect(codeOf(await graphqlAs(server, owner, SET, { partnerId: p.id, url: 'https://collector.example.com/x', apiKey: 'has spaces in it' }))).toBe('BAD_USER_INPUT');
    const stranger = await signUp(server);
    expect(codeOf(await graphqlAs(server, stranger, SET, { partnerId: p.id, url: collectorUrl, apiKey: 'k' }))).toBe('NOT_FOUND');
    expect(codeOf(await graphqlAs(server, stranger, READ, { partnerId: p.id }))).toBe('NOT_FOUND');

    await graphqlAs(server, owner, SET, { partnerId: p.id, url: collectorUrl, apiKey: 'k' });
    await postEvents(p.slug, visitorId(), [{ kind: 'page_view', at: Date.now() - 1_000 }]);
    expect(await outbox(p.id)).toHaveLength(1);
    expect((await graphqlAs(server, owner, SET, { partnerId: p.id, url: null })).data!.setAnalyticsForwarder).toBeNull();
    expect(await outbox(p.id)).toEqual([]);
    expect((await graphqlAs(server, owner, READ, { partnerId: p.id })).data!.analyticsForwarder).toBeNull();
  });
});
