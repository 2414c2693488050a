/**
 * The storage interface, the same cases on both implementations (issue 37): the local disk, and S3Storage on the
 * local S3 double (server/testing/s3-double.ts, which checks every request's signature). A failing store answers a
 * StorageFault (507 full, 503 refused or unreachable) and leaves nothing under the key.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_DOUBLE_CREDENTIALS, startS3Double, type S3Double } from '../testing/s3-double';
import { LocalDiskStorage, StorageFault, uploadStorage, type DiskWriter, type Storage } from './index';
import { s3ConfigFromEnvironment, S3Storage } from './s3';

const errno = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });

interface Subject {
  name: string;
  make(): Storage;
  /** A store whose writes fail after `okWrites` succeed: full (507) or refusing (503). */
  failing(kind: 'full' | 'refused', okWrites: number): Storage;
  /** Everything stored by `storage`, as keys (what a failure must not leave behind). */
  keys(storage: Storage): Promise<string[]>;
}

let double: S3Double;
let dir: string;
beforeAll(async () => {
  double = await startS3Double({ pageSize: 3 });
  dir = await mkdtemp(join(tmpdir(), 'hearth-storage-'));
});
afterAll(async () => {
  await double?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const collect = async (storage: Storage, prefix: string) => {
  const keys: string[] = [];
  for await (const file of storage.list(prefix)) keys.push(file.key);
  return keys;
};
let roots = 0;

const subjects: Subject[] = [
  {
    name: 'local disk',
    make: () => new LocalDiskStorage(join(dir, `root-${++roots}`)),
    failing(kind, okWrites) {
      let writes = 0;
      const writer: DiskWriter = {
        // A stream's chunks count as writes, as a disk filling up in the middle of a large file.
        async writeFile(path, data) {
          const chunks = data instanceof Readable ? ((await data.toArray()) as Buffer[]) : [data];
          for (const [i, chunk] of chunks.entries()) {
            if (++writes > okWrites) {
              await writeFile(path, chunk.subarray(0, chunk.length >> 1));
              throw errno(kind === 'full' ? 'ENOSPC' : 'EACCES');
            }
            await writeFile(path, chunk, { flag: i ? 'a' : 'w' });
          }
        },
      };
      return new LocalDiskStorage(join(dir, `root-${++roots}`), writer);
    },
    keys: (storage) => collect(storage, ''),
  },
  {
    name: 'S3',
    make: () => new S3Storage(double.config()),
    failing(kind, okWrites) {
      double.clearFaults();
      double.fail({ operations: ['PutObject', 'UploadPart'], after: okWrites, status: kind === 'full' ? 507 : 403, code: kind === 'full' ? 'XMinioStorageFull' : 'AccessDenied' });
      return new S3Storage(double.config({ multipartThreshold: 5 * 1024 * 1024 }));
    },
    keys: async (storage) => [...double.objects.keys()].filter((k) => k.startsWith((storage as S3Storage).prefix)),
  },
];

describe.each(subjects)('storage on the $name', (subject) => {
  it('stores a file whole under its key and answers it with its type; a missing key is null everywhere', async () => {
    const storage = subject.make();
    const bytes = Buffer.from([...Array(3000).keys()].map((i) => i % 251));
    await storage.put('users/7/ab12.png', bytes, 'image/png');
    expect(await storage.get('users/7/ab12.png')).toEqual({ data: bytes, contentType: 'image/png' });
    const opened = (await storage.open('users/7/ab12.png'))!;
    expect(opened.size).toBe(bytes.length);
    expect(opened.contentType).toBe('image/png');
    expect(Buffer.concat(await opened.body.toArray())).toEqual(bytes);
    expect(await storage.lastModified('users/7/ab12.png')).toBeGreaterThan(Date.now() - 3_600_000);
    expect(await storage.get('users/7/missing.png')).toBeNull();
    expect(await storage.open('users/7/missing.png')).toBeNull();
    expect(await storage.lastModified('users/7/missing.png')).toBeNull();
    expect(await storage.get('../etc/passwd')).toBeNull();
    await storage.delete('users/7/ab12.png');
    await storage.delete('users/7/ab12.png');
    expect(await storage.get('users/7/ab12.png')).toBeNull();
  });

  it('stores a stream of several parts without a whole buffer, and streams it back the same', async () => {
    const storage = subject.make();
    const part = (i: number) => Buffer.alloc(3 * 1024 * 1024, i);
    await storage.put('documents/5/big.pdf', Readable.from((function* () {
      for (let i = 0; i < 4; i++) yield part(i);
    })()), 'application/pdf');
    const opened = (await storage.open('documents/5/big.pdf'))!;
    expect(opened.size).toBe(12 * 1024 * 1024);
    let at = 0;
    for await (const chunk of opened.body as AsyncIterable<Buffer>) {
      for (let i = 0; i < chunk.length; i += 65_536) expect(chunk[i]).toBe(Math.floor((at + i) / (3 * 1024 * 1024)));
      at += chunk.length;
    }
    expect(at).toBe(12 * 1024 * 1024);
  });

  it('lists every file under a prefix in key order, across pages, and nothing beside it', async () => {
    const storage = subject.make();
    const keys = ['posts/a/x-480.webp', 'posts/a/x-960.webp', 'posts/b-480.webp', 'posts/c/d/e-480.webp', 'postsx/f.png', 'users/1/a.png', 'users/1/b.png'];
    for (const key of keys) await storage.put(key, Buffer.from(key), 'image/webp');
    expect(await collect(storage, 'posts/')).toEqual(keys.slice(0, 4));
    expect(await collect(storage, 'users/1/')).toEqual(['users/1/a.png', 'users/1/b.png']);
    expect(await collect(storage, 'nothing/')).toEqual([]);
    for await (const file of storage.list('users/')) expect(file.lastModified).toBeGreaterThan(Date.now() - 3_600_000);
  });

  it.each([
    ['full', 507, 'storage_full'],
    ['refused', 503, 'storage_unavailable'],
  ] as const)('a store that is %s: a StorageFault %i, and nothing stays under the key', async (kind, status, code) => {
    const storage = subject.failing(kind, 0);
    const failure = await storage.put('users/1/abc.png', new Uint8Array(4096).fill(7), 'image/png').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StorageFault);
    expect(failure).toMatchObject({ status, code });
    expect(await subject.keys(storage)).toEqual([]);
  });

  it('a stream whose second part fails: a StorageFault, and no part or partial file stays', async () => {
    const storage = subject.failing('full', 1);
    const chunks = [Buffer.alloc(5 * 1024 * 1024, 1), Buffer.alloc(5 * 1024 * 1024, 2), Buffer.alloc(1024, 3)];
    const failure = await storage.put('documents/9/big.pdf', Readable.from(chunks), 'application/pdf').catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 507, code: 'storage_full' });
    expect(await subject.keys(storage)).toEqual([]);
    if (subject.name === 'S3') expect(double.pendingUploads()).toBe(0);
    double.clearFaults();
  });
});

describe('S3Storage', () => {
  it('an unreachable store is a 503 StorageFault, not an unexpected error', async () => {
    const storage = new S3Storage(double.config({ endpoint: 'http://127.0.0.1:9' }));
    await expect(storage.put('users/1/a.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject({ status: 503, code: 'storage_unavailable' });
    await expect(storage.get('users/1/a.png')).rejects.toBeInstanceOf(StorageFault);
  });

  it('wrong credentials are refused by the store (the double checks every signature): 503', async () => {
    const storage = new S3Storage(double.config({ credentials: { accessKeyId: 'HEARTHTESTKEY', secretAccessKey: 'wrong' } }));
    await expect(storage.put('users/1/a.png', Buffer.from('x'), 'image/png')).rejects.toMatchObject({ status: 503 });
    expect(double.requests.at(-1)).toMatchObject({ operation: 'PutObject', status: 403 });
  });

  it('keeps every key under its prefix, so one bucket holds several installations', async () => {
    const a = new S3Storage(double.config());
    const b = new S3Storage(double.config());
    await a.put('users/1/a.png', Buffer.from('a'), 'image/png');
    expect(await b.get('users/1/a.png')).toBeNull();
    expect(await collect(b, 'users/')).toEqual([]);
    expect(double.objects.has(`${a.prefix}users/1/a.png`)).toBe(true);
  });

  it('signs a download link that answers the file as a named attachment, and stops working when tampered with', async () => {
    const storage = new S3Storage(double.config());
    await storage.put('generated/3/abc-form.pdf', Buffer.from('%PDF-1.7 body'), 'application/pdf');
    const link = (await storage.downloadLink('generated/3/abc-form.pdf', { disposition: 'attachment; filename="download-2026.11.29.pdf"', contentType: 'application/pdf', expiresIn: 60 }))!;
    expect(link).toMatch(/X-Amz-Expires=60/);
    const answer = await fetch(link);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="download-2026\.11\.29\.pdf"/);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(await answer.text()).toBe('%PDF-1.7 body');
    const tampered = link.replace('abc-form.pdf', 'abc-attachments.pdf');
    expect((await fetch(tampered)).status).toBe(403);
    const streamedOnly = new S3Storage(double.config({ prefix: storage.prefix, presignedDownloads: false }));
    expect(await streamedOnly.downloadLink('generated/3/abc-form.pdf', { disposition: 'attachment', contentType: 'application/pdf', expiresIn: 60 })).toBeNull();
  });

  it('is what uploadStorage() answers with HEARTH_STORAGE=s3 (one client for the process); a bad setting throws naming it', async () => {
    const variables = ['HEARTH_STORAGE', 'S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const;
    const saved = variables.map((name) => [name, process.env[name]] as const);
    try {
      Object.assign(process.env, {
        HEARTH_STORAGE: 's3',
        S3_BUCKET: double.bucket,
        S3_ENDPOINT: double.url,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: S3_DOUBLE_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_DOUBLE_CREDENTIALS.secretAccessKey,
        S3_PREFIX: `env-${process.pid}`,
      });
      const storage = uploadStorage();
      expect(storage).toBeInstanceOf(S3Storage);
      expect(uploadStorage()).toBe(storage);
      await storage.put('users/1/env.png', Buffer.from('from the environment'), 'image/png');
      expect(double.objects.get(`env-${process.pid}/users/1/env.png`)?.data.toString()).toBe('from the environment');
      process.env.S3_BUCKET = '';
      expect(() => uploadStorage()).toThrow(/S3_BUCKET/);
      process.env.HEARTH_STORAGE = 'local';
      expect(uploadStorage()).toBeInstanceOf(LocalDiskStorage);
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('reads its settings from the environment, and says which variable is wrong', () => {
    expect(s3ConfigFromEnvironment({})).toBeNull();
    expect(s3ConfigFromEnvironment({ HEARTH_STORAGE: 'local' })).toBeNull();
    expect(
      s3ConfigFromEnvironment({
        HEARTH_STORAGE: 's3',
        S3_BUCKET: 'files',
        S3_REGION: 'auto',
        S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'hearth',
      }),
    ).toEqual({
      bucket: 'files',
      region: 'auto',
      endpoint: 'https://acct.r2.cloudflarestorage.com',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      prefix: 'hearth/',
      presignedDownloads: true,
    });
    expect(s3ConfigFromEnvironment({ HEARTH_STORAGE: 's3', S3_BUCKET: 'b', S3_PRESIGNED_DOWNLOADS: 'false' })?.presignedDownloads).toBe(false);
    expect(s3ConfigFromEnvironment({ HEARTH_STORAGE: 's3', S3_BUCKET: 'b' })).toMatchObject({ region: 'us-east-1', forcePathStyle: false, credentials: undefined, prefix: '' });
    expect(() => s3ConfigFromEnvironment({ HEARTH_STORAGE: 'gcs' })).toThrow(/HEARTH_STORAGE must be/);
    expect(() => s3ConfigFromEnvironment({ HEARTH_STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => s3ConfigFromEnvironment({ HEARTH_STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => s3ConfigFromEnvironment({ HEARTH_STORAGE: 's3', S3_BUCKET: 'b', S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
    expect(() => s3ConfigFromEnvironment({ HEARTH_STORAGE: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
