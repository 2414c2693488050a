import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, SlidingWindowLimiter } from './rate-limit';

describe('SlidingWindowLimiter', () => {
  it('allows max hits per window, then says how long until the oldest hit leaves the window', () => {
    let now = 1_000_000;
    const limiter = new SlidingWindowLimiter({ max: 2, windowMs: 60_000 }, () => now);
    expect(limiter.hit('a')).toEqual({ allowed: true });
    now += 10_000;
    expect(limiter.hit('a')).toEqual({ allowed: true });
    now += 5_000;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterMs: 45_000 });
  });

  it('slides: a hit becomes available again exactly when the oldest one is a window old', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter({ max: 2, windowMs: 1_000 }, () => now);
    limiter.hit('a');
    now = 400;
    limiter.hit('a');
    now = 999;
    expect(limiter.hit('a').allowed).toBe(false);
    now = 1_000;
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
  });

  it('does not count refused hits against the client', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter({ max: 1, windowMs: 1_000 }, () => now);
    limiter.hit('a');
    for (now = 100; now < 1_000; now += 100) expect(limiter.hit('a').allowed).toBe(false);
    now = 1_000;
    expect(limiter.hit('a').allowed).toBe(true);
  });

  it('keeps keys apart', () => {
    const limiter = new SlidingWindowLimiter({ max: 1, windowMs: 1_000 }, () => 0);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('b').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
  });

  it('rounds Retry-After up to whole seconds, at least 1', () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1_000)).toBe(1);
    expect(retryAfterSeconds(1_001)).toBe(2);
    expect(retryAfterSeconds(0)).toBe(1);
  });
});
