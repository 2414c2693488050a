/**
 * GraphQL over HTTP (spec §7): POST with a JSON body to /graphql/ or /public_graphql/, an optional `?queryName=`
 * naming the operations, `?partner=` choosing the partner (CORS as for REST). The HTTP layer checks
 * partner, origin, media type and size before Yoga sees the request, so Yoga only runs GraphQL.
 */
import { GraphQLError, NoSchemaIntrospectionCustomRule, type ExecutionArgs } from '../graphql-js';
import { createYoga, maskError, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { authenticate, withDetailErrors } from '../../accounts/session';
import { isMultipartContentType } from '../../accounts/photos';
import { asHeavy, RequestWrites, withCancellation } from '../../db/cancellation';
import { faultAnswer, faultExtensions, withGraphqlDatabaseErrors } from '../../db/unavailable';
import { DomainError } from '../../domain-error';
import { GRAPHQL_BODY_LIMIT, isJsonContentType, readBody } from '../../http/body';
import { clientIp } from '../../http/client-ip';
import { HttpError } from '../../http/errors';
import { jsonNestingWithin, MAX_JSON_NESTING } from '../../http/nesting';
import { API_CSP } from '../../http/respond';
import type { RequestContext, Route } from '../../http/router';
import type { Logger } from '../../log';
import { countError } from '../../observability/metrics';
import { noteScopeOperation } from '../../observability/request-scope';
import { guardPartnerRequest, partnerPreflight } from '../../partners/guard';
import { presentedKey, readGraphqlKey } from '../../partners/graphql-keys';
import { hasErrors, PublicResponseCache, type CacheableRequest } from './response-cache';
import { buildGraphqlContext, buildGraphqlContextFor, type GraphqlContext, type GraphqlEndpoint, type GraphqlServerContext } from '../context';
import { schema } from '../schema/index';
import { busyError, CostGuard, type CostPayer } from './cost-guard';
import { GRAPHQL_LIMITS, queryLimitsRule, type GraphqlLimits } from './limits';
import { useAllowlist, type OperationAllowlist } from './allowlist';
import { graphiqlAssetRoutes, sendGraphiqlPage, wantsHtml } from './graphiql';
import { useGraphqlJit } from './jit';
import { checkQueryName, operationLabel, readQueryName, useQueryNameRule } from './query-name';
import { literalTextRule, requestProblem, useRequestChecks } from './request-checks';
import { parsedBody, SearchFastPath, type Answer } from './search-fast-path';
import { MULTIPART_BODY_LIMIT, MULTIPART_LIMITS } from './uploads';

export interface GraphqlOptions {
  production: boolean;
  logger: Logger;
  /** Only the operations of this persisted-query allowlist run (allowlist.ts); null: any operation. */
  allowlist?: OperationAllowlist | null;
  /** Depth, field and alias ceilings of one operation (limits.ts). Default GRAPHQL_LIMITS. */
  graphqlLimits?: GraphqlLimits;
}

/**
 * What a client may read of an error, the one place domain errors become GraphQL errors: GraphQL's own
 * errors and a DomainError (its message and extensions, already on the located error) as they are; anything
 * else is logged and masked as "Unexpected error.".
 */
function clientError(error: unknown, message: string, logger: Logger, endpoint: GraphqlEndpoint): Error {
  if (error instanceof GraphQLError && error.originalError instanceof DomainError) return error;
  // The database out of reach, the upload disk full (server/db/unavailable.ts): 503/507 and a message that says so.
  const fault = faultAnswer(error);
  if (fault) {
    logger.warn(`[graphql] ${endpoint}: ${fault.code}: ${String((error as Error).message ?? error)}`);
    return new GraphQLError(fault.message, { extensions: faultExtensions(fault) });
  }
  const masked = maskError(error, message, false);
  // A request already stopped (client gone, deadline passed) fails where it stood: nothing to log.
  if (masked !== error && !stoppedRequest(error)) logger.error(`[graphql] ${endpoint} resolver failed`, error);
  return masked;
}

/**
 * Every error of an answer Yoga gives, by its code, in the metrics (`hearth_errors_total`): DomainError codes, the
 * transport's refusals, GraphQL's own (validation, parsing), an unexpected one as INTERNAL_SERVER_ERROR.
 */
function useErrorCounts(): Plugin {
  return {
    onResultProcess({ result }) {
      for (const one of Array.isArray(result) ? result : [result]) {
        const errors = (one as { errors?: readonly { extensions?: Record<string, unknown> }[] } | null)?.errors;
        for (const error of errors ?? []) countError('graphql', error.extensions?.code ?? 'INTERNAL_SERVER_ERROR');
      }
    },
  };
}

/** "Did you mean …?" would give away the schema that production hides by turning introspection off. */
const SUGGESTION = / Did you mean .*\?$/;
const withoutSuggestions = (error: Error): Error =>
  error instanceof GraphQLError && SUGGESTION.test(error.message)
    ? new GraphQLError(error.message.replace(SUGGESTION, ''), { nodes: error.nodes, extensions: error.extensions })
    : error;

function useValidationLimits(production: boolean, limits: GraphqlLimits): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(queryLimitsRule(limits));
      addValidationRule(literalTextRule);
      if (!production) return undefined;
      addValidationRule(NoSchemaIntrospectionCustomRule);
      return ({ result, setResult }) => {
        if (result.length > 0) setResult(result.map(withoutSuggestions));
      };
    },
  };
}

/**
 * Refuses an operation that costs too much or recurses too deep (cost.ts) before it runs, and lets a
 * heavy one run only in its turn. Last of the execution plugins, so it wraps what they run.
 */
function useCostGuard(guard: CostGuard): Plugin<GraphqlContext> {
  return {
    onExecute({ args, executeFn, setExecuteFn, setResultAndStopExecution }) {
      const context = args.contextValue as GraphqlContext;
      const decision = guard.decide(args.document, args.operationName, args.variableValues ?? {}, context.payer, context.costLimits);
      if (!decision.allowed) return setResultAndStopExecution({ errors: [decision.error] });
      if (decision.cost < context.costLimits.heavyRequest) return;
      setExecuteFn(async (a: ExecutionArgs) => {
        const result = await guard.admit(decision.cost, context.costLimits, context.signal, async () => asHeavy(() => executeFn(a)));
        return result ?? { errors: [busyError()] };
      });
    },
  };
}

/**
 * Operations run with their request's signal in scope (db/cancellation.ts): statements stop when the client
 * has gone or the deadline passed, until the request's first write, its commit point. After the execution
 * plugins, so it wraps what they run.
 */
function useCancellation(): Plugin<GraphqlContext> {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const { signal, writes } = args.contextValue as GraphqlContext;
      setExecuteFn((a: ExecutionArgs) => withCancellation(signal, () => executeFn(a), writes));
    },
  };
}

function createEndpoint(endpoint: GraphqlEndpoint, options: GraphqlOptions, guard: CostGuard) {
  const { logger, production } = options;
  return createYoga<GraphqlServerContext, GraphqlContext>({
    schema,
    graphqlEndpoint: `/${endpoint}/`,
    graphiql: false,
    landingPage: false,
    cors: false,
    batching: false,
    // The transport reads the body first, within its route's limit (MULTIPART_BODY_LIMIT, GRAPHQL_BODY_LIMIT):
    // Yoga's own default (25,000,000 bytes) would refuse listing photos that limit lets through.
    maxRequestBodySize: false,
    // Never the stack or message of an unexpected error: log it, send "Unexpected error.".
    maskedErrors: { maskError: (error, message) => clientError(error, message, logger, endpoint) },
    logging: {
      debug: () => undefined,
      info: () => undefined,
      warn: (...args: unknown[]) => logger.warn(`[graphql] ${args.map(String).join(' ')}`),
      error: (...args: unknown[]) => logger.error(`[graphql] ${String(args[0])}`, args[1]),
    },
    context: ({ request, ...server }) => buildGraphqlContext(request, server),
    plugins: [useErrorCounts(), useAllowlist(options.allowlist ?? null), useRequestChecks(), useQueryNameRule(), useValidationLimits(production, options.graphqlLimits ?? GRAPHQL_LIMITS), useGraphqlJit(), useCancellation(), useCostGuard(guard)],
  });
}

const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

/** The public endpoint's search shortcuts: whole answers cached, and searches run without Yoga's Fetch objects. */
interface SearchShortcuts {
  cache: PublicResponseCache;
  fastPath: SearchFastPath;
}

/** How long a GraphQL request may run before it is stopped and answered 503. */
export const GRAPHQL_DEADLINE_MS = 10_000;

/**
 * The same for an upload (a multipart request), counted once its body is read. It waits for its job in the work tier
 * (server/uploads/jobs.ts), whose threads give way to requests: on a saturated machine a 12 MP photo's job waited
 * 4–10 s for its turn, and 0–3 uploads in a run of `bench:load -- --sizing` met the 10 s deadline of other requests
 * (docs/benchmarks.md). The request does no work meanwhile; the uploader sees its progress.
 */
export const UPLOAD_DEADLINE_MS = 30_000;

/** The request was stopped at its deadline. */
class DeadlineExceeded extends Error {
  constructor(readonly ms: number) {
    super(`The request took longer than ${ms / 1000} s and was stopped.`);
    this.name = 'DeadlineExceeded';
  }
}

/** An error that only says its request was already stopped. */
function stoppedRequest(error: unknown): boolean {
  const original = error instanceof GraphQLError ? error.originalError : error;
  return original instanceof Error && (original.name === 'StatementCancelled' || (original as { code?: string }).code === '57014');
}

function graphqlErrorAnswer(status: number, message: string, code: string, headers: Record<string, string> = {}): Answer {
  countError('graphql', code);
  const payload = new TextEncoder().encode(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, payload };
}

/** Said to a client that sends a JSON array of operations (Apollo's and GraphiQL's batching). */
export const BATCHING_NOT_SUPPORTED =
  'Batched requests (a JSON array of operations) are not supported: send one operation per request, as a JSON object { "query", "variables", "operationName" }. One operation may select several root fields.';

/** The request's JSON body checked before anything parses or walks it; an answer when it fails. */
function checkJsonRequest(body: Uint8Array): Answer | null {
  if (!jsonNestingWithin(body)) {
    return graphqlErrorAnswer(400, `The request body nests arrays and objects more than ${MAX_JSON_NESTING} levels deep.`, 'BAD_USER_INPUT');
  }
  const params = parsedBody(body);
  // Each operation of a batch would need its own cost, turn and cache entry: one operation per request.
  if (Array.isArray(params)) return graphqlErrorAnswer(400, BATCHING_NOT_SUPPORTED, 'BATCHING_NOT_SUPPORTED');
  if (params === null || typeof params !== 'object') return null; // Yoga words what is wrong with it
  const problem = requestProblem(params as Record<string, unknown>);
  return problem ? graphqlErrorAnswer(400, problem.message, String(problem.extensions.code)) : null;
}

/** The request's `query` text, if its body is a JSON object with one. */
function queryOf(body: Uint8Array): unknown {
  const request = parsedBody(body);
  return request !== null && typeof request === 'object' ? (request as { query?: unknown }).query : undefined;
}

/** A refusal of the transport's (a GraphQLError with its status and headers in `extensions.http`) as an answer. */
function refusalAnswer(error: GraphQLError, headers: Record<string, string> = {}): Answer {
  const http = (error.extensions.http ?? {}) as { status?: number; headers?: Record<string, string> };
  return graphqlErrorAnswer(http.status ?? 400, error.message, String(error.extensions.code ?? 'BAD_REQUEST'), { ...http.headers, ...headers });
}

/** `?queryName=` against the document (query-name.ts): the refusal, or null. */
function queryNameRefusal(query: unknown, queryName: string | null): Answer | null {
  try {
    checkQueryName(typeof query === 'string' ? query : undefined, queryName);
    return null;
  } catch (error) {
    if (error instanceof GraphQLError) return refusalAnswer(error);
    throw error;
  }
}

function payerOf(ctx: RequestContext, viewer: GraphqlServerContext['viewer']): CostPayer {
  return viewer ? { key: `user:${viewer.user.id}`, signedIn: true } : { key: `ip:${clientIp(ctx.req, ctx.services.config.trustProxy)}`, signedIn: false };
}

async function forward(
  ctx: RequestContext,
  yoga: YogaServerInstance<GraphqlServerContext, GraphqlContext>,
  endpoint: GraphqlEndpoint,
  guard: CostGuard,
  allowlist: OperationAllowlist | null,
  search: SearchShortcuts | null = null,
): Promise<void> {
  // Until the document names it: a request refused before counts as 'unknown' (server/observability/metrics.ts).
  noteScopeOperation('unknown');
  const partner = await guardPartnerRequest(ctx);
  // Uploads (uploadUserPhoto) are multipart, and only for signed-in users.
  const upload = endpoint === 'graphql' && isMultipartContentType(ctx.req.headers['content-type']);
  if (!upload && !isJsonContentType(ctx.req.headers['content-type'])) {
    throw new HttpError(415, 'unsupported_media_type', 'Send GraphQL requests as JSON with Content-Type: application/json.');
  }
  // A partner's API key (server/partners/graphql-keys.ts) instead of a user: refused when unknown, revoked or out of its scopes.
  const keyPresented = endpoint === 'graphql' && presentedKey(ctx.req.headers.authorization) !== null;
  const user = endpoint === 'graphql' && !keyPresented ? await authenticate(ctx.services.db, ctx.req.headers, ctx.method) : null;
  const costLimits = ctx.services.config.graphqlCostLimits;
  // The body is read only for a request that can be served: a client whose budget is used up is refused
  // before (an API key's payer is known once the key is read, which needs the query). Its unread body is
  // not worth reading: the connection closes.
  if (!keyPresented) {
    const spent = guard.refuseSpent(payerOf(ctx, user), costLimits);
    if (spent) return send(ctx, refusalAnswer(spent, { Connection: 'close' }));
  }
  const body = await readBody(ctx.req, upload ? MULTIPART_BODY_LIMIT : GRAPHQL_BODY_LIMIT);
  const queryName = readQueryName(ctx.req.url ?? '');
  const query = upload ? undefined : queryOf(body);

  // Every check that needs no execution, before anything answers: the response cache and the fast path answer
  // only a request that passed all of them (Yoga's plugins repeat them, and check multipart requests).
  const refused = upload ? null : checkJsonRequest(body);
  if (refused) return send(ctx, refused);
  const key = keyPresented ? await readGraphqlKey(ctx.services.db, ctx.req.headers.authorization, query, upload) : null;
  if (key && !key.ok) return send(ctx, graphqlErrorAnswer(key.status, key.message, key.code, key.status === 401 ? { 'WWW-Authenticate': 'Partner' } : {}));
  const viewer = key ? key.viewer : user;
  const notAllowed = allowlist?.refusal(query, partner.slug);
  if (notAllowed) return send(ctx, refusalAnswer(notAllowed));
  const badQueryName = upload ? null : queryNameRefusal(query, queryName);
  if (badQueryName) return send(ctx, badQueryName);
  // Names the request in our logs: its queryName, else its operations' names, else 'anonymous'.
  const operation = operationLabel(query, queryName);
  noteScopeOperation(operation);
  const payer = key ? { key: `partner-key:${key.grant.keyId ?? `partner-${key.grant.partnerId}`}`, signedIn: true } : payerOf(ctx, viewer);
  const spent = guard.refuseSpent(payer, costLimits);
  if (spent) return send(ctx, refusalAnswer(spent));

  // Stopped when the client goes away before its answer, or at the deadline.
  const stop = new AbortController();
  const deadlineMs = upload ? ctx.services.config.graphqlUploadDeadlineMs : ctx.services.config.graphqlDeadlineMs;
  const deadline = setTimeout(() => stop.abort(new DeadlineExceeded(deadlineMs)), deadlineMs);
  const onClose = () => {
    if (!ctx.res.writableFinished) stop.abort(new Error('The client closed the connection before the answer.'));
  };
  ctx.res.once('close', onClose);
  const stopped = new Promise<null>((resolve) => stop.signal.addEventListener('abort', () => resolve(null), { once: true }));
  const writes = new RequestWrites();

  const server: GraphqlServerContext = {
    db: ctx.services.db,
    partner,
    endpoint,
    viewer,
    payer,
    costLimits,
    signal: stop.signal,
    writes,
  };
  const viaYoga = async (): Promise<Answer> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(ctx.req.headers)) {
      if (value === undefined || NOT_FORWARDED.has(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    // Yoga matches its endpoint exactly; our router also accepts the path without its trailing slash.
    // Always on config.publicOrigin (the context's origin for links): an absolute-form request target
    // (`POST http://elsewhere/public_graphql/`) must not put another origin into photos the cache keeps.
    const url = new URL(`/${endpoint}/${ctx.url.search}`, ctx.services.config.publicOrigin);
    // Yoga's own Request class, which holds its multipart parser to the per-part limits (uploads.ts).
    // The body as read (no copy: an upload is megabytes).
    const init = { method: 'POST', headers, body: body as Uint8Array<ArrayBuffer>, formDataLimits: MULTIPART_LIMITS };
    const response = await yoga.fetch(new yoga.fetchAPI.Request(url, init), server);
    const answer: Answer = { status: response.status, headers: {}, payload: new Uint8Array(await response.arrayBuffer()) };
    response.headers.forEach((value, name) => {
      if (!name.startsWith('access-control-') && name !== 'content-length') answer.headers[name] = value;
    });
    return answer;
  };

  const work = (async (): Promise<Answer> => {
    if (!search) return viaYoga();
    // Public search without an Authorization header: the response cache, then the fast path, then Yoga.
    const { cache, fastPath } = search;
    const cacheable = ctx.req.headers.authorization ? null : partner.id;
    // A cached answer too is held to the request's cost: its ceiling, and its client's budget as if it ran.
    const beforeHit = (request: CacheableRequest): Answer | null => {
      const decision = guard.decide(request.document, request.operationName, request.variables, payer, costLimits);
      return decision.allowed ? null : refusalAnswer(decision.error);
    };
    const produce = async (): Promise<Answer> => {
      if (cacheable !== null) {
        // config.publicOrigin is an origin already (app.ts).
        const context = buildGraphqlContextFor(ctx.services.config.publicOrigin, null, server);
        const fast = await withCancellation(stop.signal, () =>
          fastPath.answer(body, ctx.req.headers.accept, queryName, context, guard),
        );
        if (fast) return fast;
      }
      const slow = await viaYoga();
      if (cacheable !== null && slow.status === 200 && !hasErrors(slow.payload)) fastPath.learn(body);
      return slow;
    };
    return cache.fetch(ctx.services.db, cacheable, body, produce, { queryName, beforeHit });
  })();

  try {
    const answer = await Promise.race([work, stopped]);
    if (answer) {
      if (answer.status >= 500) ctx.services.logger.warn(`[graphql] /${endpoint}/ ${operation}: ${answer.status}`);
      return send(ctx, answer);
    }
    const reason: unknown = stop.signal.reason;
    // A request that has begun to write is not stopped (db/cancellation.ts): its answer says what it did.
    if (writes.begun && reason instanceof DeadlineExceeded) {
      ctx.services.logger.warn(`[graphql] /${endpoint}/ ${operation} passed its ${deadlineMs} ms deadline while writing: answered when done`);
      const done = await work;
      if (!ctx.res.destroyed) send(ctx, done);
      return;
    }
    // Stopped before any write: the work winds down by itself (its statements, and its first write, are refused).
    work.catch(() => undefined);
    if (reason instanceof DeadlineExceeded && !ctx.res.destroyed) {
      ctx.services.logger.warn(`[graphql] /${endpoint}/ ${operation} stopped at its ${deadlineMs} ms deadline`);
      send(ctx, graphqlErrorAnswer(503, reason.message, 'DEADLINE_EXCEEDED', { 'Retry-After': '5' }));
    }
  } finally {
    clearTimeout(deadline);
    ctx.res.off('close', onClose);
  }
}

function send(ctx: RequestContext, answer: Answer): void {
  ctx.res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) ctx.res.setHeader(name, value);
  ctx.res.setHeader('Content-Security-Policy', API_CSP);
  ctx.res.setHeader('Cache-Control', 'no-store');
  ctx.res.setHeader('Content-Length', answer.payload.byteLength);
  ctx.res.end(answer.payload);
}

const METHOD_NOT_ALLOWED = 'GraphQL requests must be POST with a JSON body (see spec §7).';

export function graphqlRoutes(options: GraphqlOptions): Record<string, Route> {
  const routes: Record<string, Route> = {};
  for (const endpoint of ['graphql', 'public_graphql'] as const) {
    const guard = new CostGuard(schema);
    const yoga = createEndpoint(endpoint, options, guard);
    const search = endpoint === 'public_graphql' ? { cache: new PublicResponseCache(), fastPath: new SearchFastPath(schema) } : null;
    routes[`/${endpoint}/`] = {
      POST: withGraphqlDatabaseErrors(withDetailErrors((ctx) => forward(ctx, yoga, endpoint, guard, options.allowlist ?? null, search))),
      // A browser's visit gets GraphiQL outside production; any other GET is refused as in production.
      GET: options.production
        ? undefined
        : (ctx) => {
            if (!wantsHtml(ctx)) throw new HttpError(405, 'method_not_allowed', METHOD_NOT_ALLOWED, undefined, { Allow: 'POST, OPTIONS' });
            sendGraphiqlPage(ctx, endpoint);
          },
      OPTIONS: partnerPreflight(['POST']),
      methodNotAllowed: METHOD_NOT_ALLOWED,
    };
  }
  return { ...routes, ...graphiqlAssetRoutes(options.production) };
}
