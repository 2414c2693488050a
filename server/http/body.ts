import type { IncomingMessage } from 'node:http';
import { findTextFault, textFaultMessage } from '../../core/validation/text';
import { HttpError } from './errors';
import { jsonNestingWithin, MAX_JSON_NESTING } from './nesting';

export const REST_BODY_LIMIT = 16 * 1024;
export const GRAPHQL_BODY_LIMIT = 1024 * 1024;

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

export function isJsonContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_MEDIA_TYPE.test(contentType.trim());
}

const tooLarge = (limit: number) =>
  new HttpError(413, 'payload_too_large', `The request body is larger than ${limit} bytes.`, undefined, {
    // The rest of an oversize body is not worth reading; closing tells the client not to reuse the socket.
    Connection: 'close',
  });

/** Longest wait for the next piece of a body (slowloris, issue 22); the server sets its own (http/slow-clients.ts). */
export const BODY_IDLE_TIMEOUT_MS = 15_000;
const bodyIdleTimeouts = new WeakMap<IncomingMessage, number>();

/** The body idle timeout of this request (set by the server for each request it takes). */
export function setBodyIdleTimeout(req: IncomingMessage, ms: number): void {
  bodyIdleTimeouts.set(req, ms);
}

const bodyTooSlow = (ms: number) =>
  new HttpError(408, 'request_timeout', `The request body stopped arriving for ${ms / 1000} s. Send it again.`, undefined, {
    // The rest of the body may still come: the socket is not reused.
    Connection: 'close',
  });

/** Reads the raw body, refusing more than `limit` bytes before buffering them, and a body that stops arriving. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);

  const idleMs = bodyIdleTimeouts.get(req) ?? BODY_IDLE_TIMEOUT_MS;
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = (req as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(bodyTooSlow(idleMs)), idleMs);
  });
  stalled.catch(() => undefined);
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), stalled]);
      if (next.done) break;
      timer!.refresh();
      const chunk = next.value;
      size += chunk.length;
      if (size > limit) {
        // As `for await` would on a throw: the stream is let go.
        await iterator.return?.();
        throw tooLarge(limit);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    // The connection went before the whole body (the client left, or the server's request timeout cut it):
    // nothing to answer and nothing of ours broke, so not logged as an unhandled error.
    if (!(error instanceof HttpError) && req.destroyed) {
      throw new HttpError(400, 'incomplete_body', 'The connection closed before the whole request body arrived.', undefined, { Connection: 'close' });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks);
}

/** A JSON object body: 415 for other media types, 413 over `limit`, 400 when it does not parse. */
export async function readJsonObject(req: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  if (!isJsonContentType(req.headers['content-type'])) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
  const value = parseJsonBody(await readBody(req, limit));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, 'invalid_json', 'The request body must be a JSON object.');
  }
  checkTexts(value);
  return value as Record<string, unknown>;
}

export const tooDeep = () =>
  new HttpError(400, 'too_deep', `The request body nests arrays and objects more than ${MAX_JSON_NESTING} levels deep.`);

/** JSON text → value: 400 when it nests too deep (checked before parsing) or does not parse. */
export function parseJsonBody(raw: Uint8Array): unknown {
  if (!jsonNestingWithin(raw)) throw tooDeep();
  try {
    return JSON.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8'));
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/**
 * 400 naming the first field whose text breaks the shared text rule (core/validation/text.ts), or the body
 * past the limits of the walk over untrusted input (core/validation/walk.ts: values and nesting).
 */
export function checkTexts(value: unknown, path = ''): void {
  const fault = findTextFault(value, path);
  if (!fault) return;
  const code = fault.limit === 'nodes' ? 'too_many_values' : fault.limit === 'nesting' ? 'too_deep' : 'invalid_text';
  throw new HttpError(400, code, textFaultMessage(fault), { [fault.path || 'body']: textFaultMessage(fault) });
}
