/**
 * Where uploaded files live. One small interface so a deployment can put them in an object store; the
 * default is the local disk under `uploads/` in the data directory (DATA_DIR; or HEARTH_UPLOAD_DIR), which is enough for one machine.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { paths } from '../paths';

/**
 * The disk is full or refuses us (issue 22, faults): the client is told clearly — 507 for no room, 503 for
 * a permission or read-only file system — and the caller removes what it stored so far (no file without
 * its row, no row without its file). server/db/unavailable.ts turns it into the HTTP and GraphQL answers.
 */
export class StorageFault extends Error {
  constructor(
    readonly status: 503 | 507,
    readonly code: 'storage_full' | 'storage_unavailable',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'StorageFault';
  }
}

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
  writeFile(path: string, data: Uint8Array): Promise<void>;
}

const nodeWriter: DiskWriter = { writeFile: (path, data) => writeFile(path, data) };

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

export interface Storage {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** Null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

/** `users/12/ab12….png`: lower-case segments, no dot-dot, no leading slash. */
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.[a-z0-9]{1,8}$/;
export const isStorageKey = (key: string) => KEY.test(key) && key.length <= 200;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

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
  async put(key: string, data: Uint8Array): Promise<void> {
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
      const data = await readFile(this.#path(key));
      const extension = key.slice(key.lastIndexOf('.') + 1);
      return { data, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream' };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }
}

/** The configured storage: HEARTH_UPLOAD_DIR when set (tests use a temporary folder), else `uploads/` in the data directory. */
export function uploadStorage(): Storage {
  return storageForTests?.() ?? new LocalDiskStorage(process.env.HEARTH_UPLOAD_DIR || paths.uploads);
}

let storageForTests: (() => Storage) | null = null;

/** Tests only: uploadStorage() answers `make()` (e.g. a disk that fails) until the returned function is called. */
export function replaceUploadStorageForTests(make: () => Storage): () => void {
  storageForTests = make;
  return () => {
    if (storageForTests === make) storageForTests = null;
  };
}
