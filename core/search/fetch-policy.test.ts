import { describe, expect, it } from 'vitest';
import { createFetchPolicy, FETCH_POLICY_WINDOW_MS } from './fetch-policy';

describe('fetch policy (spec §9: network-first once per 60000 ms window, otherwise cache)', () => {
  it('the window is 60000 ms', () => {
    expect(FETCH_POLICY_WINDOW_MS).toBe(60_000);
  });

  it('goes to the network first, then the cache until the window ends, then the network again', () => {
    let now = 1_000_000;
    const policy = createFetchPolicy(() => now);
    expect(policy.next('slc')).toBe('network-only');
    now += 1;
    expect(policy.next('slc')).toBe('cache-first');
    now += 59_998;
    expect(policy.next('slc')).toBe('cache-first');
    now += 1;
    expect(policy.next('slc')).toBe('network-only');
    now += 30_000;
    expect(policy.next('slc')).toBe('cache-first');
  });

  it('keeps a window per search', () => {
    const now = 5;
    const policy = createFetchPolicy(() => now);
    expect(policy.next('slc')).toBe('network-only');
    expect(policy.next('slc beds 4')).toBe('network-only');
    expect(policy.next('slc')).toBe('cache-first');
  });
});
