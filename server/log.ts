/**
 * The server's only logging seam: tests and embedders pass their own sink (a `Logger`); the default one writes
 * JSON lines with pino (docs/operations.md, "Logs and metrics"). Each line written while a request is served
 * carries its id, route, partner and operation (server/observability/request-scope.ts). A secret or a person's
 * data never belongs in a line: bodies and GraphQL variables are never logged, and the fields below are
 * censored wherever they appear in what is logged (a request's headers, an error's properties, fields).
 */
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

/** `HEARTH_LOG_LEVEL` (trace, debug, info, warn, error, fatal, silent); default info, silent under vitest. */
function defaultLevel(): string {
  return process.env.HEARTH_LOG_LEVEL || (process.env.VITEST ? 'silent' : 'info');
}

function scopeFields(): LogFields {
  const scope = currentScope();
  if (!scope) return {};
  const fields: LogFields = { requestId: scope.requestId, route: scope.route };
  if (scope.partner !== undefined) fields.partner = scope.partner;
  if (scope.operation !== undefined) fields.operation = scope.operation;
  return fields;
}

export interface PinoLoggerOptions {
  /** Default `HEARTH_LOG_LEVEL`, else info (silent under vitest). */
  level?: string;
  /** Default stdout, written asynchronously (flushed at exit). */
  destination?: DestinationStream;
}

/** A `Logger` writing one JSON object a line. */
export function pinoLogger(options: PinoLoggerOptions = {}): Logger {
  const log = pino(
    {
      level: options.level ?? defaultLevel(),
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      mixin: scopeFields,
    },
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  );
  return {
    info: (message, fields) => (fields ? log.info(fields, message) : log.info(message)),
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
