/**
 * Spec §7: our clients send `?queryName=` = the document's operation names joined by '+'. It makes a
 * request identifiable in access logs and caches; we refuse requests where the URL and the document
 * disagree, so the name in a log line can be trusted. Standard clients (GraphiQL, Postman, Apollo, curl)
 * send none, and may send an anonymous operation: their requests are named by their operations instead,
 * or 'anonymous' (operationLabel).
 */
import { Kind, parse } from '../graphql-js';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/**
 * The raw `queryName` value. URLSearchParams would turn the '+' separators into spaces, so the
 * parameter is decoded with decodeURIComponent, which keeps a literal '+' (and decodes %2B to '+').
 */
export function readQueryName(url: string): string | null {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1).split('#')[0]! : '';
  for (const pair of query.split('&')) {
    const [key, value = ''] = pair.split('=', 2) as [string, string?];
    if (key !== 'queryName') continue;
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

const badRequest = (message: string) =>
  createGraphQLError(message, { extensions: { code: 'BAD_QUERY_NAME', http: { status: 400 } } });

/** Documents seen recently → their operation names (null: does not parse), so a repeated one is parsed once. */
const operationNamesOf = new Map<string, (string | null)[] | null>();
const MAX_DOCUMENTS = 500;
const MAX_REMEMBERED_LENGTH = 20_000;

function operationNames(query: string): (string | null)[] | null {
  const known = operationNamesOf.get(query);
  if (known !== undefined) return known;
  let names: (string | null)[] | null;
  try {
    names = parse(query, { noLocation: true })
      .definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION)
      .map((d) => d.name?.value ?? null);
  } catch {
    names = null;
  }
  if (query.length <= MAX_REMEMBERED_LENGTH) {
    if (operationNamesOf.size >= MAX_DOCUMENTS) operationNamesOf.delete(operationNamesOf.keys().next().value!);
    operationNamesOf.set(query, names);
  }
  return names;
}

/**
 * Checks `queryName`, when the request has one, against the document; documents that do not parse are
 * left to Yoga's own errors.
 */
export function checkQueryName(query: string | undefined, queryName: string | null): void {
  if (typeof query !== 'string' || queryName === null || queryName === '') return;
  const names = operationNames(query);
  if (names === null) return;
  if (names.includes(null)) {
    throw badRequest(
      `queryName "${queryName.slice(0, 200)}" names operations, but the document's operation has none: name it (e.g. "query listingInfo { … }") or leave queryName out.`,
    );
  }
  const expected = names.join('+');
  if (queryName !== expected) {
    throw badRequest(`queryName "${queryName.slice(0, 200)}" does not match the document's operations "${expected}".`);
  }
}

/** How logs name a request: its queryName, else its document's operation names, else 'anonymous'. */
export function operationLabel(query: unknown, queryName: string | null): string {
  if (queryName) return queryName.slice(0, 200);
  const names = typeof query === 'string' ? operationNames(query) : null;
  if (!names || names.length === 0) return 'anonymous';
  return names.map((name) => name ?? 'anonymous').join('+').slice(0, 200);
}

export function useQueryNameRule(): Plugin {
  return {
    onParams({ params, request }) {
      checkQueryName(params.query, readQueryName(request.url));
    },
  };
}
