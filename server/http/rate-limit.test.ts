import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { engineName, openTestDatabase } from '../testing/test-server';
import { DatabaseRateLimits, MemoryRateLimits, rateLimitsFor, retryAfterSeconds, SlidingWindowLimiter, type RateLimitStore } from './rate-limit';

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

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const stores: [string, (now: () => number) => RateLimitStore][] = [
  ['MemoryRateLimits', (now) => new MemoryRateLimits(now)],
  [`DatabaseRateLimits (${engineName()})`, (now) => new DatabaseRateLimits(db, now)],
];

describe.each(stores)('%s', (_name, create) => {
  const limit = { max: 2, windowMs: 60_000 };

  it('allows max hits per window and slides, keeping scopes and keys apart', async () => {
    let now = 5_000_000;
    const store = create(() => now);
    const scope = `test-${Math.random()}`;
    expect(await store.hit(scope, limit, 'a')).toEqual({ allowed: true });
    now += 10_000;
    expect(await store.hit(scope, limit, 'a')).toEqual({ allowed: true });
    now += 5_000;
    expect(await store.hit(scope, limit, 'a')).toEqual({ allowed: false, retryAfterMs: 45_000 });
    expect(await store.hit(scope, limit, 'b')).toEqual({ allowed: true });
    expect(await store.hit(`${scope}-other`, limit, 'a')).toEqual({ allowed: true });
    expect(await store.count(scope, limit, 'a')).toBe(2);
    now += 45_000;
    expect(await store.count(scope, limit, 'a')).toBe(1);
    expect(await store.hit(scope, limit, 'a')).toEqual({ allowed: true });
  });

  it('records beyond the limit when asked, and counts only the window', async () => {
    let now = 9_000_000;
    const store = create(() => now);
    const scope = `test-${Math.random()}`;
    for (let i = 0; i < 5; i++) await store.record(scope, limit, 'k');
    expect(await store.count(scope, limit, 'k')).toBe(5);
    expect((await store.hit(scope, limit, 'k')).allowed).toBe(false);
    now += limit.windowMs;
    expect(await store.count(scope, limit, 'k')).toBe(0);
  });

  it('peeks at the decision a hit would get, without counting one', async () => {
    let now = 7_000_000;
    const store = create(() => now);
    const scope = `test-${Math.random()}`;
    expect(await store.peek(scope, limit, 'k')).toEqual({ allowed: true });
    await store.hit(scope, limit, 'k');
    now += 10_000;
    await store.hit(scope, limit, 'k');
    for (let i = 0; i < 3; i++) expect(await store.peek(scope, limit, 'k')).toEqual({ allowed: false, retryAfterMs: 50_000 });
    expect(await store.count(scope, limit, 'k')).toBe(2);
    now += 50_000;
    expect(await store.peek(scope, limit, 'k')).toEqual({ allowed: true });
  });

  it('lets exactly max of many simultaneous hits through', async () => {
    const store = create(Date.now);
    const scope = `test-${Math.random()}`;
    const decisions = await Promise.all(Array.from({ length: 12 }, () => store.hit(scope, { max: 5, windowMs: 60_000 }, 'k')));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
  });
});

describe('rateLimitsFor', () => {
  it('keeps windows in the database on PostgreSQL (several processes share them), in memory on PGlite', () => {
    const store = rateLimitsFor(db);
    expect(store).toBeInstanceOf(db.engine === 'postgres' ? DatabaseRateLimits : MemoryRateLimits);
    expect(rateLimitsFor(db)).toBe(store);
  });

  it('shares one window between two servers on one PostgreSQL database', async () => {
    if (db.engine !== 'postgres') return;
    const scope = `test-${Math.random()}`;
    const other = new DatabaseRateLimits(db);
    const limit = { max: 3, windowMs: 60_000 };
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await (i % 2 ? other : rateLimitsFor(db)).hit(scope, limit, 'k'));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
  });
});
