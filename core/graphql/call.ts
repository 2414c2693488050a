/**
 * The one way core/ talks to the API (spec §7): `query` and `mutate` send a plain-string operation through
 * the page's GraphQL client (client.ts, its own chunk, loaded with the first call), check the answer with a
 * zod/mini schema, and return a `Result`. They never throw: a refusal, a lost connection and an answer of
 * the wrong shape are all a `Failure` the caller shows as it likes.
 *
 * Each operation asks for one root field; the schema checks that field's value. The context is urql's
 * (client.ts): `requestPolicy` for the §7 cache policies, `muteError` when the caller shows the error
 * itself instead of the §8 toast, `customError` for a toast of its own, `questionnairePin` for a guest's
 * questionnaire (spec §6).
 */
import type { OperationContext } from '@urql/core';

export { GENERIC_ERROR } from '../i18n/ui';

export interface Failure {
  kind: 'network' | 'unauthenticated' | 'not-found' | 'invalid' | 'server';
  /** The server's words (every GraphQL error's message), or why the answer was not usable; null when there are none. */
  message: string | null;
  /** The GraphQL error code (NOT_FOUND, BAD_USER_INPUT, FORBIDDEN, …). */
  code: string | null;
  /** The input the server refused, e.g. agentAndQualification.agentPhone. */
  argument: string | null;
  /** Per-field errors (a questionnaire screen's widgets), when the server sent them. */
  fields?: Record<string, unknown>;
}

export type Result<T> = { ok: true; value: T } | { ok: false; failure: Failure };

/** A zod/mini schema, or a lazySchema (core/validation/lazy-schema.ts). */
export interface AnswerSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false };
}

export type CallContext = Partial<Pick<OperationContext, 'requestPolicy' | 'muteError' | 'customError' | 'questionnairePin'>>;

interface ErrorLike {
  networkError?: Error | undefined;
  graphQLErrors: readonly { message: string; extensions?: Record<string, unknown> }[];
}

const KINDS: Record<string, Failure['kind']> = { UNAUTHENTICATED: 'unauthenticated', NOT_FOUND: 'not-found', BAD_USER_INPUT: 'invalid' };

/** Reads urql's CombinedError (or anything thrown on the way) into a Failure. */
export function failureOf(error: ErrorLike | unknown): Failure {
  const errors = (error as Partial<ErrorLike> | null)?.graphQLErrors ?? [];
  const first = errors[0];
  if (!first) {
    const kind = error instanceof Error || (error as Partial<ErrorLike> | null)?.networkError ? 'network' : 'server';
    return { kind, message: null, code: null, argument: null };
  }
  const code = errors.map((e) => e.extensions?.code).find((c): c is string => typeof c === 'string') ?? null;
  const argument = first.extensions?.argumentName;
  const fields = first.extensions?.fields;
  return {
    kind: (code && KINDS[code]) || 'server',
    message: errors.map((e) => e.message).filter(Boolean).join(' ') || null,
    code,
    argument: typeof argument === 'string' ? argument : null,
    ...(fields && typeof fields === 'object' ? { fields: fields as Record<string, unknown> } : {}),
  };
}

/** The name under which the answer holds the operation's one root field (its alias, if it has one). */
export function rootFieldOf(document: string): string {
  return /^[^{]*\{\s*(\w+)/.exec(document)?.[1] ?? '';
}

let clientChunk: Promise<typeof import('./client')> | null = null;

/** The GraphQL client's chunk, asked for once (and again after a failed load). */
function loadClient(): Promise<typeof import('./client')> {
  clientChunk ??= import('./client').catch((error: unknown) => {
    clientChunk = null;
    throw error;
  });
  return clientChunk;
}

// In a build, the client's chunks are asked for as soon as an element that queries has loaded, not at its first
// query: they load while the element mounts (issue 38: one round trip less before a page's first answer). In Node
// (the server and the benches import the operations) `import.meta.env` is not there.
if (import.meta.env?.PROD) loadClient().catch(() => {});

async function call<T>(
  kind: 'query' | 'mutation',
  document: string,
  variables: Record<string, unknown>,
  schema: AnswerSchema<T>,
  context: CallContext,
): Promise<Result<T>> {
  const field = rootFieldOf(document);
  try {
    const { graphqlClient } = await loadClient();
    const client = graphqlClient(context.questionnairePin);
    const answer = await (kind === 'query' ? client.query(document, variables, context) : client.mutation(document, variables, context)).toPromise();
    if (answer.error) return { ok: false, failure: failureOf(answer.error) };
    const parsed = schema.safeParse((answer.data as Record<string, unknown> | null | undefined)?.[field]);
    if (parsed.success) return { ok: true, value: parsed.data };
    return { ok: false, failure: { kind: 'server', message: `The server answered ${field} in an unexpected shape.`, code: null, argument: null } };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}

/** Asks for the operation's root field. */
export function query<T>(document: string, variables: Record<string, unknown>, schema: AnswerSchema<T>, context: CallContext = {}): Promise<Result<T>> {
  return call('query', document, variables, schema, context);
}

/** Sends a mutation; its answer is the root field's value. */
export function mutate<T>(document: string, variables: Record<string, unknown>, schema: AnswerSchema<T>, context: CallContext = {}): Promise<Result<T>> {
  return call('mutation', document, variables, schema, context);
}
