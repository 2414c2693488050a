/**
 * Slow and too many clients (issue 22, faults): a client that sends its headers or body a byte at a time
 * (slowloris) is cut off, and a process takes at most so many requests at once.
 *   - headers: Node's `headersTimeout` — the whole header block within `headersTimeoutMs`, else 408 and close;
 *   - the whole request (headers and body): Node's `requestTimeout`, `requestTimeoutMs`;
 *   - a body that stops arriving: `bodyIdleTimeoutMs` between two chunks (readBody, body.ts), else 408;
 *   - idle keep-alive connections: closed after `keepAliveTimeoutMs`;
 *   - more than `maxConcurrentRequests` requests in progress in this process: 503 with Retry-After,
 *     answered at once instead of queueing without bound.
 */
import type { IncomingMessage, RequestListener, ServerOptions, ServerResponse } from 'node:http';
import type { Logger } from '../log';
import { setBodyIdleTimeout } from './body';
import { API_CSP } from './respond';

export interface ClientLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  bodyIdleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConcurrentRequests: number;
}

export const DEFAULT_CLIENT_LIMITS: ClientLimits = {
  headersTimeoutMs: 20_000,
  // Large enough for a photo upload (about 20 MB) on a slow line; a trickling body meets bodyIdleTimeoutMs first.
  requestTimeoutMs: 120_000,
  bodyIdleTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  maxConcurrentRequests: 1_000,
};

/** Seconds a client is asked to wait when the process is full. */
export const BUSY_RETRY_AFTER_S = 2;

export function clientLimits(overrides: Partial<ClientLimits> = {}): ClientLimits {
  const limits = { ...DEFAULT_CLIENT_LIMITS, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`Client limit ${name} must be a whole number > 0, not ${value}.`);
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) throw new Error('headersTimeoutMs must not exceed requestTimeoutMs.');
  return limits;
}

/** Options for http.createServer. Node checks the header and request timeouts every `connectionsCheckingInterval`. */
export function serverTimeouts(limits: ClientLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

function sendBusy(res: ServerResponse): void {
  const payload = JSON.stringify({ error: 'busy', message: 'The server is handling too many requests. Please try again in a moment.' });
  res.statusCode = 503;
  res.setHeader('Retry-After', String(BUSY_RETRY_AFTER_S));
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Security-Policy', API_CSP);
  res.setHeader('Cache-Control', 'no-store');
  // Whatever body the refused request carries is not read: the connection is not reused.
  res.setHeader('Connection', 'close');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}

/** The request listener with the body idle timeout and the bound on requests in progress. */
export function withClientLimits(listener: RequestListener, limits: ClientLimits, logger: Logger): RequestListener {
  let inProgress = 0;
  let warned = 0;
  return (req: IncomingMessage, res: ServerResponse) => {
    if (inProgress >= limits.maxConcurrentRequests) {
      if (Date.now() - warned > 10_000) {
        warned = Date.now();
        logger.warn(`[http] ${inProgress} requests in progress (limit ${limits.maxConcurrentRequests}): answering 503`);
      }
      sendBusy(res);
      return;
    }
    inProgress++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inProgress--;
    };
    res.once('close', finish);
    res.once('finish', finish);
    setBodyIdleTimeout(req, limits.bodyIdleTimeoutMs);
    listener(req, res);
  };
}
