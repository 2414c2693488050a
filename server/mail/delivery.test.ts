import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../app';
import { postJson, signUp } from '../accounts/testing';
import type { Logger } from '../log';
import { engineName, startTestServer } from '../testing/test-server';
import { startMailDelivery, type MailDelivery, type MailDeliveryOptions } from './delivery';
import { decodeBody, decodeHeader, splitMessage, startFakeSmtpServer, type FakeSmtpServer } from './fake-smtp-server';
import { queueMail } from './outbox';

interface Row {
  id: number;
  to_address: string;
  sent_at: Date | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  retry_later: boolean | null;
}

let server: RunningServer;
let fake: FakeSmtpServer;
let delivery: MailDelivery | undefined;
const logged: string[] = [];
const logger: Logger = {
  info: (message) => logged.push(`info ${message}`),
  warn: (message) => logged.push(`warn ${message}`),
  error: (message) => logged.push(`error ${message}`),
};

beforeAll(async () => {
  vi.stubEnv('SMTP_URL', '');
  vi.stubEnv('MAIL_FROM', '');
  server = await startTestServer();
  fake = await startFakeSmtpServer({
    rcptReply: (address) => (address.startsWith('gone') ? '550 5.1.1 Recipient address rejected: User unknown' : '250 2.1.5 Ok'),
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  vi.unstubAllEnvs();
});
beforeEach(async () => {
  await server.db.query('DELETE FROM outbox');
  fake.mails.length = 0;
  fake.sessions.length = 0;
  fake.connections = 0;
  logged.length = 0;
});
afterEach(async () => {
  await delivery?.stop();
  delivery = undefined;
});

/** A worker whose timer never fires during a test: runs happen when the test calls runOnce. */
function worker(options: Partial<MailDeliveryOptions> = {}): MailDelivery {
  delivery = startMailDelivery(server.db, { logger, smtpUrl: fake.url(), intervalMs: 3_600_000, ...options });
  return delivery;
}

async function rows(): Promise<Row[]> {
  const { rows } = await server.db.query<Row>(
    `SELECT id, to_address, sent_at, attempts, last_error, next_attempt_at, next_attempt_at > now() AS retry_later
       FROM outbox ORDER BY id`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

async function queue(...addresses: string[]): Promise<void> {
  for (const to of addresses) await queueMail(server.db, { to, subject: `For ${to}`, body: `Hello ${to}\n.\nBye` });
}

describe(`outbox delivery over SMTP (${engineName()})`, () => {
  it('sends nothing and keeps the outbox as the record when SMTP is not configured', async () => {
    await queue('buyer@example.com');
    const off = startMailDelivery(server.db, { logger });
    expect(off.enabled).toBe(false);
    expect(await off.runOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    await off.stop();
    expect(fake.connections).toBe(0);
    expect(await rows()).toMatchObject([{ to_address: 'buyer@example.com', sent_at: null, attempts: 0, next_attempt_at: null }]);
    expect(logged).toEqual(['info [mail] no SMTP_URL: outgoing mail stays in the outbox table']);
  });

  it('reads SMTP_URL and MAIL_FROM from the environment', async () => {
    vi.stubEnv('SMTP_URL', fake.url());
    vi.stubEnv('MAIL_FROM', 'Env Sender <env@hearth.example>');
    try {
      await queue('env@example.com');
      delivery = startMailDelivery(server.db, { logger, intervalMs: 3_600_000 });
      expect(delivery.enabled).toBe(true);
      expect(await delivery.runOnce()).toEqual({ sent: 1, failed: 0, gaveUp: 0 });
      expect(fake.mails[0]!.from).toBe('env@hearth.example');
      expect(splitMessage(fake.mails[0]!.data).headers.get('from')).toBe('Env Sender <env@hearth.example>');
    } finally {
      vi.stubEnv('SMTP_URL', '');
      vi.stubEnv('MAIL_FROM', '');
    }
  });

  it('logs a broken SMTP_URL and leaves the mail in the outbox', async () => {
    const broken = startMailDelivery(server.db, { logger, smtpUrl: 'http://nope' });
    expect(broken.enabled).toBe(false);
    expect(logged[0]).toMatch(/^error \[mail\] SMTP is misconfigured/);
  });

  it('sends the oldest rows first, a batch at a time, and marks them sent', async () => {
    await queue('first@example.com', 'second@example.com', 'third@example.com');
    const mail = worker({ batchSize: 2, mailFrom: 'Hearth <no-reply@hearth.example>' });
    expect(await mail.runOnce()).toEqual({ sent: 2, failed: 0, gaveUp: 0 });
    expect(fake.mails.map((m) => m.to)).toEqual([['first@example.com'], ['second@example.com']]);
    expect(fake.connections).toBe(1);
    const after = await rows();
    expect(after.map((r) => [r.to_address, r.sent_at !== null, r.attempts])).toEqual([
      ['first@example.com', true, 1],
      ['second@example.com', true, 1],
      ['third@example.com', false, 0],
    ]);

    expect(await mail.runOnce()).toEqual({ sent: 1, failed: 0, gaveUp: 0 });
    expect(await mail.runOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    expect(fake.mails).toHaveLength(3);
    expect((await rows()).every((r) => r.sent_at !== null && r.last_error === null && r.next_attempt_at === null)).toBe(true);

    const { headers } = splitMessage(fake.mails[0]!.data);
    expect(headers.get('from')).toBe('Hearth <no-reply@hearth.example>');
    expect(headers.get('to')).toBe('first@example.com');
    expect(decodeHeader(headers.get('subject')!)).toBe('For first@example.com');
    expect(headers.get('message-id')).toMatch(new RegExp(`^<outbox\\.${after[0]!.id}\\.[0-9a-z]+@hearth\\.example>$`));
    expect(decodeBody(fake.mails[0]!.data).replace(/\n$/, '')).toBe('Hello first@example.com\n.\nBye');
  });

  it('leaves a row refused with 550 unsent, with the error and a later attempt, and sends the rest', async () => {
    await queue('gone@example.com', 'here@example.com');
    const mail = worker();
    expect(await mail.runOnce()).toEqual({ sent: 1, failed: 1, gaveUp: 0 });
    const [gone, here] = await rows();
    expect(gone).toMatchObject({ sent_at: null, attempts: 1, retry_later: true });
    expect(gone!.last_error).toMatch(/^SMTP RCPT TO: .*550 5\.1\.1 Recipient address rejected: User unknown$/);
    expect(here).toMatchObject({ attempts: 1, last_error: null });
    expect(here!.sent_at).not.toBeNull();
    expect(fake.mails.map((m) => m.to)).toEqual([['here@example.com']]);
    expect(logged.some((line) => line.startsWith('warn [mail] outbox mail') && line.includes('attempt 1 of 10'))).toBe(true);

    // Not due yet: the next run leaves it alone.
    expect(await mail.runOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    expect((await rows())[0]!.attempts).toBe(1);
  });

  it('gives up after maxAttempts and logs it', async () => {
    await queue('gone.forever@example.com');
    const mail = worker({ maxAttempts: 2, retryBaseMs: 0 });
    expect(await mail.runOnce()).toEqual({ sent: 0, failed: 1, gaveUp: 0 });
    expect(await mail.runOnce()).toEqual({ sent: 0, failed: 1, gaveUp: 1 });
    const connections = fake.connections;
    expect(await mail.runOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    expect(fake.connections).toBe(connections);
    expect(await rows()).toMatchObject([{ sent_at: null, attempts: 2, next_attempt_at: null }]);
    const errors = logged.filter((line) => line.startsWith('error'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      new RegExp(`^error \\[mail\\] giving up on outbox mail ${(await rows())[0]!.id} after 2 failed attempts: SMTP RCPT TO: .*550 5\\.1\\.1 Recipient address rejected: User unknown$`),
    );
  });

  it('counts an attempt for every row of the run when the server cannot be reached', async () => {
    const down = await startFakeSmtpServer();
    const url = down.url();
    await down.close();
    await queue('a@example.com', 'b@example.com');
    const mail = worker({ smtpUrl: url });
    expect(await mail.runOnce()).toEqual({ sent: 0, failed: 2, gaveUp: 0 });
    for (const row of await rows()) {
      expect(row).toMatchObject({ sent_at: null, attempts: 1, retry_later: true });
      expect(row.last_error).toMatch(/^SMTP CONN: connect ECONNREFUSED 127\.0\.0\.1:\d+/);
    }
  });

  it('gives up at once on an address no server could take', async () => {
    await server.db.query("INSERT INTO outbox (to_address, subject, body) VALUES ('not an address', 's', 'b')");
    const mail = worker();
    expect(await mail.runOnce()).toEqual({ sent: 0, failed: 1, gaveUp: 1 });
    expect(fake.connections).toBe(0);
    expect(await rows()).toMatchObject([{ sent_at: null, attempts: 10, next_attempt_at: null }]);
  });

  it('logs in with the credentials of the URL', async () => {
    const credentials = { user: 'mailer', password: 's3cret:/@' };
    const guarded = await startFakeSmtpServer({ credentials });
    try {
      await queue('auth@example.com');
      const mail = worker({ smtpUrl: guarded.url(credentials) });
      expect(await mail.runOnce()).toEqual({ sent: 1, failed: 0, gaveUp: 0 });
      expect(guarded.mails[0]!.auth).toEqual({ ...credentials, mechanism: 'PLAIN' });
      expect(logged.join('\n')).not.toContain(credentials.password);
    } finally {
      await guarded.close();
    }
  });

  it('runs on its timer until stopped', async () => {
    await queue('timer@example.com');
    const mail = worker({ intervalMs: 10 });
    await vi.waitFor(async () => expect((await rows())[0]!.sent_at).not.toBeNull(), { timeout: 10_000, interval: 20 });
    await mail.stop();
    const connections = fake.connections;
    await queue('after-stop@example.com');
    expect(await mail.runOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
    expect(fake.connections).toBe(connections);
  });
});

describe(`startServer with smtpUrl (${engineName()})`, () => {
  let api: RunningServer;
  let relay: FakeSmtpServer;
  beforeAll(async () => {
    relay = await startFakeSmtpServer();
    api = await startTestServer({ smtpUrl: relay.url(), mailFrom: 'Hearth Test <no-reply@test.example>', trustProxy: true });
  });
  afterAll(async () => {
    await api?.close();
    await relay?.close();
  });

  it('mails the password reset link, which opens the reset page with the token', async () => {
    const { email } = await signUp(api);
    const response = await postJson(api, '/v1/api/reset-password/', { email });
    expect(response.status).toBe(200);

    const isReset = (data: string) => decodeHeader(splitMessage(data).headers.get('subject') ?? '') === 'Reset your password';
    await vi.waitFor(() => expect(relay.mails.some((m) => m.to[0] === email && isReset(m.data))).toBe(true), {
      timeout: 15_000,
      interval: 50,
    });
    const mail = relay.mails.find((m) => isReset(m.data))!;
    expect(mail.from).toBe('no-reply@test.example');
    const body = decodeBody(mail.data);
    const link = body.split('\n').find((line) => line.startsWith(`${api.url}/reset/`))!;
    const token = link.slice(`${api.url}/reset/`.length);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<hearth-sign-in reset-token="${token}"></hearth-sign-in>`);

    // The row is marked sent right after the relay accepted it.
    await vi.waitFor(async () => {
      const { rows } = await api.db.query<{ sent: boolean }>(
        "SELECT sent_at IS NOT NULL AS sent FROM outbox WHERE to_address = $1 AND subject = 'Reset your password'",
        [email],
      );
      expect(rows).toEqual([{ sent: true }]);
    });
  });
});
