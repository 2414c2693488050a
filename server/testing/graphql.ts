/** Calling the test server's GraphQL endpoints as a user (or a visitor), for the server's tests. */
import type { RunningServer } from '../app';

export interface GraphqlResponse {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** Names an anonymous operation `Op` (spec §7: every request says its operation names in ?queryName=). */
export const namedOp = (query: string) =>
  query.trim().startsWith('{') ? `query Op ${query}` : query.replace(/^\s*(query|mutation)\s*(?=[({])/, '$1 Op ');

/**
 * POSTs `query` as `who` (a token, or anything with one; null = a visitor) to /graphql/, or to `endpoint`.
 * Anonymous operations are named `Op`, so `?queryName=Op` matches.
 */
export async function graphqlAs(
  server: RunningServer,
  who: { token: string } | string | null,
  query: string,
  variables: Record<string, unknown> = {},
  endpoint: 'graphql' | 'public_graphql' = 'graphql',
): Promise<GraphqlResponse> {
  const token = typeof who === 'string' ? who : (who?.token ?? null);
  const response = await fetch(`${server.url}/${endpoint}/?queryName=Op`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Token ${token}` } : {}) },
    body: JSON.stringify({ query: namedOp(query), variables }),
  });
  return (await response.json()) as GraphqlResponse;
}

/** The first error's code (extensions.code), e.g. NOT_FOUND. */
export const codeOf = (result: GraphqlResponse) => result.errors?.[0]?.extensions?.code;
