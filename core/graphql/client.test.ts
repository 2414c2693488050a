import { CombinedError, gql } from '@urql/core';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR } from './call';
import { errorMessages, graphqlUrl, isGuestPage, isSessionRejection, logoutUrl, operationNames } from './client';

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

describe('session rejection (spec §8)', () => {
  it("logs out on a 403 containing 'Not authorized.'", () => {
    expect(isSessionRejection(403, '{"detail":"Not authorized."}')).toBe(true);
  });

  it("logs out on a 401 with detail 'Authentication credentials were not provided.'", () => {
    expect(isSessionRejection(401, '{"detail":"Authentication credentials were not provided."}')).toBe(true);
  });

  it('logs out on that refusal as a GraphQL error (200, code UNAUTHENTICATED), as the API answers a revoked session', () => {
    expect(isSessionRejection(200, 'Authentication credentials were not provided.', ['UNAUTHENTICATED'])).toBe(true);
    expect(isSessionRejection(200, 'Authentication credentials were not provided.')).toBe(false);
    expect(isSessionRejection(200, 'You may not see this case.', ['FORBIDDEN'])).toBe(false);
  });

  it('ignores other 401 and 403 answers', () => {
    expect(isSessionRejection(403, 'Forbidden')).toBe(false);
    expect(isSessionRejection(401, 'Invalid token.')).toBe(false);
    expect(isSessionRejection(500, 'Not authorized.')).toBe(false);
  });

  it('is skipped on guest and questionnaire pages', () => {
    expect(isGuestPage('/guest/abc')).toBe(true);
    expect(isGuestPage('/questionnaire/123')).toBe(true);
    expect(isGuestPage('/account')).toBe(false);
  });

  it('goes to /logout with the page as its next parameter', () => {
    expect(logoutUrl('/account/homes', '?tab=2')).toBe('/logout?next=%2Faccount%2Fhomes%3Ftab%3D2');
  });
});

describe('one cache per visitor', () => {
  it('keeps its client while the same user is signed in, and starts a fresh one when the user changes', async () => {
    const { graphqlClient } = await import('./client');
    const { hearthStore } = await import('../state/store');
    const { sessionAtom } = await import('../auth/session');
    const as = (id: number | null) =>
      hearthStore.set(
        sessionAtom,
        id === null ? { status: 'anonymous', user: null, token: null } : ({ status: 'authenticated', user: { id }, token: `t${id}` } as never),
      );
    as(null);
    const guest = graphqlClient();
    expect(graphqlClient()).toBe(guest);
    as(1);
    const first = graphqlClient();
    expect(first).not.toBe(guest);
    expect(graphqlClient()).toBe(first);
    as(2);
    const second = graphqlClient();
    expect(second).not.toBe(first);
    as(null);
    expect(graphqlClient()).not.toBe(second);
  });
});

describe('one client per questionnaire PIN', () => {
  it('keeps reads with another PIN apart (urql merges reads of the same query and variables)', async () => {
    const { graphqlClient } = await import('./client');
    expect(graphqlClient('12345678')).toBe(graphqlClient('12345678'));
    expect(graphqlClient('12345678')).not.toBe(graphqlClient('00000000'));
    expect(graphqlClient('12345678')).not.toBe(graphqlClient());
    expect(graphqlClient(null)).toBe(graphqlClient());
  });
});
