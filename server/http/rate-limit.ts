/**
 * Rate limits: a sliding-window log per scope and key, exact (no burst at window edges).
 *
 * Where the windows live depends on how many API processes share them (rateLimitsFor): in memory for
 * the embedded database (one process: PGlite is single-process), in the database on PostgreSQL, where
 * several processes serve one port (server/cluster.ts) and a window kept per process would let a client
 * through once per process.
 */
import type { Database } from '../db';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/** The windows of every limiter of one server, by scope (e.g. 'login-client') and key (e.g. an IP). */
export interface RateLimitStore {
  /** Counts a hit of `key` unless its window is full. */
  hit(scope: string, limit: RateLimit, key: string): Promise<RateDecision>;
  /** The decision a hit of `key` would get now, without counting one. */
  peek(scope: string, limit: RateLimit, key: string): Promise<RateDecision>;
  /** Hits of `key` within the window. */
  count(scope: string, limit: RateLimit, key: string): Promise<number>;
  /** Counts a hit of `key` whatever its window holds. */
  record(scope: string, limit: RateLimit, key: string): Promise<void>;
}

const SWEEP_EVERY_HITS = 1000;

/** The decision for a window holding `recent` hits (times in ms), at `now`. */
function decide(recent: number[], limit: RateLimit, now: number): RateDecision {
  if (recent.length < limit.max) return { allowed: true };
  return { allowed: false, retryAfterMs: Math.min(...recent) + limit.windowMs - now };
}

/** One limit's windows in memory. */
export class SlidingWindowLimiter {
  readonly #hits = new Map<string, number[]>();
  #hitsSinceSweep = 0;

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): RateDecision {
    const now = this.now();
    const log = this.#recent(key, now);
    const decision = decide(log, this.limit, now);
    if (decision.allowed) log.push(now);
    this.#hits.set(key, log);
    return decision;
  }

  peek(key: string): RateDecision {
    const now = this.now();
    return decide(this.#recent(key, now), this.limit, now);
  }

  count(key: string): number {
    return this.#recent(key, this.now()).length;
  }

  record(key: string): void {
    const now = this.now();
    this.#hits.set(key, [...this.#recent(key, now), now]);
  }

  #recent(key: string, now: number): number[] {
    const windowStart = now - this.limit.windowMs;
    this.#sweepOccasionally(windowStart);
    return (this.#hits.get(key) ?? []).filter((t) => t > windowStart);
  }

  /** Forgets keys whose hits are all outside the window, so memory follows active clients only. */
  #sweepOccasionally(windowStart: number): void {
    if (++this.#hitsSinceSweep < SWEEP_EVERY_HITS) return;
    this.#hitsSinceSweep = 0;
    for (const [key, log] of this.#hits) {
      if (log.length === 0 || log[log.length - 1]! <= windowStart) this.#hits.delete(key);
    }
  }
}

/** Windows in this process's memory: right when it is the only process (the embedded database). */
export class MemoryRateLimits implements RateLimitStore {
  readonly #limiters = new Map<string, SlidingWindowLimiter>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(scope: string, limit: RateLimit, key: string): Promise<RateDecision> {
    return this.#limiter(scope, limit).hit(key);
  }

  async peek(scope: string, limit: RateLimit, key: string): Promise<RateDecision> {
    return this.#limiter(scope, limit).peek(key);
  }

  async count(scope: string, limit: RateLimit, key: string): Promise<number> {
    return this.#limiter(scope, limit).count(key);
  }

  async record(scope: string, limit: RateLimit, key: string): Promise<void> {
    this.#limiter(scope, limit).record(key);
  }

  #limiter(scope: string, limit: RateLimit): SlidingWindowLimiter {
    const name = `${scope}|${limit.max}|${limit.windowMs}`;
    let limiter = this.#limiters.get(name);
    if (!limiter) this.#limiters.set(name, (limiter = new SlidingWindowLimiter(limit, this.now)));
    return limiter;
  }
}

/**
 * Windows in the database (migration 100): every process of the server, and every server on the same
 * database, counts against the same window. A hit is one short transaction under the row's lock, so two
 * processes cannot both take the last place. Rows whose window has passed are swept now and then.
 */
export class DatabaseRateLimits implements RateLimitStore {
  #updatesSinceSweep = 0;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  hit(scope: string, limit: RateLimit, key: string): Promise<RateDecision> {
    return this.#update(scope, limit, key, true);
  }

  async peek(scope: string, limit: RateLimit, key: string): Promise<RateDecision> {
    const now = this.now();
    return decide(await this.#recent(scope, limit, key, now), limit, now);
  }

  async count(scope: string, limit: RateLimit, key: string): Promise<number> {
    return (await this.#recent(scope, limit, key, this.now())).length;
  }

  async #recent(scope: string, limit: RateLimit, key: string, now: number): Promise<number[]> {
    const { rows } = await this.db.query<{ hits: number[] }>('SELECT hits FROM rate_limit_windows WHERE scope = $1 AND key = $2', [
      scope,
      key,
    ]);
    return (rows[0]?.hits ?? []).filter((t) => t > now - limit.windowMs);
  }

  async record(scope: string, limit: RateLimit, key: string): Promise<void> {
    await this.#update(scope, limit, key, false);
  }

  async #update(scope: string, limit: RateLimit, key: string, checked: boolean): Promise<RateDecision> {
    const now = this.now();
    const decision = await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO rate_limit_windows (scope, key, hits, expires_at) VALUES ($1, $2, '{}', now()) ON CONFLICT DO NOTHING`,
        [scope, key],
      );
      const { rows } = await tx.query<{ hits: number[] }>(
        'SELECT hits FROM rate_limit_windows WHERE scope = $1 AND key = $2 FOR UPDATE',
        [scope, key],
      );
      const recent = rows[0]!.hits.filter((t) => t > now - limit.windowMs);
      const decided = checked ? decide(recent, limit, now) : ({ allowed: true } as const);
      if (decided.allowed) recent.push(now);
      await tx.query('UPDATE rate_limit_windows SET hits = $3::float8[], expires_at = $4 WHERE scope = $1 AND key = $2', [
        scope,
        key,
        recent,
        new Date(Math.max(...recent, now) + limit.windowMs),
      ]);
      return decided;
    });
    if (++this.#updatesSinceSweep >= SWEEP_EVERY_HITS) {
      this.#updatesSinceSweep = 0;
      await this.db.query('DELETE FROM rate_limit_windows WHERE expires_at < now()');
    }
    return decision;
  }
}

const stores = new WeakMap<Database, RateLimitStore>();

/** The rate-limit windows of a server's database: shared through it on PostgreSQL, in memory on PGlite. */
export function rateLimitsFor(db: Database): RateLimitStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = db.engine === 'postgres' ? new DatabaseRateLimits(db) : new MemoryRateLimits()));
  return store;
}

export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
