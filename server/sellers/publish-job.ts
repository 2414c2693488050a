/**
 * The publish job (spec §4 seller listing visibility): a seller listing scheduled with a publish date stays
 * hidden until then and becomes public at that time. Every PUBLISH_CHECK_MS the job publishes the cases whose
 * publish_at has come (publishDueListings); the listing row's change bumps the search generation (migration
 * 060), so neither the search fast path nor the response cache serves an answer from before it. Started by
 * server/app.ts with the other jobs (one process of a cluster runs them).
 */
import type { Database } from '../db';
import type { Logger } from '../log';
import { publishDueListings } from './sellers';

export const PUBLISH_CHECK_MS = 5_000;

export function schedulePublishJob(db: Database, options: { logger: Logger; intervalMs?: number }): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running
      .then(() => publishDueListings(db))
      .then((published) => {
        if (published) options.logger.info(`[sellers] ${published} scheduled listing(s) published`);
      })
      .catch((error: unknown) => options.logger.error('[sellers] publishing scheduled listings failed', error));
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? PUBLISH_CHECK_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
