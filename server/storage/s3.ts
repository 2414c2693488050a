/**
 * Uploaded files in an S3-compatible bucket (issue 37): AWS S3, Cloudflare R2, MinIO, Ceph RGW. Chosen with
 * HEARTH_STORAGE=s3 (docs/configuration.md, "Object storage"); every API instance and worker reads and writes the
 * same bucket, so none depends on another's disk.
 *
 * - A put is whole or nothing: one PutObject for a small buffer (S3 makes an object visible only once whole), a
 *   multipart upload (@aws-sdk/lib-storage) for a stream or a large buffer, aborted when a part fails.
 * - Failures answer as the local disk's do (server/storage/index.ts, StorageFault): 507 when the store says it is
 *   full or over its quota, 503 for everything else it refuses or cannot be reached for (credentials, bucket
 *   missing, network, 5xx after the SDK's retries). A missing key is null, as on the disk.
 * - `open` streams the object's body, `list` pages through ListObjectsV2, `downloadLink` presigns a GET that
 *   names the file and its type (the routes decide which files go that way: server/documents/routes.ts).
 * The SDK is loaded on first use (about 150 ms), so processes on the local disk — and every test file — never load it.
 */
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { DownloadLinkOptions, ListedFile, OpenedFile, Storage, StoredFile } from './contract';
import { isStorageKey, StorageFault } from './contract';

export interface S3Config {
  bucket: string;
  region: string;
  /** Another store than AWS: `https://<account>.r2.cloudflarestorage.com`, `http://minio:9000`. */
  endpoint?: string;
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`), as MinIO and most self-hosted stores want. */
  forcePathStyle: boolean;
  /** Both or neither; without them the SDK's usual chain (AWS_* variables, profile, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Put before every key (`hearth/`), so one bucket can hold several installations or other things. */
  prefix: string;
  /** Downloads of documents and PDFs redirect to a presigned GET (default); false when browsers cannot reach the store. */
  presignedDownloads: boolean;
  /** Buffers larger than this, and every stream, go as a multipart upload (bytes; default 8 MiB). */
  multipartThreshold?: number;
  /** The SDK's attempts per request (default 3). */
  maxAttempts?: number;
}

const PREFIX = /^([a-z0-9][a-z0-9._-]*\/)*$/i;
const TRUE = new Set(['1', 'true', 'yes']);
const FALSE = new Set(['', '0', 'false', 'no']);

/** Null for the local disk (HEARTH_STORAGE unset or `local`); the bucket's settings for `s3`; throws naming the variable. */
export function s3ConfigFromEnvironment(env: NodeJS.ProcessEnv): S3Config | null {
  const kind = (env.HEARTH_STORAGE ?? '').trim().toLowerCase();
  if (kind === '' || kind === 'local') return null;
  if (kind !== 's3') throw new Error(`HEARTH_STORAGE must be "local" or "s3", not "${env.HEARTH_STORAGE}".`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('HEARTH_STORAGE=s3 needs S3_BUCKET, the bucket that holds the uploaded files.');
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/\s]+/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, not "${endpoint}".`);
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
  if (!TRUE.has(pathStyle) && !FALSE.has(pathStyle)) throw new Error('S3_FORCE_PATH_STYLE must be true or false.');
  const presigned = (env.S3_PRESIGNED_DOWNLOADS ?? '').trim().toLowerCase();
  if (!TRUE.has(presigned) && !FALSE.has(presigned)) throw new Error('S3_PRESIGNED_DOWNLOADS must be true or false.');
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId !== !secretAccessKey) throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK then finds its credentials).');
  let prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+/, '');
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  if (!PREFIX.test(prefix) || prefix.split('/').some((part) => part === '.' || part === '..'))
    throw new Error('S3_PREFIX must be folder names of letters, digits, dots, dashes and underscores (e.g. "hearth/").');
  return {
    bucket,
    region: env.S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1',
    endpoint,
    forcePathStyle: TRUE.has(pathStyle),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    prefix,
    presignedDownloads: presigned === '' || TRUE.has(presigned),
  };
}

const loadSdk = async () => {
  const [s3, storage, presigner] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage'), import('@aws-sdk/s3-request-presigner')]);
  return { ...s3, Upload: storage.Upload, getSignedUrl: presigner.getSignedUrl };
};
let sdk: ReturnType<typeof loadSdk> | null = null;

/** Error codes of stores that are full or over a quota: MinIO, Ceph RGW, and HTTP 507 from any. */
const FULL = new Set(['XMinioStorageFull', 'QuotaExceeded', 'InsufficientStorage', 'StorageFull']);

/** The HTTP status of an answer of the store (the SDK's service exceptions carry `$metadata`); undefined for anything else. */
const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const nameOf = (error: unknown) => (error as { name?: string } | null)?.name ?? '';

function isMissing(error: unknown): boolean {
  const name = nameOf(error);
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(error) === 404 && name !== 'NoSuchBucket');
}

/** Any failure of the store as a StorageFault (a programming error of ours, a bad key, stays what it is). */
export function asS3Fault(error: unknown): unknown {
  if (error instanceof StorageFault) return error;
  const name = nameOf(error);
  const status = statusOf(error);
  const fromStore = (error as { $metadata?: unknown } | null)?.$metadata !== undefined || isNetworkError(error);
  if (!fromStore) return error;
  if (FULL.has(name) || status === 507) {
    return new StorageFault(507, 'storage_full', 'The server has no room left to store this file. Nothing was saved; please try again later.', { cause: error });
  }
  return new StorageFault(503, 'storage_unavailable', 'The server cannot store files right now. Nothing was saved; please try again in a few minutes.', { cause: error });
}

const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
function isNetworkError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (code && NETWORK.has(code)) return true;
    if ((current as Error).name === 'TimeoutError') return true;
  }
  return false;
}

export class S3Storage implements Storage {
  readonly #options: S3ClientConfig;
  #client: Promise<{ client: S3Client; sdk: Awaited<ReturnType<typeof loadSdk>> }> | null = null;
  readonly bucket: string;
  readonly prefix: string;
  readonly #multipartThreshold: number;
  readonly #presignedDownloads: boolean;

  constructor(config: S3Config) {
    const options: S3ClientConfig = {
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      maxAttempts: config.maxAttempts,
      // Only what an operation needs: stores other than AWS (R2, older MinIO, Ceph) refuse or ignore the new default checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    this.#options = options;
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.#multipartThreshold = config.multipartThreshold ?? 8 * 1024 * 1024;
    this.#presignedDownloads = config.presignedDownloads;
  }

  /** The SDK's client, made on first use. */
  async client(): Promise<S3Client> {
    return (await this.#sdk()).client;
  }

  #sdk() {
    this.#client ??= (sdk ??= loadSdk()).then((loaded) => ({ client: new loaded.S3Client(this.#options), sdk: loaded }));
    return this.#client;
  }

  #key(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${key.slice(0, 80)}`);
    return this.prefix + key;
  }

  async put(key: string, data: Uint8Array | Readable, contentType: string): Promise<void> {
    const Key = this.#key(key);
    const { client, sdk: aws } = await this.#sdk();
    try {
      if (data instanceof Readable || data.length > this.#multipartThreshold) {
        // Parts of 8 MiB, two at a time: a stream is never held whole; a failed part aborts the upload (nothing stays).
        const upload = new aws.Upload({
          client,
          params: { Bucket: this.bucket, Key, Body: data, ContentType: contentType },
          partSize: Math.max(5 * 1024 * 1024, this.#multipartThreshold),
          queueSize: 2,
          leavePartsOnError: false,
        });
        await upload.done();
      } else {
        await client.send(new aws.PutObjectCommand({ Bucket: this.bucket, Key, Body: data, ContentType: contentType, ContentLength: data.length }));
      }
    } catch (error) {
      throw asS3Fault(error);
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isStorageKey(key)) return null;
    const { client, sdk: aws } = await this.#sdk();
    try {
      const answer = await client.send(new aws.GetObjectCommand({ Bucket: this.bucket, Key: this.#key(key) }));
      const data = Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array());
      return { data, contentType: answer.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isMissing(error)) return null;
      throw asS3Fault(error);
    }
  }

  async open(key: string): Promise<OpenedFile | null> {
    if (!isStorageKey(key)) return null;
    const { client, sdk: aws } = await this.#sdk();
    try {
      const answer = await client.send(new aws.GetObjectCommand({ Bucket: this.bucket, Key: this.#key(key) }));
      const body = answer.Body;
      if (!(body instanceof Readable)) throw new Error('The S3 client answered a body that is not a Node stream.');
      return { body, contentType: answer.ContentType ?? 'application/octet-stream', size: Number(answer.ContentLength ?? 0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw asS3Fault(error);
    }
  }

  /** Any key a listing answered (the sweep removes names a killed writer left, whatever they are), never outside the prefix. */
  async delete(key: string): Promise<void> {
    if (!key || key.startsWith('/') || key.split('/').includes('..')) throw new Error(`Not a storage key: ${key.slice(0, 80)}`);
    const Key = this.prefix + key;
    const { client, sdk: aws } = await this.#sdk();
    try {
      await client.send(new aws.DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (error) {
      if (isMissing(error)) return;
      throw asS3Fault(error);
    }
  }

  async lastModified(key: string): Promise<number | null> {
    const { client, sdk: aws } = await this.#sdk();
    try {
      const answer = await client.send(new aws.HeadObjectCommand({ Bucket: this.bucket, Key: this.prefix + key }));
      return answer.LastModified ? answer.LastModified.getTime() : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw asS3Fault(error);
    }
  }

  async *list(prefix: string): AsyncIterable<ListedFile> {
    const { client, sdk: aws } = await this.#sdk();
    let ContinuationToken: string | undefined;
    do {
      let page;
      try {
        page = await client.send(new aws.ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken }));
      } catch (error) {
        throw asS3Fault(error);
      }
      for (const object of page.Contents ?? []) {
        if (!object.Key?.startsWith(this.prefix)) continue;
        yield { key: object.Key.slice(this.prefix.length), lastModified: object.LastModified?.getTime() ?? 0 };
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** A presigned GET that answers the file with `disposition`, for `expiresIn` seconds; null with S3_PRESIGNED_DOWNLOADS=false. */
  async downloadLink(key: string, { disposition, contentType, expiresIn }: DownloadLinkOptions): Promise<string | null> {
    if (!this.#presignedDownloads) return null;
    const { client, sdk: aws } = await this.#sdk();
    const command = new aws.GetObjectCommand({
      Bucket: this.bucket,
      Key: this.#key(key),
      ResponseContentType: contentType,
      ResponseContentDisposition: disposition,
      ResponseCacheControl: 'private, no-store',
    });
    return aws.getSignedUrl(client, command, { expiresIn });
  }
}
