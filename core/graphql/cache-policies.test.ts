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
  it('are the spec’s, sentence by sentence', () => {
    const readsWith = (policy: string) => Object.entries(CACHE_POLICIES).flatMap(([read, p]) => (p === policy ? [read] : []));
    // "listing info cached; saved search by id network only; saved searches, favourite listings, cases,
    // requested tours cache and network; open house by id and requested tour by id cache first" — and no other read.
    expect(readsWith('network-only')).toEqual(['savedSearch']);
    expect(readsWith('cache-and-network')).toEqual(['savedSearches', 'favoriteListings', 'cases', 'requestedTours']);
    expect(readsWith('cache-first')).toEqual(['listingInfo', 'openHouse', 'requestedTour']);
    expect(Object.keys(CACHE_POLICIES)).toHaveLength(8);
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
