/**
 * `/readyz`: may this process take traffic? (`/healthz` only says it is alive.) Three checks, each bounded in time:
 * - database: it answers a statement;
 * - storage: a small file is written, read back whole and removed (the upload storage, whichever it is);
 * - migrations: every migration of this code is recorded as applied (an instance of newer code than its
 *   database's schema is not ready).
 * 200 `{ ready: true, checks }` when all pass, else 503 naming the checks that failed; the reason is logged,
 * never sent (it can name hosts and paths).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db';
import { loadMigrations } from '../db/migrate';
import { sendJson } from '../http/respond';
import type { Route } from '../http/router';
import type { Logger } from '../log';
import { paths } from '../paths';
import { uploadStorage } from '../storage';

export const READY_PATH = '/readyz';

/** How long one check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 3_000;

type CheckName = 'database' | 'storage' | 'migrations';

let codeMigrations: Promise<string[]> | null = null;
const migrationNames = () => (codeMigrations ??= loadMigrations(paths.migrations).then((list) => list.map((m) => m.name)));

async function checkDatabase(db: Database): Promise<void> {
  await db.query('SELECT 1');
}

async function checkStorage(): Promise<void> {
  const storage = uploadStorage();
  const key = `readyz/probe-${process.pid}-${randomBytes(6).toString('hex')}.txt`;
  const data = randomBytes(16);
  await storage.put(key, data, 'text/plain');
  try {
    const back = await storage.get(key);
    if (!back || !back.data.equals(data)) throw new Error('the file written was not read back whole');
  } finally {
    await storage.delete(key);
  }
}

async function checkMigrations(db: Database): Promise<void> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
  const applied = new Set(rows.map((r) => r.name));
  const missing = (await migrationNames()).filter((name) => !applied.has(name));
  if (missing.length > 0) throw new Error(`migrations not applied: ${missing.join(', ')}`);
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export interface Readiness {
  ready: boolean;
  checks: Record<CheckName, 'ok' | 'failed'>;
}

export async function readiness(db: Database, logger: Logger, timeoutMs = CHECK_TIMEOUT_MS): Promise<Readiness> {
  const checks: [CheckName, () => Promise<void>][] = [
    ['database', () => checkDatabase(db)],
    ['storage', checkStorage],
    ['migrations', () => checkMigrations(db)],
  ];
  const results = await Promise.all(
    checks.map(async ([name, check]) => {
      try {
        await within(check(), timeoutMs);
        return [name, 'ok'] as const;
      } catch (error) {
        logger.warn(`[readyz] ${name} check failed: ${error instanceof Error ? error.message : String(error)}`);
        return [name, 'failed'] as const;
      }
    }),
  );
  const state = Object.fromEntries(results) as Readiness['checks'];
  return { ready: results.every(([, result]) => result === 'ok'), checks: state };
}

export const readinessRoute: Route = {
  GET: async (ctx) => {
    const { ready, checks } = await readiness(ctx.services.db, ctx.services.logger);
    ctx.res.setHeader('Cache-Control', 'no-store');
    sendJson(ctx.res, ready ? 200 : 503, ready ? { ready, checks } : { ready, checks, failed: Object.keys(checks).filter((name) => checks[name as CheckName] === 'failed') });
  },
};
