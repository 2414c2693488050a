import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';

const calls: { kind: string; query: string; variables: unknown; context: unknown }[] = [];
let answer: () => Promise<{ data?: unknown; error?: unknown }> = async () => ({});

vi.mock('./client', () => {
  const op = (kind: string) => (query: string, variables: unknown, context: unknown) => {
    calls.push({ kind, query, variables, context });
    return { toPromise: () => answer() };
  };
  return { graphqlClient: () => ({ mutation: op('mutation'), query: op('query') }) };
});

const { failureOf, mutate, query } = await import('./call');

const ListingQuery = /* GraphQL */ `
  query Listing($listingId: ID!) {
    listingInfo(listingId: $listingId) {
      id
    }
  }
`;
const listing = z.nullable(z.object({ id: z.string() }));

beforeEach(() => {
  calls.length = 0;
  answer = async () => ({});
});

describe('failures, read from what urql reports', () => {
  it('reads the code and the refused argument', () => {
    expect(
      failureOf({
        graphQLErrors: [
          { message: 'agentPhone is not a phone number.', extensions: { code: 'BAD_USER_INPUT', argumentName: 'agentAndQualification.agentPhone' } },
        ],
      }),
    ).toEqual({ kind: 'invalid', message: 'agentPhone is not a phone number.', code: 'BAD_USER_INPUT', argument: 'agentAndQualification.agentPhone' });
    expect(failureOf({ graphQLErrors: [{ message: 'Sign in first.', extensions: { code: 'UNAUTHENTICATED' } }] }).kind).toBe('unauthenticated');
    expect(failureOf({ graphQLErrors: [{ message: 'Requested tour not found.', extensions: { code: 'NOT_FOUND' } }] }).kind).toBe('not-found');
    expect(failureOf({ graphQLErrors: [{ message: 'boom' }] }).kind).toBe('server');
  });

  it('a failed fetch is a network failure', () => {
    expect(failureOf({ networkError: new Error('Failed to fetch'), graphQLErrors: [] })).toEqual({ kind: 'network', message: null, code: null, argument: null });
  });

  it('says every message, and keeps the per-field errors of a questionnaire screen', () => {
    const fields = { 'name.first': ['required'] };
    expect(
      failureOf({ graphQLErrors: [{ message: 'Check your answers.', extensions: { code: 'BAD_USER_INPUT', fields } }, { message: 'And this.' }] }),
    ).toEqual({ kind: 'invalid', message: 'Check your answers. And this.', code: 'BAD_USER_INPUT', argument: null, fields });
  });
});

describe('query and mutate', () => {
  it('send the operation with its variables and urql context, and answer the root field', async () => {
    answer = async () => ({ data: { listingInfo: { id: '1001', extra: true } } });
    expect(await query(ListingQuery, { listingId: '1001' }, listing, { muteError: true, requestPolicy: 'cache-first' })).toEqual({
      ok: true,
      value: { id: '1001' },
    });
    expect(calls[0]).toEqual({ kind: 'query', query: ListingQuery, variables: { listingId: '1001' }, context: { muteError: true, requestPolicy: 'cache-first' } });
    answer = async () => ({ data: { listingInfo: null } });
    expect(await mutate(ListingQuery, { listingId: '1' }, listing)).toEqual({ ok: true, value: null });
    expect(calls[1]).toMatchObject({ kind: 'mutation', context: {} });
  });

  it('an answer of another shape is a failure that names the field', async () => {
    answer = async () => ({ data: { listingInfo: { id: 1001 } } });
    expect(await query(ListingQuery, {}, listing)).toEqual({
      ok: false,
      failure: { kind: 'server', message: 'The server answered listingInfo in an unexpected shape.', code: null, argument: null },
    });
  });

  it('an error is a failure, and nothing throws', async () => {
    answer = async () => ({ error: { message: '[GraphQL] Listing not found.', graphQLErrors: [{ message: 'Listing not found.', extensions: { code: 'NOT_FOUND' } }] } });
    expect(await query(ListingQuery, {}, listing)).toEqual({
      ok: false,
      failure: { kind: 'not-found', message: 'Listing not found.', code: 'NOT_FOUND', argument: null },
    });
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await query(ListingQuery, {}, listing)).toEqual({ ok: false, failure: { kind: 'network', message: null, code: null, argument: null } });
  });

  it('answers the first selection of the operation, under its alias if it has one', async () => {
    answer = async () => ({ data: { questionnaireNextScreen: { id: 'r1' } } });
    const next = 'mutation questionnaireNextScreen($respId: ID!, $data: JSON!) { questionnaireNextScreen(respId: $respId, data: $data) { id } }';
    expect(await mutate(next, {}, z.object({ id: z.string() }))).toEqual({ ok: true, value: { id: 'r1' } });
    answer = async () => ({ data: { home: { id: '1' } } });
    expect(await query('query { home: listingInfo(listingId: 1) { id } }', {}, listing)).toEqual({ ok: true, value: { id: '1' } });
  });
});
