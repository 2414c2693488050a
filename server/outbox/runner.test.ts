import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db';
import { allowOutbound, OUTBOUND_FAILURE } from '../http/outbound';
import type { Logger } from '../log';
import { engineName, openTestDatabase } from '../testing/test-server';
import {
  backoffDelay,
  claimDue,
  postingSettings,
  postJson,
  retryAfterFailure,
  startOutboxRunner,
  startPostingRunner,
  type ClaimQuery,
  type RetryPolicy,
} from './runner';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('startOutboxRunner: a backlog', () => {
  it('runs again at once after a full batch, and waits the interval after one that was not', async () => {
    vi.useFakeTimers();
    try {
      const quietLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
      // Three full batches, then the rest: a worker back after an outage with 3½ batches due.
      const claimed = [5, 5, 5, 2, 0, 0];
      let runs = 0;
      const runner = startOutboxRunner({
        name: 'mail',
        logger: quietLogger,
        failureMessage: 'failed',
        intervalMs: 3_000,
        run: async () => claimed[runs++] ?? 0,
        idle: () => 0,
        fullBatch: (count) => count >= 5,
      });
      // The timers of 0 ms the runs set, and the promises between them: 10 ms of the fake clock.
      const settle = async () => {
        for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(1);
      };
      await vi.advanceTimersByTimeAsync(3_000);
      await settle();
      expect(runs).toBe(4);
      // The fourth was not full: the fifth comes an interval later.
      await vi.advanceTimersByTimeAsync(2_900);
      expect(runs).toBe(4);
      await vi.advanceTimersByTimeAsync(200);
      expect(runs).toBe(5);
      await runner.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('backoffDelay: the schedule as data', () => {
  it('waits the first delay, then grows by the factor after each failure, never past the longest', () => {
    const schedule = { firstMs: 30_000, factor: 2, maxMs: HOUR };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => backoffDelay(schedule, attempts))).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, HOUR,
    ]);
    expect(backoffDelay(schedule, 40)).toBe(HOUR);
    expect(backoffDelay({ firstMs: 1_000, factor: 3, maxMs: 10_000 }, 3)).toBe(9_000);
  });

  it('treats a count below one as the first failure', () => {
    expect(backoffDelay({ firstMs: 5_000, factor: 2, maxMs: HOUR }, 0)).toBe(5_000);
  });
});

describe('retryAfterFailure', () => {
  const created = Date.UTC(2026, 0, 1);
  const byDeadline: RetryPolicy = { backoff: { firstMs: 30_000, factor: 2, maxMs: HOUR }, deadlineMs: 24 * HOUR };
  const byAttempts: RetryPolicy = { backoff: { firstMs: MINUTE, factor: 2, maxMs: 6 * HOUR }, maxAttempts: 3 };

  it('counts the attempt and schedules the next one from now', () => {
    expect(retryAfterFailure(byDeadline, { attempts: 0, createdAt: created }, created + 1_000)).toEqual({
      attempts: 1,
      delayMs: 30_000,
      nextAt: created + 31_000,
      givenUp: false,
    });
    expect(retryAfterFailure(byDeadline, { attempts: 2, createdAt: new Date(created) }, created + 5 * MINUTE)).toMatchObject({
      attempts: 3,
      delayMs: 120_000,
      givenUp: false,
    });
  });

  it('gives up when the next attempt would fall past the deadline since the row was queued', () => {
    expect(retryAfterFailure(byDeadline, { attempts: 9, createdAt: created }, created + 23 * HOUR - 1)).toMatchObject({ givenUp: false });
    expect(retryAfterFailure(byDeadline, { attempts: 9, createdAt: created }, created + 23 * HOUR + 1)).toMatchObject({ givenUp: true });
  });

  it('gives up at the last allowed attempt, and at once for a hopeless row', () => {
    expect(retryAfterFailure(byAttempts, { attempts: 1, createdAt: created }, created)).toMatchObject({ attempts: 2, givenUp: false });
    expect(retryAfterFailure(byAttempts, { attempts: 2, createdAt: created }, created)).toMatchObject({ attempts: 3, givenUp: true });
    expect(retryAfterFailure(byAttempts, { attempts: 0, createdAt: created }, created, { hopeless: true })).toMatchObject({ attempts: 3, givenUp: true });
    expect(retryAfterFailure(byDeadline, { attempts: 0, createdAt: created }, created, { hopeless: true })).toMatchObject({ attempts: 1, givenUp: true });
  });
});

describe('postingSettings', () => {
  const logger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

  it('gives every receiver the same defaults: 10 s per request, 30 s doubling to 1 h, given up after 24 h', () => {
    const settings = postingSettings({ logger }, { batchSize: 10 });
    expect(settings).toMatchObject({
      batchSize: 10,
      timeoutMs: 10_000,
      retry: { backoff: { firstMs: 30_000, factor: 2, maxMs: HOUR }, deadlineMs: 24 * HOUR },
    });
    expect(settings.now).toBe(Date.now);
  });

  it('takes what the options set', () => {
    const now = () => 42;
    expect(
      postingSettings({ logger, batchSize: 3, timeoutMs: 500, retryBaseMs: 1_000, retryMaxMs: 8_000, retryWindowMs: HOUR, now }, { batchSize: 200 }),
    ).toEqual({ batchSize: 3, timeoutMs: 500, retry: { backoff: { firstMs: 1_000, factor: 2, maxMs: 8_000 }, deadlineMs: HOUR }, now });
  });
});

describe('startPostingRunner', () => {
  it("runs the worker with its settings over the worker's defaults, and reports nothing done when a run fails", async () => {
    const errors: unknown[] = [];
    const logger: Logger = { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => void errors.push(args) };
    const seen: number[] = [];
    let fail = false;
    const runner = startPostingRunner(
      { logger, intervalMs: HOUR },
      {
        name: 'test',
        done: 'sent',
        batchSize: 200,
        intervalMs: 15_000,
        failureMessage: '[test] run failed',
        run: async (settings) => {
          seen.push(settings.batchSize);
          if (fail) throw new Error('down');
          return { sent: 2, failed: 1, gaveUp: 0 };
        },
      },
    );
    try {
      expect(await runner.runOnce()).toEqual({ sent: 2, failed: 1, gaveUp: 0 });
      fail = true;
      expect(await runner.runOnce()).toEqual({ sent: 0, failed: 0, gaveUp: 0 });
      expect(seen).toEqual([200, 200]);
      expect(errors).toEqual([['[test] run failed', new Error('down')]]);
    } finally {
      await runner.stop();
    }
  });
});

describe(`claimDue (${engineName()})`, () => {
  let db: Database;
  const T0 = new Date('2026-03-01T12:00:00Z');
  const DUE_JOBS: ClaimQuery = {
    table: 'outbox_runner_jobs',
    join: { from: 'outbox_runner_targets g', on: 'g.id = t.target_id' },
    candidates: 'JOIN outbox_runner_targets g2 ON g2.id = c.target_id AND g2.enabled',
    due: ({ now }) => `c.done_at IS NULL AND c.next_attempt_at <= ${now}`,
    order: 'c.next_attempt_at, c.id',
    returning: 't.id, t.label, g.url',
  };

  beforeAll(async () => {
    db = await openTestDatabase();
    await db.query(`CREATE TABLE outbox_runner_targets (id int PRIMARY KEY, url text NOT NULL, enabled boolean NOT NULL)`);
    await db.query(
      `CREATE TABLE outbox_runner_jobs (id bigserial PRIMARY KEY, target_id int NOT NULL REFERENCES outbox_runner_targets, label text NOT NULL,
                                        next_attempt_at timestamptz, done_at timestamptz)`,
    );
  });
  afterAll(async () => {
    await db?.close();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM outbox_runner_jobs');
    await db.query('DELETE FROM outbox_runner_targets');
    await db.query(`INSERT INTO outbox_runner_targets VALUES (1, 'https://one.example/', true), (2, 'https://two.example/', false)`);
  });

  const insert = async (label: string, target: number, nextAt: Date | null, done = false) =>
    db.query('INSERT INTO outbox_runner_jobs (target_id, label, next_attempt_at, done_at) VALUES ($1, $2, $3, $4)', [
      target,
      label,
      nextAt,
      done ? T0 : null,
    ]);
  const leaseOf = async (label: string) =>
    (await db.query<{ next_attempt_at: Date }>('SELECT next_attempt_at FROM outbox_runner_jobs WHERE label = $1', [label])).rows[0]!.next_attempt_at;

  it('takes the due rows oldest first, up to the limit, with what they join, and leases them', async () => {
    await insert('late', 1, new Date(T0.getTime() - 1_000));
    await insert('early', 1, new Date(T0.getTime() - 60_000));
    await insert('future', 1, new Date(T0.getTime() + 60_000));
    await insert('done', 1, new Date(T0.getTime() - 120_000), true);
    await insert('disabled', 2, new Date(T0.getTime() - 120_000));
    await insert('third', 1, new Date(T0.getTime() - 500));

    const claimed = await claimDue<{ label: string; url: string }>(db, DUE_JOBS, { limit: 2, leaseMs: 5 * MINUTE, now: T0 });
    expect(claimed.map((r) => r.label).sort()).toEqual(['early', 'late']);
    expect(claimed.every((r) => r.url === 'https://one.example/')).toBe(true);
    expect((await leaseOf('early')).getTime()).toBe(T0.getTime() + 5 * MINUTE);
    expect((await leaseOf('future')).getTime()).toBe(T0.getTime() + 60_000);

    // Leased rows are out of reach until the lease ends; the next claim takes what is left.
    const next = await claimDue<{ label: string }>(db, DUE_JOBS, { limit: 10, leaseMs: 5 * MINUTE, now: T0 });
    expect(next.map((r) => r.label)).toEqual(['third']);
    const later = await claimDue<{ label: string }>(db, DUE_JOBS, { limit: 10, leaseMs: 5 * MINUTE, now: new Date(T0.getTime() + 5 * MINUTE) });
    expect(later.map((r) => r.label).sort()).toEqual(['early', 'future', 'late', 'third']);
  });

  it("takes a row queued in the caller's millisecond (the database keeps microseconds, the caller's clock does not)", async () => {
    await db.query(
      `INSERT INTO outbox_runner_jobs (target_id, label, next_attempt_at) VALUES
         (1, 'same-millisecond', $1::timestamptz + interval '600 microseconds'), (1, 'next-millisecond', $1::timestamptz + interval '1 millisecond')`,
      [T0.toISOString()],
    );
    const claimed = await claimDue<{ label: string }>(db, DUE_JOBS, { limit: 10, leaseMs: MINUTE, now: T0 });
    expect(claimed.map((r) => r.label)).toEqual(['same-millisecond']);
    expect((await leaseOf('same-millisecond')).getTime()).toBe(T0.getTime() + MINUTE);
  });

  it("uses the database's clock without one, and binds values the due clause names", async () => {
    await insert('never-tried', 1, null);
    await insert('past', 1, new Date(Date.now() - HOUR));
    await insert('ahead', 1, new Date(Date.now() + HOUR));
    const query: ClaimQuery = {
      table: 'outbox_runner_jobs',
      due: ({ now, param }) => `c.label <> ${param('past')} AND (c.next_attempt_at IS NULL OR c.next_attempt_at <= ${now})`,
      order: 'c.id',
      returning: 't.label',
    };
    const claimed = await claimDue<{ label: string }>(db, query, { limit: 10, leaseMs: MINUTE });
    expect(claimed.map((r) => r.label)).toEqual(['never-tried']);
    const lease = (await leaseOf('never-tried')).getTime();
    expect(Math.abs(lease - (Date.now() + MINUTE))).toBeLessThan(30_000);
  });

  it('never hands one row to two claims running at once', async () => {
    for (let i = 0; i < 12; i++) await insert(`job-${i}`, 1, new Date(T0.getTime() - 1_000 * (i + 1)));
    const [a, b, c] = await Promise.all(
      [0, 1, 2].map(() => claimDue<{ label: string }>(db, DUE_JOBS, { limit: 5, leaseMs: MINUTE, now: T0 })),
    );
    const all = [...a!, ...b!, ...c!].map((r) => r.label);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(12);
  });
});

describe('startOutboxRunner', () => {
  const logged: string[] = [];
  const logger: Logger = { info: () => undefined, warn: () => undefined, error: (message) => void logged.push(message) };
  beforeEach(() => {
    logged.length = 0;
  });

  it('runs one at a time, in order, and answers each caller with its own run', async () => {
    const events: string[] = [];
    let n = 0;
    const runner = startOutboxRunner({
      name: 'test',
      logger,
      failureMessage: 'run failed',
      intervalMs: HOUR,
      idle: () => -1,
      run: async () => {
        const mine = ++n;
        events.push(`start ${mine}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push(`end ${mine}`);
        return mine;
      },
    });
    const results = await Promise.all([runner.runOnce(), runner.runOnce(), runner.runOnce()]);
    expect(results).toEqual([1, 2, 3]);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    await runner.stop();
  });

  it('logs a run that fails as a whole and answers the idle report; the next run goes on', async () => {
    let fail = true;
    const runner = startOutboxRunner({
      name: 'test',
      logger,
      failureMessage: '[jobs] run failed',
      intervalMs: HOUR,
      idle: () => 'idle',
      run: async () => {
        if (fail) throw new Error('database gone');
        return 'ran';
      },
    });
    expect(await runner.runOnce()).toBe('idle');
    expect(logged).toEqual(['[jobs] run failed']);
    fail = false;
    expect(await runner.runOnce()).toBe('ran');
    await runner.stop();
  });

  it('runs every interval until stopped, and not after', async () => {
    let runs = 0;
    const runner = startOutboxRunner({ name: 'test', logger, failureMessage: 'x', intervalMs: 15, idle: () => 0, run: async () => ++runs });
    await new Promise((resolve) => setTimeout(resolve, 120));
    await runner.stop();
    const seen = runs;
    expect(seen).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(seen);
    expect(await runner.runOnce()).toBe(0);
    expect(runs).toBe(seen);
  });

  it('runSoon runs once per burst, a moment later', async () => {
    let runs = 0;
    const runner = startOutboxRunner({ name: 'test', logger, failureMessage: 'x', intervalMs: HOUR, idle: () => 0, run: async () => ++runs });
    for (let i = 0; i < 5; i++) runner.runSoon(20);
    expect(runs).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(runs).toBe(1);
    runner.runSoon(20);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(runs).toBe(2);
    runner.runSoon(20);
    await runner.stop();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toBe(2);
  });

  it('stop aborts a run in progress at once, and tells it to stop', async () => {
    let sawStopping = false;
    const runner = startOutboxRunner({
      name: 'test',
      logger,
      failureMessage: 'x',
      intervalMs: HOUR,
      idle: () => 'idle',
      run: ({ signal, stopping }) =>
        new Promise<string>((resolve) => {
          signal.addEventListener('abort', () => {
            sawStopping = stopping();
            resolve('aborted');
          });
        }),
    });
    const run = runner.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    await runner.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await run).toBe('aborted');
    expect(sawStopping).toBe(true);
  });

  it('with a grace, stop lets a short run finish unaborted, and aborts a long one when the grace ends', async () => {
    const finishes = (ms: number) =>
      startOutboxRunner({
        name: 'test',
        logger,
        failureMessage: 'x',
        intervalMs: HOUR,
        idle: () => 'idle',
        stopGraceMs: 100,
        run: ({ signal }) =>
          new Promise<string>((resolve) => {
            const timer = setTimeout(() => resolve('finished'), ms);
            signal.addEventListener('abort', () => {
              clearTimeout(timer);
              resolve('aborted');
            });
          }),
      });
    const short = finishes(20);
    const shortRun = short.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await short.stop();
    expect(await shortRun).toBe('finished');

    const long = finishes(5_000);
    const longRun = long.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    await long.stop();
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await longRun).toBe('aborted');
  });
});

describe('postJson', () => {
  let server: Server;
  let base: string;
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        if (request.url === '/ok') response.writeHead(204).end();
        else if (request.url === '/down') response.writeHead(503).end('busy');
        else if (request.url === '/moved') response.writeHead(302, { Location: '/ok' }).end();
        else if (request.url === '/slow') setTimeout(() => response.writeHead(200).end(), 2_000);
        else response.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A receiver on this machine: the operator's allowlist is the only way to it (server/http/outbound.ts).
    withdraw = allowOutbound([new URL(base).host]);
  });
  afterAll(async () => {
    withdraw();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  let withdraw: () => void;

  const signal = new AbortController().signal;

  it('posts the body as JSON with the given headers; a 2xx is success', async () => {
    received.length = 0;
    expect(await postJson(`${base}/ok`, '{"a":1}', { headers: { 'User-Agent': 'Test/1.0', 'X-Extra': 'yes' }, timeoutMs: 5_000, signal })).toEqual({
      ok: true,
      status: 204,
    });
    expect(received[0]).toMatchObject({ body: '{"a":1}', headers: { 'content-type': 'application/json', 'user-agent': 'Test/1.0', 'x-extra': 'yes' } });
  });

  it('says why it failed: a status, a redirect not followed, a timeout, one text for a refused connection or address', async () => {
    expect(await postJson(`${base}/down`, '{}', { headers: {}, timeoutMs: 5_000, signal })).toEqual({ ok: false, status: 503, error: 'HTTP 503' });
    received.length = 0;
    expect(await postJson(`${base}/moved`, '{}', { headers: {}, timeoutMs: 5_000, signal })).toEqual({ ok: false, status: 302, error: 'HTTP 302' });
    expect(received).toHaveLength(1);
    expect(await postJson(`${base}/slow`, '{}', { headers: {}, timeoutMs: 100, signal })).toEqual({ ok: false, status: null, error: 'no answer within 100 ms' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unallowed = await postJson(`http://127.0.0.1:${port}/`, '{}', { headers: {}, timeoutMs: 5_000, signal });
    const withdrawClosed = allowOutbound([`127.0.0.1:${port}`]);
    const refused = await postJson(`http://127.0.0.1:${port}/`, '{}', { headers: {}, timeoutMs: 5_000, signal });
    withdrawClosed();
    expect(refused).toEqual({ ok: false, status: null, error: OUTBOUND_FAILURE });
    expect(unallowed).toEqual(refused);
  });

  it('stops when its signal is aborted', async () => {
    const abort = new AbortController();
    const pending = postJson(`${base}/slow`, '{}', { headers: {}, timeoutMs: 5_000, signal: abort.signal });
    abort.abort();
    expect(await pending).toMatchObject({ ok: false, status: null });
  });
});
