/**
 * A GraphQL mutation with a file (the GraphQL multipart request spec, spec §7 "file uploads are multipart"), with
 * its progress: the one request of core/ that does not go through call.ts, since fetch cannot report how much of a
 * body has been sent. It is sent with XMLHttpRequest to the same endpoint, partner, auth header and cookie rules as
 * the GraphQL client (./client.ts), and its answer read into the same `Result` as `mutate`'s (never throws).
 */
import { authHeaders, isSameOrigin } from '../auth/session';
import { runtimeSettings } from '../config/config';
import { failureOf, rootFieldOf, type AnswerSchema, type Failure, type Result } from './call';

export interface UploadOptions {
  /** Bytes sent so far out of the total, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** The upload was cancelled by its AbortSignal. */
export const CANCELLED: Failure = { kind: 'network', message: null, code: 'CANCELLED', argument: null };

export interface UploadRequest {
  url: string;
  body: FormData;
  headers: Record<string, string>;
  withCredentials: boolean;
}

/** The multipart request of `document` (one operation, its name in ?queryName=) with `file` as the variable `fileVariable`. */
export function uploadRequest(document: string, variables: Record<string, unknown>, fileVariable: string, file: Blob & { name?: string }): UploadRequest {
  const { api, partner } = runtimeSettings();
  const params = new URLSearchParams({ queryName: /(?:mutation|query)\s+(\w+)/.exec(document)?.[1] ?? '' });
  if (partner) params.set('partner', partner);
  const body = new FormData();
  body.set('operations', JSON.stringify({ query: document, variables: { ...variables, [fileVariable]: null } }));
  body.set('map', JSON.stringify({ 0: [`variables.${fileVariable}`] }));
  body.set('0', file, file.name ?? 'file');
  return {
    url: `${api}/graphql/?${params.toString()}`,
    body,
    headers: { Accept: 'application/graphql-response+json, application/json', ...authHeaders() },
    withCredentials: isSameOrigin(),
  };
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/** Reads an upload's answer: the root field's value, the server's refusal, or a failure of the transport. */
export function uploadAnswer<T>(document: string, schema: AnswerSchema<T>, status: number, text: string): Result<T> {
  type Answer = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  const body = parseJson(text) as Answer | null;
  if (body?.errors?.length) return { ok: false, failure: failureOf({ graphQLErrors: body.errors }) };
  const parsed = schema.safeParse(body?.data?.[rootFieldOf(document)]);
  if (parsed.success) return { ok: true, value: parsed.data };
  const kind = status === 401 ? 'unauthenticated' : status === 413 ? 'invalid' : 'server';
  return { ok: false, failure: { kind, message: null, code: status === 413 ? 'PAYLOAD_TOO_LARGE' : null, argument: status === 413 ? 'file' : null } };
}

/** Sends the upload; resolves with its answer (a cancel answers CANCELLED, a lost connection a network failure). */
export function upload<T>(request: UploadRequest, read: (status: number, text: string) => Result<T>, { onProgress, signal }: UploadOptions = {}): Promise<Result<T>> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve({ ok: false, failure: CANCELLED });
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    xhr.withCredentials = request.withCredentials;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => resolve(read(xhr.status, xhr.responseText));
    xhr.onerror = () => resolve({ ok: false, failure: { kind: 'network', message: null, code: null, argument: null } });
    xhr.onabort = () => resolve({ ok: false, failure: CANCELLED });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body);
  });
}
