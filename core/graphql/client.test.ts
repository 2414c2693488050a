import { CombinedError, gql } from '@urql/core';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR, errorMessages, graphqlUrl, operationNames } from './client';

describe('GraphQL transport (spec §7)', () => {
  it('names the operations of a document', () => {
    const query = gql`
      query A { a }
      query B { b }
    `;
    expect(operationNames({ query })).toEqual(['A', 'B']);
  });

  it('posts to /public_graphql/ without a session and /graphql/ with one', () => {
    expect(graphqlUrl('https://api.test', ['ListingInfo'], false, '')).toBe('https://api.test/public_graphql/?queryName=ListingInfo');
    expect(graphqlUrl('https://api.test', ['Me'], true, 'acme')).toBe('https://api.test/graphql/?queryName=Me&partner=acme');
  });

  it('joins several operation names with a plus', () => {
    const url = new URL(graphqlUrl('https://api.test', ['A', 'B'], false, ''));
    expect(url.searchParams.get('queryName')).toBe('A+B');
  });
});

describe('GraphQL error toasts (spec §8)', () => {
  it('shows each GraphQL error message', () => {
    const error = new CombinedError({ graphQLErrors: [new GraphQLError('First'), new GraphQLError('Second')] });
    expect(errorMessages(error)).toEqual(['First', 'Second']);
  });

  it("shows 'Something went wrong' for a network error", () => {
    const error = new CombinedError({ networkError: new Error('offline') });
    expect(errorMessages(error)).toEqual([GENERIC_ERROR]);
    expect(GENERIC_ERROR).toBe('Something went wrong');
  });

  it('shows the custom error instead when one is given', () => {
    const error = new CombinedError({ graphQLErrors: [new GraphQLError('First')] });
    expect(errorMessages(error, 'Could not load the listing.')).toEqual(['Could not load the listing.']);
  });
});
