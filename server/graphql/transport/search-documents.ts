/**
 * Which GraphQL documents are public searches: the ones the response cache keeps and the fast path runs
 * without Yoga (response-cache.ts, search-fast-path.ts). Never a mutation.
 */
import { Kind, type DocumentNode } from '../graphql-js';

/** Root fields whose answers depend only on the arguments, the partner and the search tables. */
export const SEARCH_FIELDS: ReadonlySet<string> = new Set(['listingLoad', 'stayLoad', 'listingsInfo', 'listingFeed', '__typename']);

/** Only queries made of search fields, no fragments or directives at the root (they could hide others). */
export function searchOnly(document: DocumentNode): boolean {
  return document.definitions.every(
    (d) =>
      d.kind === Kind.OPERATION_DEFINITION &&
      d.operation === 'query' &&
      d.selectionSet.selections.every(
        (s) => s.kind === Kind.FIELD && SEARCH_FIELDS.has(s.name.value) && (s.directives?.length ?? 0) === 0,
      ),
  );
}
