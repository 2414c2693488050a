/**
 * Table upkeep the embedded database does not do by itself: PGlite runs PostgreSQL without autovacuum,
 * so dead row versions (visit counters, status changes) would pile up, statistics would age and the
 * visibility map the search's index-only scans rely on (migration 080) would go stale. Every
 * MAINTENANCE_INTERVAL_MS a VACUUM (ANALYZE) of the database; it runs on the database thread, so requests
 * wait for it only for as long as one statement. PostgreSQL's own autovacuum does this there: nothing runs.
 */
import type { Logger } from '../log';
import type { Database } from './types';

export const MAINTENANCE_INTERVAL_MS = 6 * 60 * 60 * 1000;

export async function runMaintenance(db: Database): Promise<void> {
  await db.exec('VACUUM (ANALYZE)');
}

export function scheduleMaintenance(db: Database, logger: Logger): { stop(): Promise<void> } {
  if (db.engine !== 'pglite') return { stop: async () => undefined };
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = runMaintenance(db).catch((error: unknown) => logger.error('[db] maintenance (VACUUM) failed', error));
  }, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
