/**
 * The embedded PostgreSQL (PGlite, WebAssembly), run in a worker thread of its own (pglite-thread.ts):
 * a statement executes there while this thread keeps serving requests, so on two cores the database and
 * the HTTP/GraphQL work of other requests run side by side. Rows and errors cross as structured clones
 * (Date, arrays, JSON and bytes survive; a database error keeps its PostgreSQL fields such as `code`).
 *
 * Change notifications (changes.ts) arrive in order with the answers: before the answer to the statement
 * that caused them.
 *
 * The thread keeps the process alive only while statements are pending: a script that forgets close()
 * still exits.
 */
import { beginWrite, HeavyStatements, throwIfCancelled } from './cancellation';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../worker-thread';
import { ChangeCounter } from './changes';
import { existingDatabase, openFailure } from './data-dir-check';
import { lockDataDir } from './data-dir-lock';
import type { Reply, Request, SerializedError, ThreadData } from './pglite-thread';
import type { Database, Queryable, QueryResult } from './types';

type Message = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

function toError(serialized: SerializedError): Error {
  const { message, name, ...fields } = serialized;
  const error = new Error(message);
  error.name = name;
  return Object.assign(error, fields);
}

class Thread {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private failure: Error | null = null;

  readonly changes = new ChangeCounter();

  constructor(private readonly worker: Worker) {
    worker.unref();
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`The database thread stopped (exit code ${code}).`)));
  }

  /** Waits for the thread's database to be open (its first message, id 0). */
  ready(): Promise<unknown> {
    return this.track(0);
  }

  send<T>(message: Message): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    const answer = this.track(id) as Promise<T>;
    this.worker.postMessage({ ...message, id } as Request);
    return answer;
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }

  /** Messages sent and not yet answered: the statement running and those queued behind it. */
  get inFlight(): number {
    return this.pending.size;
  }

  private track(id: number): Promise<unknown> {
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  private settle(reply: Reply): void {
    if ('notify' in reply) {
      this.changes.notify(reply.notify);
      return;
    }
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error) waiting.reject(toError(reply.error));
    else waiting.resolve(reply.value);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    this.worker.unref();
  }
}

/** An embedded PostgreSQL in `dataDir`, or in memory for `memory://`. */
export async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const unlock = inMemory ? async () => undefined : await lockDataDir(dataDir);
  // A damaged directory is refused with a clear message, never opened as an empty database (data-dir-check.ts).
  let existing = false;
  try {
    existing = !inMemory && (await existingDatabase(dataDir));
  } catch (error) {
    await unlock();
    throw error;
  }
  const thread = new Thread(
    startModuleWorker(new URL('./pglite-thread.ts', import.meta.url).href, { workerData: { dataDir } satisfies ThreadData }),
  );
  try {
    await thread.ready();
  } catch (error) {
    await thread.terminate();
    await unlock();
    throw existing ? openFailure(dataDir, error) : error;
  }

  // One thread runs every statement in turn: one heavy statement at a time in its queue.
  const heavy = new HeavyStatements(1);
  const on = (tx?: number): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      // Outside a transaction, a statement that writes is its request's commit point (cancellation.ts).
      if (tx === undefined) beginWrite(sql);
      else throwIfCancelled();
      const send = () => thread.send<T[]>({ op: 'query', sql, params: [...params], tx });
      // Inside a transaction the thread is held already; the gate would only add waiting.
      return { rows: await (tx === undefined ? heavy.run(send) : send()) };
    },
    async exec(sql: string) {
      if (tx === undefined) beginWrite();
      await thread.send({ op: 'exec', sql, tx });
    },
  });

  let closed: Promise<void> | null = null;
  return {
    engine: 'pglite',
    changes: thread.changes,
    ...on(),
    async transaction(fn) {
      beginWrite();
      const tx = await thread.send<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(on(tx));
      } catch (error) {
        await thread.send({ op: 'end', tx, commit: false });
        throw error;
      }
      await thread.send({ op: 'end', tx, commit: true });
      return result;
    },
    poolStats() {
      const inFlight = thread.inFlight;
      return [{ pool: 'pglite', total: 1, idle: inFlight === 0 ? 1 : 0, waiting: Math.max(0, inFlight - 1) }];
    },
    dumpDataDir() {
      return thread.send<Uint8Array>({ op: 'dump' }).then((bytes) => Buffer.from(bytes));
    },
    close() {
      closed ??= thread
        .send({ op: 'close' })
        .finally(() => thread.terminate())
        .then(unlock);
      return closed;
    },
  };
}
