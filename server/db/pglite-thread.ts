/**
 * The worker-thread side of the embedded database (pglite.ts starts it): PGlite runs here, so the
 * WebAssembly PostgreSQL executes on its own core while the main thread goes on with HTTP and GraphQL
 * (DESIGN §5 search API: a query no longer stops every other request for its duration).
 *
 * Messages in: { id, op: 'query', sql, params, tx? } | { id, op: 'exec', sql, tx? } | { id, op: 'begin' }
 * | { id, op: 'end', tx, commit } | { id, op: 'close' }; `tx` is the id of the 'begin' that opened the
 * transaction. Every message gets one answer { id, value } or { id, error }; change notifications
 * (changes.ts) come as { id: -1, notify }, before the answer to the statement that sent them.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { CHANGES_CHANNEL } from './changes';
import { MEMORY_DATA_DIR, MEMORY_SNAPSHOT_VARIABLE, SEEDED_MEMORY_DATA_DIR, SEEDED_MEMORY_SNAPSHOT_VARIABLE } from './memory-snapshots';
import { PreparedStatements } from './pglite-prepared';

export type Request =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A database error as plain data: message, name and the fields PostgreSQL reports (code, detail, …). */
export type SerializedError = Record<string, unknown> & { message: string; name: string };

export type Reply =
  | { id: number; value: unknown; error?: undefined }
  | { id: number; error: SerializedError }
  /** A NOTIFY on CHANGES_CHANNEL: posted before the answer to the statement that caused it. */
  | { id: -1; notify: string };

export interface ThreadData {
  dataDir: string;
}

async function memorySnapshot(dataDir: string): Promise<Blob | undefined> {
  if (!dataDir.startsWith(MEMORY_DATA_DIR)) return undefined;
  const file = (dataDir === SEEDED_MEMORY_DATA_DIR && process.env[SEEDED_MEMORY_SNAPSHOT_VARIABLE]) || process.env[MEMORY_SNAPSHOT_VARIABLE];
  return file ? new Blob([await readFile(file)]) : undefined;
}

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

/** Thrown inside PGlite's transaction to roll it back when the main thread's function failed. */
class Rollback extends Error {}

async function serve(port: NonNullable<typeof parentPort>, { dataDir }: ThreadData): Promise<void> {
  if (!dataDir.startsWith(MEMORY_DATA_DIR)) await mkdir(dataDir, { recursive: true });
  const pg = new PGlite(dataDir, { loadDataDir: await memorySnapshot(dataDir) });
  await pg.waitReady;
  if (process.env.HEARTH_GENERIC) await pg.exec('SET plan_cache_mode = force_generic_plan');
  await pg.listen(CHANGES_CHANNEL, (payload) => port.postMessage({ id: -1, notify: payload } satisfies Reply));

  interface Open {
    tx: Transaction;
    /** Lets the transaction's body return: commit (true) or roll back (false). */
    finish: (commit: boolean) => void;
    /** Settles once PGlite has committed or rolled back. */
    done: Promise<void>;
  }
  const open = new Map<number, Open>();
  const prepared = new PreparedStatements(pg);
  const reply = (message: Reply) => port.postMessage(message);
  const target = (tx: number | undefined) => {
    if (tx === undefined) return pg;
    const found = open.get(tx);
    if (!found) throw new Error(`Transaction ${tx} is not open.`);
    return found.tx;
  };

  const handlers: { [Op in Request['op']]: (message: Extract<Request, { op: Op }>) => Promise<unknown> } = {
    query: ({ sql, params, tx }) => {
      target(tx);
      return prepared.query(sql, params, tx !== undefined);
    },
    exec: async ({ sql, tx }) => {
      await target(tx).exec(sql);
      return null;
    },
    begin: ({ id }) =>
      new Promise((opened, failed) => {
        const entry = {} as Open;
        entry.done = pg.transaction(async (tx) => {
          const commit = new Promise<boolean>((decide) => Object.assign(entry, { tx, finish: decide }));
          open.set(id, entry);
          opened(id);
          if (!(await commit)) throw new Rollback();
        });
        // BEGIN failing never opens it; afterwards `failed` is a no-op and 'end' reports the outcome.
        entry.done.catch(failed);
      }),
    end: async ({ tx, commit }) => {
      const found = open.get(tx);
      if (!found) throw new Error(`Transaction ${tx} is not open.`);
      open.delete(tx);
      found.finish(commit);
      try {
        await found.done;
      } catch (error) {
        if (!(error instanceof Rollback)) throw error;
      }
      return null;
    },
    // The whole data directory as a gzipped tar, taken while no statement runs: what a crash at that
    // instant would leave, which PostgreSQL opens as it was (backup.ts).
    dump: async () => new Uint8Array(await (await pg.dumpDataDir('gzip')).arrayBuffer()),
    close: async () => {
      await pg.close();
      return null;
    },
  };
  port.on('message', (message: Request) => {
    const handler = handlers[message.op] as (m: Request) => Promise<unknown>;
    handler(message).then(
      (value) => reply({ id: message.id, value }),
      (error: unknown) => reply({ id: message.id, error: serializeError(error) }),
    );
  });
  port.postMessage({ id: 0, value: 'ready' } satisfies Reply);
}

if (parentPort) {
  const port = parentPort;
  serve(port, workerData as ThreadData).catch((error: unknown) => port.postMessage({ id: 0, error: serializeError(error) } satisfies Reply));
}
