/**
 * One API process of a cluster (server/cluster.ts): a whole server on the shared port, started from the
 * setup the primary put in its environment. It tells the primary when it listens (or why it could not),
 * and closes gracefully when the primary asks, on SIGTERM/SIGINT, or when the primary is gone.
 */
import cluster from 'node:cluster';
import { startServer, type RunningServer } from './app';
import { SHUTDOWN_MESSAGE, WORKER_SETUP_ENV, type WorkerMessage, type WorkerSetup } from './cluster';
import { defaultLogger, type Logger } from './log';
import { offerWorkerMetrics } from './observability/exposition';

if (cluster.isPrimary) throw new Error('server/cluster-worker.ts runs in a cluster worker (server/cluster.ts starts it).');

const setup = JSON.parse(process.env[WORKER_SETUP_ENV] ?? 'null') as WorkerSetup | null;
const tell = (message: WorkerMessage) => new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));
// Each line names the process (pino's `pid`).
const logger: Logger = {
  info: (message, fields) => (setup?.quiet ? undefined : defaultLogger.info(message, fields)),
  warn: (message, fields) => defaultLogger.warn(message, fields),
  error: (message, error, fields) => defaultLogger.error(message, error, fields),
};

let server: RunningServer | null = null;
let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server?.close().catch((error: unknown) => logger.error('closing failed', error));
  process.exit(0);
}
process.on('message', (message: unknown) => {
  if ((message as { type?: string } | null)?.type === SHUTDOWN_MESSAGE.type) void stop();
});
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
process.once('disconnect', () => void stop());

try {
  if (!setup) throw new Error(`${WORKER_SETUP_ENV} is not set.`);
  server = await startServer({ ...setup.options, seed: false, seedListings: 0, jobs: setup.jobs, logger });
  // The primary's aggregator reads this process's metrics and its database gauges (server/observability/exposition.ts).
  offerWorkerMetrics([server.metrics]);
  await tell({ type: 'listening', port: server.port });
} catch (error) {
  await tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}
