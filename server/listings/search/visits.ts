/**
 * Visit counting (spec §3 visitCount) off the read path: listingInfo only bumps a counter in memory;
 * the counts are written in one UPDATE per database every FLUSH_INTERVAL_MS, and on server close.
 * A crash loses at most that interval's visits: a popularity figure, not a ledger.
 */
import { outsideRequest } from '../../db/cancellation';
import type { Database } from '../../db';
import type { Logger } from '../../log';

export const FLUSH_INTERVAL_MS = 2_000;

interface Buffer {
  counts: Map<number, number>;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  logger: Pick<Logger, 'error'> | null;
}

const buffers = new WeakMap<Database, Buffer>();

function bufferOf(db: Database): Buffer {
  let buffer = buffers.get(db);
  if (!buffer) {
    buffer = { counts: new Map(), timer: null, flushing: null, logger: null };
    buffers.set(db, buffer);
  }
  return buffer;
}

export function recordVisit(db: Database, listingId: number, logger?: Pick<Logger, 'error'>): void {
  const buffer = bufferOf(db);
  if (logger) buffer.logger = logger;
  buffer.counts.set(listingId, (buffer.counts.get(listingId) ?? 0) + 1);
  if (!buffer.timer) {
    // The timer is the buffer's, not the request's that happened to start it: a client that went away must
    // not cancel the flush of everybody's counts.
    buffer.timer = outsideRequest(() =>
      setTimeout(() => {
        buffer.timer = null;
        flushVisits(db).catch((error: unknown) => (buffer.logger ?? console).error('[visits] flush failed', error));
      }, FLUSH_INTERVAL_MS),
    );
    // A pending flush must not keep a finished process alive; close() flushes explicitly.
    buffer.timer.unref();
  }
}

/** Writes the buffered counts now (one statement); resolves when they are in the database. */
export async function flushVisits(db: Database): Promise<void> {
  const buffer = buffers.get(db);
  if (!buffer) return;
  if (buffer.timer) {
    clearTimeout(buffer.timer);
    buffer.timer = null;
  }
  await buffer.flushing;
  if (buffer.counts.size === 0) return;
  const ids = [...buffer.counts.keys()];
  const counts = ids.map((id) => buffer.counts.get(id)!);
  buffer.counts.clear();
  buffer.flushing = db
    .query(
      `UPDATE listings l SET visit_count = l.visit_count + v.n
         FROM unnest($1::int8[], $2::int8[]) AS v(id, n) WHERE l.id = v.id`,
      [ids, counts],
    )
    .then(() => undefined)
    .finally(() => {
      buffer.flushing = null;
    });
  await buffer.flushing;
}
