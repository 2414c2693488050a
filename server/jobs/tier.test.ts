/**
 * The work tier (issue 33): fair claims, caps, queue limits, shared keys, leases and cancellation, on the real
 * database (PGlite, or PostgreSQL in CI), with a job kind of this file whose work the test controls.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { DomainError } from '../domain-error';
import type { Logger } from '../log';
import { engineName, openTestDatabase } from '../testing/test-server';
import { cancelJob, claimJob, enqueueJob, findJob, waitForJob, type EnqueueInput, type JobRecord, type QueueLimits } from './queue';
import sharp from 'sharp';
import { imageRefusals, PICTURE_RULES, readUploadedImage, type ImageRules } from '../uploads/image';
import { runOnThread } from './threads';
import { startWorkTier, type JobKind } from './tier';

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const KIND = 'test-work';
const ROOMY: QueueLimits = { perOwner: 100, perPartner: 1000 };

let db: Database;
let partnerA: number;
let partnerB: number;

beforeAll(async () => {
  db = await openTestDatabase();
  const insert = async () =>
    Number(
      (await db.query<{ id: number }>(`INSERT INTO partners (slug, name, app_context) VALUES ($1, 'Test', '{}') RETURNING id`, [`work-${randomBytes(4).toString('hex')}`]))
        .rows[0]!.id,
    );
  partnerA = await insert();
  partnerB = await insert();
});
afterAll(() => db?.close());
beforeEach(() => db.query('DELETE FROM jobs'));

const input = (owner: string, partnerId: number | null, label: string, extra: Partial<EnqueueInput<{ label: string }>> = {}): EnqueueInput<{ label: string }> => ({
  kind: KIND,
  owner,
  partnerId,
  payload: { label },
  limits: ROOMY,
  typicalSeconds: 7,
  refusal: (s) => `Wait ${s} seconds.`,
  ...extra,
});

/** A kind that records the order it starts jobs in and how many of each owner run at once; `hold` keeps a job running. */
function recordingKind(options: { concurrency?: number; hold?: (job: JobRecord<{ label: string }>, signal: AbortSignal) => Promise<void> } = {}) {
  const started: string[] = [];
  const running = new Map<string, number>();
  const mostAtOnce = new Map<string, number>();
  const kind: JobKind<{ label: string }> = {
    kind: KIND,
    concurrency: options.concurrency ?? 1,
    async run(job, { signal }) {
      started.push(job.payload.label);
      running.set(job.owner, (running.get(job.owner) ?? 0) + 1);
      mostAtOnce.set(job.owner, Math.max(mostAtOnce.get(job.owner) ?? 0, running.get(job.owner)!));
      try {
        await (options.hold ? options.hold(job, signal) : new Promise((r) => setTimeout(r, 5)));
      } finally {
        running.set(job.owner, running.get(job.owner)! - 1);
      }
      return { label: job.payload.label };
    },
  };
  return { kind, started, mostAtOnce };
}

describe(`the work tier: fair claims (${engineName()})`, () => {
  it('takes another user’s job before a user’s next one: B’s one job runs second, not after all of A’s', async () => {
    for (let i = 1; i <= 5; i++) await enqueueJob(db, input('user:a', partnerA, `a${i}`));
    await enqueueJob(db, input('user:b', partnerA, 'b1'));
    const { kind, started } = recordingKind();
    const tier = startWorkTier(db, { logger: quiet, kinds: [kind], slots: 1, pollMs: 3_600_000 });
    await tier.runOnce();
    await tier.stop();
    expect(started).toHaveLength(6);
    expect(started.indexOf('b1')).toBeLessThanOrEqual(1);
    // A's own jobs keep their order.
    expect(started.filter((l) => l.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('takes the partner with the fewest running jobs first, then alternates users within it', async () => {
    for (let i = 1; i <= 3; i++) await enqueueJob(db, input(`user:p${i}`, partnerA, `A${i}`));
    await enqueueJob(db, input('user:q1', partnerB, 'B1'));
    const { kind, started } = recordingKind({ concurrency: 2 });
    const tier = startWorkTier(db, { logger: quiet, kinds: [kind], slots: 2, pollMs: 3_600_000, perPartnerRunning: 1 });
    await tier.runOnce();
    await tier.stop();
    // Two places, one per partner at a time: partner B's job is among the first two taken.
    expect(started.slice(0, 2)).toContain('B1');
  });

  it('holds each user to perOwnerRunning running jobs while another user’s run beside them', async () => {
    for (let i = 1; i <= 4; i++) await enqueueJob(db, input('user:a', partnerA, `a${i}`));
    for (let i = 1; i <= 2; i++) await enqueueJob(db, input('user:b', partnerA, `b${i}`));
    const { kind, started, mostAtOnce } = recordingKind({ concurrency: 3, hold: () => new Promise((r) => setTimeout(r, 30)) });
    const tier = startWorkTier(db, { logger: quiet, kinds: [kind], slots: 3, pollMs: 3_600_000, perOwnerRunning: 1 });
    await tier.runOnce();
    await tier.stop();
    expect(started).toHaveLength(6);
    expect(mostAtOnce.get('user:a')).toBe(1);
    expect(mostAtOnce.get('user:b')).toBe(1);
  });
});

describe(`the work tier: limits at enqueue and shared work (${engineName()})`, () => {
  it('refuses a user past perOwner waiting or running jobs with RATE_LIMITED and retryAfterSeconds; other users go on', async () => {
    const limits = { perOwner: 2, perPartner: 3 };
    await enqueueJob(db, input('user:a', partnerA, 'a1', { limits }));
    await enqueueJob(db, input('user:a', partnerA, 'a2', { limits }));
    const refused = await enqueueJob(db, input('user:a', partnerA, 'a3', { limits })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('RATE_LIMITED');
    const seconds = (refused as DomainError).extensions.retryAfterSeconds as number;
    expect(seconds).toBeGreaterThan(0);
    expect((refused as DomainError).message).toBe(`Wait ${seconds} seconds.`);
    // Nothing was written for the refusal; another user of the partner still gets a place, the partner's last.
    expect((await db.query('SELECT 1 FROM jobs')).rows).toHaveLength(2);
    await enqueueJob(db, input('user:b', partnerA, 'b1', { limits }));
    const partnerFull = await enqueueJob(db, input('user:c', partnerA, 'c1', { limits })).catch((e: unknown) => e);
    expect((partnerFull as DomainError).code).toBe('RATE_LIMITED');
    // Another partner's user is not held to partner A's limit.
    await enqueueJob(db, input('user:d', partnerB, 'd1', { limits }));
  });

  it('shares one job between everyone asking for the same key, at no place in their queue', async () => {
    const limits = { perOwner: 1, perPartner: 10 };
    const first = await enqueueJob(db, input('user:a', partnerA, 'render', { key: 'same-work', limits }));
    const again = await Promise.all([1, 2, 3].map((n) => enqueueJob(db, input(`user:${n}`, partnerA, 'render', { key: 'same-work', limits }))));
    expect(first.created).toBe(true);
    expect(again.map((q) => [q.created, q.job.id])).toEqual([1, 2, 3].map(() => [false, first.job.id]));
    const { kind, started } = recordingKind();
    const tier = startWorkTier(db, { logger: quiet, kinds: [kind], slots: 1, pollMs: 3_600_000 });
    const waiters = [1, 2, 3].map(() => waitForJob(db, first.job.id));
    await tier.runOnce();
    await tier.stop();
    expect(started).toEqual(['render']);
    for (const settled of await Promise.all(waiters)) expect(settled).toMatchObject({ status: 'done', result: { label: 'render' } });
    // Once it is done the key is free: asking again is new work.
    expect((await enqueueJob(db, input('user:a', partnerA, 'render', { key: 'same-work', limits }))).created).toBe(true);
  });
});

describe(`the work tier: leases and cancellation (${engineName()})`, () => {
  const expireLease = (id: number) => db.query(`UPDATE jobs SET lease_until = now() - interval '1 second' WHERE id = $1`, [id]);

  it('takes a job again whose process died (its lease ran out), and gives it up after its attempts', async () => {
    const { job } = await enqueueJob(db, input('user:a', partnerA, 'orphaned', { maxAttempts: 2 }));
    // A process claims it and dies: nothing renews the lease.
    const claimed = await claimJob(db, { kinds: [KIND], leaseMs: 60_000, perOwnerRunning: 1, perPartnerRunning: 10 });
    expect(claimed?.job.id).toBe(job.id);
    // Held while its lease runs: not taken twice.
    expect(await claimJob(db, { kinds: [KIND], leaseMs: 60_000, perOwnerRunning: 5, perPartnerRunning: 10 })).toBeNull();
    // Its lease runs out (set in the past rather than waited for: a loaded machine once took longer than a 50 ms
    // lease between the two claims above).
    await expireLease(job.id);
    const { kind, started } = recordingKind();
    const tier = startWorkTier(db, { logger: quiet, kinds: [kind], slots: 1, pollMs: 3_600_000 });
    await tier.runOnce();
    await tier.stop();
    expect(started).toEqual(['orphaned']);
    expect(await findJob(db, job.id)).toMatchObject({ status: 'done', attempts: 2 });

    const { job: doomed } = await enqueueJob(db, input('user:a', partnerA, 'doomed', { maxAttempts: 1 }));
    await claimJob(db, { kinds: [KIND], leaseMs: 60_000, perOwnerRunning: 1, perPartnerRunning: 10 });
    await expireLease(doomed.id);
    const failed: number[] = [];
    const giving = startWorkTier(db, { logger: quiet, kinds: [{ ...kind, failed: async (_db, j, gaveUp) => void (gaveUp && failed.push(j.id)) }], slots: 1, pollMs: 3_600_000 });
    await giving.runOnce();
    await giving.stop();
    expect(failed).toEqual([doomed.id]);
    expect(await findJob(db, doomed.id)).toMatchObject({ status: 'failed' });
  });

  it('aborts a running job canceled in this process, or in another one (seen at its lease renewal)', async () => {
    const aborted: string[] = [];
    const hold = (job: JobRecord<{ label: string }>, signal: AbortSignal) =>
      new Promise<void>((_, reject) =>
        signal.addEventListener('abort', () => {
          aborted.push(job.payload.label);
          reject(signal.reason);
        }),
      );
    const { kind } = recordingKind({ concurrency: 2, hold });
    const tier = startWorkTier(db, { logger: quiet, kinds: [kind], slots: 2, leaseMs: 150, pollMs: 3_600_000 });
    const here = await enqueueJob(db, input('user:a', partnerA, 'here'));
    const there = await enqueueJob(db, input('user:b', partnerA, 'there'));
    const running = tier.runOnce();
    for (const id of [here.job.id, there.job.id]) await expect.poll(async () => (await findJob(db, id))?.status).toBe('running');
    expect(await cancelJob(db, here.job.id)).toBe(true);
    // Another process cancels with SQL only: this tier learns it when it renews the lease.
    await db.query(`UPDATE jobs SET status = 'canceled', finished_at = now() WHERE id = $1`, [there.job.id]);
    await running;
    await tier.stop();
    expect(aborted.sort()).toEqual(['here', 'there']);
    expect(await findJob(db, here.job.id)).toMatchObject({ status: 'canceled' });
    expect(await findJob(db, there.job.id)).toMatchObject({ status: 'canceled' });
  });

  it('a waiter whose request ends cancels the job when nobody else waits for it', async () => {
    const { job } = await enqueueJob(db, input('user:a', partnerA, 'abandoned'));
    const request = new AbortController();
    const waiting = waitForJob(db, job.id, { signal: request.signal, cancelOnAbort: true, pollMs: 20 });
    request.abort(new Error('deadline'));
    await expect(waiting).rejects.toThrow('deadline');
    expect(await findJob(db, job.id)).toMatchObject({ status: 'canceled' });
  });

  it('hands running jobs back when the tier stops, the attempt not counted', async () => {
    const { job } = await enqueueJob(db, input('user:a', partnerA, 'interrupted'));
    const { kind } = recordingKind({ hold: (_job, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))) });
    const tier = startWorkTier(db, { logger: quiet, kinds: [kind], slots: 1, pollMs: 3_600_000 });
    await expect.poll(async () => (await findJob(db, job.id))?.status).toBe('running');
    await tier.stop();
    expect(await findJob(db, job.id)).toMatchObject({ status: 'queued', attempts: 0 });
  });
});

/** Every thread of this process: its id, name and nice value (Linux). */
const threadNices = () =>
  readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return [{ tid, name: readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim(), nice: Number(stat.split(') ')[1]!.split(' ')[16]) }];
    } catch {
      return [];
    }
  });

describe('worker threads (piscina)', () => {
  it.runIf(existsSync('/proc/self/task'))("an upload's pixel work runs on libvips threads that yield to the main thread", async () => {
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a6' } }).jpeg().toBuffer();
    const rules: ImageRules = { ...PICTURE_RULES, within: { width: 800, height: 800 }, refusals: imageRefusals('photo', PICTURE_RULES) };
    const image = await readUploadedImage(jpeg, rules);
    await image.pixels().webp().toBuffer();
    await readUploadedImage(jpeg, rules);
    const threads = threadNices();
    const main = threads.find((t) => t.tid === String(process.pid))!.nice;
    const vips = threads.filter((t) => t.name.startsWith('libvips'));
    expect(vips.length).toBeGreaterThan(0);
    expect(vips.every((t) => t.nice === main + 10), JSON.stringify(vips)).toBe(true);
  });


  it('renders on a worker thread, and an aborted task ends with its signal', async () => {
    const png = await runOnThread('marketing.render', {
      templateId: 'social-square',
      format: 'png',
      content: { texts: { headline: 'On a thread' }, photos: [], agentPicture: null, qr: null, primaryColor: '#1f4e79' },
      title: '',
      scale: 0.1,
    });
    expect(Buffer.from(png).subarray(1, 4).toString()).toBe('PNG');
    // The render thread yields the cores to the main thread (Linux keeps a nice value per thread).
    if (existsSync('/proc/self/task')) expect(threadNices().map((t) => t.nice)).toContain(threadNices().find((t) => t.tid === String(process.pid))!.nice + 10);
    const abort = new AbortController();
    const task = runOnThread('marketing.render', { templateId: 'flyer-letter', format: 'pdf', content: { texts: {}, photos: [], agentPicture: null, qr: null, primaryColor: '#1f4e79' }, title: 'x' }, { signal: abort.signal });
    abort.abort();
    await expect(task).rejects.toThrow();
  });
});
