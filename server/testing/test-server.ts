/**
 * How tests start a real server: PGlite in memory, or, when DATABASE_URL is set, PostgreSQL in a
 * schema of its own that is dropped on close, so test files can run side by side on one database.
 */
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { startServer, type RunningServer, type StartServerOptions } from '../app';
import { openDatabase, type Database, type DatabaseOptions } from '../db';
import { SEEDED_MEMORY_DATA_DIR, SEEDED_UPLOADS_VARIABLE } from '../db/memory-snapshots';
import { paths } from '../paths';
import type { Logger } from '../log';
import { COST_LIMITS } from '../graphql/transport/cost';
import type { ServerConfig } from '../services';

/** Errors still reach the test output; the one-line-per-lead info log does not. */
const quietLogger: Logger = {
  info: () => undefined,
  warn: (message) => console.warn(message),
  error: (message, error) => (error === undefined ? console.error(message) : console.error(message, error)),
};

/** The upload folder the seed writes its files to (server/storage: `uploadStorage`). */
export const seedUploadsDir = () => resolve(process.env.HEARTH_UPLOAD_DIR || paths.uploads);

/**
 * A seeded server on PGlite starts from the run's seeded dump (its seed then finds the demo data there), when the
 * seed's files are where that dump's seed wrote them (server/db/memory-snapshots.ts).
 */
function databaseTarget(seeded = false): Pick<DatabaseOptions, 'databaseUrl' | 'dataDir' | 'schema' | 'dropSchemaOnClose'> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return { dataDir: seeded && process.env[SEEDED_UPLOADS_VARIABLE] === seedUploadsDir() ? SEEDED_MEMORY_DATA_DIR : 'memory://' };
  return { databaseUrl, schema: `test_${randomBytes(6).toString('hex')}`, dropSchemaOnClose: true };
}

export function startTestServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const { schema, ...target } = databaseTarget(options.seed ?? true);
  return startServer({
    port: 0,
    logger: quietLogger,
    // Generous, so only the rate-limit tests meet the limit.
    contactRateLimit: { max: 1000, windowMs: 60_000 },
    // Per-request cost ceilings as in production; per-minute budgets only the cost tests meet.
    graphqlCostLimits: { publicPerMinute: 1e12, signedInPerMinute: 1e12 },
    ...target,
    databaseSchema: schema,
    ...options,
  });
}

export function openTestDatabase(): Promise<Database> {
  return openDatabase({ ...databaseTarget(), logger: quietLogger });
}

export const engineName = () => (process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite');

/** The config of a router a test drives directly (no database, no build): tests of the HTTP layer. */
export const routerTestConfig = (): ServerConfig => ({
  production: false,
  publicOrigin: 'http://127.0.0.1',
  distDir: '/nonexistent',
  cdnVersion: '0.0.0',
  contactRateLimit: { max: 1, windowMs: 1 },
  trustProxy: false,
  graphqlCostLimits: COST_LIMITS,
  graphqlDeadlineMs: 10_000,
  graphqlUploadDeadlineMs: 30_000,
});
