/**
 * The database is unreachable (issue 22, faults): PostgreSQL restarting, the network to it cut, a
 * connection torn down mid-statement. Such a failure is not the request's fault and not a bug of ours:
 * the client is told so at once — HTTP 503 with `Retry-After` (REST: `{ error: 'database_unavailable' }`;
 * GraphQL: an error with code DATABASE_UNAVAILABLE) — instead of a 500 or "Unexpected error.", while the
 * pools and the change feed (postgres.ts, postgres-changes.ts) reconnect by themselves.
 */
import type { ServerResponse } from 'node:http';
import { HttpError } from '../http/errors';
import { StorageFault } from '../storage';
import { API_CSP } from '../http/respond';
import type { Handler } from '../http/router';

/** Seconds a client is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_S = 5;

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable for a moment. Please try again in a few seconds.';

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EAI_AGAIN']);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not yet back: class 08 (connection exception),
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up / shutting down).
 */
const SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123])$/;

/** What node-postgres says when a socket closes or a connection attempt times out (no code attached). */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** True when `error` (or what it wraps: GraphQL's originalError, `cause`) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if (current instanceof DatabaseUnavailableError) return true;
    const { code, message, syscall } = current as { code?: unknown; message?: unknown; syscall?: unknown };
    if (typeof code === 'string' && SQLSTATE.test(code)) return true;
    // A socket call that failed (connect, read, write…). Not a client's own request aborting: Node's
    // `Error: aborted` carries ECONNRESET too, without a syscall.
    if (typeof code === 'string' && NETWORK_CODES.has(code) && typeof syscall === 'string') return true;
    if (typeof message === 'string' && PG_CONNECTION_MESSAGES.some((known) => message.startsWith(known))) return true;
    // An AggregateError (a host name with several addresses, each refused) is unavailable when all are.
    const errors = (current as { errors?: unknown }).errors;
    if (current instanceof AggregateError && Array.isArray(errors) && errors.length > 0 && errors.every((e) => isDatabaseUnavailable(e))) return true;
    current = (current as { originalError?: unknown }).originalError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Thrown where we know the database is unreachable ourselves. */
export class DatabaseUnavailableError extends Error {
  constructor(message = DATABASE_UNAVAILABLE_MESSAGE, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

export const retryAfterHeaders = (): Record<string, string> => ({ 'Retry-After': String(DATABASE_RETRY_AFTER_S) });

/**
 * The answer to a fault outside the request's and our code's control, or null: the database out of reach
 * (503 + Retry-After) or the upload disk full or refusing (server/storage: 507, or 503 + Retry-After).
 * server/http/router.ts answers it for REST; the GraphQL masking turns it into a GraphQL error.
 */
export function faultAnswer(error: unknown): HttpError | null {
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const fault = storageFaultOf(error);
  if (fault) return new HttpError(fault.status, fault.code, fault.message, undefined, fault.status === 503 ? { 'Retry-After': '60' } : undefined);
  return null;
}

function storageFaultOf(error: unknown): StorageFault | null {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if (current instanceof StorageFault) return current;
    current = (current as { originalError?: unknown }).originalError;
  }
  return null;
}

/** GraphQL's error extensions for a fault answer: Yoga answers with its status and headers. */
export const faultExtensions = (answer: HttpError) => ({
  code: answer.code.toUpperCase(),
  http: { status: answer.status, headers: answer.headers ?? {} },
});

/** The REST answer (server/http/router.ts turns any unavailable error into it). */
export const databaseUnavailable = () => new HttpError(503, 'database_unavailable', DATABASE_UNAVAILABLE_MESSAGE, undefined, retryAfterHeaders());

function sendGraphqlFault(res: ServerResponse, fault: HttpError): void {
  const payload = JSON.stringify({ errors: [{ message: fault.message, extensions: { code: fault.code.toUpperCase() } }] });
  res.statusCode = fault.status;
  for (const [name, value] of Object.entries(fault.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Security-Policy', API_CSP);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}

/**
 * A GraphQL route whose work before Yoga (partner, session, API key, response cache) may meet an
 * unreachable database: answered as a GraphQL error with 503, not the REST shape.
 */
export function withGraphqlDatabaseErrors(handler: Handler): Handler {
  return async (ctx) => {
    try {
      await handler(ctx);
    } catch (error) {
      const fault = faultAnswer(error);
      if (!fault || ctx.res.headersSent) throw error;
      ctx.services.logger.warn(`[graphql] ${fault.code}: ${String((error as Error).message ?? error)}`);
      sendGraphqlFault(ctx.res, fault);
    }
  };
}
