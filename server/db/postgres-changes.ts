/**
 * The change feed on PostgreSQL (changes.ts): one connection of this process LISTENs on hearth_changes,
 * so the partner lookup, the map-cell reads and the public response cache's search generation stay in
 * memory between changes there too, as on PGlite — at 1M listings those reads were three of a search's
 * four statements.
 *
 * How fresh:
 *   - this process's own writes: after a write commits, `barrier()` runs `SELECT 1` on the listening
 *     connection. PostgreSQL signals listeners while the writer commits, and a listening backend sends
 *     pending notifications before it answers its next command, so when the barrier returns the change
 *     has been counted: the next read here sees it, as on PGlite (postgres.ts calls it after every write);
 *   - other processes' writes (another API process, `npm run import:reso`): counted when the notification
 *     arrives, a moment after their commit;
 *   - without a listening connection (not yet connected, lost, reconnecting) every reading of a version
 *     is new, so nothing is served from memory; on reconnecting every kind counts as changed (changes
 *     made meanwhile were never heard of).
 */
import pg from 'pg';
import type { Logger } from '../log';
import { CHANGE_KINDS, CHANGES_CHANNEL, ChangeCounter, type ChangeFeed, type ChangeKind } from './changes';

/** The first retry after the connection is lost; each failed attempt doubles it, up to the maximum. */
export const RECONNECT_DELAY_MS = 1_000;
export const MAX_RECONNECT_DELAY_MS = 30_000;

export class ListeningFeed implements ChangeFeed {
  private readonly counter = new ChangeCounter();
  private client: pg.Client | null = null;
  private listening = false;
  /** Readings while not listening: each a new version, below every real one. */
  private unheard = 0;
  private stopped = false;
  private reconnect: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private retryDelay = RECONNECT_DELAY_MS;
  private queued: Promise<void> | null = null;

  constructor(
    private readonly connect: () => pg.Client,
    private readonly logger: Logger,
  ) {}

  version(kind: ChangeKind): number {
    return this.listening ? this.counter.version(kind) : -++this.unheard;
  }

  get isListening(): boolean {
    return this.listening;
  }

  /** The listening connection's backend process id (diagnostics and tests), null while not listening. */
  get backendPid(): number | null {
    return this.listening ? ((this.client as unknown as { processID?: number })?.processID ?? null) : null;
  }

  /** Connects and listens; resolves either way (without a connection the feed just never caches). */
  async start(): Promise<void> {
    if (this.stopped) return;
    const client = this.connect();
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) this.counter.notify(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      // The schema this process's tables are in (the connection has the pool's search_path).
      const { rows } = await client.query<{ schema: string }>('SELECT current_schema() AS schema');
      this.counter.onlySchema(rows[0]!.schema);
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return;
    // Whatever changed before we listened was never heard of.
    for (const kind of CHANGE_KINDS) this.counter.notify(kind);
    this.listening = true;
    this.retryDelay = RECONNECT_DELAY_MS;
  }

  /**
   * Returns once every change committed before the call has been counted (see above). One `SELECT 1` at
   * a time on the connection; calls made while one runs share the next.
   */
  barrier(): Promise<void> {
    if (!this.running) {
      this.running = this.ping().finally(() => (this.running = null));
      return this.running;
    }
    this.queued ??= this.running.then(() => {
      this.queued = null;
      return this.barrier();
    });
    return this.queued;
  }

  private async ping(): Promise<void> {
    const client = this.client;
    if (!this.listening || !client) return;
    try {
      await client.query('SELECT 1');
    } catch (error) {
      this.lost(client, error);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    if (this.reconnect) clearTimeout(this.reconnect);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    client.end().catch(() => undefined);
    if (this.stopped) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(MAX_RECONNECT_DELAY_MS, delay * 2);
    this.logger.warn(
      `[db] change feed lost its connection${error ? `: ${String((error as Error).message ?? error)}` : ''}; retrying in ${delay / 1000} s`,
    );
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      void this.start();
    }, delay);
    this.reconnect.unref();
  }
}
