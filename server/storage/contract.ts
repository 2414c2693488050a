/**
 * What every storage shares (server/storage/index.ts for the local disk and the choice, s3.ts for buckets): the
 * interface, the file shapes, the fault a full or refusing store answers, and the key rule. Its own module, so that
 * s3.ts and index.ts do not import each other.
 */
import type { Readable } from 'node:stream';

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

export interface StoredFile {
  data: Buffer;
  contentType: string;
}

/** A file to read as a stream (a large document, a PDF): never held whole in memory. */
export interface OpenedFile {
  body: Readable;
  contentType: string;
  size: number;
}

/** One file of a listing: its key and when it was last written (milliseconds since the epoch). */
export interface ListedFile {
  key: string;
  lastModified: number;
}

/** What a signed download link from the store itself says to the browser. */
export interface DownloadLinkOptions {
  /** The Content-Disposition the store answers (an attachment with its file name). */
  disposition: string;
  contentType: string;
  /** How long the link works (seconds). */
  expiresIn: number;
}

export interface Storage {
  /** Whole or not at all: a failure (a StorageFault when the store is full or refuses) leaves nothing under the key. */
  put(key: string, data: Uint8Array | Readable, contentType: string): Promise<void>;
  /** Null when there is no such file. For small files (images, what a job reads); large ones are `open`ed. */
  get(key: string): Promise<StoredFile | null>;
  /** The file as a stream, null when there is none. */
  open(key: string): Promise<OpenedFile | null>;
  delete(key: string): Promise<void>;
  /** When the file was last written, null when there is none (or it is not a regular file). */
  lastModified(key: string): Promise<number | null>;
  /** Every regular file whose key starts with `prefix` (a folder: `users/`), in key order. */
  list(prefix: string): AsyncIterable<ListedFile>;
  /**
   * A link the browser downloads the file with straight from the store, for stores that sign such links
   * (S3Storage; null when they are turned off); absent on the local disk, where the file is streamed through us.
   */
  downloadLink?(key: string, options: DownloadLinkOptions): Promise<string | null>;
}

/** `users/12/ab12….png`: lower-case segments, no dot-dot, no leading slash. */
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.[a-z0-9]{1,8}$/;
export const isStorageKey = (key: string) => KEY.test(key) && key.length <= 200;
