/**
 * A small router: exact paths (a trailing slash is optional) and prefix mounts (`/static/*`).
 * Errors thrown by handlers become JSON; anything that is not an HttpError is logged and answered
 * with a bare 500, so no stack or message of ours reaches a client.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../services';
import { textProblem } from '../../core/validation/text';
import { HttpError } from './errors';
import { BASE_SECURITY_HEADERS, sendHttpError, sendJson } from './respond';
import { faultAnswer } from '../db/unavailable';
import { requestLogFields } from '../log';
import { countError, observeRequest, operationMetricLabel } from '../observability/metrics';
import { requestIdFrom, runInScope, type RequestScope } from '../observability/request-scope';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Upper case; HEAD is answered by the GET handler (Node drops the body). */
  method: string;
  origin: string | undefined;
  services: Services;
  /** For prefix mounts: the path after the prefix, still URL-encoded. */
  rest: string;
}

export type Handler = (ctx: RequestContext) => Promise<void> | void;

export interface Route {
  GET?: Handler;
  POST?: Handler;
  /** Without it, OPTIONS gets a 204 with an Allow header and no CORS grant. */
  OPTIONS?: Handler;
  /** Said when a method is not allowed, e.g. why GraphQL refuses GET. */
  methodNotAllowed?: string;
}

type RouteMethod = 'GET' | 'POST' | 'OPTIONS';
const ROUTE_METHODS: readonly RouteMethod[] = ['GET', 'POST', 'OPTIONS'];

const trimSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

export class Router {
  readonly #exact = new Map<string, Route>();
  readonly #prefixes: { prefix: string; route: Route }[] = [];
  #otherwise: Route | null = null;

  /** The route for paths nothing else matches (the hosted site's not-found page); `rest` is the whole path. */
  otherwise(route: Route): this {
    this.#otherwise = route;
    return this;
  }

  /** `path` ending in `/*` mounts a prefix. */
  on(path: string, route: Route): this {
    if (path.endsWith('/*')) this.#prefixes.push({ prefix: path.slice(0, -1), route });
    else this.#exact.set(trimSlash(path), route);
    return this;
  }

  /** Every registered path (prefix mounts end in `/*`) and the methods it answers, OPTIONS aside. */
  routes(): { path: string; methods: RouteMethod[] }[] {
    const methods = (route: Route) => ROUTE_METHODS.filter((m) => m !== 'OPTIONS' && route[m] !== undefined);
    return [
      ...[...this.#exact].map(([path, route]) => ({ path, methods: methods(route) })),
      ...this.#prefixes.map(({ prefix, route }) => ({ path: `${prefix}*`, methods: methods(route) })),
    ];
  }

  match(pathname: string): { route: Route; rest: string; pattern: string } | null {
    const trimmed = trimSlash(pathname);
    const exact = this.#exact.get(trimmed);
    if (exact) return { route: exact, rest: '', pattern: trimmed };
    for (const { prefix, route } of this.#prefixes) {
      if (pathname.startsWith(prefix)) return { route, rest: pathname.slice(prefix.length), pattern: `${prefix}*` };
      if (pathname === prefix.slice(0, -1)) return { route, rest: '', pattern: `${prefix}*` };
    }
    return this.#otherwise ? { route: this.#otherwise, rest: pathname, pattern: 'site' } : null;
  }

  /**
   * Each request in a scope of its own (server/observability/request-scope.ts): its id (a well-formed
   * X-Request-Id, else a new one) is sent back in X-Request-Id and is on every line logged while it is
   * served; when it ends, one line says what it was and how it went, and the metrics count it.
   */
  handler(services: Services): (req: IncomingMessage, res: ServerResponse) => void {
    return (req, res) => {
      const started = performance.now();
      const scope: RequestScope = { requestId: requestIdFrom(req.headers['x-request-id']), route: 'unmatched' };
      res.setHeader('X-Request-Id', scope.requestId);
      res.once('close', () => finished(req, res, scope, services, started));
      runInScope(scope, () => void this.#dispatch(req, res, services, scope));
    };
  }

  async #dispatch(req: IncomingMessage, res: ServerResponse, services: Services, scope: RequestScope): Promise<void> {
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value);
    try {
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://request.invalid');
      } catch {
        throw new HttpError(400, 'bad_request', 'The request URL is malformed.');
      }
      checkUrlTexts(url);
      const method = (req.method ?? 'GET').toUpperCase();
      const match = this.match(url.pathname);
      if (!match) throw new HttpError(404, 'not_found', 'Nothing here.');
      const { route, rest } = match;
      scope.route = match.pattern;
      const ctx: RequestContext = { req, res, url, method, origin: req.headers.origin, services, rest };

      const handler =
        method === 'HEAD' ? route.GET : (ROUTE_METHODS as readonly string[]).includes(method) ? route[method as RouteMethod] : undefined;
      if (handler) return await handler(ctx);

      const allowed = allowedMethods(route);
      if (method === 'OPTIONS') {
        res.setHeader('Allow', allowed.join(', '));
        res.statusCode = 204;
        res.end();
        return;
      }
      throw new HttpError(405, 'method_not_allowed', route.methodNotAllowed ?? `Use ${allowed.join(' or ')}.`, undefined, {
        Allow: allowed.join(', '),
      });
    } catch (error) {
      respondToError(res, error, services);
    }
  }
}

/** The shared text rule (core/validation/text.ts) for the path and every query parameter. */
function checkUrlTexts(url: URL): void {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    // Not valid percent-encoded UTF-8: no route reads it as text, so each says what it does with it (404).
    path = '';
  }
  const pathProblem = textProblem(path);
  if (pathProblem) throw new HttpError(400, 'invalid_text', `The request path ${pathProblem}.`);
  for (const [name, value] of url.searchParams) {
    const problem = textProblem(name) ?? textProblem(value);
    if (problem) {
      const field = name.replace(/[^\x20-\x7e]/g, '?');
      throw new HttpError(400, 'invalid_text', `The query parameter "${field}" ${problem}.`, { [field]: problem });
    }
  }
}

/** The request's line in the log and its figures in the metrics, once its answer is sent (or the client left). */
function finished(req: IncomingMessage, res: ServerResponse, scope: RequestScope, services: Services, started: number): void {
  const seconds = (performance.now() - started) / 1000;
  const status = res.writableFinished ? res.statusCode : 'aborted';
  if (scope.operation === undefined) observeRequest('rest', scope.route, status, seconds);
  else observeRequest('graphql', operationMetricLabel(scope.operation), status, seconds);
  // The route (in the scope), not the path: a path can carry a token (/reset/<token>), as a query string can.
  runInScope(scope, () => services.logger.info('request', requestLogFields(req, status, Math.round(seconds * 10_000) / 10)));
}

function allowedMethods(route: Route): string[] {
  return ROUTE_METHODS.filter((m) => route[m] !== undefined || m === 'OPTIONS');
}

function respondToError(res: ServerResponse, error: unknown, services: Services): void {
  if (res.headersSent) {
    services.logger.error('[http] failed after the response started', error);
    res.destroy();
    return;
  }
  if (error instanceof HttpError) {
    countError('rest', error.code);
    sendHttpError(res, error);
    return;
  }
  // PostgreSQL restarting or out of reach, upload disk full: 503/507, not a 500 (server/db/unavailable.ts).
  const fault = faultAnswer(error);
  if (fault) {
    countError('rest', fault.code);
    services.logger.warn(`[http] ${fault.code}: ${String((error as Error).message ?? error)}`);
    sendHttpError(res, fault);
    return;
  }
  countError('rest', 'internal');
  services.logger.error('[http] unhandled error', error);
  sendJson(res, 500, { error: 'internal', message: 'Something went wrong on our side.' });
}
