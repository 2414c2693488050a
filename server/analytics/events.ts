/**
 * Visitor activity (spec §7 Analytics; issue 16): the batches pages send when their partner enables
 * analytics, stored in our own table (migration 230), and what the partner console reads of them — the most
 * viewed listings, searches by place and price band, the clicks, and a lead's activity before contacting.
 * The rules of an event (kinds, limits, price bands) are core/analytics/events.ts, shared with the pages.
 */
import * as z from 'zod';
import {
  EVENT_BATCH_MAX,
  EVENT_CLOCK_SKEW_MS,
  EVENT_KINDS,
  EVENT_LABEL_MAX,
  EVENT_MAX_AGE_MS,
  EVENT_PATH_MAX,
  EVENT_PLACE_MAX,
  priceBand,
  type EventKind,
} from '../../core/analytics/events';
import type { Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';

const eventSchema = z.object({
  kind: z.enum(EVENT_KINDS),
  at: z.number().int().nonnegative(),
  listingId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  place: z.string().max(EVENT_PLACE_MAX).optional(),
  minPrice: z.number().nonnegative().max(1e12).nullable().optional(),
  maxPrice: z.number().nonnegative().max(1e12).nullable().optional(),
  label: z.string().max(EVENT_LABEL_MAX).optional(),
  path: z.string().max(EVENT_PATH_MAX).optional(),
});

export const eventBatchSchema = z.object({
  visitorId: z.uuid(),
  events: z.array(eventSchema).min(1).max(EVENT_BATCH_MAX),
});

export interface StoredEvent {
  kind: EventKind;
  occurredAt: Date;
  listingId: number | null;
  place: string | null;
  priceBand: string | null;
  label: string | null;
  path: string | null;
}

/** A path without its query or fragment (they can carry what a visitor typed). */
const pathOnly = (path: string) => path.split(/[?#]/, 1)[0]!.slice(0, EVENT_PATH_MAX);

/**
 * A batch as sent: refused whole when malformed (BAD_USER_INPUT naming the field); events older than a day
 * or ahead of our clock are dropped, the others stored as the report reads them.
 */
export function readEventBatch(body: unknown, now: Date): { visitorId: string; events: StoredEvent[] } {
  const parsed = eventBatchSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badInput(`${issue.path.join('.') || 'body'}: ${issue.message}`, issue.path.join('.') || 'body');
  }
  const events = parsed.data.events
    .filter((event) => event.at >= now.getTime() - EVENT_MAX_AGE_MS && event.at <= now.getTime() + EVENT_CLOCK_SKEW_MS)
    .map((event) => ({
      kind: event.kind,
      occurredAt: new Date(Math.min(event.at, now.getTime())),
      listingId: event.listingId ?? null,
      place: event.place?.trim() || null,
      priceBand: event.kind === 'search' ? priceBand(event.minPrice, event.maxPrice) : null,
      label: event.label?.trim() || null,
      path: event.path ? pathOnly(event.path) : null,
    }));
  return { visitorId: parsed.data.visitorId, events };
}

export async function recordEvents(db: Queryable, partnerId: number, visitorId: string, events: readonly StoredEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const params: unknown[] = [partnerId, visitorId];
  const rows = events.map((event) => {
    const at = params.length;
    params.push(event.kind, event.listingId, event.place, event.priceBand, event.label, event.path, event.occurredAt);
    return `($1, $2, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}, $${at + 7})`;
  });
  await db.query(
    `INSERT INTO visitor_events (partner_id, visitor_id, kind, listing_id, place, price_band, label, path, occurred_at) VALUES ${rows.join(', ')}`,
    params,
  );
  return events.length;
}

/** A visitor asked to be forgotten: their events go, and their leads no longer name them. */
export async function forgetVisitor(db: Queryable, partnerId: number, visitorId: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    `WITH gone AS (DELETE FROM visitor_events WHERE partner_id = $1 AND visitor_id = $2 RETURNING 1)
     SELECT count(*)::text AS count FROM gone`,
    [partnerId, visitorId],
  );
  await db.query('UPDATE leads SET visitor_id = NULL WHERE partner_id = $1 AND visitor_id = $2', [partnerId, visitorId]);
  return Number(rows[0]?.count ?? 0);
}

export interface Counted<K> {
  key: K;
  count: number;
}

export interface ActivityReport {
  since: Date;
  pageViews: number;
  visitors: number;
  listingViews: number;
  searches: number;
  markerClicks: number;
  /** Listings by views (listing_view and listing_open), most first. */
  topListings: Counted<number>[];
  searchesByPlace: Counted<string>[];
  searchesByPriceBand: Counted<string>[];
  topClicks: Counted<string>[];
}

/** Reports list at most this many rows. */
export const REPORT_ROWS = 10;
export const REPORT_DAYS_MAX = 365;

export async function activityReport(db: Queryable, partnerId: number, days: number, now = new Date()): Promise<ActivityReport> {
  if (!Number.isInteger(days) || days < 1 || days > REPORT_DAYS_MAX) throw badInput(`days must be a whole number from 1 to ${REPORT_DAYS_MAX}.`, 'days');
  const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const totals = await db.query<{ page_views: string; visitors: string; listing_views: string; searches: string; marker_clicks: string }>(
    `SELECT count(*) FILTER (WHERE kind = 'page_view')::text AS page_views,
            count(DISTINCT visitor_id)::text AS visitors,
            count(*) FILTER (WHERE kind IN ('listing_view', 'listing_open'))::text AS listing_views,
            count(*) FILTER (WHERE kind = 'search')::text AS searches,
            count(*) FILTER (WHERE kind = 'marker_click')::text AS marker_clicks
       FROM visitor_events WHERE partner_id = $1 AND occurred_at >= $2`,
    [partnerId, since],
  );
  const top = async (column: string, kinds: readonly EventKind[]) => {
    const { rows } = await db.query<{ key: string | number; count: string }>(
      `SELECT ${column} AS key, count(*)::text AS count FROM visitor_events
        WHERE partner_id = $1 AND occurred_at >= $2 AND kind = ANY($3::text[]) AND ${column} IS NOT NULL
        GROUP BY ${column} ORDER BY count(*) DESC, ${column} LIMIT ${REPORT_ROWS}`,
      [partnerId, since, kinds],
    );
    return rows.map((row) => ({ key: row.key, count: Number(row.count) }));
  };
  const row = totals.rows[0]!;
  return {
    since,
    pageViews: Number(row.page_views),
    visitors: Number(row.visitors),
    listingViews: Number(row.listing_views),
    searches: Number(row.searches),
    markerClicks: Number(row.marker_clicks),
    topListings: (await top('listing_id', ['listing_view', 'listing_open'])).map((c) => ({ key: Number(c.key), count: c.count })),
    searchesByPlace: (await top('place', ['search'])) as Counted<string>[],
    searchesByPriceBand: (await top('price_band', ['search'])) as Counted<string>[],
    topClicks: (await top('label', ['click', 'marker_click'])) as Counted<string>[],
  };
}

/** What a lead's visitor did before the lead was made, newest first (at most `limit`). */
export async function leadActivity(db: Queryable, leadId: string, partnerId: number, limit = 100): Promise<StoredEvent[]> {
  const { rows } = await db.query<{
    kind: EventKind;
    occurred_at: Date;
    listing_id: string | null;
    place: string | null;
    price_band: string | null;
    label: string | null;
    path: string | null;
  }>(
    `SELECT e.kind, e.occurred_at, e.listing_id, e.place, e.price_band, e.label, e.path
       FROM leads l JOIN visitor_events e ON e.visitor_id = l.visitor_id AND e.partner_id = l.partner_id
      WHERE l.id = $1 AND l.partner_id = $2 AND e.occurred_at <= l.created_at
      ORDER BY e.occurred_at DESC LIMIT $3`,
    [leadId, partnerId, limit],
  );
  return rows.map((r) => ({
    kind: r.kind,
    occurredAt: new Date(r.occurred_at),
    listingId: r.listing_id === null ? null : Number(r.listing_id),
    place: r.place,
    priceBand: r.price_band,
    label: r.label,
    path: r.path,
  }));
}

/** A lead of this partner, or NOT_FOUND (a stranger's id and a missing one look the same). */
export async function requireLeadOfPartner(db: Queryable, leadId: string): Promise<{ partnerId: number }> {
  const { rows } = await db.query<{ partner_id: string }>('SELECT partner_id FROM leads WHERE id = $1', [leadId]);
  if (!rows[0]) throw new DomainError('NOT_FOUND', 'There is no such lead.');
  return { partnerId: Number(rows[0].partner_id) };
}
