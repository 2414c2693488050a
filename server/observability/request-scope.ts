/**
 * What every log line written while serving a request says about it (docs/operations.md, "Logs and metrics"):
 * its id, the partner it is for and the operation it runs. The router opens the scope (server/http/router.ts);
 * the partner's resolution and the GraphQL transport fill it in as they learn it; the default logger
 * (server/log.ts) adds it to each line. Work done outside a request (a job of the work tier) has a scope of
 * its own, naming the job.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestScope {
  /** The request's id (X-Request-Id), or the job's. */
  requestId: string;
  /** The route that serves it (`/public_graphql/`, `/media/*`, `site`), or `job:<kind>`. */
  route: string;
  /** The partner's slug, once resolved. */
  partner?: string;
  /** The GraphQL operation's name (bounded: operationMetricLabel), once read. */
  operation?: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** The scope of the request (or job) being served, if any. */
export const currentScope = (): RequestScope | undefined => storage.getStore();

export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The partner of the request being served (server/partners/resolve.ts). */
export function noteScopePartner(slug: string): void {
  const scope = storage.getStore();
  if (scope) scope.partner = slug;
}

/** The GraphQL operation of the request being served (server/graphql/transport/http.ts). */
export function noteScopeOperation(operation: string): void {
  const scope = storage.getStore();
  if (scope) scope.operation = operation;
}

/**
 * An incoming id is taken only when well-formed (a proxy's or client's correlation id: letters, digits and
 * `-_.:`, 8 to 64 of them), so a log line never carries a client's free text; else a new UUID.
 */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{8,64}$/;
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED_ID.test(header) ? header : randomUUID();
}
