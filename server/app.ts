/** The API server: database, routes and HTTP listener, started and stopped as one unit. */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { scheduleSavedSearchAlerts } from './accounts/alerts';
import { scheduleMarketMetricsRefresh } from './listings/metrics/refresh';
import { accountRoutes, type AccountRateLimits } from './accounts/routes';
import { contactRoutes } from './contact/routes';
import { startWebhookDelivery } from './webhooks/delivery';
import { startAnalyticsForwarder } from './analytics/forwarder';
import { webhookRoutes } from './webhooks/routes';
import { postImageRoutes } from './content/images';
import { listingPhotoRoutes } from './listing-photos/photos';
import { questionnaireRoutes } from './questionnaires/routes';
import { openDatabase, type Database } from './db';
import { scheduleMaintenance } from './db/maintenance';
import { COST_LIMITS, type CostLimits } from './graphql/transport/cost';
import { GRAPHQL_LIMITS, type GraphqlLimits } from './graphql/transport/limits';
import { OperationAllowlist, type AllowlistOptions } from './graphql/transport/allowlist';
import { GRAPHQL_DEADLINE_MS, graphqlRoutes, UPLOAD_DEADLINE_MS } from './graphql/transport/http';
import { mediaRoutes } from './listings/media-routes';
import { flushVisits } from './listings/search/visits';
import type { RateLimit } from './http/rate-limit';
import { startMailDelivery } from './mail/delivery';
import { sendJson } from './http/respond';
import { parsePublicOrigin } from './http/public-url';
import { openApiRoutes } from './http/openapi';
import { withCompression } from './http/compression';
import { withSecurityHeaders } from './http/security-headers';
import type { TrustProxy } from './http/client-ip';
import { clientLimiter, clientLimits, HEALTH_PATH, serverTimeouts, type ClientLimits } from './http/slow-clients';
import { Router } from './http/router';
import { defaultLogger, type Logger } from './log';
import { partnerRoutes } from './partners/routes';
import { paths } from './paths';
import { LocalDiskStorage, uploadStorage } from './storage';
import { POSTGRES_SWEEP_GRACE_MS, sweepOrphanUploads } from './storage/orphans';
import { seed as seedDatabase } from './seed';
import { requireInstallation } from './setup/setup';
import { seedListingsIfEmpty } from './seed/listings';
import type { ServerConfig, Services } from './services';
import { notFoundRoute } from './site/pages';
import { appPageRoutes } from './site/app-page';
import { analyticsRoutes } from './analytics/routes';
import { registrationRoutes } from './contact/registration';
import { siteRoutes } from './site/routes';
import { tileRoutes } from './tiles/routes';
import { TileService, tileUserAgent } from './tiles/service';
import { tileSettings, type TileOptions } from './tiles/settings';
import { allowOutbound } from './http/outbound';
import { tourRoutes } from './tours/routes';
import { valuationRoutes } from './valuation/routes';
import { documentRoutes } from './documents/routes';
import { marketingRoutes } from './marketing/routes';
import { paymentRoutes } from './payments/routes';
import { backupRoutes, offerOperatorBackup } from './db/backup';
import { startWorkTier } from './jobs/tier';
import { checkRole, roleParts, type ServerRole } from './roles';
import { holdThreads } from './jobs/threads';
import { marketingRenderKind } from './marketing/files';
import { pdfJobKind } from './pdf/jobs';
import { passportOcrKind, stopPassportReader } from './passport/ocr';
import { imageUploadKind } from './uploads/jobs';
import { documentCheckKind } from './documents/check-job';
import { scheduleHomeValueUpdates } from './valuation/updates';
import { schedulePublishJob } from './sellers/publish-job';
import { databaseMetrics } from './observability/metrics';
import { clusterMetricsFromPrimary, inClusterWorker, METRICS_PATH, metricsRoute, processMetrics, startMetricsListener } from './observability/exposition';
import { READY_PATH, readinessRoute } from './observability/readiness';
import type { Registry } from 'prom-client';

export interface StartServerOptions {
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** PGlite data directory (default `./.data/pglite`), or `memory://`. Ignored with `databaseUrl`. */
  dataDir?: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl?: string;
  /**
   * Remove at start the uploaded files no row refers to (server/storage/orphans.ts). Only for a server whose
   * upload folder belongs to its database (`npm start` does); tests share folders and databases freely.
   */
  sweepOrphanUploads?: boolean | { olderThanMs: number };
  /** PostgreSQL only: run in this schema (created if missing), e.g. an isolated `test_<random>`. */
  databaseSchema?: string;
  /** PostgreSQL only: connections per pool of this process (default 10; server/db/postgres.ts). */
  databasePoolSize?: number;
  /** PostgreSQL only: drop `databaseSchema` on close (throwaway test schemas). */
  dropSchemaOnClose?: boolean;
  /** Production: loopback origins lose their CORS pass, introspection is off. Default false. */
  production?: boolean;
  /** Add the demo partners and listings when missing. Default true. */
  seed?: boolean;
  /** Apply pending migrations at start. Default true; false in production (`npm run setup` or MIGRATE=1 do, server/start.ts). */
  migrate?: boolean;
  /**
   * Refuse to start (SetupRequiredError, server/setup/setup.ts) while the installation is not whole: migrations
   * pending, no default partner, no administrator. Default false; `npm start` in production sets it.
   */
  requireSetup?: boolean;
  /**
   * Generate this many listings (RESO seed, server/seed/listings) when the database holds only the demo
   * listings, i.e. on first start. Default 0: tests and production start without them.
   */
  seedListings?: number;
  /**
   * The origin clients reach us on: every URL the API hands out (photos, pictures, calendar links, links
   * in mails) is absolute on it. Default env `HEARTH_PUBLIC_ORIGIN`, else `http://<host>:<port>`.
   */
  publicOrigin?: string;
  /** Contact-form submissions per client IP and partner. Default 10 per 60 s. */
  contactRateLimit?: RateLimit;
  /** Log-in, sign-up and reset limits (server/accounts/routes.ts). Default DEFAULT_ACCOUNT_RATE_LIMITS. */
  accountRateLimits?: AccountRateLimits;
  /** Root of the CDN builds. Default `./dist`. */
  distDir?: string;
  /**
   * The proxies in front of the server (env `TRUST_PROXY`): 0/false none, true or 1 one, n that many. Behind
   * them the client IP is the n-th X-Forwarded-For entry from the right (server/http/client-ip.ts). Default 0.
   */
  trustProxy?: TrustProxy;
  /** GraphQL cost ceilings per request and per client per minute (server/graphql/transport/cost.ts). Default COST_LIMITS. */
  graphqlCostLimits?: Partial<CostLimits>;
  /** GraphQL depth, field and alias ceilings of one operation (server/graphql/transport/limits.ts). Default GRAPHQL_LIMITS. */
  graphqlLimits?: Partial<GraphqlLimits>;
  /** Stop a GraphQL request after this many ms (503). Default GRAPHQL_DEADLINE_MS. */
  graphqlDeadlineMs?: number;
  /** The same for an upload, once its body is read. Default UPLOAD_DEADLINE_MS. */
  graphqlUploadDeadlineMs?: number;
  /**
   * Run only the GraphQL operations of a persisted-query allowlist (server/graphql/transport/allowlist.ts),
   * for every request or the listed partners'. Default env `HEARTH_GRAPHQL_ALLOWLIST` (the file) and
   * `HEARTH_GRAPHQL_ALLOWLIST_PARTNERS` (slugs, comma separated); unset: any operation.
   */
  graphqlAllowlist?: AllowlistOptions | null;
  /** Deliver the outbox over SMTP: `smtp://user:pass@host:587` or `smtps://…:465`. Default env `SMTP_URL`; unset or '': outbox table and log only. */
  smtpUrl?: string;
  /** Sender of outgoing mail. Default env `MAIL_FROM`, else `Hearth <no-reply@hearth.example>`. */
  mailFrom?: string;
  /**
   * The keyless map's basemap (server/tiles/settings.ts): an XYZ provider (`url`, env `HEARTH_TILES_URL`)
   * or a raster PMTiles archive (`pmtiles`, env `HEARTH_TILES_PMTILES`). Default in development: the
   * OpenStreetMap tile server; in production: none.
   */
  tiles?: TileOptions;
  /**
   * Internal receivers partners may reach (server/http/outbound.ts): `host[:port]` entries, added to env
   * `HEARTH_OUTBOUND_ALLOW` while this server runs (a local tile server, a test receiver). Default none.
   */
  outboundAllow?: string[];
  /**
   * Run the background jobs here: saved-search alerts, mail delivery, PGlite upkeep. Default true; in a
   * cluster (server/cluster.ts) one process runs them.
   */
  jobs?: boolean;
  /**
   * Run the work tier here (server/jobs/tier.ts): marketing renders and passport readings, and generated PDFs when
   * `jobs` is on too. Default true.
   */
  work?: boolean;
  /**
   * What this process does (server/roles.ts): `all` (default) as `jobs` and `work` say; `api` serves HTTP and runs
   * no jobs and no work tier; `worker` runs them all and answers only /healthz, /readyz and /metrics. PostgreSQL only
   * for `api` and `worker`.
   */
  role?: ServerRole;
  /** Where log lines go (server/log.ts). Default: JSON lines on stdout (pino). */
  logger?: Logger;
  /**
   * The operator's token for `/metrics` on this port (env `METRICS_TOKEN`; server/observability/exposition.ts).
   * Unset: `/metrics` answers 404.
   */
  metricsToken?: string;
  /** Serve the metrics without a token on a port of their own (env `METRICS_PORT`; 0 picks one). Unset: none. */
  metricsPort?: number;
  /** The address of `metricsPort` (env `METRICS_HOST`). Default 127.0.0.1. */
  metricsHost?: string;
  /**
   * Header, request and body timeouts, keep-alive, connections and requests in progress overall and per client
   * address (server/http/slow-clients.ts; `npm start` reads HEARTH_MAX_REQUESTS… from the environment). Default DEFAULT_CLIENT_LIMITS.
   */
  clientLimits?: Partial<ClientLimits>;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Database;
  /** The gauges read from this server's database (a cluster worker hands them to the primary's aggregator). */
  metrics: Registry;
  /** The port of `metricsPort`'s listener, if any. */
  metricsPort?: number;
  close(): Promise<void>;
}

const DEFAULT_CONTACT_RATE_LIMIT: RateLimit = { max: 10, windowMs: 60_000 };
const SHUTDOWN_GRACE_MS = 5_000;

function packageVersion(): string {
  return (JSON.parse(readFileSync(paths.packageJson, 'utf8')) as { version: string }).version;
}

/** How a listening host appears in a URL. */
export function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

export function buildRouter(options: {
  production: boolean;
  logger: Logger;
  tiles: TileService;
  allowlist: OperationAllowlist | null;
  accountRateLimits?: AccountRateLimits;
  graphqlLimits?: GraphqlLimits;
  /** `/metrics`: the operator's token (none: 404) and the text to answer. */
  metrics?: { token?: string; text(): Promise<string> };
  /** false (a worker): only the probes and /metrics. Default true. */
  publicHttp?: boolean;
}): Router {
  const router = new Router();
  const groups = options.publicHttp === false ? [] : [
    partnerRoutes,
    contactRoutes,
    webhookRoutes,
    questionnaireRoutes,
    accountRoutes(options.accountRateLimits),
    graphqlRoutes(options),
    mediaRoutes,
    postImageRoutes,
    listingPhotoRoutes,
    tileRoutes(options.tiles),
    tourRoutes,
    valuationRoutes,
    documentRoutes,
    marketingRoutes,
    paymentRoutes(),
    openApiRoutes,
    analyticsRoutes,
    registrationRoutes,
    backupRoutes,
    appPageRoutes,
    siteRoutes,
  ];
  for (const group of groups) for (const [path, route] of Object.entries(group)) router.on(path, route);
  router.otherwise(notFoundRoute);
  router.on(HEALTH_PATH, {
    GET: async (ctx) => {
      await ctx.services.db.query('SELECT 1');
      sendJson(ctx.res, 200, { ok: true });
    },
  });
  router.on(READY_PATH, readinessRoute);
  router.on(METRICS_PATH, metricsRoute(options.metrics?.token, options.metrics?.text ?? (() => Promise.resolve(''))));
  return router;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** The server's database, migrated, with the demo data and, on first start, the generated listings. */
export async function openServerDatabase(options: StartServerOptions, logger: Logger): Promise<Database> {
  const db = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    schema: options.databaseSchema,
    dropSchemaOnClose: options.dropSchemaOnClose,
    poolSize: options.databasePoolSize,
    logger,
    migrate: options.migrate,
  });
  try {
    if (options.requireSetup) await requireInstallation(db);
    await prepareDatabase(db, options, logger);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** The demo data and, on first start, the generated listings (options.seed, options.seedListings). */
async function prepareDatabase(db: Database, options: Pick<StartServerOptions, 'seed' | 'seedListings'>, logger: Logger): Promise<void> {
  if (options.seed ?? true) await seedDatabase(db);
  if (options.seedListings) {
    const started = performance.now();
    const stats = await seedListingsIfEmpty(db, options.seedListings);
    if (stats) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      logger.info(`[seed] ${stats.inserted} generated listings loaded in ${seconds} s`);
    }
  }
}

/** Files a killed process left without their row (server/storage/orphans.ts); never stops the start. */
async function sweepUploads(db: Database, options: StartServerOptions, logger: Logger): Promise<void> {
  try {
    const storage = uploadStorage();
    const { sweepOrphanUploads: sweep } = options;
    // A bucket may be shared by other processes (instances, workers) even on the embedded database: the grace too.
    const shared = Boolean(options.databaseUrl) || !(storage instanceof LocalDiskStorage);
    const olderThanMs = typeof sweep === 'object' ? sweep.olderThanMs : shared ? POSTGRES_SWEEP_GRACE_MS : 0;
    const { removed } = await sweepOrphanUploads(db, storage, { olderThanMs });
    if (removed) logger.info(`[uploads] removed ${removed} file(s) that no row refers to`);
  } catch (error) {
    logger.warn(`[uploads] the sweep of files without a row failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? defaultLogger;
  const role = options.role ?? 'all';
  checkRole(role, options.databaseUrl);
  const parts = roleParts(role, options);
  const host = options.host ?? '127.0.0.1';
  const production = options.production ?? false;
  const configuredOrigin = options.publicOrigin ?? process.env.HEARTH_PUBLIC_ORIGIN;
  // A bad setting fails here, before the database opens.
  const publicOrigin = configuredOrigin ? parsePublicOrigin(configuredOrigin) : null;
  const allowlistOptions = options.graphqlAllowlist === undefined ? OperationAllowlist.fromEnv() : options.graphqlAllowlist;
  const allowlist = allowlistOptions ? OperationAllowlist.load(allowlistOptions) : null;

  const limits = clientLimits(options.clientLimits);
  // A bad HEARTH_STORAGE / S3_* setting fails here too, naming the variable, never as a 500 on the first upload.
  uploadStorage();
  const version = packageVersion();
  // A bad basemap setting fails here too. The User-Agent names our public origin, known after listen.
  const tileConfig = tileSettings(options.tiles, production);
  // A bad entry (here or in HEARTH_OUTBOUND_ALLOW) fails here; taken back on close.
  const withdrawOutbound = allowOutbound(options.outboundAllow ?? []);
  const tiles = await TileService.start(tileConfig, { userAgent: () => tileUserAgent(version, config.publicOrigin, tileConfig.contact), logger }).catch((error: unknown) => {
    withdrawOutbound();
    throw error;
  });

  let db: Database;
  try {
    db = await openServerDatabase(options, logger);
  } catch (error) {
    await tiles.close();
    withdrawOutbound();
    throw error;
  }
  if (options.sweepOrphanUploads) await sweepUploads(db, options, logger);

  const config: ServerConfig = {
    production,
    publicOrigin: '',
    distDir: options.distDir ?? paths.dist,
    cdnVersion: version,
    contactRateLimit: options.contactRateLimit ?? DEFAULT_CONTACT_RATE_LIMIT,
    trustProxy: options.trustProxy ?? false,
    graphqlCostLimits: { ...COST_LIMITS, ...options.graphqlCostLimits },
    graphqlDeadlineMs: options.graphqlDeadlineMs ?? GRAPHQL_DEADLINE_MS,
    graphqlUploadDeadlineMs: options.graphqlUploadDeadlineMs ?? UPLOAD_DEADLINE_MS,
  };
  const services: Services = {
    db,
    config,
    logger,
  };

  // Metrics (server/observability/): this process's, with this server's database gauges; in a cluster, every
  // worker's, gathered by the primary.
  const metrics = databaseMetrics(db);
  const metricsText = inClusterWorker() ? clusterMetricsFromPrimary : processMetrics([metrics]);
  const router = buildRouter({
    production,
    logger,
    tiles,
    allowlist,
    accountRateLimits: options.accountRateLimits,
    graphqlLimits: { ...GRAPHQL_LIMITS, ...options.graphqlLimits },
    metrics: { token: options.metricsToken || undefined, text: metricsText },
    publicHttp: parts.publicHttp,
  });
  // Slow clients are cut off, and connections and requests in progress bounded, per client address too (server/http/slow-clients.ts).
  const limiter = clientLimiter(limits, logger, config.trustProxy);
  const server = createServer(serverTimeouts(limits), withSecurityHeaders(limiter.wrap(withCompression(router.handler(services))), config));
  server.on('connection', limiter.onConnection);
  let port: number;
  try {
    port = await listen(server, options.port ?? 8080, host);
  } catch (error) {
    await db.close();
    await tiles.close();
    withdrawOutbound();
    throw error;
  }
  const url = `http://${urlHost(host)}:${port}`;
  let metricsListener: Awaited<ReturnType<typeof startMetricsListener>> | null = null;
  if (options.metricsPort !== undefined) {
    try {
      metricsListener = await startMetricsListener(options.metricsPort, options.metricsHost ?? '127.0.0.1', metricsText);
    } catch (error) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
      await tiles.close();
      withdrawOutbound();
      throw error;
    }
  }
  // `npm run backup` on this machine asks this server for a consistent copy of its embedded database.
  const withdrawBackup = await offerOperatorBackup(db, options.databaseUrl ? undefined : (options.dataDir ?? paths.defaultDataDir), port);
  // Set before the first request can arrive: listen's callback runs before any connection is handled.
  config.publicOrigin = publicOrigin ?? url;
  const { jobs } = parts;
  const idle = { stop: async () => undefined };
  const alerts = jobs ? scheduleSavedSearchAlerts(db, { siteUrl: config.publicOrigin, logger }) : idle;
  const homeValueUpdates = jobs ? scheduleHomeValueUpdates(db, { publicOrigin: config.publicOrigin, logger }) : idle;
  const marketMetrics = jobs ? scheduleMarketMetricsRefresh(db, { logger }) : idle;
  const mail = jobs ? startMailDelivery(db, { smtpUrl: options.smtpUrl, mailFrom: options.mailFrom, logger }) : idle;
  const webhooks = jobs ? startWebhookDelivery(db, { logger }) : idle;
  const analyticsForwarder = jobs ? startAnalyticsForwarder(db, { logger }) : idle;
  // Heavy work (server/jobs/tier.ts): the kinds a request waits for run in every process; generated PDFs where
  // the background jobs run; none in an `api` process (server/roles.ts), whose requests wait for a worker.
  const releaseThreads = holdThreads();
  const work = !parts.work ? idle : startWorkTier(db, { logger, kinds: [imageUploadKind(), documentCheckKind(), marketingRenderKind(), passportOcrKind(), ...(jobs ? [pdfJobKind()] : [])] });
  const maintenance = jobs ? scheduleMaintenance(db, logger) : idle;
  const publishing = jobs ? schedulePublishJob(db, { logger }) : idle;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(force);
      await metricsListener?.close();
      await alerts.stop();
      await homeValueUpdates.stop();
      await marketMetrics.stop();
      await mail.stop();
      await webhooks.stop();
      await analyticsForwarder.stop();
      await work.stop();
      await stopPassportReader();
      await releaseThreads();
      await maintenance.stop();
      await publishing.stop();
      await flushVisits(db).catch((error: unknown) => logger.error('[visits] final flush failed', error));
      await withdrawBackup();
      await db.close();
      await tiles.close();
      withdrawOutbound();
    })());

  return { url, port, db, metrics, metricsPort: metricsListener?.port, close };
}
