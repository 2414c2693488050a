/**
 * Slow and too many clients (issue 22, faults; issue 33): a client that sends its headers or body a byte at a
 * time (slowloris) is cut off, and neither all clients together nor one client address can take the process.
 *   - headers: Node's `headersTimeout` — the whole header block within `headersTimeoutMs`, else 408 and close;
 *   - the whole request (headers and body): Node's `requestTimeout`, `requestTimeoutMs`;
 *   - a body that stops arriving: `bodyIdleTimeoutMs` between two chunks (readBody, body.ts), else 408;
 *   - idle keep-alive connections: closed after `keepAliveTimeoutMs`;
 *   - one client address (an IPv6 /64; behind trusted proxies, the address they forward: client-ip.ts) with
 *     `maxRequestsPerClient` requests in progress: its next one is answered 429 at once, its body unread;
 *     with `maxConnectionsPerClient` connections open (direct peers only: behind a proxy every connection
 *     is the proxy's), its next connection is answered 429 and closed;
 *   - `maxConcurrentRequests` requests in progress in this process: 503 with Retry-After, answered at once
 *     instead of queueing without bound; the last `reservedRequests` of them go only to an address with fewer
 *     than RESERVE_PER_CLIENT requests in progress, so a few addresses holding slow requests leave room for
 *     everybody else's light ones; health checks (HEALTH_PATH) are never refused for the process being full.
 * Every limit is per process (a cluster of N processes takes N times as much).
 */
import type { IncomingMessage, RequestListener, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from '../log';
import { countError } from '../observability/metrics';
import { setBodyIdleTimeout } from './body';
import { clientIp, clientKey, peerAddress, proxyHops, type TrustProxy } from './client-ip';
import { API_CSP, BASE_SECURITY_HEADERS } from './respond';

export interface ClientLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  bodyIdleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Requests in progress in this process. */
  maxConcurrentRequests: number;
  /** Requests in progress from one client address. */
  maxRequestsPerClient: number;
  /** The last slots of maxConcurrentRequests, kept for addresses with fewer than RESERVE_PER_CLIENT requests in progress (0: none). */
  reservedRequests: number;
  /** Open connections from one peer address (not counted behind a trusted proxy). */
  maxConnectionsPerClient: number;
}

export const DEFAULT_CLIENT_LIMITS: ClientLimits = {
  headersTimeoutMs: 20_000,
  // Large enough for a photo upload (about 20 MB) on a slow line; a trickling body meets bodyIdleTimeoutMs first.
  requestTimeoutMs: 120_000,
  bodyIdleTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  maxConcurrentRequests: 1_000,
  // A browser keeps at most 6 requests to us at once; 64 leaves room for an office behind one address.
  maxRequestsPerClient: 64,
  // A tenth of maxConcurrentRequests.
  reservedRequests: 100,
  maxConnectionsPerClient: 128,
};

/** In the reserved slots, an address may have this many requests in progress, its new one included. */
export const RESERVE_PER_CLIENT = 2;

/** The health check: never refused for the process being full (a load balancer must see it alive). */
export const HEALTH_PATH = '/healthz';

/** Seconds a client is asked to wait when the process is full. */
export const BUSY_RETRY_AFTER_S = 2;

/** The environment variables of the limits `npm start` takes (docs/configuration.md). */
const LIMIT_VARIABLES: Record<string, keyof ClientLimits> = {
  HEARTH_MAX_REQUESTS: 'maxConcurrentRequests',
  HEARTH_MAX_REQUESTS_PER_CLIENT: 'maxRequestsPerClient',
  HEARTH_RESERVED_REQUESTS: 'reservedRequests',
  HEARTH_MAX_CONNECTIONS_PER_CLIENT: 'maxConnectionsPerClient',
};

/** The limits set in the environment (whole numbers; checked by clientLimits). */
export function clientLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<ClientLimits> {
  const limits: Partial<ClientLimits> = {};
  for (const [variable, name] of Object.entries(LIMIT_VARIABLES)) {
    const value = env[variable]?.trim();
    if (!value) continue;
    if (!/^\d+$/.test(value)) throw new Error(`${variable} must be a whole number, not "${value}".`);
    limits[name] = Number(value);
  }
  return limits;
}

/**
 * The limits with `overrides`; unless given, the per-client bound and the reserve follow a lowered
 * `maxConcurrentRequests` (no more than it, and a tenth of it). Nonsense fails here, at start.
 */
export function clientLimits(overrides: Partial<ClientLimits> = {}): ClientLimits {
  const max = overrides.maxConcurrentRequests ?? DEFAULT_CLIENT_LIMITS.maxConcurrentRequests;
  const limits = {
    ...DEFAULT_CLIENT_LIMITS,
    maxRequestsPerClient: Math.min(DEFAULT_CLIENT_LIMITS.maxRequestsPerClient, max),
    reservedRequests: Math.floor(max / 10),
    ...overrides,
  };
  for (const [name, value] of Object.entries(limits)) {
    const least = name === 'reservedRequests' ? 0 : 1;
    if (!Number.isSafeInteger(value) || value < least) throw new Error(`Client limit ${name} must be a whole number ≥ ${least}, not ${value}.`);
  }
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) throw new Error('headersTimeoutMs must not exceed requestTimeoutMs.');
  if (limits.maxRequestsPerClient > limits.maxConcurrentRequests) throw new Error('maxRequestsPerClient must not exceed maxConcurrentRequests.');
  if (limits.reservedRequests >= limits.maxConcurrentRequests) throw new Error('reservedRequests must be less than maxConcurrentRequests.');
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

function refuse(res: ServerResponse, status: 429 | 503, error: string, message: string): void {
  const payload = JSON.stringify({ error, message });
  res.statusCode = status;
  res.setHeader('Retry-After', String(BUSY_RETRY_AFTER_S));
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Security-Policy', API_CSP);
  res.setHeader('Cache-Control', 'no-store');
  // Whatever body the refused request carries is not read: the connection is not reused.
  res.setHeader('Connection', 'close');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}

const BUSY_MESSAGE = 'The server is handling too many requests. Please try again in a moment.';
const tooManyRequests = (limit: number) =>
  `This address has ${limit} requests in progress, the most one client may have at once. Please try again in a moment.`;
const tooManyConnections = (limit: number) =>
  `This address has ${limit} connections open, the most one client may have at once. Close some, or try again in a moment.`;

/** The request's path without its query, for origin-form and absolute-form targets alike. */
function pathOf(url: string | undefined): string {
  const target = url ?? '/';
  const path = target.startsWith('/') ? target : (() => {
    try {
      return new URL(target).pathname;
    } catch {
      return target;
    }
  })();
  const bare = path.split('?', 1)[0]!;
  return bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
}

/** Counts per key; a key at zero is forgotten, so the map holds only the clients in progress. */
class Counts {
  readonly #counts = new Map<string, number>();
  get(key: string): number {
    return this.#counts.get(key) ?? 0;
  }
  add(key: string): void {
    this.#counts.set(key, this.get(key) + 1);
  }
  remove(key: string): void {
    const left = this.get(key) - 1;
    if (left > 0) this.#counts.set(key, left);
    else this.#counts.delete(key);
  }
}

/** The request listener with the body idle timeout and the bounds on requests in progress, and the connection bound. */
export interface ClientLimiter {
  /** Wraps the server's request listener. */
  wrap(listener: RequestListener): RequestListener;
  /** For the server's `connection` event. */
  onConnection(socket: Socket): void;
}

export function clientLimiter(limits: ClientLimits, logger: Logger, trustProxy: TrustProxy = false): ClientLimiter {
  let inProgress = 0;
  const perClient = new Counts();
  const connections = new Counts();
  const countConnections = proxyHops(trustProxy) === 0;
  // Behind a proxy without TRUST_PROXY, every client has the proxy's address: said once, in the log.
  let toldForwarded = !countConnections;
  /** Connections answered 429 as they opened: a request that still comes on one is not served. */
  const refusedSockets = new WeakSet<Socket>();
  let warned = 0;
  const warn = (message: string) => {
    if (Date.now() - warned < 10_000) return;
    warned = Date.now();
    logger.warn(`[http] ${message}`);
  };

  return {
    onConnection(socket) {
      if (!countConnections) return;
      const key = clientKey(peerAddress(socket));
      if (connections.get(key) >= limits.maxConnectionsPerClient) {
        warn(`${key} has ${limits.maxConnectionsPerClient} connections open: refusing more`);
        const payload = JSON.stringify({ error: 'too_many_connections', message: tooManyConnections(limits.maxConnectionsPerClient) });
        const headers = {
          'Retry-After': String(BUSY_RETRY_AFTER_S),
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Security-Policy': API_CSP,
          ...BASE_SECURITY_HEADERS,
          'Cache-Control': 'no-store',
          Connection: 'close',
          'Content-Length': String(Buffer.byteLength(payload)),
        };
        const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
        refusedSockets.add(socket);
        countError('rest', 'too_many_connections');
        socket.on('error', () => undefined);
        socket.end(`HTTP/1.1 429 Too Many Requests\r\n${head}\r\n${payload}`);
        socket.destroySoon();
        return;
      }
      connections.add(key);
      socket.once('close', () => connections.remove(key));
    },

    wrap(listener) {
      return (req: IncomingMessage, res: ServerResponse) => {
        if (refusedSockets.has(req.socket)) {
          req.socket.destroy();
          return;
        }
        const key = clientKey(clientIp(req, trustProxy));
        if (!toldForwarded && req.headers['x-forwarded-for'] !== undefined) {
          toldForwarded = true;
          logger.warn('[http] a request carries X-Forwarded-For but TRUST_PROXY is not set: behind a proxy, every client counts as the proxy\'s address (docs/configuration.md)');
        }
        const mine = perClient.get(key);
        if (mine >= limits.maxRequestsPerClient) {
          warn(`${key} has ${mine} requests in progress (limit ${limits.maxRequestsPerClient} per client): answering 429`);
          countError('rest', 'too_many_requests');
          refuse(res, 429, 'too_many_requests', tooManyRequests(limits.maxRequestsPerClient));
          return;
        }
        if (pathOf(req.url) !== HEALTH_PATH) {
          const full = inProgress >= limits.maxConcurrentRequests;
          const inReserve = inProgress >= limits.maxConcurrentRequests - limits.reservedRequests && mine + 1 > RESERVE_PER_CLIENT;
          if (full || inReserve) {
            warn(`${inProgress} requests in progress (limit ${limits.maxConcurrentRequests}, ${limits.reservedRequests} reserved): answering 503`);
            countError('rest', 'busy');
            refuse(res, 503, 'busy', BUSY_MESSAGE);
            return;
          }
        }
        inProgress++;
        perClient.add(key);
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          inProgress--;
          perClient.remove(key);
        };
        res.once('close', finish);
        res.once('finish', finish);
        setBodyIdleTimeout(req, limits.bodyIdleTimeoutMs);
        listener(req, res);
      };
    },
  };
}
