/**
 * Disk full and permission errors on uploads (issue 22, faults). The upload disk is replaced by one whose
 * writes fail — after writing part of the file, as a full disk does — with ENOSPC or EACCES. The client
 * gets a clear answer (507, or 503 with Retry-After; a GraphQL error that says what happened), and
 * nothing partial stays: no truncated or temporary file, no file without its row, no row without its file.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import { signUp } from '../accounts/testing';
import { insertSellerCase } from '../listing-photos/demo-case';
import type { GraphqlResponse } from '../testing/graphql';
import { engineName, startTestServer } from '../testing/test-server';
import { asStorageFault, LocalDiskStorage, replaceUploadStorageForTests, StorageFault, type DiskWriter } from './index';
import { writeFile } from 'node:fs/promises';
import { startS3Double } from '../testing/s3-double';
import { S3Storage } from './s3';

const errno = (code: string) => Object.assign(new Error(`${code}: simulated`), { code, errno: -1, syscall: 'write' });

/** Writes that succeed `okWrites` times, then write half the file and fail with `code`. */
function failingWriter(code: string, okWrites = 0): DiskWriter & { writes: number } {
  const writer = {
    writes: 0,
    async writeFile(path: string, data: Uint8Array) {
      writer.writes++;
      if (writer.writes <= okWrites) return writeFile(path, data);
      await writeFile(path, data.subarray(0, data.length >> 1));
      throw errno(code);
    },
  };
  return writer;
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

let uploadDir: string;
beforeAll(async () => {
  uploadDir = await mkdtemp(join(tmpdir(), 'hearth-storage-faults-'));
});
afterAll(() => rm(uploadDir, { recursive: true, force: true }));

describe('LocalDiskStorage on a failing disk', () => {
  it.each([
    ['ENOSPC', 507, 'storage_full', /no room left/],
    ['EDQUOT', 507, 'storage_full', /no room left/],
    ['EACCES', 503, 'storage_unavailable', /cannot store files right now/],
    ['EROFS', 503, 'storage_unavailable', /cannot store files right now/],
  ])('%s: a StorageFault %i, and neither the half-written file nor its temporary copy stays', async (code, status, name, message) => {
    const root = join(uploadDir, `unit-${code}`);
    const storage = new LocalDiskStorage(root, failingWriter(code));
    const failure = await storage.put('users/1/abc.png', new Uint8Array(4096).fill(7)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StorageFault);
    expect(failure).toMatchObject({ status, code: name });
    expect((failure as Error).message).toMatch(message);
    expect(await filesUnder(root)).toEqual([]);
    expect(await storage.get('users/1/abc.png')).toBeNull();
  });

  it('a working disk stores the whole file under its key', async () => {
    const root = join(uploadDir, 'unit-ok');
    const storage = new LocalDiskStorage(root);
    await storage.put('users/1/abc.png', new Uint8Array(100).fill(1));
    expect((await storage.get('users/1/abc.png'))?.data.length).toBe(100);
    expect(await filesUnder(root)).toEqual([join(root, 'users/1/abc.png')]);
  });

  it('leaves other errors as they are', () => {
    const other = errno('EBADF');
    expect(asStorageFault(other)).toBe(other);
  });
});

describe(`uploads on a failing disk (${engineName()})`, () => {
  let server: RunningServer;
  let restore: (() => void) | null = null;
  beforeAll(async () => {
    process.env.HEARTH_UPLOAD_DIR = uploadDir;
    server = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    delete process.env.HEARTH_UPLOAD_DIR;
  });
  afterEach(() => restore?.());

  const failDisk = (code: string, okWrites: number) => {
    const root = join(uploadDir, 'server');
    restore = replaceUploadStorageForTests(() => new LocalDiskStorage(root, failingWriter(code, okWrites)));
    return root;
  };

  const UPLOAD_PHOTO = 'mutation Upload($f: File!, $caseId: ID!) { uploadListingPhoto(file: $f, applicationCaseId: $caseId) { id } }';
  const UPLOAD_USER_PHOTO = 'mutation Upload($f: File!) { uploadUserPhoto(file: $f) { id } }';

  async function upload(token: string, query: string, variables: Record<string, unknown>, bytes: Buffer) {
    const form = new FormData();
    form.set('operations', JSON.stringify({ query, variables: { ...variables, f: null } }));
    form.set('map', JSON.stringify({ 0: ['variables.f'] }));
    form.set('0', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
    const response = await fetch(`${server.url}/graphql/?queryName=Upload`, { method: 'POST', headers: { Authorization: `Token ${token}` }, body: form });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as GraphqlResponse };
  }

  const jpeg = () => sharp({ create: { width: 1200, height: 900, channels: 3, background: '#48a' } }).jpeg().toBuffer();

  it.each([
    ['ENOSPC', 507, 'STORAGE_FULL', null],
    ['EACCES', 503, 'STORAGE_UNAVAILABLE', '60'],
  ])('a listing photo on a disk failing with %s after some sizes: %i, a clear error, no files, no row', async (code, status, errorCode, retryAfter) => {
    const seller = await signUp(server);
    const { caseId, listingId } = await insertSellerCase(server.db, seller.user.id, `F${process.pid}${code}`);
    // Two sizes (webp, jpeg) of the first width are written, then the disk fails.
    const root = failDisk(code, 2);
    const answer = await upload(seller.token, UPLOAD_PHOTO, { caseId: String(caseId) }, await jpeg());
    expect(answer.status).toBe(status);
    expect(answer.retryAfter).toBe(retryAfter);
    expect(answer.body.errors?.[0]?.extensions?.code).toBe(errorCode);
    expect(answer.body.errors?.[0]?.message).toMatch(/Nothing was saved/);
    expect(answer.body.errors?.[0]?.message).not.toMatch(/Unexpected error/);
    const { rows } = await server.db.query('SELECT id FROM listing_photos WHERE listing_id = $1', [listingId]);
    expect(rows).toEqual([]);
    expect(await filesUnder(join(root, 'listing-photos', String(listingId)))).toEqual([]);
  });

  it('a user photo on a full disk: 507, the user keeps no image, no file stays', async () => {
    const user = await signUp(server);
    const root = failDisk('ENOSPC', 0);
    const answer = await upload(user.token, UPLOAD_USER_PHOTO, {}, await jpeg());
    expect(answer.status).toBe(507);
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('STORAGE_FULL');
    const { rows } = await server.db.query<{ image: string | null }>('SELECT image FROM users WHERE id = $1', [user.user.id]);
    expect(rows[0]!.image).toBeNull();
    expect(await filesUnder(join(root, 'users', String(user.user.id)))).toEqual([]);
  });

  it.each([
    ['XMinioStorageFull', 507, 507, 'STORAGE_FULL', null],
    ['AccessDenied', 403, 503, 'STORAGE_UNAVAILABLE', '60'],
  ] as const)(
    'a listing photo in an S3 bucket failing with %s (HTTP %i) after some sizes: %i, a clear error, no objects, no row',
    async (code, httpStatus, status, errorCode, retryAfter) => {
      const double = await startS3Double();
      try {
        const bucket = new S3Storage(double.config());
        double.fail({ operations: ['PutObject', 'UploadPart'], after: 2, status: httpStatus, code });
        restore = replaceUploadStorageForTests(() => bucket);
        const seller = await signUp(server);
        const { caseId, listingId } = await insertSellerCase(server.db, seller.user.id, `S3${process.pid}${code.slice(0, 4)}`);
        const answer = await upload(seller.token, UPLOAD_PHOTO, { caseId: String(caseId) }, await jpeg());
        expect(answer.status).toBe(status);
        expect(answer.retryAfter).toBe(retryAfter);
        expect(answer.body.errors?.[0]?.extensions?.code).toBe(errorCode);
        expect(answer.body.errors?.[0]?.message).toMatch(/Nothing was saved/);
        const { rows } = await server.db.query('SELECT id FROM listing_photos WHERE listing_id = $1', [listingId]);
        expect(rows).toEqual([]);
        // Two sizes were stored before the failure; both were removed again.
        expect(double.requests.filter((r) => r.operation === 'PutObject' && r.status === 200)).toHaveLength(2);
        expect([...double.objects.keys()]).toEqual([]);
      } finally {
        await double.close();
      }
    },
  );

  it('in an S3 bucket that works: every size is stored there, and /media streams it from the bucket', async () => {
    const double = await startS3Double();
    try {
      const bucket = new S3Storage(double.config());
      restore = replaceUploadStorageForTests(() => bucket);
      const seller = await signUp(server);
      const { caseId, listingId } = await insertSellerCase(server.db, seller.user.id, `S3${process.pid}ok`);
      const answer = await upload(seller.token, UPLOAD_PHOTO, { caseId: String(caseId) }, await jpeg());
      expect(answer.body.errors).toBeUndefined();
      const { rows } = await server.db.query<{ base_key: string; widths: number[] }>('SELECT base_key, widths FROM listing_photos WHERE listing_id = $1', [listingId]);
      const sizes = rows[0]!.widths.flatMap((w) => [`${rows[0]!.base_key}-${w}.webp`, `${rows[0]!.base_key}-${w}.jpg`]);
      expect([...double.objects.keys()].sort()).toEqual(sizes.map((key) => bucket.prefix + key).sort());
      const served = await fetch(`${server.url}/media/${sizes[0]}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('content-security-policy')).toBe("default-src 'none'");
      expect(Buffer.from(await served.arrayBuffer()).equals(double.objects.get(bucket.prefix + sizes[0])!.data)).toBe(true);
      // A name the route serves, missing in the bucket: 404 (NoSuchKey is no fault).
      expect((await fetch(`${server.url}/media/${rows[0]!.base_key}-12345.webp`)).status).toBe(404);
    } finally {
      await double.close();
    }
  });

  it('once the disk works again, the same upload succeeds', async () => {
    const seller = await signUp(server);
    const { caseId, listingId } = await insertSellerCase(server.db, seller.user.id, `F${process.pid}ok`);
    const answer = await upload(seller.token, UPLOAD_PHOTO, { caseId: String(caseId) }, await jpeg());
    expect(answer.body.errors).toBeUndefined();
    expect(answer.status).toBe(200);
    const { rows } = await server.db.query('SELECT id FROM listing_photos WHERE listing_id = $1', [listingId]);
    expect(rows).toHaveLength(1);
  });
});
