/**
 * Spec §9 fetch policy for listing searches: the first request for a search in each 60000 ms window goes
 * to the network, the rest of the window is answered from the cache.
 */
export const FETCH_POLICY_WINDOW_MS = 60_000;

export type RequestPolicy = 'network-only' | 'cache-first';

export interface FetchPolicy {
  /** The policy for a request with this key (its variables), recording a network request when it is one. */
  next(key: string): RequestPolicy;
}

export function createFetchPolicy(now: () => number = Date.now, windowMs = FETCH_POLICY_WINDOW_MS): FetchPolicy {
  const lastNetwork = new Map<string, number>();
  return {
    next(key) {
      const time = now();
      const last = lastNetwork.get(key);
      if (last !== undefined && time - last < windowMs) return 'cache-first';
      lastNetwork.set(key, time);
      return 'network-only';
    },
  };
}
