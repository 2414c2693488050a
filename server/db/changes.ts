/**
 * What changed in the database, as this process can know it in order (migration 070): every statement
 * that changes a kind of data sends NOTIFY hearth_changes with the kind's name. The embedded database
 * (PGlite: this process's one connection) delivers it before the statement that caused it returns, so a
 * value cached under a kind's version is never served after a change. PostgreSQL delivers notifications
 * on another connection, a moment after the commit, and other processes write too: there the feed is
 * absent and callers read the database every time.
 */
import type { Queryable } from './types';

export const CHANGES_CHANNEL = 'hearth_changes';
export const CHANGE_KINDS = ['search', 'partners'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface ChangeFeed {
  /** Goes up every time the kind's data changes; only equality between two readings means anything. */
  version(kind: ChangeKind): number;
}

/** Counts the notifications of each kind (the engine calls `notify` with each payload). */
export class ChangeCounter implements ChangeFeed {
  private readonly versions = new Map<string, number>();

  notify(payload: string): void {
    this.versions.set(payload, (this.versions.get(payload) ?? 0) + 1);
  }

  version(kind: ChangeKind): number {
    return this.versions.get(kind) ?? 0;
  }
}

/** The database's in-order feed; null for PostgreSQL, or a transaction (its changes are not yet anyone else's). */
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
