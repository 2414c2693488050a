import type { ServerResponse } from 'node:http';
import type { HttpError } from './errors';

/** On every response, whatever it carries. */
export const BASE_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;

/** API responses are data, never a document: nothing may load from them and no page may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Security-Policy', API_CSP);
  if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}

export function sendHttpError(res: ServerResponse, error: HttpError): void {
  sendJson(
    res,
    error.status,
    { error: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
    error.headers,
  );
}
