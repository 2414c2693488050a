/**
 * Where the cost of an operation (cost.ts) is enforced, for Yoga and the public search fast path alike:
 * a ceiling per request (visitors lower than signed-in users) and a budget per client per minute. The
 * budget is kept per API process: it exists to stop one client from filling a process's event loop and
 * its share of the database, which is what each process can see for itself (a cluster of N processes
 * lets a client spend at most N budgets, each in a different process).
 */
import { GraphQLError, type DocumentNode, type GraphQLSchema } from '../graphql-js';
import { COST_LIMITS, CostPlans, type CostLimits } from './cost';

export interface CostPayer {
  /** `user:<id>` for a signed-in user, `ip:<address>` for a visitor. */
  key: string;
  signedIn: boolean;
}

export type CostDecision = { allowed: true; cost: number } | { allowed: false; error: GraphQLError };

const MINUTE_MS = 60_000;
const MAX_TRACKED_CLIENTS = 50_000;

interface Spending {
  minute: number;
  spent: number;
  /** What the previous minute spent: weighed by how much of it the sliding minute still covers. */
  previous: number;
}

/** Spending per client over a sliding minute (two fixed minutes, the older one weighed down). */
export class CostBudget {
  readonly #spending = new Map<string, Spending>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Spends `cost` of `key`'s `perMinute` unless that would go over; else how long until it fits. */
  spend(key: string, cost: number, perMinute: number): { allowed: true } | { allowed: false; retryAfterMs: number } {
    const now = this.now();
    const minute = Math.floor(now / MINUTE_MS);
    let entry = this.#spending.get(key);
    if (!entry || entry.minute < minute - 1) entry = { minute, spent: 0, previous: 0 };
    else if (entry.minute === minute - 1) entry = { minute, spent: 0, previous: entry.spent };
    const intoMinute = (now % MINUTE_MS) / MINUTE_MS;
    const carried = entry.previous * (1 - intoMinute);
    if (carried + entry.spent + cost > perMinute) {
      this.#spending.set(key, entry);
      // At the latest when the older minute has slid out and this one has turned over.
      return { allowed: false, retryAfterMs: Math.max(1_000, Math.ceil((1 - intoMinute) * MINUTE_MS)) };
    }
    entry.spent += cost;
    if (this.#spending.size >= MAX_TRACKED_CLIENTS && !this.#spending.has(key)) this.#sweep(minute);
    this.#spending.set(key, entry);
    return { allowed: true };
  }

  /** How long until `key` may spend again when its budget is used up now, else null (nothing is spent). */
  exhausted(key: string, perMinute: number): number | null {
    const entry = this.#spending.get(key);
    if (!entry) return null;
    const now = this.now();
    const minute = Math.floor(now / MINUTE_MS);
    if (entry.minute !== minute) return null;
    const intoMinute = (now % MINUTE_MS) / MINUTE_MS;
    if (entry.previous * (1 - intoMinute) + entry.spent < perMinute) return null;
    return Math.max(1_000, Math.ceil((1 - intoMinute) * MINUTE_MS));
  }

  #sweep(minute: number): void {
    for (const [key, entry] of this.#spending) if (entry.minute < minute - 1) this.#spending.delete(key);
    // Still full (a flood of fresh addresses): forget the oldest half rather than grow without bound.
    if (this.#spending.size >= MAX_TRACKED_CLIENTS) {
      let drop = this.#spending.size / 2;
      for (const key of this.#spending.keys()) {
        if (drop-- <= 0) break;
        this.#spending.delete(key);
      }
    }
  }
}

/**
 * Turns for heavy requests: at most `slots` run at once, the others wait in line (first come, first
 * served) up to `queue` long. A waiting request whose client left or whose deadline passed leaves the line.
 */
export class HeavyTurns {
  #running = 0;
  readonly #waiting: { start: () => void; signal: AbortSignal; onAbort: () => void }[] = [];

  /** Resolves with a release function once it is this request's turn; null when the line is full. */
  async take(slots: number, queue: number, signal: AbortSignal): Promise<(() => void) | null> {
    if (this.#running < slots) {
      this.#running += 1;
      return this.#release();
    }
    if (this.#waiting.length >= queue) return null;
    await new Promise<void>((resolve, reject) => {
      const entry = {
        start: () => {
          signal.removeEventListener('abort', entry.onAbort);
          resolve();
        },
        signal,
        onAbort: () => {
          const at = this.#waiting.indexOf(entry);
          if (at >= 0) this.#waiting.splice(at, 1);
          reject(signal.reason instanceof Error ? signal.reason : new Error('The request was stopped while waiting.'));
        },
      };
      signal.addEventListener('abort', entry.onAbort, { once: true });
      this.#waiting.push(entry);
    });
    return this.#release();
  }

  /** Requests running now, and waiting (for tests). */
  get load() {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  #release(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      // The slot passes straight to the next in line.
      if (next) next.start();
      else this.#running -= 1;
    };
  }
}

const formatted = (n: number) => n.toLocaleString('en-US');

/** Decides requests of one endpoint of one server. */
export class CostGuard {
  readonly plans: CostPlans;
  readonly turns = new HeavyTurns();
  readonly #budget: CostBudget;

  constructor(schema: GraphQLSchema, budget = new CostBudget()) {
    this.plans = new CostPlans(schema);
    this.#budget = budget;
  }

  /**
   * Refuses an operation that recurses too deep or costs more than one request may, and spends the cost
   * of an allowed one from its payer's budget. An unknown operation is left to execution to report.
   */
  decide(
    document: DocumentNode,
    operationName: string | null | undefined,
    variables: Readonly<Record<string, unknown>>,
    payer: CostPayer,
    limits: CostLimits = COST_LIMITS,
  ): CostDecision {
    const plan = this.plans.plan(document, operationName);
    if (!plan) return { allowed: true, cost: 0 };
    const name = operationName ? `Operation "${operationName}"` : 'The operation';
    if (plan.recursion && plan.recursion.repeats > limits.typeRepeats) {
      const { typeName, repeats, path } = plan.recursion;
      return refuse(
        `${name} nests ${typeName} in ${typeName} ${repeats} levels deep (at ${path}); the limit is ${limits.typeRepeats}. Ask for the inner ones in a request of their own.`,
        'QUERY_TOO_RECURSIVE',
        400,
      );
    }
    const cost = plan.cost(variables);
    const ceiling = payer.signedIn ? limits.signedInRequest : limits.publicRequest;
    if (cost > ceiling) {
      return refuse(
        `${name} would cost ${formatted(cost)} (every list counted at its size: a page's \`first\`, 6 similar homes, …; fields that take real work, such as homeValue, at their measured cost); the limit is ${formatted(ceiling)}. Ask for fewer items or fewer nested lists.`,
        'QUERY_TOO_COSTLY',
        400,
      );
    }
    const spent = this.#budget.spend(payer.key, cost, payer.signedIn ? limits.signedInPerMinute : limits.publicPerMinute);
    if (!spent.allowed) return { allowed: false, error: budgetError(spent.retryAfterMs) };
    return { allowed: true, cost };
  }

  /**
   * The 429 for a client whose budget is used up already, before its request is parsed (a client refused
   * hundreds of times a second must cost next to nothing); null otherwise.
   */
  refuseSpent(payer: CostPayer, limits: CostLimits = COST_LIMITS): GraphQLError | null {
    const retryAfterMs = this.#budget.exhausted(payer.key, payer.signedIn ? limits.signedInPerMinute : limits.publicPerMinute);
    return retryAfterMs === null ? null : budgetError(retryAfterMs);
  }

  /**
   * Runs `run` at once when `cost` is light, else when a heavy slot is free. Null when the line of heavy
   * requests is full (the caller answers 503).
   */
  async admit<T>(cost: number, limits: CostLimits, signal: AbortSignal, run: () => Promise<T>): Promise<T | null> {
    if (cost < limits.heavyRequest) return run();
    const release = await this.turns.take(limits.heavySlots, limits.heavyQueue, signal);
    if (!release) return null;
    try {
      return await run();
    } finally {
      release();
    }
  }
}

/** The answer to a heavy request that found the line full. */
export const busyError = () =>
  new GraphQLError('The server is busy with large requests; try again in a few seconds, or ask for less.', {
    extensions: { code: 'SERVER_BUSY', http: { status: 503, headers: { 'Retry-After': '5' } } },
  });

function budgetError(retryAfterMs: number): GraphQLError {
  const seconds = Math.ceil(retryAfterMs / 1000);
  return new GraphQLError(`Too many requests: this client has used its query budget for the minute. Try again in ${seconds} s.`, {
    extensions: { code: 'RATE_LIMITED', http: { status: 429, headers: { 'Retry-After': String(seconds) } } },
  });
}

function refuse(message: string, code: string, status: number, headers?: Record<string, string>): CostDecision {
  return { allowed: false, error: new GraphQLError(message, { extensions: { code, http: { status, ...(headers ? { headers } : {}) } } }) };
}
