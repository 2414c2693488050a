/**
 * PostgreSQL restarted under load (issue 22, faults). The server reaches PostgreSQL through a TCP proxy
 * (server/testing/tcp-proxy.ts) that the test cuts — every connection reset, new ones refused, as during
 * a restart — and restores. While it is cut, REST and GraphQL requests fail fast with 503 and Retry-After
 * (GraphQL with an error that says so, not "Unexpected error."); once it is back the pools and the change
 * feed recover by themselves; the process never crashes (an uncaught error would fail this run).
 * Runs on PostgreSQL only (DATABASE_URL), skipped on PGlite.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../app';
import type { Logger } from '../log';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy';
import { DATABASE_RETRY_AFTER_S } from './unavailable';
import type { ListeningFeed } from './postgres-changes';

const databaseUrl = process.env.DATABASE_URL;
const CLIENTS = 8;

interface Outcome {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: string;
}

async function timed(url: string, init?: RequestInit): Promise<Outcome> {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const body = await response.text();
  return { status: response.status, ms: performance.now() - started, retryAfter: response.headers.get('retry-after'), body };
}

describe.runIf(databaseUrl)('PostgreSQL restarted under load', () => {
  let proxy: TcpProxy;
  let server: RunningServer;
  const errors: string[] = [];
  const logger: Logger = { info: () => undefined, warn: () => undefined, error: (message, error) => errors.push(`${message} ${String(error)}`) };

  beforeAll(async () => {
    const target = new URL(databaseUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(databaseUrl!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startServer({
      port: 0,
      logger,
      databaseUrl: proxied.href,
      databaseSchema: `test_${randomBytes(6).toString('hex')}`,
      dropSchemaOnClose: true,
      databasePoolSize: 4,
      jobs: true,
      graphqlCostLimits: { publicPerMinute: 1e12, signedInPerMinute: 1e12 },
    });
  }, 120_000);

  afterAll(async () => {
    await proxy?.restore();
    await server?.close();
    await proxy?.close();
  });

  const rest = () => timed(`${server.url}/v1/api/dynamic-config/?partner=acme`);
  const health = () => timed(`${server.url}/healthz`);
  const graphql = () =>
    timed(`${server.url}/public_graphql/?partner=acme&queryName=Tags`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json;q=0.9' },
      body: JSON.stringify({ query: 'query Tags { allTags { id } }' }),
    });
  const feed = () => server.db.changes as ListeningFeed;

  it('answers 503 with Retry-After while PostgreSQL is away, and recovers by itself', async () => {
    for (const request of [rest, health, graphql]) expect((await request()).status).toBe(200);
    expect(feed().isListening).toBe(true);
    const feedPid = feed().backendPid;

    // Load: clients keep asking throughout the outage and the recovery.
    let running = true;
    const outcomes: { phase: string; kind: string; outcome: Outcome }[] = [];
    let phase = 'before';
    const load = Array.from({ length: CLIENTS }, async (_, n) => {
      const [kind, request] = ([['rest', rest], ['health', health], ['graphql', graphql]] as const)[n % 3]!;
      while (running) {
        const at = phase;
        // A failed connection to our own server (status 0) would mean it crashed or dropped the request.
        const outcome = await request().catch((error: unknown) => ({ status: 0, ms: 0, retryAfter: null, body: String(error) }));
        outcomes.push({ phase: at, kind, outcome });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    await proxy.cut();
    phase = 'down';
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(feed().isListening).toBe(false);

    // Each kind fails fast and says so.
    const down = outcomes.filter((o) => o.phase === 'down');
    for (const kind of ['rest', 'health', 'graphql']) {
      const answers = down.filter((o) => o.kind === kind).map((o) => o.outcome);
      expect(answers.length, kind).toBeGreaterThan(0);
      for (const answer of answers) {
        expect(answer.status, `${kind}: ${answer.body}`).toBe(503);
        expect(answer.retryAfter).toBe(String(DATABASE_RETRY_AFTER_S));
        expect(answer.ms).toBeLessThan(1_500);
      }
    }
    const restAnswer = JSON.parse(down.find((o) => o.kind === 'rest')!.outcome.body) as { error: string; message: string };
    expect(restAnswer.error).toBe('database_unavailable');
    const graphqlAnswer = JSON.parse(down.find((o) => o.kind === 'graphql')!.outcome.body) as { errors: { message: string; extensions: { code: string } }[] };
    expect(graphqlAnswer.errors[0]!.extensions.code).toBe('DATABASE_UNAVAILABLE');
    expect(graphqlAnswer.errors[0]!.message).toMatch(/database is unavailable/);
    expect(graphqlAnswer.errors[0]!.message).not.toMatch(/Unexpected error/);

    await proxy.restore();
    phase = 'after';
    // The pools reconnect on the next request; the change feed on its own retry timer (1 s, 2 s, …).
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !(feed().isListening && (await rest()).status === 200 && (await graphql()).status === 200)) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    phase = 'recovered';
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await Promise.all(load);

    expect(feed().isListening).toBe(true);
    expect(feed().backendPid).not.toBe(feedPid);
    const recovered = outcomes.filter((o) => o.phase === 'recovered');
    expect(recovered.length).toBeGreaterThan(0);
    expect(recovered.filter((o) => o.outcome.status !== 200).map((o) => `${o.kind} ${o.outcome.status} ${o.outcome.body}`)).toEqual([]);
    // Never a 500 in any phase: each answer is a success or an honest 503.
    expect(outcomes.filter((o) => o.outcome.status !== 200 && o.outcome.status !== 503).map((o) => `${o.phase} ${o.kind} ${o.outcome.status} ${o.outcome.body}`)).toEqual([]);
    // Changes are heard again: a write through the server bumps the feed's version.
    const before = feed().version('partners');
    await server.db.query(`UPDATE partners SET name = name WHERE slug = 'acme'`);
    expect(feed().version('partners')).not.toBe(before);
    console.log(`postgres outage: ${outcomes.length} requests, ${down.length} during the outage (all 503), ${proxy.connections} connections through the proxy`);
    expect(errors.filter((e) => !/unavailable|Connection terminated|ECONNREFUSED|ECONNRESET|connection/i.test(e))).toEqual([]);
  }, 90_000);
});
