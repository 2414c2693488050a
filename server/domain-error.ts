/**
 * The one error a domain module throws when the caller asked for something wrong, absent or not theirs.
 * The API answers it as it is — a GraphQL error with its message and `extensions` (one place: the masking
 * of server/graphql/transport/http.ts) — while any other error is logged and answered "Unexpected
 * error.". Strangers get NOT_FOUND, exactly as for ids that do not exist.
 */
export type DomainErrorCode = 'BAD_USER_INPUT' | 'NOT_FOUND' | 'FORBIDDEN' | 'UNAUTHENTICATED' | 'RATE_LIMITED';

export class DomainError extends Error {
  /** What the caller is told beside the message: the code, the argument at fault, details (GraphQL reads this name). */
  readonly extensions: Readonly<Record<string, unknown>>;

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly argumentName?: string,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.extensions = { code, ...(argumentName ? { argumentName } : {}), ...details };
  }
}

/** The caller's mistake in argument `argumentName` (a path such as `geoInput.bounds`). */
export const badInput = (message: string, argumentName: string, details?: Record<string, unknown>) =>
  new DomainError('BAD_USER_INPUT', message, argumentName, details);

/** Field → message of a form's mistakes: the first names the argument, all of them go in `fields`. */
export function badFields(fields: Record<string, string>): DomainError {
  const [field, message] = Object.entries(fields)[0]!;
  return badInput(message, field, { fields });
}

/** Too many of one kind of request from one client: try again in `retryAfterSeconds` (as the transport's RATE_LIMITED). */
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError('RATE_LIMITED', message, undefined, { retryAfterSeconds });
