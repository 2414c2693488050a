import { PutObjectCommand } from '@aws-sdk/client-s3';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { replaceUserPhoto } from '../accounts/photos';
import { signUp } from '../accounts/testing';
import { findUserById, type UserRecord } from '../accounts/users';
import { seedPicture, storePostImage } from '../content/images';
import type { Queryable } from '../db';
import { createUploadedDocument } from '../documents/documents';
import { insertSellerCase } from '../listing-photos/demo-case';
import { storeListingPhoto } from '../listing-photos/photos';
import type { Logger } from '../log';
import { uploadPartnerImage } from '../partners/images';
import { generatePdf, startPdfWorker } from '../pdf/jobs';
import { signGeneratedPdf } from '../pdf/sign';
import { graphqlAs } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';
import { startS3Double, type S3Double } from '../testing/s3-double';
import { copyFiles } from './copy';
import { LocalDiskStorage, type Storage } from './index';
import { S3Storage } from './s3';
import { sweepOrphanUploads, type UploadFolder } from './orphans';

/** A database that knows two users: 7 with an image, 8 without. */
const db = {
  query: async () => ({ rows: [{ id: 7, image: '/media/users/7/kept.png' }, { id: 8, image: null }] }),
} as unknown as Queryable;

let double: S3Double;
beforeAll(async () => {
  double = await startS3Double({ pageSize: 2 });
});
afterAll(() => double?.close());

/** The same cases on the local disk and in an S3 bucket (the double): where files are written, aged and looked at. */
interface Place {
  uploads: string | Storage;
  write(key: string): Promise<void>;
  age(key: string, at: Date): Promise<void>;
  keysUnder(folder: string): Promise<string[]>;
}

/** An object written straight to the bucket, as another program (or a killed one) may: any key at all. */
const rawPut = async (storage: S3Storage, key: string) => {
  await (await storage.client()).send(new PutObjectCommand({ Bucket: storage.bucket, Key: storage.prefix + key, Body: Buffer.from('x') }));
};

let root = '';
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const places: Record<'local disk' | 'S3', () => Promise<Place>> = {
  'local disk': async () => {
    root = await mkdtemp(join(tmpdir(), 'hearth-orphans-'));
    return {
      uploads: root,
      write: async (key) => {
        await mkdir(dirname(join(root, key)), { recursive: true });
        await writeFile(join(root, key), 'x');
      },
      age: (key, at) => utimes(join(root, key), at, at),
      keysUnder: async (folder) => (await readdir(join(root, folder))).map((name) => `${folder}/${name}`).sort(),
    };
  },
  S3: async () => {
    const storage = new S3Storage(double.config());
    return {
      uploads: storage,
      write: (key) => rawPut(storage, key),
      age: async (key, at) => double.age(storage.prefix + key, at),
      keysUnder: async (folder) => {
        const keys: string[] = [];
        for await (const file of storage.list(`${folder}/`)) keys.push(file.key);
        return keys;
      },
    };
  },
};

describe.each(Object.keys(places) as (keyof typeof places)[])('sweepOrphanUploads: profile photos on the %s', (name) => {
  const files = async (place: Place, tree: Record<string, string[]>) => {
    for (const [folder, names] of Object.entries(tree)) for (const file of names) await place.write(`users/${folder}/${file}`);
  };

  it('removes the files no user names (a replaced photo, a half-written temporary, a user gone) and keeps the image', async () => {
    const place = await places[name]();
    await files(place, { '7': ['kept.png', 'replaced.png', 'new.png.ab12cd.partial'], '8': ['never-saved.jpg'], '9': ['user-gone.png'] });
    const report = await sweepOrphanUploads(db, place.uploads, { olderThanMs: 0 });
    expect(report).toMatchObject({ checked: 5, removed: 4 });
    expect(await place.keysUnder('users/7')).toEqual(['users/7/kept.png']);
    expect(await place.keysUnder('users/8')).toEqual([]);
  });

  it('keeps files younger than the grace (another process may be between its file and its row)', async () => {
    const place = await places[name]();
    await files(place, { '7': ['kept.png', 'in-flight.png', 'old.png'] });
    await place.age('users/7/old.png', new Date(Date.now() - 3_600_000));
    const report = await sweepOrphanUploads(db, place.uploads, { olderThanMs: 10 * 60 * 1000 });
    expect(report.removed).toBe(1);
    expect(await place.keysUnder('users/7')).toEqual(['users/7/in-flight.png', 'users/7/kept.png']);
  });

  it('does nothing without an upload folder', async () => {
    const place = await places[name]();
    const empty = typeof place.uploads === 'string' ? join(place.uploads, 'missing') : place.uploads;
    expect(await sweepOrphanUploads(db, empty, { olderThanMs: 0 })).toMatchObject({ checked: 0, removed: 0 });
  });
});

// ---------------------------------------------------------------------------------------------------
// Every folder, against a real database, its files written by the modules that write them

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const png = (width: number, height: number, colour = '#3a7') => sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
const jpeg = (colour: string) => sharp({ create: { width: 700, height: 500, channels: 3, background: colour } }).jpeg().toBuffer();

describe(`sweepOrphanUploads on ${engineName()}`, () => {
  let server: RunningServer;
  let uploads = '';
  let admin: UserRecord;
  let partnerId = 0;

  beforeAll(async () => {
    uploads = await mkdtemp(join(tmpdir(), 'hearth-orphans-db-'));
    process.env.HEARTH_UPLOAD_DIR = uploads;
    server = await startTestServer({ jobs: false });
    const signedUp = await signUp(server);
    await server.db.query('UPDATE users SET is_superuser = true WHERE id = $1', [signedUp.user.id]);
    admin = (await findUserById(server.db, signedUp.user.id))!;
    const { rows } = await server.db.query<{ id: number }>('SELECT id FROM partners ORDER BY id LIMIT 1');
    partnerId = Number(rows[0]!.id);
  });

  afterAll(async () => {
    await server?.close();
    delete process.env.HEARTH_UPLOAD_DIR;
    if (uploads) await rm(uploads, { recursive: true, force: true });
  });

  const exists = (key: string) => readFile(join(uploads, key)).then(() => true, () => false);
  /** A file no module wrote: what a killed process leaves. */
  const put = async (key: string) => {
    await mkdir(dirname(join(uploads, key)), { recursive: true });
    await writeFile(join(uploads, key), 'orphan');
    return key;
  };
  /** Every file under the folder, as storage keys. */
  const keysUnder = async (folder: string): Promise<string[]> => {
    const entries = await readdir(join(uploads, folder), { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(uploads.length + 1)).sort();
  };
  const sweep = (olderThanMs = 0) => sweepOrphanUploads(server.db, uploads, { olderThanMs });
  /** The test database, noting each question put to it. */
  const recording = () => {
    const questions: string[] = [];
    const recorder: Queryable = { query: (sql, params) => (questions.push(sql), server.db.query(sql, params)), exec: (sql) => server.db.exec(sql) };
    return { recorder, questions };
  };
  const only = (report: Awaited<ReturnType<typeof sweep>>, folder: UploadFolder) => report.folders[folder];

  it('removes nothing of a freshly seeded installation: the seed’s post images and listing photos are all named', async () => {
    const before = [...(await keysUnder('posts')), ...(await keysUnder('listing-photos'))];
    expect(before.length).toBeGreaterThan(0);
    const report = await sweep();
    expect(report.removed).toBe(0);
    expect(report.ignored).toBe(0);
    expect(report.checked).toBe(before.length);
    expect([...(await keysUnder('posts')), ...(await keysUnder('listing-photos'))]).toEqual(before);
  });

  it('partners: a replaced logo’s old file goes, the current logo and agent picture stay; other names stay', async () => {
    const first = await uploadPartnerImage(server.db, admin, partnerId, 'LOGO', await png(300, 120, '#a33'));
    const current = await uploadPartnerImage(server.db, admin, partnerId, 'LOGO', await png(300, 120, '#33a'));
    const agent = await uploadPartnerImage(server.db, admin, partnerId, 'AGENT_PICTURE', await png(200, 200));
    const key = (path: string | null) => path!.replace(/^\/media\//, '');
    expect(key(first.logoUrl)).not.toBe(key(current.logoUrl));
    // Uploading never removes the old logo: the sweep does.
    expect(await exists(key(first.logoUrl))).toBe(true);
    const partial = await put(`${key(current.logoUrl)}.${hex(6)}.partial`);
    const gonePartner = await put(`partners/987654/logo-${hex(12)}.webp`);
    const foreign = await put(`partners/${partnerId}/notes.txt`);

    const report = only(await sweep(), 'partners');
    expect(report).toEqual({ checked: 5, removed: 3, ignored: 1 });
    expect(await exists(key(first.logoUrl))).toBe(false);
    expect(await exists(partial)).toBe(false);
    expect(await exists(gonePartner)).toBe(false);
    expect(await exists(key(current.logoUrl))).toBe(true);
    expect(await exists(key(agent.agentPictureUrl))).toBe(true);
    expect(await exists(foreign)).toBe(true);
  });

  it('posts: a size the image no longer has goes (and an image without a row), its sizes stay', async () => {
    const baseKey = `posts/test/sweep-${hex(3)}`;
    expect((await storePostImage(server.db, baseKey, await seedPicture(await png(1700, 900)), 'Wide')).widths).toEqual([480, 960, 1600]);
    // Stored again from a narrower original: the 1600 size is no longer the image's.
    expect((await storePostImage(server.db, baseKey, await seedPicture(await png(1000, 600)), 'Narrow')).widths).toEqual([480, 960]);
    const rowless = await put(`posts/uploads/${hex(12)}-480.webp`);

    const report = only(await sweep(), 'posts');
    expect(report.removed).toBe(2);
    expect(await exists(`${baseKey}-1600.webp`)).toBe(false);
    expect(await exists(rowless)).toBe(false);
    expect(await exists(`${baseKey}-480.webp`)).toBe(true);
    expect(await exists(`${baseKey}-960.webp`)).toBe(true);
  });

  it('listing photos: the sizes of a deleted row go, another photo’s stay', async () => {
    const { listingId } = await insertSellerCase(server.db, admin.id, `S${process.pid}X${hex(2)}`);
    const deleted = await storeListingPhoto(server.db, listingId, admin.id, await jpeg('#c84'), 'front.jpg');
    const kept = await storeListingPhoto(server.db, listingId, admin.id, await jpeg('#48c'), 'back.jpg');
    // A deletion whose files were never removed (the process died after the commit).
    await server.db.query('DELETE FROM listing_photos WHERE id = $1', [deleted.id]);
    const sizes = (p: typeof kept) => p.widths.flatMap((w) => [`${p.baseKey}-${w}.webp`, `${p.baseKey}-${w}.jpg`]);

    const report = only(await sweep(), 'listing-photos');
    expect(report.removed).toBe(sizes(deleted).length);
    for (const k of sizes(deleted)) expect(await exists(k)).toBe(false);
    for (const k of sizes(kept)) expect(await exists(k)).toBe(true);
  });

  it('documents and generated PDFs: files no row names go (a job whose process died after its files), named ones stay', async () => {
    const { caseId } = await insertSellerCase(server.db, admin.id, `D${process.pid}X${hex(2)}`);
    const { rows: slots } = await server.db.query<{ id: number }>(
      "SELECT id FROM case_components WHERE application_type_id = 4 AND component_type = 'UPLOAD_DOCUMENT' ORDER BY position LIMIT 1",
    );
    const { rows: owner } = await server.db.query<{ partner_id: number }>(
      'SELECT r.partner_id FROM application_cases c JOIN questionnaire_responses r ON r.id = c.response_id WHERE c.id = $1',
      [caseId],
    );
    const caller = { user: admin, partnerId: Number(owner[0]!.partner_id) };
    const upload = { componentId: Number(slots[0]!.id), fileName: 'id.png', bytes: await png(64, 64), applicationCaseId: caseId };
    const document = await createUploadedDocument(server.db, upload, caller);
    const { rows: stored } = await server.db.query<{ storage_key: string }>('SELECT storage_key FROM uploaded_documents WHERE id = $1', [document.id]);
    const documentKey = stored[0]!.storage_key;
    const rowlessDocument = await put(`documents/${caseId}/${hex(16)}.pdf`);

    // The first run dies after both files are stored and before the row names them; the second finishes.
    let failOnce = true;
    const disk = new LocalDiskStorage(uploads);
    const dying: Storage = new (class extends LocalDiskStorage {
      override async put(k: string, data: Uint8Array) {
        await super.put(k, data);
        if (failOnce && k.endsWith('-attachments.pdf')) {
          failOnce = false;
          throw new Error('killed');
        }
      }
    })(uploads);
    const job = await generatePdf(server.db, { applicationCaseId: caseId }, caller);
    const worker = startPdfWorker(server.db, { logger: quiet, intervalMs: 3_600_000, storage: dying });
    await worker.runOnce();
    await worker.runOnce();
    await worker.stop();
    const { rows: jobs } = await server.db.query<{ status: string; pdf_key: string; attachment_pdf_key: string }>(
      'SELECT status, pdf_key, attachment_pdf_key FROM generated_pdfs WHERE id = $1',
      [job.id],
    );
    expect(jobs[0]!.status).toBe('done');
    const signing = { id: job.id, user: admin, partnerId: caller.partnerId, signerName: 'Ada Lovelace', drawn: null, ip: '127.0.0.1' };
    const signature = await signGeneratedPdf(server.db, signing, disk);
    const named = [jobs[0]!.pdf_key, jobs[0]!.attachment_pdf_key, signature.signedPdfKey];
    const generated = await keysUnder(`generated/${caseId}`);
    const leftByTheDeadRun = generated.filter((k) => !named.includes(k));
    expect(leftByTheDeadRun).toHaveLength(2);
    const rowlessSigned = await put(`generated/${caseId}/${hex(12)}-signed.pdf`);

    const report = await sweep();
    expect(only(report, 'documents')).toEqual({ checked: 2, removed: 1, ignored: 0 });
    expect(only(report, 'generated')).toEqual({ checked: 6, removed: 3, ignored: 0 });
    expect(await exists(documentKey)).toBe(true);
    expect(await exists(rowlessDocument)).toBe(false);
    expect(await keysUnder(`generated/${caseId}`)).toEqual([...named].sort());
    expect(await exists(rowlessSigned)).toBe(false);
  });

  it('marketing: a material’s rendered files stay while their rows name them; a file of no version goes', async () => {
    const owner = await signUp(server);
    const { caseId } = await insertSellerCase(server.db, owner.user.id, `M${process.pid}X${hex(2)}`);
    const created = await graphqlAs(server, owner, `mutation ($c: ID!) { createMarketingMaterial(applicationCaseId: $c, templateId: "social-square") { id } }`, {
      c: String(caseId),
    });
    const materialId = created.data!.createMarketingMaterial.id as string;
    // Made with the material, as jobs of the work tier: its PDF and PNG.
    const rendered = async () =>
      (await server.db.query<{ storage_key: string }>('SELECT storage_key FROM marketing_renders WHERE material_id = $1 ORDER BY storage_key', [materialId])).rows.map(
        (r) => r.storage_key,
      );
    await expect.poll(async () => (await rendered()).length, { timeout: 60_000 }).toBe(2);
    const named = await rendered();
    const rowless = await put(`marketing/${materialId}/${hex(16)}.png`);
    const strangers = [await put(`marketing/${materialId}/preview.png`), await put(`marketing/${hex(16)}.png`)];
    const report = await sweep();
    expect(only(report, 'marketing')).toEqual({ checked: 3, removed: 1, ignored: 2 });
    expect(await keysUnder(`marketing/${materialId}`)).toEqual([...named, strangers[0]!].sort());
    expect(await exists(rowless)).toBe(false);
    for (const k of strangers) expect(await exists(k)).toBe(true);
    for (const k of strangers) await rm(join(uploads, k));
  });

  it('users: the file beside a user’s image goes, the image stays', async () => {
    const signedUp = await signUp(server);
    await replaceUserPhoto(server.db, signedUp.user.id, await png(80, 80));
    const image = (await findUserById(server.db, signedUp.user.id))!.image!;
    const stale = await put(`users/${signedUp.user.id}/${hex(12)}.png`);
    expect(only(await sweep(), 'users')).toMatchObject({ removed: 1 });
    expect(await exists(image.replace(/^\/media\//, ''))).toBe(true);
    expect(await exists(stale)).toBe(false);
  });

  it('staged: an upload’s original stays while a live job names it, and goes once none does', async () => {
    const live = await put(`staged/${hex(16)}.upload`);
    const left = await put(`staged/${hex(16)}.upload`);
    const stranger = await put(`staged/${hex(16)}.bin`);
    const { rows } = await server.db.query<{ id: number }>(
      `INSERT INTO jobs (kind, owner, partner_id, payload) VALUES ('image-upload', 'user:1', NULL, $1::jsonb) RETURNING id`,
      [JSON.stringify({ stagedKey: live })],
    );
    try {
      expect(only(await sweep(), 'staged')).toEqual({ checked: 2, removed: 1, ignored: 1 });
      expect([await exists(live), await exists(left), await exists(stranger)]).toEqual([true, false, true]);
      // Its job given up (a process killed mid-upload): the original is nobody's.
      await server.db.query(`UPDATE jobs SET status = 'failed', finished_at = now() WHERE id = $1`, [rows[0]!.id]);
      expect(only(await sweep(), 'staged')).toMatchObject({ removed: 1 });
      expect(await exists(live)).toBe(false);
    } finally {
      await server.db.query('DELETE FROM jobs WHERE id = $1', [rows[0]!.id]);
      await rm(join(uploads, stranger));
    }
  });

  it('keeps every orphan younger than the grace, and removes them once they are older', async () => {
    const young = [
      await put(`partners/${partnerId}/agent-${hex(12)}.webp`),
      await put(`posts/uploads/${hex(12)}-960.webp`),
      await put(`listing-photos/123456/${hex(12)}-480.jpg`),
      await put(`documents/r-${randomUUID()}/${hex(16)}.png`),
      await put(`generated/123456/${hex(12)}-form.pdf`),
      await put(`marketing/123456/${hex(16)}.pdf`),
    ];
    expect((await sweep(10 * 60 * 1000)).removed).toBe(0);
    for (const k of young) expect(await exists(k)).toBe(true);
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const k of young) await utimes(join(uploads, k), hourAgo, hourAgo);
    expect((await sweep(10 * 60 * 1000)).removed).toBe(young.length);
    for (const k of young) expect(await exists(k)).toBe(false);
  });

  it('asks in batches when a folder holds more ids or keys than one question takes, with the same result', async () => {
    const images = [];
    for (let i = 0; i < 3; i++) images.push(await storePostImage(server.db, `posts/batch/${hex(4)}`, await seedPicture(await png(1000, 500)), 'Batch'));
    const rowless = [await put(`posts/batch/${hex(4)}-480.webp`), await put(`posts/batch/${hex(4)}-960.webp`)];
    const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM post_images');
    const { recorder, questions } = recording();
    const report = await sweepOrphanUploads(recorder, uploads, { olderThanMs: 0, batchSize: 2 });
    // Every post image's base key and the two without a row, two a question.
    expect(questions.filter((q) => q.includes('post_images'))).toHaveLength(Math.ceil((rows[0]!.n + rowless.length) / 2));
    expect(report.folders.posts.removed).toBe(rowless.length);
    for (const k of rowless) expect(await exists(k)).toBe(false);
    for (const image of images) for (const w of image.widths) expect(await exists(`${image.baseKey}-${w}.webp`)).toBe(true);
  });

  it('in an S3 bucket: the same rules, one question per folder; named files and names it never writes stay, orphans past the grace go', async () => {
    const bucket = new S3Storage(double.config());
    // The installation's files as a move to the bucket copies them (the seed's, and what the cases above kept).
    const copied = await copyFiles(new LocalDiskStorage(uploads), bucket);
    expect(copied.files).toBeGreaterThan(0);
    const orphans = [
      `users/424242/${hex(12)}.png`,
      `partners/${partnerId}/logo-${hex(12)}.webp`,
      `posts/uploads/${hex(12)}-480.webp`,
      `listing-photos/555/${hex(12)}-480.webp`,
      `documents/555/${hex(16)}.pdf`,
      `generated/555/${hex(12)}-form.pdf`,
      `marketing/555/${hex(16)}.png`,
    ];
    const young = `generated/556/${hex(12)}-signed.pdf`;
    const strangers = [`posts/Upper-Case-480.webp`, `listing-photos/555/not-ours.jpg`, `listing-photos/555/deeper/${hex(12)}-480.jpg`, `other-folder/${hex(12)}-480.jpg`];
    for (const key of [...orphans, young, ...strangers]) await rawPut(bucket, key);
    const all = async () => {
      const keys: string[] = [];
      for await (const file of bucket.list('')) keys.push(file.key);
      return keys;
    };
    const before = await all();
    for (const key of before) if (key !== young) double.age(bucket.prefix + key, new Date(Date.now() - 3_600_000));

    const { recorder, questions } = recording();
    const report = await sweepOrphanUploads(recorder, bucket, { olderThanMs: 10 * 60 * 1000 });
    expect(questions).toHaveLength(7);
    expect(report.removed).toBe(orphans.length);
    expect(await all()).toEqual(before.filter((key) => !orphans.includes(key)));
  });

  it('asks the database once per folder, follows no link out of the root and leaves names it never writes', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'hearth-orphans-outside-'));
    const before = await sweep();
    try {
      // What the links reach: names the sweep would remove if they were in the folder itself.
      const outsideLogo = `logo-${hex(12)}.webp`;
      await writeFile(join(outside, `${hex(12)}-480.jpg`), 'outside');
      await writeFile(join(outside, outsideLogo), 'outside');
      const orphans = [
        await put(`users/424242/${hex(12)}.png`),
        await put(`partners/${partnerId}/logo-${hex(12)}.webp`),
        await put(`posts/uploads/${hex(12)}-480.webp`),
        await put(`listing-photos/555/${hex(12)}-480.webp`),
        await put(`documents/555/${hex(16)}.pdf`),
        await put(`marketing/555/${hex(16)}.png`),
      ];
      await symlink(outside, join(uploads, 'listing-photos', '556'));
      await symlink(join(outside, outsideLogo), join(uploads, 'partners', String(partnerId), `logo-${hex(12)}.webp`));
      await rm(join(uploads, 'generated'), { recursive: true, force: true });
      await symlink(outside, join(uploads, 'generated'));
      const strangers = [
        await put(`posts/Upper-Case-480.webp`),
        await put(`listing-photos/555/not-ours.jpg`),
        await put(`listing-photos/${hex(12)}-480.jpg`),
        await put(`documents/12/${hex(16)}.exe`),
        await put(`other-folder/${hex(12)}-480.jpg`),
      ];

      const { recorder, questions } = recording();
      const report = await sweepOrphanUploads(recorder, uploads, { olderThanMs: 0 });
      // users, partners, posts, listing-photos, documents, marketing: one question each; generated is a link, not asked about.
      expect(questions).toHaveLength(6);
      expect(report.folders.generated).toEqual({ checked: 0, removed: 0, ignored: 1 });
      expect(report.removed).toBe(orphans.length);
      // The generated link, two links below folders and four names (other-folder is no upload folder of ours).
      expect(report.ignored - before.ignored).toBe(1 + 2 + 4);
      for (const k of orphans) expect(await exists(k)).toBe(false);
      for (const k of strangers) expect(await exists(k)).toBe(true);
      expect((await readdir(outside)).length).toBe(2);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
