/**
 * A sliding-window log per key, in memory: exact (no burst at window edges) and cheap at lead-form
 * volumes. With several API processes each keeps its own window; a shared store comes with scale-out.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

const SWEEP_EVERY_HITS = 1000;

export class SlidingWindowLimiter {
  readonly #hits = new Map<string, number[]>();
  #hitsSinceSweep = 0;

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): RateDecision {
    const now = this.now();
    const windowStart = now - this.limit.windowMs;
    const log = (this.#hits.get(key) ?? []).filter((t) => t > windowStart);
    this.#sweepOccasionally(windowStart);
    if (log.length >= this.limit.max) {
      this.#hits.set(key, log);
      return { allowed: false, retryAfterMs: log[0]! + this.limit.windowMs - now };
    }
    log.push(now);
    this.#hits.set(key, log);
    return { allowed: true };
  }

  /** Forgets keys whose hits are all outside the window, so memory follows active clients only. */
  #sweepOccasionally(windowStart: number): void {
    if (++this.#hitsSinceSweep < SWEEP_EVERY_HITS) return;
    this.#hitsSinceSweep = 0;
    for (const [key, log] of this.#hits) {
      if (log[log.length - 1]! <= windowStart) this.#hits.delete(key);
    }
  }
}

export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
