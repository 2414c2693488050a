/**
 * A local S3-compatible server for the tests (issue 37), as the Stripe and SMTP doubles are: in memory, on
 * 127.0.0.1, started in a few milliseconds. It speaks the S3 REST operations server/storage/s3.ts uses, path-style
 * (`/<bucket>/<key>`): PutObject, GetObject (with the response-* overrides of a presigned link), HeadObject,
 * DeleteObject, ListObjectsV2 (prefix, pages), and the multipart upload of @aws-sdk/lib-storage (create, part,
 * complete, abort). Anything else answers 501 NotImplemented, so a new operation cannot pass unnoticed.
 *
 * It checks what a real store checks and a test could otherwise get wrong: every request's AWS Signature V4
 * (Authorization header or presigned query, with its expiry) against the one key pair, the payload's SHA-256, and
 * that the bucket exists. An object becomes visible only when whole (a multipart upload at completion).
 *
 * Why our own: the npm S3 servers were tried on Node 20 with @aws-sdk/client-s3 3.1169 — `s3rver` 3.7.1 has had no
 * release since 2021; its maintained fork `@20minutes/s3rver` 5 needs Node 24, and 4.0.4 refuses every bucket-level
 * request of the current SDK (SignatureDoesNotMatch on ListObjectsV2: it signs `/<bucket>` where the SDK sends
 * `/<bucket>/`), so the sweep and the backups could not list. MinIO and Ceph are not npm packages.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Config } from '../storage/s3';

export const S3_DOUBLE_CREDENTIALS = { accessKeyId: 'HEARTHTESTKEY', secretAccessKey: 'hearth-test-secret' } as const;

interface StoredObject {
  data: Buffer;
  contentType: string;
  lastModified: Date;
  etag: string;
}

type Operation = 'PutObject' | 'GetObject' | 'HeadObject' | 'DeleteObject' | 'ListObjectsV2' | 'CreateMultipartUpload' | 'UploadPart' | 'CompleteMultipartUpload' | 'AbortMultipartUpload';

/** A failure the double answers instead of doing an operation: after `after` successful ones, `times` times (default: always). */
export interface S3Fault {
  operations: Operation[];
  status: number;
  code: string;
  after?: number;
  times?: number;
}

export interface S3Double {
  /** The endpoint, `http://127.0.0.1:<port>`. */
  url: string;
  bucket: string;
  /** Settings for an S3Storage on this double (a fresh prefix per call unless one is given). */
  config(overrides?: Partial<S3Config>): S3Config;
  /** The objects of the bucket, by full key (prefix included). */
  objects: Map<string, StoredObject>;
  /** Operations answered, in order (failed ones too). */
  requests: { operation: Operation | 'Unknown'; key: string; status: number }[];
  /** Multipart uploads begun and not completed or aborted. */
  pendingUploads(): number;
  /** Sets an object's LastModified (a file written long ago, for the sweep's grace). */
  age(key: string, at: Date): void;
  fail(fault: S3Fault): void;
  clearFaults(): void;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it. */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const xml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const amzDate = (value: string) => new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T${value.slice(9, 11)}:${value.slice(11, 13)}:${value.slice(13, 15)}Z`);

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message = code,
  ) {
    super(message);
  }
}

function queryPairs(raw: string): [string, string][] {
  if (!raw) return [];
  return raw.split('&').map((part) => {
    const at = part.indexOf('=');
    const [name, value] = at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
    return [decodeURIComponent(name), decodeURIComponent(value)];
  });
}

/** Checks the request's Signature V4 (header or presigned query); throws the error S3 answers. */
function verifySignature(req: IncomingMessage, rawPath: string, rawQuery: string, body: Buffer, secret: string, accessKeyId: string): void {
  const pairs = queryPairs(rawQuery);
  const query = new Map(pairs);
  const header = req.headers.authorization;
  let credential: string, signedHeaders: string, signature: string, date: string, payloadHash: string;
  if (header) {
    const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(header);
    if (!match) throw new S3Error(400, 'AuthorizationHeaderMalformed');
    [, credential, signedHeaders, signature] = match as unknown as [string, string, string, string];
    date = String(req.headers['x-amz-date'] ?? '');
    payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (!payloadHash) throw new S3Error(400, 'InvalidRequest', 'Missing x-amz-content-sha256');
    if (/^[0-9a-f]{64}$/.test(payloadHash) && payloadHash !== sha256(body)) throw new S3Error(400, 'XAmzContentSHA256Mismatch');
  } else if (query.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    credential = query.get('X-Amz-Credential') ?? '';
    signedHeaders = query.get('X-Amz-SignedHeaders') ?? '';
    signature = query.get('X-Amz-Signature') ?? '';
    date = query.get('X-Amz-Date') ?? '';
    payloadHash = query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    const expires = Number(query.get('X-Amz-Expires'));
    if (!(expires > 0) || amzDate(date).getTime() + expires * 1000 < Date.now()) throw new S3Error(403, 'AccessDenied', 'Request has expired');
  } else {
    throw new S3Error(403, 'AccessDenied', 'Anonymous access is forbidden');
  }
  const [keyId, day, region, service, terminal] = credential.split('/');
  if (keyId !== accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId');
  if (!day || !region || service !== 's3' || terminal !== 'aws4_request' || !date.startsWith(day)) throw new S3Error(403, 'SignatureDoesNotMatch', 'Bad credential scope');
  const canonicalQuery = pairs
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const names = signedHeaders.split(';');
  if (!names.includes('host')) throw new S3Error(403, 'SignatureDoesNotMatch', 'host is not signed');
  const canonicalHeaders = names.map((name) => {
    const value = req.headers[name];
    return `${name}:${(Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ')}\n`;
  });
  const canonicalRequest = [req.method, rawPath, canonicalQuery, canonicalHeaders.join(''), signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/${service}/${terminal}`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
  const expected = hmac(key, stringToSign);
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new S3Error(403, 'SignatureDoesNotMatch');
}

/** The body of an `aws-chunked` upload (STREAMING-… payloads): the chunks' data without their headers and trailers. */
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const end = body.indexOf('\r\n', at);
    if (end < 0) throw new S3Error(400, 'IncompleteBody');
    const size = parseInt(body.subarray(at, end).toString().split(';')[0]!, 16);
    if (!Number.isFinite(size)) throw new S3Error(400, 'IncompleteBody');
    if (size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
}

const operationOf = (method: string, key: string, query: Map<string, string>): Operation | 'Unknown' => {
  if (!key) return method === 'GET' && query.get('list-type') === '2' ? 'ListObjectsV2' : 'Unknown';
  if (method === 'POST' && query.has('uploads')) return 'CreateMultipartUpload';
  if (method === 'POST' && query.has('uploadId')) return 'CompleteMultipartUpload';
  if (method === 'PUT' && query.has('uploadId') && query.has('partNumber')) return 'UploadPart';
  if (method === 'DELETE' && query.has('uploadId')) return 'AbortMultipartUpload';
  if (method === 'PUT' && !query.has('uploadId')) return 'PutObject';
  if (method === 'GET') return 'GetObject';
  if (method === 'HEAD') return 'HeadObject';
  if (method === 'DELETE') return 'DeleteObject';
  return 'Unknown';
};

/** Starts the double with one bucket (default `hearth-test`; `pageSize`: keys per listing page, 1000 as S3); `close` stops it. */
export async function startS3Double(options: { bucket?: string; pageSize?: number } = {}): Promise<S3Double> {
  const bucket = options.bucket ?? 'hearth-test';
  const { accessKeyId, secretAccessKey } = S3_DOUBLE_CREDENTIALS;
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, { key: string; contentType: string; parts: Map<number, Buffer> }>();
  const requests: S3Double['requests'] = [];
  let faults: (S3Fault & { seen: number; failed: number })[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<{ operation: Operation | 'Unknown'; key: string }> => {
    const target = req.url ?? '/';
    const mark = target.indexOf('?');
    const rawPath = mark < 0 ? target : target.slice(0, mark);
    const rawQuery = mark < 0 ? '' : target.slice(mark + 1);
    const query = new Map(queryPairs(rawQuery));
    const [, bucketName = '', ...rest] = rawPath.split('/');
    const key = rest.map((part) => decodeURIComponent(part)).join('/');
    const operation = operationOf(req.method ?? '', key, query);
    const done = { operation, key };
    verifySignature(req, rawPath, rawQuery, body, secretAccessKey, accessKeyId);
    if (decodeURIComponent(bucketName) !== bucket) throw new S3Error(404, 'NoSuchBucket');
    if (operation === 'Unknown') throw new S3Error(501, 'NotImplemented');
    for (const fault of faults) {
      if (!fault.operations.includes(operation)) continue;
      fault.seen++;
      if (fault.seen > (fault.after ?? 0) && fault.failed < (fault.times ?? Infinity)) {
        fault.failed++;
        throw new S3Error(fault.status, fault.code);
      }
    }
    const payload = String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-') ? unchunk(body) : body;
    const etag = `"${createHash('md5').update(payload).digest('hex')}"`;
    switch (operation) {
      case 'PutObject': {
        objects.set(key, { data: payload, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), lastModified: new Date(), etag });
        res.writeHead(200, { ETag: etag }).end();
        return done;
      }
      case 'GetObject':
      case 'HeadObject': {
        const object = objects.get(key);
        if (!object) throw new S3Error(404, 'NoSuchKey');
        res.writeHead(200, {
          'Content-Type': query.get('response-content-type') ?? object.contentType,
          'Content-Length': object.data.length,
          'Last-Modified': object.lastModified.toUTCString(),
          ETag: object.etag,
          ...(query.has('response-content-disposition') ? { 'Content-Disposition': query.get('response-content-disposition') } : {}),
          ...(query.has('response-cache-control') ? { 'Cache-Control': query.get('response-cache-control') } : {}),
        });
        res.end(operation === 'GetObject' ? object.data : undefined);
        return done;
      }
      case 'DeleteObject':
        objects.delete(key);
        res.writeHead(204).end();
        return done;
      case 'ListObjectsV2': {
        const prefix = query.get('prefix') ?? '';
        const max = Math.min(options.pageSize ?? 1000, Number(query.get('max-keys') ?? 1000));
        const after = query.has('continuation-token') ? Buffer.from(query.get('continuation-token')!, 'base64url').toString() : '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = keys.slice(0, max);
        const truncated = keys.length > max;
        const contents = page.map((k) => {
          const o = objects.get(k)!;
          return `<Contents><Key>${xml(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${xml(o.etag)}</ETag><Size>${o.data.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        });
        const next = truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}</NextContinuationToken>` : '';
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix>` +
            `<KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${next}${contents.join('')}</ListBucketResult>`,
        );
        return done;
      }
      case 'CreateMultipartUpload': {
        const uploadId = randomBytes(12).toString('hex');
        uploads.set(uploadId, { key, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'), parts: new Map() });
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>${xml(bucket)}</Bucket><Key>${xml(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`);
        return done;
      }
      case 'UploadPart': {
        const upload = uploads.get(query.get('uploadId')!);
        if (!upload || upload.key !== key) throw new S3Error(404, 'NoSuchUpload');
        upload.parts.set(Number(query.get('partNumber')), payload);
        res.writeHead(200, { ETag: etag }).end();
        return done;
      }
      case 'CompleteMultipartUpload': {
        const uploadId = query.get('uploadId')!;
        const upload = uploads.get(uploadId);
        if (!upload || upload.key !== key) throw new S3Error(404, 'NoSuchUpload');
        const numbers = [...payload.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
        if (!numbers.length || numbers.some((n) => !upload.parts.has(n))) throw new S3Error(400, 'InvalidPart');
        const data = Buffer.concat(numbers.map((n) => upload.parts.get(n)!));
        uploads.delete(uploadId);
        const whole = `"${createHash('md5').update(data).digest('hex')}-${numbers.length}"`;
        objects.set(key, { data, contentType: upload.contentType, lastModified: new Date(), etag: whole });
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Bucket>${xml(bucket)}</Bucket><Key>${xml(key)}</Key><ETag>${xml(whole)}</ETag></CompleteMultipartUploadResult>`);
        return done;
      }
      case 'AbortMultipartUpload':
        uploads.delete(query.get('uploadId')!);
        res.writeHead(204).end();
        return done;
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let seen: { operation: Operation | 'Unknown'; key: string } = { operation: 'Unknown', key: '' };
      handle(req, res, Buffer.concat(chunks))
        .then((done) => (seen = done))
        .catch((error: unknown) => {
          const failure = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
          const target = req.url ?? '/';
          const path = target.split('?')[0]!.split('/').slice(2).map(decodeURIComponent).join('/');
          seen = { operation: operationOf(req.method ?? '', path, new Map(queryPairs(target.split('?')[1] ?? ''))), key: path };
          res.writeHead(failure.status, { 'Content-Type': 'application/xml' });
          res.end(req.method === 'HEAD' ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${xml(failure.code)}</Code><Message>${xml(failure.message)}</Message></Error>`);
        })
        .finally(() => requests.push({ ...seen, status: res.statusCode }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let prefixes = 0;

  return {
    url,
    bucket,
    objects,
    requests,
    config: (overrides = {}) => ({
      bucket,
      region: 'us-east-1',
      endpoint: url,
      forcePathStyle: true,
      credentials: { ...S3_DOUBLE_CREDENTIALS },
      prefix: `t${process.pid}-${++prefixes}/`,
      presignedDownloads: true,
      // A failing double answers at once: no retries with back-off in the tests.
      maxAttempts: 1,
      ...overrides,
    }),
    pendingUploads: () => uploads.size,
    age(key, at) {
      const object = objects.get(key);
      if (!object) throw new Error(`No object ${key}`);
      object.lastModified = at;
    },
    fail(fault) {
      faults.push({ ...fault, seen: 0, failed: 0 });
    },
    clearFaults() {
      faults = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
