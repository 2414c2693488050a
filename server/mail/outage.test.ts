/**
 * The mail server down and back (issue 22, faults): mail queued while SMTP cannot be reached stays in
 * the outbox with a later attempt, and is delivered — once each — by the same worker when the server is
 * back. The outage is a TCP proxy (server/testing/tcp-proxy.ts) in front of the fake SMTP server, cut
 * (connections refused and reset) and restored on the same address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import type { Logger } from '../log';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy';
import { engineName, startTestServer } from '../testing/test-server';
import { startMailDelivery } from './delivery';
import { startFakeSmtpServer, type FakeSmtpServer } from './fake-smtp-server';
import { queueMail } from './outbox';

let server: RunningServer;
let fake: FakeSmtpServer;
let proxy: TcpProxy;
const logger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  server = await startTestServer();
  fake = await startFakeSmtpServer();
  proxy = await startTcpProxy({ host: '127.0.0.1', port: fake.port });
});
afterAll(async () => {
  await proxy?.close();
  await fake?.close();
  await server?.close();
});

describe(`mail while the SMTP server is down (${engineName()})`, () => {
  it('keeps every mail through the outage and delivers each once when the server is back', async () => {
    await server.db.query('DELETE FROM outbox');
    const delivery = startMailDelivery(server.db, { logger, smtpUrl: `smtp://127.0.0.1:${proxy.port}`, intervalMs: 3_600_000 });
    try {
      await proxy.cut();
      for (const to of ['one@example.com', 'two@example.com', 'three@example.com']) {
        await queueMail(server.db, { to, subject: `Outage ${to}`, body: 'Kept for later.' });
      }
      expect(await delivery.runOnce()).toEqual({ sent: 0, failed: 3, gaveUp: 0 });
      const kept = await server.db.query<{ sent_at: Date | null; attempts: number; later: boolean }>(
        'SELECT sent_at, attempts, next_attempt_at > now() AS later FROM outbox ORDER BY id',
      );
      expect(kept.rows).toEqual(Array.from({ length: 3 }, () => ({ sent_at: null, attempts: 1, later: true })));
      expect(fake.mails).toHaveLength(0);

      // The server is back; the retry falls due.
      await proxy.restore();
      await server.db.query('UPDATE outbox SET next_attempt_at = now() - interval \'1 second\'');
      expect(await delivery.runOnce()).toEqual({ sent: 3, failed: 0, gaveUp: 0 });
      expect(fake.mails.map((m) => m.to).flat().sort()).toEqual(['one@example.com', 'three@example.com', 'two@example.com']);
      const sent = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
      expect(sent.rows[0]!.n).toBe(0);
      expect(await delivery.runOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
      expect(fake.mails).toHaveLength(3);
    } finally {
      await delivery.stop();
    }
  });
});
