/** The tour operations are valid against the committed server schema, and failures read as intended. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSchema, parse, validate } from '../../server/graphql/graphql-js';
import {
  failureOf,
  OPEN_TOUR_STATUSES,
  RequestedTourByListingQuery,
  RequestedTourQuery,
  RequestTourListingQuery,
  SaveTourMutation,
} from './requests';

const schema = buildSchema(readFileSync(fileURLToPath(new URL('../../server/schema.graphql', import.meta.url)), 'utf8'));

describe('tour operations against server/schema.graphql', () => {
  const operations = { RequestTourListingQuery, RequestedTourQuery, RequestedTourByListingQuery, SaveTourMutation };
  for (const [name, document] of Object.entries(operations)) {
    it(`${name} is valid`, () => {
      expect(validate(schema, parse(document)).map((e) => e.message)).toEqual([]);
    });
  }
});

describe('failureOf', () => {
  it('reads the code and the refused argument', () => {
    expect(
      failureOf({
        graphQLErrors: [
          { message: 'agentPhone is not a phone number.', extensions: { code: 'BAD_USER_INPUT', argumentName: 'agentAndQualification.agentPhone' } },
        ],
      }),
    ).toEqual({ kind: 'invalid', message: 'agentPhone is not a phone number.', argumentName: 'agentAndQualification.agentPhone' });
    expect(failureOf({ graphQLErrors: [{ message: 'Sign in first.', extensions: { code: 'UNAUTHENTICATED' } }] }).kind).toBe('unauthenticated');
    expect(failureOf({ graphQLErrors: [{ message: 'Requested tour not found.', extensions: { code: 'NOT_FOUND' } }] }).kind).toBe('not-found');
    expect(failureOf({ graphQLErrors: [{ message: 'boom' }] }).kind).toBe('server');
  });

  it('a failed fetch is a network failure', () => {
    expect(failureOf({ networkError: new Error('Failed to fetch'), graphQLErrors: [] })).toEqual({ kind: 'network', message: null, argumentName: null });
  });

  it('open tours are the ones not over', () => {
    expect(OPEN_TOUR_STATUSES).toEqual(['REQUESTED', 'ACCEPTED', 'SCHEDULED']);
  });
});
