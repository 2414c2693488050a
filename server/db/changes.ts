/**
 * What changed in the database, as this process can know it in order (migrations 070, 090): every
 * statement that changes a kind of data sends NOTIFY hearth_changes with '<schema>:<kind>'. The embedded
 * database (PGlite: this process's one connection) delivers it before the statement that caused it
 * returns, so a value cached under a kind's version is never served after a change. On PostgreSQL a
 * listening connection hears them (postgres-changes.ts): this process's own writes before they return,
 * other processes' a moment after their commit.
 */
import type { Queryable } from './types';

export const CHANGES_CHANNEL = 'hearth_changes';
export const CHANGE_KINDS = ['search', 'partners'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface ChangeFeed {
  /** Goes up every time the kind's data changes; only equality between two readings means anything. */
  version(kind: ChangeKind): number;
}

/**
 * Counts the notifications of each kind (the engine calls `notify` with each payload, '<schema>:<kind>'
 * or a bare kind). With a schema, other schemas' notifications are not counted: several schemas can share
 * one PostgreSQL database, and its notifications reach every listener.
 */
export class ChangeCounter implements ChangeFeed {
  private readonly versions = new Map<string, number>();
  private schema: string | null = null;

  /** Counts only this schema's changes from now on (null: every schema's). */
  onlySchema(schema: string | null): void {
    this.schema = schema;
  }

  notify(payload: string): void {
    const colon = payload.lastIndexOf(':');
    if (colon >= 0 && this.schema !== null && payload.slice(0, colon) !== this.schema) return;
    const kind = payload.slice(colon + 1);
    this.versions.set(kind, (this.versions.get(kind) ?? 0) + 1);
  }

  version(kind: ChangeKind): number {
    return this.versions.get(kind) ?? 0;
  }
}

/** The database's change feed; null for a transaction (its changes are not yet anyone else's). */
export function feedOf(db: Queryable): ChangeFeed | null {
  return (db as { changes?: ChangeFeed | null }).changes ?? null;
}

/**
 * Values valid while a kind's version stays the same, per database, at most `maxEntries` of them per
 * database (least recently used go first). `read` answers from the cache, or runs `load` and keeps its
 * result when `db` has a feed.
 */
export class VersionedCache<V> {
  private readonly byFeed = new WeakMap<ChangeFeed, Map<string, { version: number; value: V }>>();

  constructor(
    private readonly kind: ChangeKind,
    private readonly maxEntries: number,
  ) {}

  async read(db: Queryable, key: string, load: () => Promise<V>): Promise<V> {
    const feed = feedOf(db);
    if (!feed) return load();
    let entries = this.byFeed.get(feed);
    if (!entries) this.byFeed.set(feed, (entries = new Map()));
    // Read the version before loading: a change while loading makes the entry stale at once.
    const version = feed.version(this.kind);
    const entry = entries.get(key);
    entries.delete(key);
    if (entry && entry.version === version) {
      entries.set(key, entry);
      return entry.value;
    }
    const value = await load();
    entries.set(key, { version, value });
    if (entries.size > this.maxEntries) entries.delete(entries.keys().next().value!);
    return value;
  }
}
