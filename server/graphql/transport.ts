/**
 * GraphQL over HTTP (spec §7): POST with a JSON body to /graphql/ or /public_graphql/, `?queryName=`
 * naming the operations, `?partner=` choosing the partner (CORS as for REST). The HTTP layer checks
 * partner, origin, media type and size before Yoga sees the request, so Yoga only runs GraphQL.
 */
import { GraphQLError, NoSchemaIntrospectionCustomRule } from './graphql-js';
import { createYoga, maskError, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { authenticate, withDetailErrors } from '../accounts/session';
import { isMultipartContentType, UPLOAD_BODY_LIMIT } from '../accounts/photos';
import { GRAPHQL_BODY_LIMIT, isJsonContentType, readBody } from '../http/body';
import { HttpError } from '../http/errors';
import { API_CSP } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import type { Logger } from '../log';
import { guardPartnerRequest, partnerPreflight } from '../partners/guard';
import { hasErrors, PublicResponseCache } from '../listings/search/response-cache';
import { buildGraphqlContext, buildGraphqlContextFor, type GraphqlContext, type GraphqlEndpoint, type GraphqlServerContext } from './context';
import { schema } from './index';
import { GRAPHQL_LIMITS, queryLimitsRule } from './limits';
import { useGraphqlJit } from './jit';
import { readQueryName, useQueryNameRule } from './query-name';
import { SearchFastPath, type Answer } from './search-fast-path';

export interface GraphqlOptions {
  production: boolean;
  logger: Logger;
}

/** "Did you mean …?" would give away the schema that production hides by turning introspection off. */
const SUGGESTION = / Did you mean .*\?$/;
const withoutSuggestions = (error: Error): Error =>
  error instanceof GraphQLError && SUGGESTION.test(error.message)
    ? new GraphQLError(error.message.replace(SUGGESTION, ''), { nodes: error.nodes, extensions: error.extensions })
    : error;

function useValidationLimits(production: boolean): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(queryLimitsRule(GRAPHQL_LIMITS));
      if (!production) return undefined;
      addValidationRule(NoSchemaIntrospectionCustomRule);
      return ({ result, setResult }) => {
        if (result.length > 0) setResult(result.map(withoutSuggestions));
      };
    },
  };
}

function createEndpoint(endpoint: GraphqlEndpoint, options: GraphqlOptions) {
  const { logger, production } = options;
  return createYoga<GraphqlServerContext, GraphqlContext>({
    schema,
    graphqlEndpoint: `/${endpoint}/`,
    graphiql: false,
    landingPage: false,
    cors: false,
    batching: false,
    // Never the stack or message of an unexpected error: log it, send "Unexpected error.".
    maskedErrors: {
      maskError(error, message) {
        const masked = maskError(error, message, false);
        if (masked !== error) logger.error(`[graphql] ${endpoint} resolver failed`, error);
        return masked;
      },
    },
    logging: {
      debug: () => undefined,
      info: () => undefined,
      warn: (...args: unknown[]) => logger.warn(`[graphql] ${args.map(String).join(' ')}`),
      error: (...args: unknown[]) => logger.error(`[graphql] ${String(args[0])}`, args[1]),
    },
    context: ({ request, ...server }) => buildGraphqlContext(request, server),
    plugins: [useQueryNameRule(), useValidationLimits(production), useGraphqlJit()],
  });
}

const NOT_FORWARDED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

/** The public endpoint's search shortcuts: whole answers cached, and searches run without Yoga's Fetch objects. */
interface SearchShortcuts {
  cache: PublicResponseCache;
  fastPath: SearchFastPath;
}

async function forward(
  ctx: RequestContext,
  yoga: YogaServerInstance<GraphqlServerContext, GraphqlContext>,
  endpoint: GraphqlEndpoint,
  search: SearchShortcuts | null = null,
): Promise<void> {
  const partner = await guardPartnerRequest(ctx);
  // Uploads (uploadUserPhoto) are multipart, and only for signed-in users.
  const upload = endpoint === 'graphql' && isMultipartContentType(ctx.req.headers['content-type']);
  if (!upload && !isJsonContentType(ctx.req.headers['content-type'])) {
    throw new HttpError(415, 'unsupported_media_type', 'Send GraphQL requests as JSON with Content-Type: application/json.');
  }
  const viewer = endpoint === 'graphql' ? await authenticate(ctx.services.db, ctx.req.headers, ctx.method) : null;
  const body = await readBody(ctx.req, upload ? UPLOAD_BODY_LIMIT : GRAPHQL_BODY_LIMIT);

  const server: GraphqlServerContext = { db: ctx.services.db, partner, endpoint, viewer };
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
    const response = await yoga.fetch(new Request(url, { method: 'POST', headers, body: new Uint8Array(body) }), server);
    const answer: Answer = { status: response.status, headers: {}, payload: new Uint8Array(await response.arrayBuffer()) };
    response.headers.forEach((value, name) => {
      if (!name.startsWith('access-control-') && name !== 'content-length') answer.headers[name] = value;
    });
    return answer;
  };

  let answer: Answer;
  if (search) {
    // Public search without an Authorization header: the response cache, then the fast path, then Yoga.
    const { cache, fastPath } = search;
    const cacheable = ctx.req.headers.authorization ? null : partner.id;
    answer = await cache.fetch(ctx.services.db, cacheable, body, async () => {
      if (cacheable !== null) {
        // config.publicOrigin is an origin already (app.ts).
        const context = buildGraphqlContextFor(ctx.services.config.publicOrigin, null, server);
        const fast = await fastPath.answer(body, ctx.req.headers.accept, readQueryName(ctx.req.url ?? ''), context);
        if (fast) return fast;
      }
      const slow = await viaYoga();
      if (cacheable !== null && slow.status === 200 && !hasErrors(slow.payload)) fastPath.learn(body);
      return slow;
    });
  } else {
    answer = await viaYoga();
  }

  ctx.res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) ctx.res.setHeader(name, value);
  ctx.res.setHeader('Content-Security-Policy', API_CSP);
  ctx.res.setHeader('Cache-Control', 'no-store');
  ctx.res.setHeader('Content-Length', answer.payload.byteLength);
  ctx.res.end(answer.payload);
}

export function graphqlRoutes(options: GraphqlOptions): Record<string, Route> {
  const routes: Record<string, Route> = {};
  for (const endpoint of ['graphql', 'public_graphql'] as const) {
    const yoga = createEndpoint(endpoint, options);
    const search = endpoint === 'public_graphql' ? { cache: new PublicResponseCache(), fastPath: new SearchFastPath(schema) } : null;
    routes[`/${endpoint}/`] = {
      POST: withDetailErrors((ctx) => forward(ctx, yoga, endpoint, search)),
      OPTIONS: partnerPreflight(['POST']),
      methodNotAllowed: 'GraphQL requests must be POST with a JSON body (see spec §7).',
    };
  }
  return routes;
}
