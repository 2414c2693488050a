/**
 * The GraphQL context. It carries the raw Authorization of the request so the accounts work can turn
 * it into a viewer here, in one place; `/graphql/` (sessions) and `/public_graphql/` (visitors) already
 * arrive as distinct endpoints.
 */
import type { Viewer } from '../accounts/session';
import type { Database } from '../db';
import type { RequestWrites } from '../db/cancellation';
import type { Partner } from '../partners/repository';
import type { CostLimits } from './transport/cost';
import type { CostPayer } from './transport/cost-guard';

export type GraphqlEndpoint = 'graphql' | 'public_graphql';

export interface Authorization {
  /** e.g. `Bearer`, `Token`, `Questionnaire` (spec §6 PIN access). */
  scheme: string;
  credentials: string;
}

export interface GraphqlContext extends GraphqlServerContext {
  authorization: Authorization | null;
  /** Our public origin: absolute links (photos, mails) start with it. */
  publicOrigin: string;
}

/** What the HTTP layer hands to Yoga with each request. */
export interface GraphqlServerContext {
  db: Database;
  partner: Partner;
  endpoint: GraphqlEndpoint;
  /** The signed-in user on `/graphql/` (server/accounts/session.ts); always null on `/public_graphql/`. */
  viewer: Viewer | null;
  /** Who pays for the request's cost, and the limits it is held to (transport/cost-guard.ts). */
  payer: CostPayer;
  costLimits: CostLimits;
  /** Aborted when the client disconnects or the request passes its deadline (transport/http.ts). */
  signal: AbortSignal;
  /** Whether the request has begun to write (db/cancellation.ts): then its deadline waits for its outcome. */
  writes: RequestWrites;
}

const AUTHORIZATION = /^([A-Za-z][A-Za-z0-9._-]*)\s+(\S.*)$/;

function readAuthorization(header: string | null): Authorization | null {
  const match = header ? AUTHORIZATION.exec(header.trim()) : null;
  return match ? { scheme: match[1]!, credentials: match[2]! } : null;
}

export function buildGraphqlContext(request: Request, server: GraphqlServerContext): GraphqlContext {
  // The transport builds the request URL on config.publicOrigin.
  return buildGraphqlContextFor(new URL(request.url).origin, request.headers.get('authorization'), server);
}

/** The same context without a Fetch Request (the public search fast path, transport/search-fast-path.ts). */
export function buildGraphqlContextFor(publicOrigin: string, authorization: string | null, server: GraphqlServerContext): GraphqlContext {
  return { ...server, authorization: readAuthorization(authorization), publicOrigin };
}
