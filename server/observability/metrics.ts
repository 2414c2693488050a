/**
 * Prometheus metrics (prom-client; the names and what to alert on: docs/operations.md, "Logs and metrics").
 *
 * - What a process counts as it works (requests, errors, jobs, tiles) is in one registry per process, shared by
 *   every server the process runs (tests run several).
 * - What is read from the database at scrape time (pools, queue depths, the outbox backlog) is in a registry per
 *   server (`databaseMetrics`), since each server has its own database.
 * - Label values are bounded: a REST route is the router's pattern (`/media/*`), a GraphQL operation's name is
 *   kept for the first MAX_OPERATION_LABELS well-formed names a process sees, anything else is "other".
 *
 * Exposed at `/metrics` behind `METRICS_TOKEN` and on `METRICS_PORT` (server/observability/exposition.ts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db';

export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: 'hearth_' });

const requests = new Counter({
  name: 'hearth_http_requests_total',
  help: 'Requests answered, by kind (graphql, rest), operation (GraphQL operation name or REST route) and status class.',
  labelNames: ['kind', 'operation', 'status'] as const,
  registers: [processRegistry],
});

const requestSeconds = new Histogram({
  name: 'hearth_http_request_duration_seconds',
  help: 'Time from the request to the end of its answer, by kind and operation.',
  labelNames: ['kind', 'operation'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

const errors = new Counter({
  name: 'hearth_errors_total',
  help: 'Errors answered, by kind and code: GraphQL extension codes (DomainError codes, DEADLINE_EXCEEDED, DATABASE_UNAVAILABLE…), REST error codes.',
  labelNames: ['kind', 'code'] as const,
  registers: [processRegistry],
});

const jobSeconds = new Histogram({
  name: 'hearth_job_duration_seconds',
  help: 'Time a job of the work tier ran, by kind and outcome (done, failed, canceled, released).',
  labelNames: ['kind', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [processRegistry],
});

const jobWaitSeconds = new Histogram({
  name: 'hearth_job_wait_seconds',
  help: 'Time a job waited in the queue before it started, by kind.',
  labelNames: ['kind'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers: [processRegistry],
});

const outboxRuns = new Histogram({
  name: 'hearth_outbox_run_duration_seconds',
  help: 'Time one run of an outbox worker took (claim, work off, record), by outbox and outcome (ok, failed).',
  labelNames: ['outbox', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60],
  registers: [processRegistry],
});

const tileCache = new Counter({
  name: 'hearth_tile_cache_requests_total',
  help: "Basemap tiles asked of the provider's caching proxy, by result: hit (fresh on disk) or miss (fetched or revalidated).",
  labelNames: ['result'] as const,
  registers: [processRegistry],
});

/** How many distinct GraphQL operation names one process labels; the rest are "other". */
const MAX_OPERATION_LABELS = 200;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}(\+[A-Za-z_][A-Za-z0-9_]{0,63}){0,3}$/;

/** Label values taken as they come until there are `max` of them; after that, and for a malformed one, "other". */
export class BoundedLabels {
  readonly #seen: Set<string>;
  constructor(
    private readonly max: number,
    known: string[] = [],
  ) {
    this.#seen = new Set(known);
  }

  label(name: string): string {
    if (this.#seen.has(name)) return name;
    if (this.#seen.size >= this.max || !OPERATION_NAME.test(name)) return 'other';
    this.#seen.add(name);
    return name;
  }
}

const operationLabels = new BoundedLabels(MAX_OPERATION_LABELS, ['anonymous', 'unknown']);

/** A GraphQL operation's name as a label value: bounded (see the top of this file). */
export const operationMetricLabel = (name: string): string => operationLabels.label(name);

const statusClass = (status: number) => (status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other');

export function observeRequest(kind: 'graphql' | 'rest', operation: string, status: number | 'aborted', seconds: number): void {
  requests.inc({ kind, operation, status: status === 'aborted' ? 'aborted' : statusClass(status) });
  requestSeconds.observe({ kind, operation }, seconds);
}

const ERROR_CODE = /^[A-Za-z][A-Za-z0-9_]{0,47}$/;

export function countError(kind: 'graphql' | 'rest', code: unknown): void {
  errors.inc({ kind, code: typeof code === 'string' && ERROR_CODE.test(code) ? code : 'other' });
}

export function observeJob(kind: string, outcome: string, waitedSeconds: number | null, ranSeconds: number | null): void {
  if (waitedSeconds !== null) jobWaitSeconds.observe({ kind }, Math.max(0, waitedSeconds));
  if (ranSeconds !== null) jobSeconds.observe({ kind, outcome }, ranSeconds);
}

export function observeOutboxRun(outbox: string, outcome: 'ok' | 'failed', seconds: number): void {
  outboxRuns.observe({ outbox, outcome }, seconds);
}

export function countTileLookup(result: 'hit' | 'miss'): void {
  tileCache.inc({ result });
}

// ---------------------------------------------------------------------------------------------------
// Read from the database when scraped

/** The outbox tables and what of each is still to send (rows given up are not backlog). */
const OUTBOXES = [
  { outbox: 'mail', sql: `SELECT count(*)::int AS n, min(created_at) AS oldest FROM outbox WHERE sent_at IS NULL AND attempts < 10` },
  { outbox: 'webhooks', sql: `SELECT count(*)::int AS n, min(created_at) AS oldest FROM webhook_deliveries WHERE delivered_at IS NULL AND gave_up_at IS NULL` },
  { outbox: 'analytics', sql: `SELECT count(*)::int AS n, min(created_at) AS oldest FROM analytics_forward_outbox` },
];

interface DatabaseFigures {
  up: boolean;
  jobs: { kind: string; status: string; n: number; oldest: Date | null }[];
  outboxes: { outbox: string; n: number; oldest: Date | null }[];
}

/** Figures older than this are read again; younger ones are shared by the gauges of one scrape. */
const FIGURES_TTL_MS = 1_000;

/**
 * The gauges of one server's database, in a registry of their own. In a cluster the aggregator (exposition.ts)
 * sums the pools over the workers and takes the largest of the database-wide figures (each worker reads the same).
 */
export function databaseMetrics(db: Database): Registry {
  const registry = new Registry();
  let figures: { at: number; read: Promise<DatabaseFigures> } | null = null;
  const read = async (): Promise<DatabaseFigures> => {
    try {
      const { rows: jobs } = await db.query<{ kind: string; status: string; n: number; oldest: Date | null }>(
        `SELECT kind, status, count(*)::int AS n, min(created_at) AS oldest FROM jobs WHERE status IN ('queued', 'running') GROUP BY kind, status`,
      );
      const outboxes = [];
      for (const { outbox, sql } of OUTBOXES) {
        const { rows } = await db.query<{ n: number; oldest: Date | null }>(sql);
        outboxes.push({ outbox, n: rows[0]?.n ?? 0, oldest: rows[0]?.oldest ?? null });
      }
      return { up: true, jobs, outboxes };
    } catch {
      return { up: false, jobs: [], outboxes: [] };
    }
  };
  const current = () => {
    const now = Date.now();
    if (!figures || now - figures.at > FIGURES_TTL_MS) figures = { at: now, read: read() };
    return figures.read;
  };
  const age = (oldest: Date | null) => (oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0);

  new Gauge({
    name: 'hearth_db_pool_connections',
    help: 'Database connections by pool and state (total, idle, waiting: checkouts waiting for one); PGlite: its thread, and the statements queued for it.',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    aggregator: 'sum',
    collect() {
      this.reset();
      for (const stats of db.poolStats()) {
        this.set({ pool: stats.pool, state: 'total' }, stats.total);
        this.set({ pool: stats.pool, state: 'idle' }, stats.idle);
        this.set({ pool: stats.pool, state: 'waiting' }, stats.waiting);
      }
    },
  });
  new Gauge({
    name: 'hearth_db_up',
    help: '1 when the database answered the last scrape, else 0.',
    registers: [registry],
    aggregator: 'min',
    async collect() {
      this.set((await current()).up ? 1 : 0);
    },
  });
  new Gauge({
    name: 'hearth_jobs',
    help: 'Jobs of the work tier queued or running, by kind and status (all processes together).',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    aggregator: 'max',
    async collect() {
      const { jobs } = await current();
      this.reset();
      for (const row of jobs) this.set({ kind: row.kind, status: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'hearth_jobs_oldest_queued_age_seconds',
    help: 'Age of the oldest queued job, by kind (0: none queued).',
    labelNames: ['kind'] as const,
    registers: [registry],
    aggregator: 'max',
    async collect() {
      const { jobs } = await current();
      this.reset();
      for (const row of jobs) if (row.status === 'queued') this.set({ kind: row.kind }, age(row.oldest));
    },
  });
  new Gauge({
    name: 'hearth_outbox_backlog',
    help: 'Rows of an outbox still to send (mail, webhooks, analytics), all processes together.',
    labelNames: ['outbox'] as const,
    registers: [registry],
    aggregator: 'max',
    async collect() {
      const { outboxes } = await current();
      this.reset();
      for (const row of outboxes) this.set({ outbox: row.outbox }, row.n);
    },
  });
  new Gauge({
    name: 'hearth_outbox_oldest_age_seconds',
    help: 'Age of the oldest row an outbox still has to send (0: none).',
    labelNames: ['outbox'] as const,
    registers: [registry],
    aggregator: 'max',
    async collect() {
      const { outboxes } = await current();
      this.reset();
      for (const row of outboxes) this.set({ outbox: row.outbox }, age(row.oldest));
    },
  });
  return registry;
}
