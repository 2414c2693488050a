/**
 * Spec §7 "Cache policies", one row per kind of read, as written there: saved search by id network only;
 * saved searches, favourite listings, cases, requested tours cache and network; open house by id and
 * requested tour by id cache first; listing info cached. API modules take their policy from here.
 *
 * With `cache-and-network` a read answers from the page's cache when it holds the answer and refreshes it
 * from the network at once, so the next read sees the server's (call.ts); a mutation's answer invalidates
 * every cached read that holds its types (urql's document cache), and the cache belongs to one visitor
 * (client.ts), so a list never shows another user's rows or outlives a change made on the page.
 */
import type { RequestPolicy } from '@urql/core';

export const CACHE_POLICIES = {
  listingInfo: 'cache-first',
  savedSearch: 'network-only',
  savedSearches: 'cache-and-network',
  favoriteListings: 'cache-and-network',
  cases: 'cache-and-network',
  requestedTours: 'cache-and-network',
  openHouse: 'cache-first',
  requestedTour: 'cache-first',
} as const satisfies Record<string, RequestPolicy>;
