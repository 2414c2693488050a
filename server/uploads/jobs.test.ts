/**
 * Uploaded images as jobs of the work tier (issue 37 part 2): the request stages the original and waits; the job
 * decodes it on a work thread and stores the route's files; one user's burst never holds another user's upload
 * behind it; a refusal is the route's message; nothing is left in storage by an upload whose request stopped.
 * On the real database (PGlite, or PostgreSQL in CI) with a tier of this file, never a server.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { DomainError } from '../domain-error';
import { findJob, userOwner, type JobRecord } from '../jobs/queue';
import { startWorkTier } from '../jobs/tier';
import type { Logger } from '../log';
import { LocalDiskStorage } from '../storage';
import { engineName, openTestDatabase } from '../testing/test-server';
import { imageRefusals, PICTURE_RULES, type ImageRules } from './image';
import { IMAGE_QUEUE_LIMITS, IMAGE_UPLOAD_JOB, imageUploadKind, storeUploadedImage, type ImageUploadWhere } from './jobs';

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const RULES: ImageRules = { ...PICTURE_RULES, within: { width: 800, height: 800 }, refusals: imageRefusals('photo', PICTURE_RULES) };

let db: Database;
let root: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  db = await openTestDatabase();
  root = await mkdtemp(join(tmpdir(), 'hearth-image-jobs-'));
  storage = new LocalDiskStorage(root);
});
afterAll(async () => {
  await db?.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(async () => {
  await db.query('DELETE FROM jobs');
  await rm(root, { recursive: true, force: true });
});

const png = (width: number, height: number, background = '#3a6') => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** Every file in the storage folder, relative to it. */
async function stored(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(root, join(e.parentPath, e.name))).sort();
}

const where = (user: string, name: string, extra: Partial<ImageUploadWhere> = {}): ImageUploadWhere => ({
  recipe: 'user-photo',
  baseKey: `users/${user.length}/${name}`,
  owner: userOwner(user === 'a' ? 1 : 2),
  partnerId: null,
  storage,
  ...extra,
});

/** Resolves once `count` image jobs are queued (the uploads have staged and enqueued, and wait). */
async function queued(count: number): Promise<void> {
  await expect
    .poll(async () => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE kind = $1 AND status = 'queued'`, [IMAGE_UPLOAD_JOB])).rows[0]!.n))
    .toBe(count);
}

describe(`image uploads as jobs (${engineName()})`, () => {
  it('the request only stages and waits; the job stores the files and the staged original goes', async () => {
    const upload = storeUploadedImage(db, await png(1200, 600), RULES, where('a', 'one'));
    await queued(1);
    // Nothing decoded or stored on the request's side: only the staged original.
    expect((await stored()).every((f) => f.startsWith('staged/'))).toBe(true);
    expect(await stored()).toHaveLength(1);
    const tier = startWorkTier(db, { logger: quiet, kinds: [imageUploadKind({ storage })], slots: 1, pollMs: 3_600_000 });
    const derived = await upload;
    await tier.stop();
    expect(derived).toMatchObject({ type: 'png', width: 1200, height: 600, files: [{ key: 'users/1/one.webp', contentType: 'image/webp', width: 800, height: 400 }] });
    expect(await stored()).toEqual(['users/1/one.webp']);
    expect((await sharp(join(root, 'users/1/one.webp')).metadata()).format).toBe('webp');
  });

  it('one user’s burst does not hold another user’s upload behind it: B’s one upload is among the first two done', async () => {
    const burst = await Promise.all([1, 2, 3, 4].map((i) => png(64 * i, 64)));
    const uploads: Promise<unknown>[] = [];
    // One after the other, so that A's four are queued in their order.
    for (const [i, bytes] of burst.entries()) {
      uploads.push(storeUploadedImage(db, bytes, RULES, where('a', `a${i + 1}`)));
      await queued(i + 1);
    }
    uploads.push(storeUploadedImage(db, await png(64, 64, '#a36'), RULES, where('b', 'b1')));
    await queued(5);
    const order: string[] = [];
    const tier = startWorkTier(db, {
      logger: quiet,
      kinds: [imageUploadKind({ storage })],
      slots: 1,
      pollMs: 3_600_000,
      onSettled: (job: JobRecord) => order.push(String((job.payload as { baseKey: string }).baseKey.split('/').pop())),
    });
    const results = await Promise.all(uploads);
    await tier.stop();
    expect(results).toHaveLength(5);
    expect(order).toHaveLength(5);
    expect(order.indexOf('b1')).toBeLessThanOrEqual(1);
    // A's own uploads keep their order.
    expect(order.filter((name) => name.startsWith('a'))).toEqual(['a1', 'a2', 'a3', 'a4']);
    expect((await stored()).filter((f) => f.startsWith('staged/'))).toEqual([]);
  });

  it('answers the route’s refusal for a file that is no image or declares too many pixels, and stores nothing', async () => {
    const tier = startWorkTier(db, { logger: quiet, kinds: [imageUploadKind({ storage })], slots: 1, pollMs: 3_600_000 });
    try {
      // Not an image by its magic bytes: refused on the request, no job.
      const text = await storeUploadedImage(db, Buffer.from('not a photo at all'), RULES, where('a', 'text')).catch((e: unknown) => e);
      expect(text).toMatchObject({ code: 'BAD_USER_INPUT', message: RULES.refusals.notAnImage });
      expect((await db.query('SELECT id FROM jobs')).rows).toHaveLength(0);
      // A PNG header of 20000 × 20000 pixels: refused by the job from the header, with the route's message.
      const header = await png(20, 20);
      header.writeUInt32BE(20_000, 16);
      header.writeUInt32BE(20_000, 20);
      const huge = await storeUploadedImage(db, header, RULES, where('a', 'huge')).catch((e: unknown) => e);
      expect(huge).toBeInstanceOf(DomainError);
      expect(huge).toMatchObject({ code: 'BAD_USER_INPUT', message: RULES.refusals.tooManyPixels(20_000, 20_000) });
      expect(await stored()).toEqual([]);
    } finally {
      await tier.stop();
    }
  });

  it('refuses a user past IMAGE_QUEUE_LIMITS.perOwner waiting uploads with RATE_LIMITED and retryAfterSeconds; another user goes on', async () => {
    const request = new AbortController();
    const small = await png(40, 40);
    const waiting: Promise<unknown>[] = [];
    for (let i = 0; i < IMAGE_QUEUE_LIMITS.perOwner; i++) {
      waiting.push(storeUploadedImage(db, small, RULES, where('a', `w${i}`, { signal: request.signal })).catch((e: unknown) => e));
      await queued(i + 1);
    }
    const refused = await storeUploadedImage(db, small, RULES, where('a', 'one-too-many')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('RATE_LIMITED');
    expect((refused as DomainError).extensions.retryAfterSeconds).toBeGreaterThan(0);
    // Another user is not refused for it.
    waiting.push(storeUploadedImage(db, small, RULES, where('b', 'b-ok', { signal: request.signal })).catch((e: unknown) => e));
    await queued(IMAGE_QUEUE_LIMITS.perOwner + 1);
    request.abort(new Error('done'));
    await Promise.all(waiting);
    // Every staged original went with its request, the refused one's too.
    expect(await stored()).toEqual([]);
  });

  it('a request that stops before its job runs cancels it, and leaves nothing stored', async () => {
    const request = new AbortController();
    const upload = storeUploadedImage(db, await png(300, 300), RULES, where('a', 'gone', { signal: request.signal })).catch((e: unknown) => e);
    await queued(1);
    request.abort(new Error('The client went away.'));
    expect(await upload).toMatchObject({ message: 'The client went away.' });
    const { rows } = await db.query<{ id: number }>('SELECT id FROM jobs');
    expect(await findJob(db, Number(rows[0]!.id))).toMatchObject({ status: 'canceled' });
    expect(await stored()).toEqual([]);
  });

  it('a job canceled after it stored its files removes them (discard)', async () => {
    let cancel: () => void = () => undefined;
    const kind = imageUploadKind({ storage });
    const run = kind.run.bind(kind);
    // The request stops while the job stores: the tier finds it canceled when it completes.
    kind.run = async (job, control) => {
      const result = await run(job, control);
      cancel();
      await db.query(`UPDATE jobs SET status = 'canceled' WHERE id = $1`, [job.id]);
      return result;
    };
    const request = new AbortController();
    cancel = () => request.abort(new Error('stopped'));
    const upload = storeUploadedImage(db, await png(300, 300), RULES, where('a', 'late', { signal: request.signal })).catch((e: unknown) => e);
    const tier = startWorkTier(db, { logger: quiet, kinds: [kind], slots: 1, pollMs: 3_600_000 });
    expect(await upload).toMatchObject({ message: 'stopped' });
    await tier.runOnce();
    await tier.stop();
    expect(await stored()).toEqual([]);
  });
});
