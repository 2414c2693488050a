import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type RunningCluster } from './cluster';
import { engineName } from './testing/test-server';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

/** One request on a connection of its own, so the primary hands each to a worker anew. */
function post(url: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('No answer in 10 s.')));
    req.end(payload);
  });
}

const lead = { firstName: 'Jordan', lastName: 'Reyes', email: 'jordan.reyes@example.com', phone: '8015550123', comment: 'Saturday?' };
const search = {
  query: 'query listingLoad { listingLoad(first: 2) { totalCount edges { node { id } } } }',
};

describe.runIf(engineName() === 'PostgreSQL')('several API processes on one port (PostgreSQL)', () => {
  let api: RunningCluster;
  beforeAll(async () => {
    api = await startCluster({
      databaseUrl: process.env.DATABASE_URL!,
      databaseSchema: `test_${randomBytes(6).toString('hex')}`,
      dropSchemaOnClose: true,
      workers: 2,
      port: 0,
      quiet: true,
      logger: quiet,
      contactRateLimit: { max: 2, windowMs: 60_000 },
      metricsToken: METRICS_TOKEN,
      metricsPort: 0,
    });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it('runs the workers as processes of their own, each serving the API', async () => {
    expect(api.pids()).toHaveLength(2);
    expect(api.pids()).not.toContain(process.pid);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(`${api.url}/public_graphql/?queryName=listingLoad`, search)));
    // Every worker answers from the one database: the same seeded homes (the demo listings, rentals and stays).
    const totals = answers.map((answer) => {
      expect(answer.status).toBe(200);
      return (JSON.parse(answer.text) as { data: { listingLoad: { totalCount: number } } }).data.listingLoad.totalCount;
    });
    expect(new Set(totals).size).toBe(1);
    expect(totals[0]).toBeGreaterThanOrEqual(3);
  });

  it("exposes every worker's metrics together: on the metrics port, and at /metrics through whichever worker answers", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(`${api.url}/public_graphql/?queryName=listingLoad`, search)));
    for (const answer of answers) expect(answer.status).toBe(200);
    // The searches of this test and the one before: 12, whichever worker served each.
    const served = (text: string) => Number(/^hearth_http_requests_total\{kind="graphql",operation="listingLoad",status="2xx"\} (\d+)/m.exec(text)?.[1]);
    const pools = (text: string) => Number(/^hearth_db_pool_connections\{pool="main",state="total"\} (\d+)/m.exec(text)?.[1]);
    const own = await fetch(`http://127.0.0.1:${api.metricsPort}/metrics`);
    expect(own.status).toBe(200);
    const text = await own.text();
    expect(served(text)).toBe(12);
    expect(pools(text)).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < 3; i++) {
      const viaWorker = await fetch(`${api.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(viaWorker.status).toBe(200);
      expect(served(await viaWorker.text())).toBe(12);
    }
    expect((await fetch(`${api.url}/metrics`)).status).toBe(401);
  });

  it('shares rate limits between the processes', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(`${api.url}/v1/api/contact-form/?partner=acme`, lead)).status);
    expect(statuses).toEqual([201, 201, 429, 429]);
  });

  it('replaces a worker that dies, and keeps serving meanwhile', async () => {
    const [victim] = api.pids();
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 300 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
    };
    process.kill(victim!, 'SIGKILL');
    await until(() => !api.pids().includes(victim!));
    expect(api.pids()).toHaveLength(1);
    for (let i = 0; i < 4; i++) expect((await post(`${api.url}/public_graphql/?queryName=listingLoad`, search)).status).toBe(200);
    await until(() => api.pids().length === 2);
    expect(api.pids()).toHaveLength(2);
    expect(api.pids()).not.toContain(victim);
  });

  it('stops every worker on close', async () => {
    const pids = api.pids();
    await api.close();
    expect(api.pids()).toEqual([]);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    await expect(post(`${api.url}/healthz`, {})).rejects.toThrow();
  });
});

describe('several API processes', () => {
  it('need PostgreSQL', async () => {
    await expect(startCluster({ databaseUrl: '', workers: 2 })).rejects.toThrow(/need PostgreSQL/);
  });
});
