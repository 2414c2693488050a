import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../app';
import { engineName } from '../testing/test-server';
import { BACKUP_PATH, DATABASE_FILE, restoreBackup, writeBackup } from './backup';
import { DataDirInUseError, lockFileOf, operatorFileOf } from './data-dir-lock';
import { openPglite } from './pglite';
import { S3Storage } from '../storage/s3';
import { startS3Double } from '../testing/s3-double';

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };

describe.runIf(engineName() === 'PGlite')('backup and restore of the embedded database (npm run backup / restore)', () => {
  let root: string;
  let dataDir: string;
  let uploads: string;
  let server: RunningServer;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'hearth-backup-'));
    dataDir = join(root, 'pglite');
    uploads = join(root, 'uploads');
    await mkdir(join(uploads, 'listing'), { recursive: true });
    await writeFile(join(uploads, 'listing', 'a.txt'), 'photo bytes');
    server = await startServer({ port: 0, dataDir, logger: quiet, jobs: false });
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('a second process cannot open a directory a live server holds: a clear error, not a corrupted database', async () => {
    // The lock names this process; a command run by another process would see a live owner.
    const lock = JSON.parse(await readFile(lockFileOf(dataDir), 'utf8'));
    expect(lock.pid).toBe(process.pid);
    await writeFile(lockFileOf(join(root, 'other')), JSON.stringify({ pid: process.ppid }));
    await expect(openPglite(join(root, 'other'))).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(openPglite(join(root, 'other'))).rejects.toThrow(/in use by process \d+.*npm run backup/);
  });

  it('answers the backup route only to the token the server wrote for its own user', async () => {
    const refused = await fetch(`${server.url}${BACKUP_PATH}`, { method: 'POST', headers: { authorization: 'Bearer guessed' } });
    expect(refused.status).toBe(404);
    const { token } = JSON.parse(await readFile(operatorFileOf(dataDir), 'utf8'));
    const answer = await fetch(`${server.url}${BACKUP_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/gzip');
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  });

  it('copies the database while the server runs, and a restore brings back exactly what was acknowledged', async () => {
    await server.db.exec(`CREATE TABLE backup_probe (slug text PRIMARY KEY); INSERT INTO backup_probe VALUES ('backup-before')`);
    const folder = join(root, 'backup-1');
    const summary = await writeBackup(folder, dataDir, uploads);
    expect(summary).toMatchObject({ online: true, uploads: true });
    expect(existsSync(join(folder, DATABASE_FILE))).toBe(true);
    await server.db.query(`INSERT INTO backup_probe VALUES ('backup-after')`);
    await server.close();

    const restored = await restoreBackup(folder, dataDir, uploads, new Date('2026-11-26T12:00:00Z'));
    expect(restored.movedAside).toEqual([`${dataDir}.before-restore-2026-11-26T12-00-00-000Z`, `${uploads}.before-restore-2026-11-26T12-00-00-000Z`]);
    expect(await readFile(join(uploads, 'listing', 'a.txt'), 'utf8')).toBe('photo bytes');

    server = await startServer({ port: 0, dataDir, logger: quiet, jobs: false });
    const { rows } = await server.db.query<{ slug: string }>(`SELECT slug FROM backup_probe ORDER BY slug`);
    expect(rows.map((r) => r.slug)).toEqual(['backup-before']);
  }, 180_000);

  it('with the uploads in an S3 bucket: the backup holds every object, and a restore puts them back in the bucket', async () => {
    const double = await startS3Double({ pageSize: 2 });
    try {
      const bucket = new S3Storage(double.config());
      const large = Buffer.alloc(9 * 1024 * 1024, 5);
      await bucket.put('listing-photos/1/aa-480.jpg', Buffer.from('photo one'), 'image/jpeg');
      await bucket.put('documents/2/bb.pdf', large, 'application/pdf');
      await bucket.put('users/3/cc.png', Buffer.from('face'), 'image/png');
      const folder = join(root, 'backup-s3');
      expect(await writeBackup(folder, dataDir, bucket)).toMatchObject({ uploads: true });
      expect(await readFile(join(folder, 'uploads', 'listing-photos', '1', 'aa-480.jpg'), 'utf8')).toBe('photo one');
      expect((await readFile(join(folder, 'uploads', 'documents', '2', 'bb.pdf'))).equals(large)).toBe(true);

      // Into an empty bucket (the old one lost), beside the running server: another data directory.
      const empty = new S3Storage(double.config());
      await restoreBackup(folder, join(root, 'restored-s3'), empty);
      const keys: string[] = [];
      for await (const file of empty.list('')) keys.push(file.key);
      expect(keys).toEqual(['documents/2/bb.pdf', 'listing-photos/1/aa-480.jpg', 'users/3/cc.png']);
      expect((await empty.get('documents/2/bb.pdf'))!.data.equals(large)).toBe(true);
      expect((await empty.get('listing-photos/1/aa-480.jpg'))!.contentType).toBe('image/jpeg');
    } finally {
      await double.close();
    }
  });

  it('refuses to restore over a directory a live process holds, and a folder that is not a backup', async () => {
    await expect(restoreBackup(root, dataDir, uploads)).rejects.toThrow(/holds no database\.tar\.gz/);
    await writeFile(lockFileOf(join(root, 'held')), JSON.stringify({ pid: process.ppid }));
    await expect(restoreBackup(join(root, 'backup-1'), join(root, 'held'), uploads)).rejects.toBeInstanceOf(DataDirInUseError);
  });
});
