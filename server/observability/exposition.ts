/**
 * Where Prometheus reads the metrics (metrics.ts), never public without a secret:
 * - `/metrics` on the API's port, only with `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time);
 *   without a token configured the path does not exist (404);
 * - `METRICS_PORT`: a listener of its own, on 127.0.0.1 unless `METRICS_HOST` says otherwise, without a token
 *   (whoever reaches that address is the operator's scraper).
 * In a cluster (server/cluster.ts) both answer for all the workers together: the primary gathers every worker's
 * registries with prom-client's AggregatorRegistry (counters and histograms summed, pools summed, the
 * database-wide gauges taken once), and a worker asked at `/metrics` fetches that from the primary.
 */
import cluster, { type Worker } from 'node:cluster';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AggregatorRegistry, Registry } from 'prom-client';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import { processRegistry } from './metrics';

export const METRICS_PATH = '/metrics';
const CONTENT_TYPE = processRegistry.contentType;

/** This process's metrics: the process-wide ones and those of `registries` (a server's database gauges). */
export function processMetrics(registries: Registry[]): () => Promise<string> {
  const merged = Registry.merge([processRegistry, ...registries]);
  return () => merged.metrics();
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether `authorization` is `Bearer <token>`, in time that does not depend on where they differ. */
export function presentsToken(authorization: string | undefined, token: string): boolean {
  const presented = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : '';
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0;
}

/** `/metrics` on the API's port, behind `token` (none: the route answers 404, as for any unknown path). */
export function metricsRoute(token: string | undefined, text: () => Promise<string>): Route {
  return {
    GET: async (ctx) => {
      if (!token) throw new HttpError(404, 'not_found', 'Nothing here.');
      if (!presentsToken(ctx.req.headers.authorization, token)) {
        throw new HttpError(401, 'unauthorized', 'Send the operator token as "Authorization: Bearer <METRICS_TOKEN>".', undefined, {
          'WWW-Authenticate': 'Bearer realm="metrics"',
        });
      }
      const body = await text();
      ctx.res.writeHead(200, { 'Content-Type': CONTENT_TYPE, 'Cache-Control': 'no-store' });
      ctx.res.end(body);
    },
  };
}

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/** The metrics on a port of their own (`METRICS_PORT`): GET /metrics, nothing else. */
export function startMetricsListener(port: number, host: string, text: () => Promise<string>): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== METRICS_PATH) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    text().then(
      (body) => res.writeHead(200, { 'Content-Type': CONTENT_TYPE, 'Cache-Control': 'no-store' }).end(body),
      () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The metrics could not be gathered.\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// A cluster's metrics: gathered by the primary

interface MetricsAsk {
  type: 'hearth:metrics?';
  id: string;
}
interface MetricsAnswer {
  type: 'hearth:metrics';
  id: string;
  text?: string;
  error?: string;
}

const ASK_TIMEOUT_MS = 10_000;

/** In a cluster worker: the whole cluster's metrics, from the primary. */
export function clusterMetricsFromPrimary(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    const onMessage = (message: MetricsAnswer) => {
      if (message?.type !== 'hearth:metrics' || message.id !== id) return;
      done();
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? 'The primary sent no metrics.'));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('The primary did not answer with the metrics.'));
    }, ASK_TIMEOUT_MS);
    process.on('message', onMessage);
    process.send!({ type: 'hearth:metrics?', id } satisfies MetricsAsk);
  });
}

/** In a cluster worker: what the primary's aggregator reads of this process. */
export function offerWorkerMetrics(registries: Registry[]): void {
  AggregatorRegistry.setRegistries([processRegistry, ...registries]);
  // prom-client answers the primary's requests from the first AggregatorRegistry made in a process (its listener).
  workerAnswers ??= new AggregatorRegistry();
}
let workerAnswers: unknown = null;

/** In the primary: the aggregated metrics of every worker, and the answer to a worker that asks for them. */
export class ClusterMetrics {
  readonly #aggregator = new AggregatorRegistry();

  text(): Promise<string> {
    return this.#aggregator.clusterMetrics();
  }

  /** Answers `worker`'s requests for the cluster's metrics. */
  serve(worker: Worker): void {
    worker.on('message', (message: MetricsAsk) => {
      if (message?.type !== 'hearth:metrics?') return;
      const reply = (answer: Omit<MetricsAnswer, 'type' | 'id'>) => {
        if (worker.isConnected()) worker.send({ type: 'hearth:metrics', id: message.id, ...answer } satisfies MetricsAnswer);
      };
      this.text().then(
        (text) => reply({ text }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      );
    });
  }
}

/** True in a worker of server/cluster.ts. */
export const inClusterWorker = () => cluster.isWorker;
