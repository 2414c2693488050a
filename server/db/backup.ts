/**
 * Backups of the embedded database (issue 22): `npm run backup` and `npm run restore` (backup-cli.ts).
 *
 * A backup is a folder: `database.tar.gz`, the PGlite data directory as PGlite's own `dumpDataDir` writes
 * it, and `uploads/`, a copy of the uploaded files. While a server runs on the directory (it holds the
 * lock, data-dir-lock.ts) the command asks it, over loopback with the token the server wrote for this user,
 * for the dump: taken in the database thread between two statements, it is the state a crash at that
 * instant would leave, which PostgreSQL opens as it was — an online, consistent copy. With no server
 * running, the command opens the directory itself. The database is copied before the uploads, so a file
 * uploaded meanwhile is at worst one more file without a row, never a row without its file.
 *
 * Uploads in an S3 bucket (HEARTH_STORAGE=s3, server/storage/s3.ts): the bucket's objects are copied into `uploads/`
 * one stream at a time, and a restore puts them back under the same keys (objects the backup does not hold stay until
 * the orphan sweep finds no row naming them). Right for a small installation; a large bucket is better kept with the
 * store's own tools (versioning, replication, `rclone sync`: docs/operations.md, "Backups with object storage").
 *
 * PostgreSQL: use `pg_dump` / `pg_restore` (docs/operations.md).
 */
import { timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import { LocalDiskStorage, type Storage } from '../storage';
import { copyFiles } from '../storage/copy';
import { lockOwner, publishOperatorAccess, readOperatorAccess, DataDirInUseError } from './data-dir-lock';
import { openPglite } from './pglite';
import type { Database } from './types';

export const BACKUP_PATH = '/v1/api/operator/backup/';
export const DATABASE_FILE = 'database.tar.gz';
export const UPLOADS_FOLDER = 'uploads';

const operatorTokens = new WeakMap<Database, string>();

/** A listening server on a PGlite directory offers its dump to operator commands of this machine. */
export async function offerOperatorBackup(db: Database, dataDir: string | undefined, port: number): Promise<() => Promise<void>> {
  if (!db.dumpDataDir || !dataDir || dataDir.startsWith('memory://')) return async () => undefined;
  const { token, remove } = await publishOperatorAccess(dataDir, port);
  operatorTokens.set(db, token);
  return async () => {
    operatorTokens.delete(db);
    await remove();
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameToken(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const backupRoutes: Record<string, Route> = {
  [BACKUP_PATH]: {
    POST: async (ctx) => {
      const expected = operatorTokens.get(ctx.services.db);
      const given = /^Bearer (\S+)$/.exec(ctx.req.headers.authorization ?? '')?.[1];
      // Nothing to say to anyone else: the route answers as if it did not exist.
      if (!expected || !given || !LOOPBACK.has(ctx.req.socket.remoteAddress ?? '') || !sameToken(expected, given)) {
        throw new HttpError(404, 'not_found', 'Not found.');
      }
      const dump = await ctx.services.db.dumpDataDir!();
      ctx.res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': dump.length, 'cache-control': 'no-store' });
      ctx.res.end(dump);
    },
  },
};

/** The data directory's dump: from the server running on it, or read directly when none does. */
export async function dumpDataDir(dataDir: string): Promise<{ dump: Buffer; online: boolean }> {
  const access = readOperatorAccess(dataDir);
  if (access) {
    const answer = await fetch(`http://127.0.0.1:${access.port}${BACKUP_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${access.token}` } });
    if (!answer.ok) throw new Error(`The running server (process ${access.pid}) refused the backup: HTTP ${answer.status}.`);
    return { dump: Buffer.from(await answer.arrayBuffer()), online: true };
  }
  const db = await openPglite(dataDir); // refused, naming the owner, while another process holds it
  try {
    return { dump: await db.dumpDataDir!(), online: false };
  } finally {
    await db.close();
  }
}

export interface BackupSummary {
  folder: string;
  databaseBytes: number;
  online: boolean;
  uploads: boolean;
}

/** The uploads as a folder of the local disk, or null for a storage elsewhere (a bucket). */
const folderOf = (uploads: string | Storage) => (typeof uploads === 'string' ? uploads : uploads instanceof LocalDiskStorage ? uploads.root : null);

/** Writes a backup folder (which must not exist yet); `uploads` is the upload folder or the configured storage. */
export async function writeBackup(folder: string, dataDir: string, uploads: string | Storage): Promise<BackupSummary> {
  const target = resolve(folder);
  if (existsSync(target)) throw new Error(`${target} exists already: name a new folder for the backup.`);
  const { dump, online } = await dumpDataDir(dataDir);
  await mkdir(target, { recursive: true });
  await writeFile(join(target, `${DATABASE_FILE}.partial`), dump);
  await rename(join(target, `${DATABASE_FILE}.partial`), join(target, DATABASE_FILE));
  const uploadsDir = folderOf(uploads);
  let copied: boolean;
  if (uploadsDir !== null) {
    copied = existsSync(uploadsDir);
    if (copied) await cp(uploadsDir, join(target, UPLOADS_FOLDER), { recursive: true });
  } else {
    copied = (await copyFiles(uploads as Storage, new LocalDiskStorage(join(target, UPLOADS_FOLDER)))).files > 0;
  }
  return { folder: target, databaseBytes: dump.length, online, uploads: copied };
}

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

/**
 * Puts a backup in place of the data directory and the uploads. Refused while a process holds the
 * directory; what was there is moved aside (`<dir>.before-restore-<time>`), never deleted.
 */
export async function restoreBackup(folder: string, dataDir: string, uploads: string | Storage, now = new Date()): Promise<{ movedAside: string[] }> {
  const source = resolve(folder);
  const dump = await readFile(join(source, DATABASE_FILE)).catch(() => {
    throw new Error(`${source} holds no ${DATABASE_FILE}: not a Hearth backup folder.`);
  });
  const owner = lockOwner(dataDir);
  if (owner !== null) throw new DataDirInUseError(dataDir, owner);
  const movedAside: string[] = [];
  const moveAside = async (path: string) => {
    if (!existsSync(path)) return;
    const aside = `${resolve(path)}.before-restore-${stamp(now)}`;
    await rename(path, aside);
    movedAside.push(aside);
  };
  await moveAside(dataDir);
  const pg = new PGlite(resolve(dataDir), { loadDataDir: new Blob([dump]) });
  await pg.waitReady;
  await pg.close();
  const uploadsDir = folderOf(uploads);
  if (existsSync(join(source, UPLOADS_FOLDER))) {
    if (uploadsDir !== null) {
      await moveAside(uploadsDir);
      await cp(join(source, UPLOADS_FOLDER), uploadsDir, { recursive: true });
    } else {
      await copyFiles(new LocalDiskStorage(join(source, UPLOADS_FOLDER)), uploads as Storage);
    }
  }
  return { movedAside };
}
