/**
 * A GraphQL read stops when nobody waits for it: the client disconnecting or the deadline passing frees
 * the database (no statement of that request runs after it; PostgreSQL cancels the running one). The
 * servers here let the issue-13 probe through (no cost ceiling) so that there is a long read to stop.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../app';
import { cancellationSignal } from '../../db/cancellation';
import { seedListingsIfEmpty } from '../../seed/listings';
import { engineName, startTestServer } from '../../testing/test-server';

const UNLIMITED = { publicRequest: 1e12, signedInRequest: 1e12, publicPerMinute: 1e15, signedInPerMinute: 1e15, typeRepeats: 100 };
const PROBE =
  'query SH { listingLoad(first: 25) { edges { node { id similarHomes { similarHomes { similarHomes { similarHomes { similarHomes { similarHomes { id } } } } } } } } } }';

let server: RunningServer;
/**
 * Statements started through the server's database, those refused because their request had stopped, those that
 * started after their request had been stopped and still ran, and the requests stopped while they had statements.
 */
const counts = { started: 0, cancelled: 0, ranAfterStop: 0, stopped: 0 };
const watched = new WeakSet<AbortSignal>();

beforeAll(async () => {
  // No background jobs: every statement counted is the request's.
  server = await startTestServer({ graphqlCostLimits: UNLIMITED, graphqlDeadlineMs: 60_000, jobs: false });
  await seedListingsIfEmpty(server.db, 600);
  const query = server.db.query.bind(server.db);
  server.db.query = ((sql: string, params?: readonly unknown[]) => {
    counts.started += 1;
    // The request this statement belongs to, and whether the server had stopped it already.
    const signal = cancellationSignal()?.signal;
    if (signal && !watched.has(signal)) {
      watched.add(signal);
      signal.addEventListener('abort', () => (counts.stopped += 1), { once: true });
    }
    const afterStop = signal?.aborted ?? false;
    return query(sql, params).then(
      (result) => {
        if (afterStop) counts.ranAfterStop += 1;
        return result;
      },
      (error: Error) => {
        if (error.name === 'StatementCancelled' || (error as { code?: string }).code === '57014') counts.cancelled += 1;
        throw error;
      },
    );
  }) as typeof server.db.query;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until no statement has started for `quietMs` (at most 30 s). */
async function settled(quietMs = 500): Promise<void> {
  for (let waited = 0, last = -1; waited < 30_000; waited += quietMs) {
    if (counts.started === last) return;
    last = counts.started;
    await sleep(quietMs);
  }
}

describe(`stopping a read nobody waits for (${engineName()})`, () => {
  it('runs no statement of a request after its client disconnected', async () => {
    await settled();
    const before = { ...counts };
    const url = new URL(`${server.url}/public_graphql/?queryName=SH`);
    const client = request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
    client.on('error', () => undefined);
    client.end(JSON.stringify({ query: PROBE }));
    // Disconnect once the probe has reached the similar homes (a few levels are batched statements).
    while (counts.started - before.started < 3) await sleep(5);
    client.destroy();
    const atDisconnect = counts.started;
    await settled();
    // The server stopped the request as it saw the connection close, and no statement of it ran after that. Until it
    // has seen the close (its next turn of the event loop, later on a loaded machine) the level being read may
    // start the next; the levels below never start.
    expect(counts.stopped - before.stopped).toBe(1);
    expect(counts.ranAfterStop - before.ranAfterStop).toBe(0);
    expect(counts.started - atDisconnect).toBeLessThanOrEqual(3);

    // The database answers others at once.
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
  });

  it('answers 503 with Retry-After at the deadline, and runs none of its statements after it', async () => {
    const hurried = await startTestServer({ graphqlCostLimits: UNLIMITED, graphqlDeadlineMs: 300, dataDir: undefined });
    try {
      await seedListingsIfEmpty(hurried.db, 600);
      const response = await fetch(`${hurried.url}/public_graphql/?queryName=SH`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: PROBE }),
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
      expect(body.errors[0]).toEqual({
        message: 'The request took longer than 0.3 s and was stopped.',
        extensions: { code: 'DEADLINE_EXCEEDED' },
      });
    } finally {
      await hurried.close();
    }
  }, 120_000);
});
