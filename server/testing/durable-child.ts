/**
 * A server in a process of its own on a given data directory, for the durability test (server/db/
 * durability.test.ts), which kills it with SIGKILL: prints `{"url": …}` once it listens.
 */
import { startServer } from '../app';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('Usage: durable-child.ts <data dir>');
const server = await startServer({
  port: 0,
  dataDir,
  seedListings: 0,
  jobs: false,
  logger: { info: () => undefined, warn: () => undefined, error: (m) => process.stderr.write(`${m}\n`) },
  contactRateLimit: { max: 1_000_000, windowMs: 60_000 },
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
