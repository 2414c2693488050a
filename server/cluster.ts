/**
 * Several API processes behind one port (node:cluster), on PostgreSQL: DESIGN §5's ≥ 1,500 search
 * requests/s at 1M listings. One Node thread does HTTP, GraphQL and the driver's work for every request;
 * on these 2 cores it saturated at ~1,300 req/s while a quarter of the machine stayed idle (bench/search,
 * docs/benchmarks.md). Each worker is a whole server (startServer) with its own pool and change feed; what they must
 * share, they share through the database: rate-limit windows (server/http/rate-limit.ts), the change
 * notifications that keep their caches fresh (server/db/postgres-changes.ts), the job locks.
 *
 * This process (the primary) applies migrations and seeds once, before any worker starts, then forks the
 * workers (the first runs the background jobs, unless they are `--role api` processes: then a `--role worker` process
 * runs them, server/roles.ts), replaces one that dies, and stops them all on close().
 * PGlite is one process by nature: the embedded database is never clustered.
 */
import cluster, { type Worker } from 'node:cluster';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openServerDatabase, urlHost, type StartServerOptions } from './app';
import type { Database } from './db';
import { defaultLogger, type Logger } from './log';
import { ClusterMetrics, startMetricsListener, type MetricsListener } from './observability/exposition';

/** What a worker is started with (JSON in its environment): the server options it can take as data. */
export type WorkerServerOptions = Omit<StartServerOptions, 'logger' | 'dataDir' | 'seed' | 'seedListings' | 'dropSchemaOnClose' | 'jobs' | 'metricsPort' | 'metricsHost'>;

export interface WorkerSetup {
  options: WorkerServerOptions;
  jobs: boolean;
  /** Only warnings and errors (tests). */
  quiet: boolean;
}

/** The environment variable a worker reads its WorkerSetup from. */
export const WORKER_SETUP_ENV = 'HEARTH_WORKER_SETUP';

/** Messages between the primary and a worker. */
export type WorkerMessage = { type: 'listening'; port: number } | { type: 'failed'; message: string };
export const SHUTDOWN_MESSAGE = { type: 'shutdown' } as const;

export interface ClusterOptions extends Omit<StartServerOptions, 'dataDir' | 'jobs'> {
  databaseUrl: string;
  /** API processes; at least 1. */
  workers: number;
  quiet?: boolean;
}

export interface RunningCluster {
  url: string;
  port: number;
  /** The port of `metricsPort`'s listener (every worker's metrics, aggregated here), if any. */
  metricsPort?: number;
  /** The primary's own connection to the database (migrations, seeding; tests and benchmarks read through it). */
  db: Database;
  /** Process ids of the workers running now (a replacement counts from when it is forked). */
  pids(): number[];
  close(): Promise<void>;
}

const RESTART_DELAY_MS = 1_000;
/** Pooled connections shared out among the workers (per pool): 2 workers get 10 each, as one server does. */
const WORKER_CONNECTIONS = 20;
const STOP_TIMEOUT_MS = 10_000;

/** How a worker process starts: the TypeScript loader, then the worker module. */
function setupWorkers(): void {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  cluster.setupPrimary({ exec: fileURLToPath(new URL('./cluster-worker.ts', import.meta.url)), execArgv: ['--import', tsx], args: [] });
}

export async function startCluster(options: ClusterOptions): Promise<RunningCluster> {
  if (!cluster.isPrimary) throw new Error('startCluster runs in the primary process.');
  if (!options.databaseUrl) throw new Error('Several API processes need PostgreSQL (DATABASE_URL): the embedded database is one process.');
  if (!Number.isSafeInteger(options.workers) || options.workers < 1) throw new Error(`workers must be a whole number ≥ 1, not ${options.workers}.`);
  const logger = options.logger ?? defaultLogger;

  // The primary's own connections: migrations, seeding, and a few reads (tests, benchmarks).
  const db = await openServerDatabase({ ...options, databasePoolSize: 2 }, logger);

  const {
    logger: _logger,
    seed: _seed,
    seedListings: _seedListings,
    dropSchemaOnClose: _drop,
    metricsPort,
    metricsHost,
    workers: count,
    quiet = false,
    ...serverOptions
  } = options;
  // Every worker's metrics, summed here (server/observability/exposition.ts): on METRICS_PORT, and for a worker asked at /metrics.
  const clusterMetrics = new ClusterMetrics();
  setupWorkers();
  let closing = false;
  const running = new Set<Worker>();
  /** Workers that have said they listen: they take the shutdown message (a starting one may not hear it yet). */
  const listening = new Set<Worker>();

  // Every worker listens with the same arguments, so the primary hands them one shared socket (also for
  // port 0: one free port for all).
  const requestedPort = options.port ?? 8080;
  // Connections stay about the same however many workers: each process holds up to 2 × pool + 1.
  const databasePoolSize = serverOptions.databasePoolSize ?? Math.max(3, Math.floor(WORKER_CONNECTIONS / count));
  const fork = (jobs: boolean): Promise<number> => {
    const setup: WorkerSetup = { options: { ...serverOptions, port: requestedPort, databasePoolSize }, jobs, quiet };
    const worker = cluster.fork({ [WORKER_SETUP_ENV]: JSON.stringify(setup) });
    running.add(worker);
    clusterMetrics.serve(worker);
    let started = false;
    const ready = new Promise<number>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'listening') {
          started = true;
          listening.add(worker);
          resolve(message.port);
        }
        if (message.type === 'failed') reject(new Error(`An API worker could not start: ${message.message}`));
      });
      worker.once('exit', (code, signal) => {
        running.delete(worker);
        listening.delete(worker);
        if (!started) {
          reject(new Error(`An API worker stopped while starting (${signal ?? `exit code ${code}`}).`));
          return;
        }
        if (closing) return;
        logger.error(`[cluster] worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
        setTimeout(() => {
          if (!closing) fork(jobs).catch((error: unknown) => closing || logger.error('[cluster] replacement worker failed', error));
        }, RESTART_DELAY_MS).unref();
      });
    });
    return ready;
  };

  const stopAll = async () => {
    closing = true;
    const exits = [...running].map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once('exit', () => resolve());
          const force = setTimeout(() => worker.kill('SIGKILL'), STOP_TIMEOUT_MS);
          force.unref();
          worker.once('exit', () => clearTimeout(force));
          if (listening.has(worker) && worker.isConnected()) worker.send(SHUTDOWN_MESSAGE);
          else worker.kill('SIGTERM');
        }),
    );
    await Promise.all(exits);
  };

  let port: number;
  try {
    port = await fork(true);
    await Promise.all(Array.from({ length: count - 1 }, () => fork(false)));
  } catch (error) {
    await stopAll();
    await db.close();
    throw error;
  }
  const url = `http://${urlHost(options.host ?? '127.0.0.1')}:${port}`;
  logger.info(`[cluster] ${count} API processes on ${url}`);
  let metricsListener: MetricsListener | null = null;
  if (metricsPort !== undefined) {
    try {
      metricsListener = await startMetricsListener(metricsPort, metricsHost ?? '127.0.0.1', () => clusterMetrics.text());
    } catch (error) {
      await stopAll();
      await db.close();
      throw error;
    }
  }

  let closed: Promise<void> | undefined;
  return {
    url,
    port,
    metricsPort: metricsListener?.port,
    db,
    pids: () => [...running].map((w) => w.process.pid!).filter(Boolean),
    close: () =>
      (closed ??= (async () => {
        await metricsListener?.close();
        await stopAll();
        await db.close();
      })()),
  };
}
