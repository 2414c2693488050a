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

/** A GraphQL answer with the questionnaire engine's field messages (extensions.fields: widget → variable → message). */
export interface FieldsGraphqlResponse {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions?: { code?: string; fields?: Record<string, Record<string, string>> } }[];
}

/**
 * POSTs a named operation as written (its own name in ?queryName=) to `path` (/public_graphql/ unless
 * given), with `authorization` as the Authorization header's whole value and `partner` in the query string
 * when given: the calls of the questionnaire element.
 */
export async function graphqlNamed(
  server: RunningServer,
  query: string,
  variables: Record<string, unknown>,
  { authorization, path = '/public_graphql/', partner = '' }: { authorization?: string | undefined; path?: string; partner?: string } = {},
): Promise<FieldsGraphqlResponse> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json, application/json' };
  if (authorization) headers.Authorization = authorization;
  const name = /(?:query|mutation)\s+(\w+)/.exec(query)![1];
  const response = await fetch(`${server.url}${path}?queryName=${name}${partner ? `&partner=${partner}` : ''}`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as FieldsGraphqlResponse;
}
