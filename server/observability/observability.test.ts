/**
 * What an operator sees of a running server (docs/operations.md, "Logs and metrics"): its log lines (JSON, each
 * with the request's id, route, partner and operation, nothing the client sent as a secret), its metrics
 * (/metrics behind the operator's token, METRICS_PORT), and /readyz.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, signUp, STRONG_PASSWORD, type SignedUp } from '../accounts/testing';
import type { RunningServer } from '../app';
import { pinoLogger } from '../log';
import { replaceUploadStorageForTests, type Storage } from '../storage';
import { engineName, startTestServer } from '../testing/test-server';

const TOKEN = 'metrics-operator-token-0123456789';

/** Every metric family the docs name (docs/operations.md); each must be exposed. */
const FAMILIES = [
  'hearth_http_requests_total',
  'hearth_http_request_duration_seconds',
  'hearth_errors_total',
  'hearth_db_pool_connections',
  'hearth_db_up',
  'hearth_jobs',
  'hearth_jobs_oldest_queued_age_seconds',
  'hearth_job_duration_seconds',
  'hearth_job_wait_seconds',
  'hearth_outbox_backlog',
  'hearth_outbox_oldest_age_seconds',
  'hearth_outbox_run_duration_seconds',
  'hearth_tile_cache_requests_total',
  'hearth_process_cpu_seconds_total',
  'hearth_nodejs_eventloop_lag_p99_seconds',
];

describe(`logs, metrics and readiness (${engineName()})`, () => {
  let server: RunningServer;
  let bare: RunningServer;
  let text = '';
  const lines = () =>
    text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, any>);
  let user: SignedUp;

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        done();
      },
    });
    [server, bare] = await Promise.all([
      startTestServer({ logger: pinoLogger({ level: 'info', destination }), metricsToken: TOKEN, metricsPort: 0 }),
      startTestServer(),
    ]);
    user = await signUp(server);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), bare?.close()]);
  });

  const graphql = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/graphql/?queryName=${/(?:query|mutation)\s+(\w+)/.exec(query)![1]}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Token ${user.token}`, ...headers },
      body: JSON.stringify({ query }),
    });

  it('logs each request as a JSON line with its id (returned in X-Request-Id), route, partner and operation, and no secret it sent', async () => {
    const sent = await graphql('query ObservabilityProbe { __typename }', { 'X-Request-Id': 'probe-0123456789', Cookie: `sessionid=${user.token}-cookie` });
    expect(sent.status).toBe(200);
    expect(sent.headers.get('x-request-id')).toBe('probe-0123456789');
    // A malformed id is not taken: a new one is made.
    const malformed = await fetch(`${server.url}/healthz`, { headers: { 'X-Request-Id': 'bad id with spaces' } });
    const madeId = malformed.headers.get('x-request-id');
    expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
    // A sign-in sends the email and password in its body.
    const login = await postJson(server, '/v1/api/api-token-auth/', { username: user.email, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    const loginId = login.headers.get('x-request-id');
    await new Promise((resolve) => setTimeout(resolve, 50));

    const all = lines();
    const probe = all.filter((line) => line.requestId === 'probe-0123456789');
    expect(probe.length).toBeGreaterThan(0);
    for (const line of probe) expect(line).toMatchObject({ route: '/graphql', partner: 'default', operation: 'ObservabilityProbe' });
    const request = probe.find((line) => line.msg === 'request')!;
    expect(request).toMatchObject({ level: 'info', req: { method: 'POST', headers: { authorization: '[redacted]', cookie: '[redacted]' } }, res: { status: 200 } });
    expect(all.find((line) => line.requestId === madeId && line.msg === 'request')).toMatchObject({ route: '/healthz', res: { status: 200 } });
    expect(all.find((line) => line.requestId === loginId && line.msg === 'request')).toMatchObject({ route: '/v1/api/api-token-auth' });

    for (const secret of [user.token, user.email, STRONG_PASSWORD]) expect(text).not.toContain(secret);
  });

  it('/metrics answers only with the operator token, and exposes every series the docs name', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    // A server without a token has no /metrics at all.
    expect((await fetch(`${bare.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);

    await graphql('query ObservabilityProbe { __typename }');
    await graphql('query ObservabilityBroken { noSuchField }');
    const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await response.text();
    for (const family of FAMILIES) expect(body, family).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    expect(body).toMatch(/^hearth_http_requests_total\{kind="graphql",operation="ObservabilityProbe",status="2xx"\} [1-9]/m);
    expect(body).toMatch(/^hearth_http_request_duration_seconds_count\{kind="graphql",operation="ObservabilityProbe"\} [1-9]/m);
    expect(body).toMatch(/^hearth_http_requests_total\{kind="rest",operation="\/healthz",status="2xx"\} [1-9]/m);
    expect(body).toMatch(/^hearth_errors_total\{kind="graphql",code="GRAPHQL_VALIDATION_FAILED"\} [1-9]/m);
    expect(body).toMatch(/^hearth_errors_total\{kind="rest",code="unauthorized"\} [1-9]/m);
    expect(body).toMatch(/^hearth_db_up 1$/m);
    expect(body).toMatch(/^hearth_db_pool_connections\{pool="[a-z]+",state="total"\} [1-9]/m);
    // Mail queued by the sign-up, not sent (no SMTP in tests): backlog.
    expect(body).toMatch(/^hearth_outbox_backlog\{outbox="mail"\} [1-9]/m);

    // The same, without a token, on the metrics port (127.0.0.1).
    const own = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`);
    expect(own.status).toBe(200);
    expect(await own.text()).toMatch(/^# TYPE hearth_outbox_backlog gauge/m);
    expect((await fetch(`http://127.0.0.1:${server.metricsPort}/other`)).status).toBe(404);
  });

  it('/readyz: 200 with every check, 503 naming the database when it is gone, and the storage when it fails, with no detail', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, checks: { database: 'ok', storage: 'ok', migrations: 'ok' } });

    const db = server.db as { query: typeof server.db.query };
    const query = db.query;
    db.query = (() => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' }))) as typeof query;
    try {
      const gone = await fetch(`${server.url}/readyz`);
      expect(gone.status).toBe(503);
      const body = await gone.text();
      expect(JSON.parse(body)).toEqual({ ready: false, checks: { database: 'failed', storage: 'ok', migrations: 'failed' }, failed: ['database', 'migrations'] });
      expect(body).not.toContain('ECONNREFUSED');
      // Alive all the same.
      db.query = query;
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      db.query = query;
    }

    const refusing: Storage = {
      put: () => Promise.reject(Object.assign(new Error('EROFS: read-only file system'), { code: 'EROFS' })),
      get: () => Promise.resolve(null),
      open: () => Promise.resolve(null),
      delete: () => Promise.resolve(),
      lastModified: () => Promise.resolve(null),
      list: async function* () {},
    };
    const restore = replaceUploadStorageForTests(() => refusing);
    try {
      const full = await fetch(`${server.url}/readyz`);
      expect(full.status).toBe(503);
      expect(await full.json()).toMatchObject({ ready: false, failed: ['storage'] });
    } finally {
      restore();
    }
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });
});
