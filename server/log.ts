/**
 * The server's only logging seam: tests and embedders pass their own sink (a `Logger`); the default one writes
 * JSON lines with pino (docs/operations.md, "Logs and metrics"). Each line written while a request is served
 * carries its id, route, partner and operation (server/observability/request-scope.ts). A secret or a person's
 * data never belongs in a line: bodies and GraphQL variables are never logged, and the fields below are
 * censored wherever they appear in what is logged (a request's headers, an error's properties, fields).
 */
import type { IncomingMessage } from 'node:http';
import pino, { type DestinationStream } from 'pino';
import { currentScope } from './observability/request-scope';

/** Structured fields of a line, beside its message. */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, error?: unknown, fields?: LogFields): void;
}

const SECRET_KEYS = ['authorization', 'cookie', 'token', 'password', 'email', 'phone', 'secret', 'apiKey'];

/** What is censored in every line (pino's redact paths), at the top, one or two levels down. */
export const REDACTED_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  ...SECRET_KEYS.map((key) => `*.*.${key}`),
  // A request's headers: credentials and signatures, the client's address (personal data), and the page it came
  // from (a password-reset page's address holds its token).
  ...['proxy-authorization', 'x-api-key', 'stripe-signature', 'x-csrf-token', 'x-csrftoken', 'x-forwarded-for', 'x-real-ip', 'forwarded', 'referer'].map(
    (name) => `req.headers["${name}"]`,
  ),
  // A database error's detail quotes the values of a row ("Key (email)=(…) already exists").
  'err.detail',
  'err.parameters',
];

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];

/** `HEARTH_LOG_LEVEL` (one of LEVELS); default info, silent under vitest. */
function defaultLevel(): { level: string; unknown?: string } {
  const wanted = process.env.HEARTH_LOG_LEVEL;
  if (!wanted) return { level: process.env.VITEST ? 'silent' : 'info' };
  return LEVELS.includes(wanted) ? { level: wanted } : { level: 'info', unknown: wanted };
}

function scopeFields(): LogFields {
  const scope = currentScope();
  if (!scope) return {};
  const fields: LogFields = { requestId: scope.requestId, route: scope.route };
  if (scope.partner !== undefined) fields.partner = scope.partner;
  if (scope.operation !== undefined) fields.operation = scope.operation;
  return fields;
}

/** Marks fields built censored already (requestLogFields): written without pino's redaction, which costs ~10 µs a line. */
const CENSORED = Symbol('hearth.log.censored');

/** Request headers never logged as they are: credentials and signatures, the client's address, the page it came from. */
const SECRET_HEADERS = new Set(['x-forwarded-for', 'x-real-ip', 'forwarded', 'referer', 'true-client-ip', 'cf-connecting-ip']);
const SECRET_HEADER_NAME = /auth|cookie|token|secret|key|signature|session|password|csrf/i;

/**
 * The fields of a request's line in the log (server/http/router.ts): its method, its headers with every credential,
 * signature and address censored, its status and time. Never its path or query (a reset link's token, a signed
 * link's) nor its body.
 */
export function requestLogFields(req: IncomingMessage, status: number | string, ms: number): LogFields {
  const headers: Record<string, unknown> = {};
  for (const name in req.headers) headers[name] = SECRET_HEADERS.has(name) || SECRET_HEADER_NAME.test(name) ? '[redacted]' : req.headers[name];
  return { req: { method: req.method, headers }, res: { status }, ms, [CENSORED]: true };
}

export interface PinoLoggerOptions {
  /** Default `HEARTH_LOG_LEVEL`, else info (silent under vitest). */
  level?: string;
  /** Default stdout, written asynchronously (flushed at exit). */
  destination?: DestinationStream;
}

/** A `Logger` writing one JSON object a line. */
export function pinoLogger(options: PinoLoggerOptions = {}): Logger {
  const destination = options.destination ?? pino.destination({ dest: 1, sync: false });
  const fallback = options.level === undefined ? defaultLevel() : null;
  const settings = {
    level: options.level ?? fallback!.level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    mixin: scopeFields,
  };
  const log = pino({ ...settings, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination);
  // The request lines (one a request): their fields are censored as they are built (requestLogFields).
  const censored = pino(settings, destination);
  // A misspelt level never stops the server (the first line logged would throw): info, and said once.
  if (fallback?.unknown) log.warn(`HEARTH_LOG_LEVEL "${fallback.unknown.slice(0, 20)}" is none of ${LEVELS.join(', ')}: logging at info`);
  return {
    info: (message, fields) => (fields ? (CENSORED in fields ? censored : log).info(fields, message) : log.info(message)),
    warn: (message, fields) => (fields ? log.warn(fields, message) : log.warn(message)),
    error: (message, error, fields) => (error === undefined && !fields ? log.error(message) : log.error({ ...fields, err: error }, message)),
  };
}

let shared: Logger | null = null;
const sharedLogger = () => (shared ??= pinoLogger());

/** The default sink: JSON lines on stdout (made on first use, so a process that never logs opens nothing). */
export const defaultLogger: Logger = {
  info: (message, fields) => sharedLogger().info(message, fields),
  warn: (message, fields) => sharedLogger().warn(message, fields),
  error: (message, error, fields) => sharedLogger().error(message, error, fields),
};
