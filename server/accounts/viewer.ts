/**
 * Who may read account data over GraphQL: the signed-in viewer on /graphql/, and only their own things.
 * On /public_graphql/, or without a valid token or session, account fields fail with UNAUTHENTICATED;
 * ids of other users' things read as NOT_FOUND, exactly like ids that do not exist.
 */
import { DomainError } from '../domain-error';
import type { GraphqlContext } from '../graphql/context';
import { NOT_AUTHENTICATED_DETAIL, type Viewer } from './session';

const unauthenticated = () => new DomainError('UNAUTHENTICATED', NOT_AUTHENTICATED_DETAIL);

/** The same answer for "not there" and "not yours": ids of other users' things reveal nothing. */
export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} not found.`);

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
