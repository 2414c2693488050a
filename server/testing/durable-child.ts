/**
 * A server in a process of its own on a given data directory (or, with DATABASE_URL, a PostgreSQL schema), for
 * the durability test (server/db/durability.test.ts), which kills it with SIGKILL: prints `{"url": …}` once it
 * listens. Uploads go to HEARTH_UPLOAD_DIR; like `npm start`, it sweeps files no row names at start.
 *
 *   durable-child.ts <data dir> [<PostgreSQL schema>]
 */
import { DEFAULT_ACCOUNT_RATE_LIMITS } from '../accounts/routes';
import { startServer } from '../app';
import { childServerOptions } from './child-server';

const [dataDir, schema] = process.argv.slice(2);
if (!dataDir) throw new Error('Usage: durable-child.ts <data dir> [<schema>]');
const databaseUrl = process.env.DATABASE_URL || undefined;
const server = await startServer({
  ...childServerOptions(dataDir),
  ...(databaseUrl ? { databaseUrl, databaseSchema: schema, databasePoolSize: 20 } : {}),
  // One process on this database: no other can be between an upload's file and its row.
  sweepOrphanUploads: { olderThanMs: 0 },
  accountRateLimits: { ...DEFAULT_ACCOUNT_RATE_LIMITS, perClient: { max: 1_000, windowMs: 60_000 } },
  // Twenty clients write for seconds on end: the per-client cost budget of a visitor is not what is tested.
  graphqlCostLimits: { publicPerMinute: Number.MAX_SAFE_INTEGER, signedInPerMinute: Number.MAX_SAFE_INTEGER },
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
