/**
 * Spec §7 cache policies, read by read (issue 21; the rows themselves: cache-policies.test.ts): the viewer's
 * cases list and favourite listings cache-and-network, listing info cache-first; the seller's workspace reads
 * and one mortgage case stay network-only because they must be fresh (see the comments in
 * core/sellers/sellers-api.ts and core/mortgage/cases.ts). Saved searches, a saved search by id and an open
 * house by id have no client read yet: their rows are checked in cache-policies.test.ts only.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const asked: { query: string; requestPolicy: unknown }[] = [];
vi.mock('./client', () => ({
  graphqlClient: () => ({
    query: (query: string, _variables: unknown, context: Record<string, unknown>) => {
      asked.push({ query, requestPolicy: context.requestPolicy });
      return { toPromise: async () => ({ data: {} }) };
    },
  }),
}));

const { CACHE_POLICIES } = await import('./cache-policies');
const sellers = await import('../sellers/sellers-api');
const mortgage = await import('../mortgage/cases');
const { followSessionForFavorites } = await import('../favorites/favorite-actions');
const { loadOfferListing } = await import('../offers/offers-api');
const { sessionAtom } = await import('../auth/session');
const { hearthStore } = await import('../state/store');

const policyOf = (operation: string) => asked.find((a) => new RegExp(`query ${operation}\\b`).test(a.query))?.requestPolicy;

beforeEach(() => {
  asked.length = 0;
});

describe('spec §7 cache policies of case reads', () => {
  it("the viewer's cases: cache and network, as the spec's 'cases' row", async () => {
    await mortgage.loadMortgageCases();
    expect(policyOf('MortgageCases')).toBe(CACHE_POLICIES.cases);
    expect(CACHE_POLICIES.cases).toBe('cache-and-network');
  });

  it('the seller workspace (myListings, case by id, listing description) and one mortgage case: network only', async () => {
    await sellers.loadMyListings({ viewType: 'ALL', statusTypeFilter: 'ALL', page: 1, searchFilter: '' });
    await sellers.loadSellerCase(7);
    await sellers.loadListingDescription('7');
    await mortgage.loadMortgageCase('7');
    expect(asked.map((a) => a.requestPolicy)).toEqual(['network-only', 'network-only', 'network-only', 'network-only']);
    expect(policyOf('MyListings')).toBe('network-only');
    expect(policyOf('SellerCase')).toBe('network-only');
    expect(policyOf('MortgageCase')).toBe('network-only');
  });

  it('favourite listings: cache and network (after sign-in); listing info: cache first', async () => {
    hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null });
    followSessionForFavorites();
    expect(asked).toEqual([]);
    hearthStore.set(sessionAtom, { status: 'authenticated', user: null, token: 't' });
    await vi.waitFor(() => expect(policyOf('FavoriteListingIds')).toBe(CACHE_POLICIES.favoriteListings));
    expect(CACHE_POLICIES.favoriteListings).toBe('cache-and-network');
    await loadOfferListing(1001);
    expect(asked.at(-1)!.requestPolicy).toBe(CACHE_POLICIES.listingInfo);
  });
});
