/**
 * Who may read account data over GraphQL: the signed-in viewer on /graphql/, and only their own things.
 * On /public_graphql/, or without a valid token or session, account fields fail with UNAUTHENTICATED;
 * ids of other users' things read as NOT_FOUND, exactly like ids that do not exist.
 */
import type { GraphqlContext } from '../graphql/context';
import { GraphQLError } from '../graphql/graphql-js';
import type { Viewer } from './session';

export const unauthenticated = () =>
  new GraphQLError('Authentication credentials were not provided.', { extensions: { code: 'UNAUTHENTICATED' } });

/** The same answer for "not there" and "not yours": ids of other users' things reveal nothing. */
export const notFound = (what: string) => new GraphQLError(`${what} not found.`, { extensions: { code: 'NOT_FOUND' } });

export function requireViewer(ctx: GraphqlContext): Viewer {
  if (ctx.endpoint !== 'graphql' || !ctx.viewer) throw unauthenticated();
  return ctx.viewer;
}

/** An ID argument that is a positive whole number, else NOT_FOUND (a malformed id names nothing). */
export function idArgument(value: string | number, what: string): number {
  const id = typeof value === 'number' ? value : /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(what);
  return id;
}
