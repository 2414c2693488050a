import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from './accounts/testing';
import { startServer, type RunningServer } from './app';
import { enqueueJob, findJob, waitForJob } from './jobs/queue';
import { PDF_JOB } from './pdf/jobs';
import { checkRole, roleFromArgs } from './roles';
import { engineName, startTestServer } from './testing/test-server';
import { IMAGE_UPLOAD_JOB } from './uploads/jobs';

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
    // A deadline longer than the worker's start: the upload below waits for it.
    api = await startTestServer({ role: 'api', graphqlDeadlineMs: 120_000, graphqlUploadDeadlineMs: 120_000 });
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
    // An upload through the API process: its image is a job the API does not run either; the request waits.
    const user = await signUp(api);
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: 'mutation Upload($file: File!) { uploadUserPhoto(file: $file) { id } }', variables: { file: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.file'] }));
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6' } }).png().toBuffer();
    form.set('0', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
    const uploading = fetch(`${api.url}/graphql/?queryName=Upload`, { method: 'POST', headers: { Authorization: `Token ${user.token}` }, body: form });
    const imageJobs = async () =>
      (await api.db.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM jobs WHERE kind = $1`, [IMAGE_UPLOAD_JOB])).rows;
    await expect.poll(imageJobs, { timeout: 30_000 }).toHaveLength(1);

    // Past the tier's poll interval (1 s) and its wake-up at enqueue: an `all` process would have claimed them.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await findJob(api.db, job.id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await imageJobs()).toEqual([{ status: 'queued', attempts: 0 }]);

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
    // The upload answers once the worker decoded and stored it; the user's photo is that file.
    const answer = await uploading;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { errors?: unknown }).errors).toBeUndefined();
    expect(await imageJobs()).toEqual([{ status: 'done', attempts: 1 }]);
    const { rows } = await api.db.query<{ image: string | null }>('SELECT image FROM users WHERE id = $1', [user.user.id]);
    expect(rows[0]!.image).toMatch(new RegExp(`^/media/users/${user.user.id}/[0-9a-f]{24}\\.webp$`));
  }, 60_000);
});
