/**
 * The options of the servers the durability tests start in processes of their own and kill
 * (durable-child.ts, maintenance-child.ts): no generated listings, no background jobs, errors only on
 * stderr, and the contact form's rate limit out of the way of 20 writing clients.
 */
import type { StartServerOptions } from '../app';

export function childServerOptions(dataDir: string): StartServerOptions {
  return {
    port: 0,
    dataDir,
    seedListings: 0,
    jobs: false,
    logger: { info: () => undefined, warn: () => undefined, error: (m) => process.stderr.write(`${m}\n`) },
    contactRateLimit: { max: 1_000_000, windowMs: 60_000 },
  };
}
