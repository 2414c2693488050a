/**
 * Where uploaded files live: one interface, two implementations chosen by environment (issue 37).
 * - LocalDiskStorage, the default: `uploads/` in the data directory (DATA_DIR; or HEARTH_UPLOAD_DIR), enough for one machine.
 * - S3Storage (server/storage/s3.ts) with HEARTH_STORAGE=s3: any S3-compatible bucket (AWS S3, R2, MinIO, Ceph RGW),
 *   shared by every API instance and worker (docs/configuration.md, "Object storage").
 * Both write a file whole or not at all (a failed write leaves nothing under the key), answer a StorageFault when the
 * store fails, list a folder for the orphan sweep and the backups, and stream files out (`open`) without a whole buffer.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { paths } from '../paths';
import { isStorageKey, StorageFault, type DownloadLinkOptions, type ListedFile, type OpenedFile, type Storage, type StoredFile } from './contract';
import { s3ConfigFromEnvironment, S3Storage } from './s3';

export { isStorageKey, StorageFault, type ListedFile, type OpenedFile, type Storage, type StoredFile } from './contract';


const NO_ROOM = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);
const REFUSED = new Set(['EACCES', 'EPERM', 'EROFS', 'EIO']);

/** A file-system error as a StorageFault, when it is one of a full or refusing disk; else the error itself. */
export function asStorageFault(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code && NO_ROOM.has(code)) {
    return new StorageFault(507, 'storage_full', 'The server has no room left to store this file. Nothing was saved; please try again later.', { cause: error });
  }
  if (code && REFUSED.has(code)) {
    return new StorageFault(503, 'storage_unavailable', 'The server cannot store files right now. Nothing was saved; please try again in a few minutes.', { cause: error });
  }
  return error;
}

/** The file operations LocalDiskStorage writes with (tests put a failing one in: disk full, permission denied). */
export interface DiskWriter {
  writeFile(path: string, data: Uint8Array | Readable): Promise<void>;
}

const nodeWriter: DiskWriter = {
  writeFile: (path, data) => (data instanceof Readable ? pipeline(data, createWriteStream(path)) : writeFile(path, data)),
};


const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  heic: 'image/heic',
};

/** The Content-Type a key's extension names (what the local disk answers; S3 keeps the one it was stored with). */
export const contentTypeOfKey = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

export class LocalDiskStorage implements Storage {
  constructor(
    readonly root: string,
    private readonly writer: DiskWriter = nodeWriter,
  ) {}

  #path(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key.slice(0, 80)}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(resolve(this.root) + sep)) throw new Error('Storage key escapes the root');
    return path;
  }

  /**
   * Written beside its place under a temporary name and renamed when whole: a failed write (disk full)
   * never leaves a truncated file under the key, and its temporary file is removed.
   */
  async put(key: string, data: Uint8Array | Readable): Promise<void> {
    const path = this.#path(key);
    const temporary = `${path}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await mkdir(dirname(path), { recursive: true });
      await this.writer.writeFile(temporary, data);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true }).catch(() => undefined);
      throw asStorageFault(error);
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    try {
      return { data: await readFile(this.#path(key)), contentType: contentTypeOfKey(key) };
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null;
      throw error;
    }
  }

  async open(key: string): Promise<OpenedFile | null> {
    if (!isStorageKey(key)) return null;
    const path = this.#path(key);
    const info = await lstat(path).catch((error: unknown) => {
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return null;
      throw error;
    });
    if (!info?.isFile()) return null;
    return { body: createReadStream(path), contentType: contentTypeOfKey(key), size: info.size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }

  /** Of a regular file only: a link is never followed. */
  async lastModified(key: string): Promise<number | null> {
    const path = resolve(this.root, key);
    if (!path.startsWith(resolve(this.root) + sep)) return null;
    try {
      const info = await lstat(path);
      return info.isFile() ? Math.floor(info.mtimeMs) : null;
    } catch (error) {
      if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return null;
      throw error;
    }
  }

  /** Regular files only, depth first in name order; links and anything else are skipped, never followed. */
  async *list(prefix: string): AsyncIterable<ListedFile> {
    const base = resolve(this.root);
    const slash = prefix.lastIndexOf('/');
    const start = slash < 0 ? '' : prefix.slice(0, slash);
    const walk = async function* (relative: string): AsyncGenerator<ListedFile> {
      let entries: Dirent[];
      try {
        entries = await readdir(join(base, relative), { withFileTypes: true });
      } catch (error) {
        if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return;
        throw error;
      }
      for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        const key = relative ? `${relative}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (`${key}/`.startsWith(prefix) || prefix.startsWith(`${key}/`)) yield* walk(key);
        } else if (entry.isFile() && key.startsWith(prefix)) {
          const info = await lstat(join(base, key)).catch(() => null);
          if (info?.isFile()) yield { key, lastModified: Math.floor(info.mtimeMs) };
        }
      }
    };
    if (start && !resolve(base, start).startsWith(base + sep)) return;
    yield* walk(start);
  }
}

let configured: { signature: string; storage: Storage } | null = null;

/**
 * The configured storage: with HEARTH_STORAGE=s3 the bucket S3_BUCKET (server/storage/s3.ts; one client, made
 * once), else the local disk: HEARTH_UPLOAD_DIR when set (tests use a temporary folder), else `uploads/` in the
 * data directory. A bad configuration throws, saying which variable.
 */
export function uploadStorage(): Storage {
  const replaced = storageForTests?.();
  if (replaced) return replaced;
  const s3 = s3ConfigFromEnvironment(process.env);
  if (!s3) return new LocalDiskStorage(process.env.HEARTH_UPLOAD_DIR || paths.uploads);
  const signature = JSON.stringify(s3);
  if (configured?.signature !== signature) configured = { signature, storage: new S3Storage(s3) };
  return configured.storage;
}

let storageForTests: (() => Storage) | null = null;

/** Tests only: uploadStorage() answers `make()` (e.g. a disk that fails) until the returned function is called. */
export function replaceUploadStorageForTests(make: () => Storage): () => void {
  storageForTests = make;
  return () => {
    if (storageForTests === make) storageForTests = null;
  };
}
