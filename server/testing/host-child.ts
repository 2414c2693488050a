/**
 * One host of a several-host deployment, in a process of its own, for the several-hosts test
 * (server/multihost.test.ts), which kills it with SIGKILL: `--role api` or `--role worker` (server/roles.ts) on
 * PostgreSQL (DATABASE_URL, the given schema) with its own data directory; storage, SMTP and HEARTH_SECRET come
 * from the environment as in production. Prints `{"url": …}` once it listens.
 *
 *   host-child.ts <api|worker> <data dir> <PostgreSQL schema>
 */
import { DEFAULT_ACCOUNT_RATE_LIMITS } from '../accounts/routes';
import { startServer } from '../app';
import { roleFromArgs } from '../roles';
import { childServerOptions } from './child-server';

const [role, dataDir, schema] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL;
if (!role || !dataDir || !schema || !databaseUrl) throw new Error('Usage: DATABASE_URL=… host-child.ts <api|worker> <data dir> <schema>');
const server = await startServer({
  ...childServerOptions(dataDir),
  role: roleFromArgs(['--role', role]),
  databaseUrl,
  databaseSchema: schema,
  seed: false,
  migrate: false,
  // Other hosts share the bucket: a file may be written just before its row, as in production.
  sweepOrphanUploads: true,
  accountRateLimits: { ...DEFAULT_ACCOUNT_RATE_LIMITS, perClient: { max: 1_000, windowMs: 60_000 } },
  graphqlCostLimits: { publicPerMinute: Number.MAX_SAFE_INTEGER, signedInPerMinute: Number.MAX_SAFE_INTEGER },
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
