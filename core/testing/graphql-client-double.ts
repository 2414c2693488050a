/**
 * A stand-in for core/graphql/client in the tests of a domain's calls: every operation is recorded in `calls`
 * and answered with what `answerWith` last set. In the test file:
 * `vi.mock('../graphql/client', () => import('../testing/graphql-client-double'));`
 */

/** The operations sent so far (empty it in a `beforeEach`). */
export const calls: { kind: string; query: string; variables: unknown; context: unknown }[] = [];
let answer: { data?: unknown; error?: unknown } = {};

/** What the client answers to the next operations (urql's `data` or `error`). */
export function answerWith(next: { data?: unknown; error?: unknown }) {
  answer = next;
}

const op = (kind: string) => (query: string, variables: unknown, context: unknown) => {
  calls.push({ kind, query, variables, context });
  return { toPromise: async () => answer };
};

/** The double of core/graphql/client's `graphqlClient`. */
export const graphqlClient = () => ({ mutation: op('mutation'), query: op('query') });
