import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './app';
import { enqueueJob, findJob, waitForJob } from './jobs/queue';
import { PDF_JOB } from './pdf/jobs';
import { checkRole, roleFromArgs } from './roles';
import { engineName, startTestServer } from './testing/test-server';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('--role', () => {
  it('reads --role NAME and --role=NAME, defaulting to all', () => {
    expect(roleFromArgs([])).toBe('all');
    expect(roleFromArgs(['--role', 'api'])).toBe('api');
    expect(roleFromArgs(['--role=worker'])).toBe('worker');
    expect(() => roleFromArgs(['--role', 'cron'])).toThrow('--role must be one of all, api, worker, not "cron".');
    expect(() => roleFromArgs(['--role'])).toThrow('--role needs a value');
  });

  it('refuses api and worker on the embedded database, which is one process', async () => {
    expect(() => checkRole('all', undefined)).not.toThrow();
    expect(() => checkRole('worker', 'postgres://x')).not.toThrow();
    await expect(startServer({ role: 'worker', dataDir: 'memory://', port: 0, logger: quiet })).rejects.toThrow(
      '--role worker needs PostgreSQL (DATABASE_URL): the embedded database is one process',
    );
    await expect(startServer({ role: 'api', dataDir: 'memory://', port: 0, logger: quiet })).rejects.toThrow('--role api needs PostgreSQL');
  });
});

describe.runIf(engineName() === 'PostgreSQL')('an API process and a worker process on one database (PostgreSQL)', () => {
  let api: RunningServer;
  let worker: RunningServer | undefined;
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  it('the API serves and leaves its jobs queued; the worker serves only the probes and runs them', async () => {
    api = await startTestServer({ role: 'api' });
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    const search = await fetch(`${api.url}/public_graphql/?queryName=listingLoad`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'query listingLoad { listingLoad(first: 1) { totalCount } }' }),
    });
    expect(search.status).toBe(200);

    // A job queued through the API process (a PDF that does not exist: the run fails, once).
    const { job } = await enqueueJob(api.db, {
      kind: PDF_JOB,
      owner: 'user:role-test',
      partnerId: null,
      payload: { pdfId: -1 },
      maxAttempts: 1,
      limits: { perOwner: 5, perPartner: 5 },
      refusal: () => 'busy',
      typicalSeconds: 1,
    });
    // Past the tier's poll interval (1 s) and its wake-up at enqueue: an `all` process would have claimed it.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await findJob(api.db, job.id)).toMatchObject({ status: 'queued', attempts: 0 });

    const [{ schema }] = (await api.db.query<{ schema: string }>('SELECT current_schema() AS schema')).rows as [{ schema: string }];
    worker = await startServer({ role: 'worker', port: 0, logger: quiet, databaseUrl: process.env.DATABASE_URL, databaseSchema: schema, seed: false });
    expect((await fetch(`${worker.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${worker.url}/readyz`)).status).toBe(200);
    // No public route: a search, the API's description, a page all answer as an unknown path does.
    expect((await fetch(`${api.url}/v1/api/openapi.json`)).status).toBe(200);
    for (const path of ['/public_graphql/?queryName=listingLoad', '/v1/api/openapi.json', '/demo/gallery/']) {
      expect((await fetch(`${worker.url}${path}`)).status, path).toBe(404);
    }
    const settled = await waitForJob(api.db, job.id, { signal: AbortSignal.timeout(30_000) });
    // Claimed once, by the worker (the PDF's run finds no row and settles the job).
    expect(settled).toMatchObject({ status: 'done', attempts: 1 });
  }, 60_000);
});
