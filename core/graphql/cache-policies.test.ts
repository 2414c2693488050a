import { beforeEach, describe, expect, it, vi } from 'vitest';

const contexts: Record<string, unknown>[] = [];
vi.mock('./client', () => ({
  graphqlClient: () => ({
    query: (_query: string, _variables: unknown, context: Record<string, unknown>) => {
      contexts.push(context);
      return { toPromise: async () => ({ data: {} }) };
    },
  }),
}));

const { CACHE_POLICIES } = await import('./cache-policies');
const { fetchRequestedTour, fetchToursByListing } = await import('../tours/requests');
const { loadMortgageCases } = await import('../mortgage/cases');

beforeEach(() => {
  contexts.length = 0;
});

describe('spec §7 cache policies', () => {
  it('are the spec’s, row by row', () => {
    expect(CACHE_POLICIES).toEqual({
      listingInfo: 'cache-first',
      savedSearch: 'network-only',
      savedSearches: 'cache-and-network',
      favoriteListings: 'cache-and-network',
      cases: 'cache-and-network',
      requestedTours: 'cache-and-network',
      openHouse: 'cache-first',
      requestedTour: 'cache-first',
    });
  });

  it('requested tours: cache and network; a requested tour by id: cache first', async () => {
    await fetchToursByListing(1001);
    await fetchRequestedTour('7');
    expect(contexts.map((c) => c.requestPolicy)).toEqual(['cache-and-network', 'cache-first']);
  });

  it('cases: cache and network', async () => {
    await loadMortgageCases();
    expect(contexts.map((c) => c.requestPolicy)).toEqual(['cache-and-network']);
  });
});
