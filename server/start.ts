/**
 * `npm start`: builds the CDN bundle if needed, then runs the API and the partner demo site. In production it first
 * checks the installation (server/setup/setup.ts): anything missing — migrations, the default partner, an
 * administrator — and it exits 1 with the one command to run, before building or listening.
 */
import { availableParallelism } from 'node:os';
import { checkRole, roleFromArgs } from './roles';
import { checkProductionStart, SetupRequiredError } from './setup/setup';

const env = process.env;
const production = env.NODE_ENV === 'production';
// `--role api|worker|all` (server/roles.ts, docs/deployment.md "Process roles"); refused before anything starts.
let role: ReturnType<typeof roleFromArgs>;
try {
  role = roleFromArgs(process.argv.slice(2));
  checkRole(role, env.DATABASE_URL || undefined);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
// In production a start migrates only when told to (MIGRATE=1); `npm run setup` is the way (docs/deployment.md).
const migrateAtStart = !production || env.MIGRATE === '1';
if (production) {
  try {
    await checkProductionStart({ databaseUrl: env.DATABASE_URL || undefined, migrate: migrateAtStart });
  } catch (error) {
    if (!(error instanceof SetupRequiredError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

await (await import('../cdn/build')).ensureBuilt();
// The server's modules load after the check: a refused start is quick.
const [{ startPartnerSite }, { startServer }, { startCluster }, { parseTrustProxy }, { clientLimitsFromEnv }, { DEFAULT_SEED_LISTINGS }, { defaultLogger: logger }] = await Promise.all([
  import('../demo-sites/serve'),
  import('./app'),
  import('./cluster'),
  import('./http/client-ip'),
  import('./http/slow-clients'),
  import('./seed/listings'),
  import('./log'),
]);
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? '127.0.0.1';

const databaseUrl = env.DATABASE_URL || undefined;
function metricsPortFrom(value: string): number {
  const port = Number(value);
  if (!Number.isSafeInteger(port) || port < 0 || port > 65_535) throw new Error(`METRICS_PORT must be a port number, not "${value}".`);
  return port;
}
// On PostgreSQL one API process per core behind the port (server/cluster.ts); PGlite is one process. A worker
// (--role worker) is one process: start more of them for more.
const workers = role === 'worker' ? 1 : Number(env.HEARTH_WORKERS || (databaseUrl ? availableParallelism() : 1));
if (!Number.isSafeInteger(workers) || workers < 1) throw new Error(`HEARTH_WORKERS must be a whole number ≥ 1, not "${env.HEARTH_WORKERS}".`);
if (workers > 1 && !databaseUrl) throw new Error('HEARTH_WORKERS > 1 needs PostgreSQL (DATABASE_URL): the embedded database is one process.');

const options = {
  port,
  host,
  production,
  databaseUrl,
  role,
  // Checked above in production; the server checks again (and so does each process of a cluster).
  migrate: !production,
  requireSetup: production,
  seed: !production || env.SEED === '1',
  // First start: generated listings around Salt Lake City and Kathmandu (SEED_LISTINGS=0 turns it off).
  seedListings: !production || env.SEED === '1' ? Number(env.SEED_LISTINGS ?? DEFAULT_SEED_LISTINGS) : 0,
  // The number of proxies in front of us (server/http/client-ip.ts).
  trustProxy: parseTrustProxy(env.TRUST_PROXY),
  // Connections and requests in progress, overall and per client address (server/http/slow-clients.ts).
  clientLimits: clientLimitsFromEnv(env),
  // Files a killed process left without their row (server/storage/orphans.ts).
  sweepOrphanUploads: true,
  // Prometheus metrics (server/observability/exposition.ts): at /metrics with the operator's token, and/or on a port of their own.
  metricsToken: env.METRICS_TOKEN || undefined,
  metricsPort: env.METRICS_PORT ? metricsPortFrom(env.METRICS_PORT) : undefined,
  metricsHost: env.METRICS_HOST || undefined,
};
const api = workers > 1 ? await startCluster({ ...options, databaseUrl: databaseUrl!, workers }) : await startServer(options);
// A worker serves no pages: no partner demo site beside it.
const partnerSite = role === 'worker' ? null : await startPartnerSite({ port: Number(env.PARTNER_PORT ?? api.port + 1), apiOrigin: api.url });

if (partnerSite) {
  logger.info(`Hearth API         ${api.url}/`, { url: api.url, role });
  logger.info(`Agent site demo    ${api.url}/demo/agent-site/`);
  logger.info(`Element gallery    ${api.url}/demo/gallery/`);
  logger.info(`Partner site demo  ${partnerSite.url}/  (React build: ${partnerSite.url}/?build=react)`);
} else logger.info(`Hearth worker      probes at ${api.url}/healthz and ${api.url}/readyz`, { url: api.url, role });
if (options.metricsPort !== undefined) logger.info(`Metrics            http://${options.metricsHost ?? '127.0.0.1'}:${api.metricsPort ?? options.metricsPort}/metrics`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info(`${signal}: shutting down`);
  await Promise.allSettled([partnerSite?.close(), api.close()]);
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
