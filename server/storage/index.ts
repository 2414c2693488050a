/**
 * Where uploaded files live. One small interface so a deployment can put them in an object store; the
 * default is the local disk under `uploads/` in the data directory (DATA_DIR; or HEARTH_UPLOAD_DIR), which is enough for one machine.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { paths } from '../paths';

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
  constructor(readonly root: string) {}

  #path(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key.slice(0, 80)}`);
    const path = resolve(this.root, key);
    if (!path.startsWith(resolve(this.root) + sep)) throw new Error('Storage key escapes the root');
    return path;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
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
  return new LocalDiskStorage(process.env.HEARTH_UPLOAD_DIR || paths.uploads);
}
