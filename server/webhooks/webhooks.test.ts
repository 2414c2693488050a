import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { allowOutbound, OUTBOUND_FAILURE } from '../http/outbound';
import { leadsCsv, spreadsheetSafe } from '../contact/leads-csv';
import type { Logger } from '../log';
import { DEMO_API_KEYS } from '../seed/data';
import { engineName, startTestServer } from '../testing/test-server';
import { startWebhookDelivery, type WebhookDelivery } from './delivery';
import { signWebhook, verifyWebhook } from './signature';
import { checkWebhookUrl, DISABLE_AFTER_FAILURES, leadCreatedPayload } from './webhooks';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"type":"lead.created"}';
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  const t = now / 1000;

  it('verifies what it signs, and only that body, secret and time', () => {
    const header = signWebhook(secret, body, t);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(secret, body, header, { now })).toEqual({ ok: true, timestamp: t });
    expect(verifyWebhook(secret, `${body} `, header, { now })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhook('whsec_other', body, header, { now })).toEqual({ ok: false, reason: 'mismatch' });
    // A captured delivery replayed with a new time does not match; an old one is expired.
    expect(verifyWebhook(secret, body, header.replace(`t=${t}`, `t=${t + 60}`), { now })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhook(secret, body, header, { now: now + 301_000 })).toEqual({ ok: false, reason: 'expired' });
    expect(verifyWebhook(secret, body, header, { now: now + 299_000 }).ok).toBe(true);
  });

  it('accepts one good v1 among several (a secret being rotated) and refuses malformed headers', () => {
    const good = signWebhook(secret, body, t);
    const other = signWebhook('whsec_old', body, t).split(',')[1]!;
    expect(verifyWebhook(secret, body, `${good},${other}`, { now }).ok).toBe(true);
    for (const header of [null, '', 't=1', `v1=${'0'.repeat(64)}`, 't=abc,v1=00', 'garbage', `t=${t},v1=zz`]) {
      expect(verifyWebhook(secret, body, header, { now }).ok, String(header)).toBe(false);
    }
  });
});

describe('webhook URLs', () => {
  const dev = { production: false };
  const prod = { production: true };
  let withdraw: (() => void) | undefined;
  afterEach(() => withdraw?.());

  it('takes https, and plain http outside production only to a receiver the operator allowed', async () => {
    expect(await checkWebhookUrl('https://crm.example.com/hooks/hearth#x', prod)).toBe('https://crm.example.com/hooks/hearth');
    await expect(checkWebhookUrl('http://127.0.0.1:9999/hook', dev)).rejects.toThrow(/https/);
    withdraw = allowOutbound(['127.0.0.1:9999']);
    expect(await checkWebhookUrl('http://127.0.0.1:9999/hook', dev)).toBe('http://127.0.0.1:9999/hook');
    await expect(checkWebhookUrl('http://127.0.0.1:9999/hook', prod)).rejects.toThrow(/https/);
    await expect(checkWebhookUrl('http://127.0.0.1:9998/hook', dev)).rejects.toThrow(/https/);
    await expect(checkWebhookUrl('http://crm.example.com/hook', dev)).rejects.toThrow(/https/);
    await expect(checkWebhookUrl('ftp://crm.example.com/hook', dev)).rejects.toThrow(/https/);
    await expect(checkWebhookUrl('https://user:pass@crm.example.com/', dev)).rejects.toThrow(/user name or password/);
    await expect(checkWebhookUrl('not a url', dev)).rejects.toThrow(/not a URL/);
    await expect(checkWebhookUrl(`https://crm.example.com/${'a'.repeat(2_000)}`, dev)).rejects.toThrow(/longer/);
  });

  it('refuses internal addresses and names, in every mode', async () => {
    for (const url of [
      'https://10.0.0.8/',
      'https://192.168.1.2/',
      'https://172.20.0.1/',
      'https://169.254.169.254/latest',
      'https://localhost/',
      'https://localhost./',
      'https://foo.localhost/',
      'https://metadata.google.internal/',
      'https://[::1]/',
      'https://[::127.0.0.1]/',
      'https://[64:ff9b::7f00:1]/',
      'https://[fd00::1]/',
      'https://198.18.0.1/',
      'https://224.0.0.1/',
      'https://255.255.255.255/',
      'https://2130706433/',
    ]) {
      await expect(checkWebhookUrl(url, prod), url).rejects.toThrow(/public address/);
      await expect(checkWebhookUrl(url, dev), url).rejects.toThrow(/public address/);
    }
    expect(await checkWebhookUrl('https://172.32.0.1/', prod)).toBe('https://172.32.0.1/');
  });
});

describe('spreadsheet-safe CSV', () => {
  it('neutralises cells that would start a formula, and quotes the rest', () => {
    for (const value of ['=HYPERLINK("http://evil","x")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) expect(spreadsheetSafe(value)).toBe(`'${value}`);
    expect(spreadsheetSafe('Ada')).toBe('Ada');
    const csv = leadsCsv([
      {
        id: '00000000-0000-4000-8000-000000000001',
        listingId: null,
        firstName: '=cmd|"/c calc"!A1',
        lastName: 'O"Brien, Jr.',
        email: 'a@example.com',
        phone: '+18015550123',
        comment: 'line one\nline two',
        pageOrigin: null,
        stay: null,
        source: 'contact',
        createdAt: '2026-11-26T12:00:00.000Z',
      },
    ], 'GB');
    expect(csv.startsWith('\uFEFFid,created_at,source,')).toBe(true);
    expect(csv).toContain(`"'=cmd|""/c calc""!A1"`);
    expect(csv).toContain('"O""Brien, Jr."');
    // A phone of another country than the partner's is shown internationally: its '+' is neutralised too.
    expect(csv).toContain("'+1 801 555 0123");
    expect(csv).toContain('"line one\nline two"');
  });
});

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const logger: Logger = { info: () => undefined, warn: () => undefined, error: (message, error) => console.error(message, error) };

describe(`lead webhooks end to end (${engineName()})`, () => {
  let server: RunningServer;
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  let answer = 204;
  let delivery: WebhookDelivery | undefined;
  let clock = Date.now();

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/hearth`;
    // The operator allows the test's receiver (and a port nothing listens on); nothing a partner sets can.
    server = await startTestServer({ jobs: false, outboundAllow: [new URL(receiverUrl).host, '127.0.0.1:9'] });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });
  beforeEach(async () => {
    received.length = 0;
    answer = 204;
    // A little ahead of the database's clock, so the deliveries the test queues next are due.
    clock = Date.now() + 5_000;
    await server.db.query('DELETE FROM webhook_deliveries');
    await server.db.query('DELETE FROM partner_webhooks');
    await server.db.query("DELETE FROM outbox WHERE subject = 'Your lead webhook was turned off'");
  });
  afterEach(async () => {
    await delivery?.stop();
    delivery = undefined;
  });

  const worker = () => (delivery = startWebhookDelivery(server.db, { logger, intervalMs: 3_600_000, now: () => clock }));

  const api = (path: string, init: { method?: string; body?: unknown; key?: string; partner?: string } = {}) =>
    fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}partner=${init.partner ?? 'acme'}`, {
      method: init.method ?? 'GET',
      headers: { 'Content-Type': 'application/json', ...(init.key === '' ? {} : { Authorization: `Partner ${init.key ?? DEMO_API_KEYS.acme}` }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  async function setHook(url = receiverUrl): Promise<string> {
    const response = await api('/v1/api/webhook/', { method: 'POST', body: { url } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { secret: string | null };
    return body.secret!;
  }

  async function postLead(firstName: string, partner = 'acme', listingId?: number): Promise<string> {
    const response = await fetch(`${server.url}/v1/api/contact-form/?partner=${partner}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName, lastName: 'Lead', email: 'lead@example.com', phone: '8015550123', comment: 'Tell me more.', listingId }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it('posts each new lead, signed, with the documented body', async () => {
    const secret = await setHook();
    expect(secret).toMatch(/^whsec_/);
    const leadId = await postLead('Webhook', 'acme', 1001);
    expect(await worker().runOnce()).toEqual({ delivered: 1, failed: 0, gaveUp: 0 });

    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [Received];
    expect(verifyWebhook(secret, body, headers['hearth-signature'] as string).ok).toBe(true);
    const payload = leadCreatedPayload.parse(JSON.parse(body));
    expect(payload).toMatchObject({ type: 'lead.created', partner: 'acme', lead: { id: leadId, source: 'contact', firstName: 'Webhook', listingId: 1001, stay: null } });
    expect(payload.lead.listingUrl).toMatch(new RegExp(`^${server.url}/listing/.+`));
    expect(headers['hearth-delivery']).toBe(payload.id);
    expect(headers['hearth-event']).toBe('lead.created');
    expect(headers['content-type']).toBe('application/json');

    // Delivered once: the next run has nothing to send; the log says delivered.
    expect(await delivery!.runOnce()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    const log = (await (await api('/v1/api/webhook/deliveries/')).json()) as { deliveries: { id: string; status: string; attempts: number; lastStatus: number }[] };
    expect(log.deliveries).toMatchObject([{ id: payload.id, status: 'delivered', attempts: 1, lastStatus: 204 }]);
  });

  it('delivers within moments of the lead, without waiting for its next poll', async () => {
    await setHook();
    worker(); // polls hourly here: only the queued signal can make it run
    await postLead('Right away');
    for (let waited = 0; received.length === 0 && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body).lead.firstName).toBe('Right away');
  });

  it('writes no delivery for partners without a webhook, nor for a removed one', async () => {
    await postLead('Nobody listens');
    await setHook();
    expect((await api('/v1/api/webhook/', { method: 'POST', body: { url: null } })).status).toBe(200);
    await postLead('Removed');
    expect(await worker().runOnce()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    expect((await server.db.query('SELECT id FROM webhook_deliveries')).rows).toEqual([]);
  });

  it('retries with a doubling delay and gives up after 24 hours', async () => {
    await setHook();
    answer = 500;
    await postLead('Flaky');
    const run = worker();
    expect(await run.runOnce()).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    expect(await run.runOnce()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 }); // not due yet
    const next = async () => (await server.db.query<{ next_attempt_at: Date }>('SELECT next_attempt_at FROM webhook_deliveries')).rows[0]!.next_attempt_at.getTime();
    expect(await next()).toBe(clock + 30_000);
    clock += 30_000;
    expect(await run.runOnce()).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
    expect(await next()).toBe(clock + 60_000);

    // Much later, the receiver is back: delivered.
    answer = 200;
    clock += 60_000;
    expect(await run.runOnce()).toEqual({ delivered: 1, failed: 0, gaveUp: 0 });
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.headers['hearth-delivery'])).size).toBe(1);

    // Another that never succeeds: given up once its next try would fall past 24 h after it was queued.
    answer = 503;
    await postLead('Doomed');
    await server.db.query(
      "UPDATE webhook_deliveries SET created_at = $1, next_attempt_at = $2 WHERE payload->'lead'->>'firstName' = 'Doomed'",
      [new Date(clock - 24 * 3_600_000 + 45_000), new Date(clock)],
    );
    expect(await run.runOnce()).toEqual({ delivered: 0, failed: 1, gaveUp: 0 }); // next try in 30 s: inside the window
    clock += 30_000;
    expect(await run.runOnce()).toEqual({ delivered: 0, failed: 1, gaveUp: 1 }); // next would be 60 s on: past it
    clock += 3_600_000;
    expect(await run.runOnce()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });
    const log = (await (await api('/v1/api/webhook/deliveries/?limit=1')).json()) as { deliveries: { status: string; lastStatus: number; nextAttemptAt: string | null }[] };
    expect(log.deliveries).toMatchObject([{ status: 'failed', lastStatus: 503, nextAttemptAt: null }]);
  });

  it('replays a delivery, only for its own partner', async () => {
    await setHook();
    await postLead('Replay me');
    const run = worker();
    await run.runOnce();
    const { deliveries } = (await (await api('/v1/api/webhook/deliveries/')).json()) as { deliveries: { id: string }[] };
    const id = deliveries[0]!.id;
    expect((await api('/v1/api/webhook/replay/', { method: 'POST', body: { deliveryId: id }, partner: 'summit', key: DEMO_API_KEYS.summit })).status).toBe(404);
    expect((await api('/v1/api/webhook/replay/', { method: 'POST', body: { deliveryId: 'nope' } })).status).toBe(400);
    expect((await api('/v1/api/webhook/replay/', { method: 'POST', body: { deliveryId: id } })).status).toBe(202);
    expect(await run.runOnce()).toEqual({ delivered: 1, failed: 0, gaveUp: 0 });
    expect(received.map((r) => r.headers['hearth-delivery'])).toEqual([id, id]);
  });

  it('turns the endpoint off after 12 hours of failures and mails the agent; setting it again turns it on', async () => {
    await setHook('http://127.0.0.1:9/unreachable');
    for (let i = 0; i < 3; i += 1) await postLead(`Lost ${i}`);
    const run = worker();
    const started = clock;
    const enabled = async () => ((await (await api('/v1/api/webhook/')).json()) as { webhook: { enabled: boolean } }).webhook.enabled;
    while ((await enabled()) && clock < started + 48 * 3_600_000) {
      await run.runOnce();
      clock += 15 * 60_000;
    }
    const hook = (await (await api('/v1/api/webhook/')).json()) as { webhook: { enabled: boolean; consecutiveFailures: number } };
    expect(hook.webhook.enabled).toBe(false);
    expect(hook.webhook.consecutiveFailures).toBeGreaterThanOrEqual(DISABLE_AFTER_FAILURES);
    // Not before 12 hours of failures.
    expect(clock - started).toBeGreaterThan(12 * 3_600_000);
    const { rows: mails } = await server.db.query<{ to_address: string; body: string }>("SELECT to_address, body FROM outbox WHERE subject = 'Your lead webhook was turned off'");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe('avery.stone@acme-realty.example');
    expect(mails[0]!.body).toContain('http://127.0.0.1:9/unreachable');
    // Off: nothing is tried, and new leads are not queued for it.
    clock += 3_600_000;
    expect(await run.runOnce()).toEqual({ delivered: 0, failed: 0, gaveUp: 0 });

    await setHook();
    const again = (await (await api('/v1/api/webhook/')).json()) as { webhook: { enabled: boolean; consecutiveFailures: number } };
    expect(again.webhook).toMatchObject({ enabled: true, consecutiveFailures: 0 });
    clock += 3_600_000;
    const report = await run.runOnce();
    expect(report.delivered).toBeGreaterThan(0);
  });

  it('delivers nothing to an internal address, whatever was stored: refused when connecting, with the one failure text', async () => {
    await setHook();
    // As if stored before the rule, or a name that resolved elsewhere when it was saved: another port of this machine.
    let reached = 0;
    const stranger = createServer((_, res) => (reached += 1, res.writeHead(204).end()));
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    try {
      await server.db.query("UPDATE partner_webhooks SET url = $1 WHERE partner_id = (SELECT id FROM partners WHERE slug = 'acme')", [
        `http://localhost:${(stranger.address() as AddressInfo).port}/hook`,
      ]);
      await postLead('Internal');
      expect(await worker().runOnce()).toEqual({ delivered: 0, failed: 1, gaveUp: 0 });
      expect(reached).toBe(0);
      expect(received).toEqual([]);
      const { rows } = await server.db.query<{ last_error: string; last_status: number | null }>('SELECT last_error, last_status FROM webhook_deliveries');
      expect(rows).toEqual([{ last_error: OUTBOUND_FAILURE, last_status: null }]);
      // A port nothing listens on (allowed) fails with the same text.
      await server.db.query("UPDATE partner_webhooks SET url = 'http://127.0.0.1:9/unreachable'");
      await server.db.query('UPDATE webhook_deliveries SET next_attempt_at = now()');
      clock += 60_000;
      expect(await delivery!.runOnce()).toMatchObject({ failed: 1 });
      expect((await server.db.query<{ last_error: string }>('SELECT last_error FROM webhook_deliveries')).rows).toEqual([{ last_error: OUTBOUND_FAILURE }]);
    } finally {
      await new Promise((resolve) => stranger.close(resolve));
    }
  });

  it('keeps the secret to the partner: answered once, on creation or rotation', async () => {
    const first = await setHook();
    const again = (await (await api('/v1/api/webhook/', { method: 'POST', body: { url: receiverUrl } })).json()) as { secret: string | null };
    expect(again.secret).toBeNull();
    const rotated = (await (await api('/v1/api/webhook/', { method: 'POST', body: { url: receiverUrl, rotateSecret: true } })).json()) as { secret: string };
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(first);
    expect(JSON.stringify(await (await api('/v1/api/webhook/')).json())).not.toContain('whsec_');
  });

  it('answers only the partner key of the partner', async () => {
    for (const path of ['/v1/api/webhook/', '/v1/api/webhook/deliveries/', '/v1/api/leads/export.csv']) {
      expect((await api(path, { key: '' })).status, path).toBe(401);
      expect((await api(path, { key: DEMO_API_KEYS.summit })).status, path).toBe(403);
    }
    expect((await api('/v1/api/webhook/', { method: 'POST', body: { url: receiverUrl }, key: DEMO_API_KEYS.summit })).status).toBe(403);
    const bad = await api('/v1/api/webhook/', { method: 'POST', body: { url: 'http://crm.example.com/' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.url).toMatch(/https/);
  });

  it('exports the leads as spreadsheet-safe CSV and documents the body as JSON Schema', async () => {
    await postLead('=HYPERLINK("http://evil.example","click")');
    const response = await api('/v1/api/leads/export.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-acme-\d{4}-\d{2}-\d{2}\.csv"$/);
    const csv = await response.text();
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv.split('\r\n')[0]).toBe('id,created_at,source,first_name,last_name,email,phone,comment,listing_id,page_origin,check_in,check_out,guests');

    const schema = (await (await fetch(`${server.url}/v1/api/webhook/lead-schema.json`)).json()) as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(['id', 'type', 'createdAt', 'partner', 'lead']);
    expect(schema.required).toContain('lead');
  });
});
