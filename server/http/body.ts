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

/** Reads the raw body, refusing more than `limit` bytes before buffering them. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);

  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
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

/** 400 naming the first field whose text breaks the shared text rule (core/validation/text.ts). */
export function checkTexts(value: unknown, path = ''): void {
  const fault = findTextFault(value, path);
  if (fault) throw new HttpError(400, 'invalid_text', textFaultMessage(fault), { [fault.path || 'body']: textFaultMessage(fault) });
}
