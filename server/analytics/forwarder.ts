/**
 * The analytics forwarder (issue 16, spec §7 "Analytics"): when a partner names its own collector (an HTTPS
 * URL and a key), the visitor events we record are sent there too — the same events, so a visitor who
 * opted out (Do Not Track, Global Privacy Control) is never forwarded, because their page records nothing.
 *
 * - `queueForward` writes one outbox row per recorded batch, after the events were stored: one INSERT that
 *   does nothing without a forwarder, never a call to the provider in the visitor's request;
 * - the worker (`startAnalyticsForwarder`, an outbox runner: server/outbox/runner.ts) claims due rows with a
 *   lease, posts each partner's due batches together as one JSON body (`{ partner, batches: [{ visitorId, events }] }`, `Authorization: Bearer
 *   <key>`), deletes them on a 2xx, else counts the attempt and waits twice as long (30 s up to 1 h); a batch
 *   still failing after 24 hours is given up (logged).
 */
import type { UserRecord } from '../accounts/users';
import type { Database, Queryable } from '../db';
import { badInput } from '../domain-error';
import type { Logger } from '../log';
import { auditActorOf, requirePartnerAdmin, writeAudit } from '../partners/admin';
import { checkWebhookUrl } from '../webhooks/webhooks';
import * as outbox from '../outbox/runner';
import type { StoredEvent } from './events';

export const FORWARD_KEY_MAX = 500;
export const USER_AGENT = 'Hearth-Analytics-Forwarder/1.0';
const ERROR_MAX = 500;
const LEASE_MS = 5 * 60_000;

export interface ForwarderSettings {
  url: string;
  /** The key is never read back: the console shows only that one is set. */
  keySet: boolean;
  updatedAt: Date;
  /** Batches waiting to be sent (or retried). */
  pending: number;
  /** Why the oldest waiting batch last failed. */
  lastError: string | null;
}

// ---------------------------------------------------------------------------------------------------
// Settings

export async function readForwarder(db: Queryable, user: UserRecord, partnerId: number): Promise<ForwarderSettings | null> {
  await requirePartnerAdmin(db, user, partnerId);
  return forwarderOf(db, partnerId);
}

async function forwarderOf(db: Queryable, partnerId: number): Promise<ForwarderSettings | null> {
  const { rows } = await db.query<{ url: string; api_key: string; updated_at: Date; pending: string; last_error: string | null }>(
    `SELECT f.url, f.api_key, f.updated_at,
            (SELECT count(*) FROM analytics_forward_outbox o WHERE o.partner_id = f.partner_id) AS pending,
            (SELECT o.last_error FROM analytics_forward_outbox o WHERE o.partner_id = f.partner_id AND o.last_error IS NOT NULL ORDER BY o.id LIMIT 1) AS last_error
       FROM partner_analytics_forwarders f WHERE f.partner_id = $1`,
    [partnerId],
  );
  const row = rows[0];
  return row ? { url: row.url, keySet: row.api_key !== '', updatedAt: new Date(row.updated_at), pending: Number(row.pending), lastError: row.last_error } : null;
}

/**
 * Sets the collector (HTTPS; plain HTTP to this machine outside production, as for webhooks), or with a
 * null URL removes it and drops what was waiting. A null key keeps the one set. Audited.
 */
export async function setForwarder(
  db: Database,
  user: UserRecord,
  partnerId: number,
  input: { url: string | null; apiKey: string | null },
  { production }: { production: boolean },
): Promise<ForwarderSettings | null> {
  await requirePartnerAdmin(db, user, partnerId);
  if (input.url === null) {
    return db.transaction(async (tx) => {
      const { rows } = await tx.query('DELETE FROM partner_analytics_forwarders WHERE partner_id = $1 RETURNING url', [partnerId]);
      await tx.query('DELETE FROM analytics_forward_outbox WHERE partner_id = $1', [partnerId]);
      if (rows.length > 0) await writeAudit(tx, partnerId, auditActorOf(user), 'analyticsForwarder.removed', {});
      return null;
    });
  }
  let url: string;
  try {
    url = await checkWebhookUrl(input.url.trim(), { production });
  } catch (error) {
    throw badInput(error instanceof Error ? error.message.replace('webhook URL', 'collector URL') : 'The collector URL is not a URL.', 'url');
  }
  const key = input.apiKey?.trim() ?? null;
  if (key !== null && (key.length > FORWARD_KEY_MAX || /[\s\u0000-\u001f]/.test(key))) {
    throw badInput(`The collector key must be at most ${FORWARD_KEY_MAX} characters without spaces.`, 'apiKey');
  }
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ url: string }>('SELECT url FROM partner_analytics_forwarders WHERE partner_id = $1 FOR UPDATE', [partnerId]);
    await tx.query(
      `INSERT INTO partner_analytics_forwarders (partner_id, url, api_key) VALUES ($1, $2, COALESCE($3, ''))
       ON CONFLICT (partner_id) DO UPDATE SET url = EXCLUDED.url, api_key = COALESCE($3, partner_analytics_forwarders.api_key), updated_at = now()`,
      [partnerId, url, key],
    );
    await writeAudit(tx, partnerId, auditActorOf(user), 'analyticsForwarder.set', {
      url: { before: rows[0]?.url ?? null, after: url },
      ...(key !== null ? { key: 'changed' } : {}),
    });
    return forwarderOf(tx, partnerId);
  });
}

// ---------------------------------------------------------------------------------------------------
// The outbox

/** Queues a recorded batch for the partner's collector; nothing when it has none. */
export async function queueForward(db: Queryable, partnerId: number, visitorId: string, events: readonly StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  const payload = {
    visitorId,
    events: events.map((e) => ({
      kind: e.kind,
      occurredAt: e.occurredAt.toISOString(),
      listingId: e.listingId,
      place: e.place,
      priceBand: e.priceBand,
      label: e.label,
      path: e.path,
    })),
  };
  await db.query(
    `INSERT INTO analytics_forward_outbox (partner_id, payload)
     SELECT $1, $2::jsonb WHERE EXISTS (SELECT 1 FROM partner_analytics_forwarders WHERE partner_id = $1)`,
    [partnerId, JSON.stringify(payload)],
  );
}

// ---------------------------------------------------------------------------------------------------
// The worker

type ForwardReport = outbox.OutboxReport<'sent'>;

interface DueRow extends outbox.PostingRow {
  partner_id: string;
  api_key: string;
  slug: string;
}

/** `intervalMs`: how often due batches are looked for (default 15 s); `batchSize`: batches claimed per run, across partners (200). */
export function startAnalyticsForwarder(db: Database, options: outbox.PostingWorkerOptions): outbox.OutboxWorker<ForwardReport> {
  const runner = outbox.startPostingRunner(options, {
    name: 'analytics',
    done: 'sent',
    batchSize: 200,
    intervalMs: 15_000,
    failureMessage: '[analytics] forwarding run failed',
    run: (settings, signal) => forwardDue(db, settings, options.logger, signal),
  });
  return { runOnce: runner.runOnce, stop: runner.stop };
}

/** Due batches with their partner's collector (a partner without one has no rows: removing it drops them). */
const DUE: outbox.ClaimQuery = {
  table: 'analytics_forward_outbox',
  join: { from: 'partner_analytics_forwarders f, partners p', on: 't.partner_id = f.partner_id AND p.id = t.partner_id' },
  due: ({ now }) => `c.next_attempt_at <= ${now}`,
  order: 'c.next_attempt_at, c.id',
  returning: 't.id, t.partner_id, t.payload, t.created_at, t.attempts, f.url, f.api_key, p.slug',
};

async function forwardDue(db: Database, settings: outbox.PostingSettings, logger: Logger, signal: AbortSignal): Promise<ForwardReport> {
  const report = outbox.emptyReport('sent');
  const rows = await outbox.claimDue<DueRow>(db, DUE, { limit: settings.batchSize, leaseMs: LEASE_MS, now: new Date(settings.now()) });
  const byPartner = new Map<string, DueRow[]>();
  for (const row of rows) byPartner.set(row.partner_id, [...(byPartner.get(row.partner_id) ?? []), row]);
  for (const batch of byPartner.values()) {
    const first = batch[0]!;
    const ids = batch.map((r) => r.id);
    if (signal.aborted) {
      await db.query('UPDATE analytics_forward_outbox SET next_attempt_at = now() WHERE id = ANY($1::bigint[])', [ids]);
      continue;
    }
    const body = JSON.stringify({ partner: first.slug, batches: batch.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload)) });
    const outcome = await outbox.postJson(first.url, body, {
      headers: { 'User-Agent': USER_AGENT, ...(first.api_key ? { Authorization: `Bearer ${first.api_key}` } : {}) },
      timeoutMs: settings.timeoutMs,
      signal,
    });
    if (outcome.ok) {
      await db.query('DELETE FROM analytics_forward_outbox WHERE id = ANY($1::bigint[])', [ids]);
      report.sent += batch.length;
      continue;
    }
    report.failed += batch.length;
    for (const row of batch) {
      const next = outbox.retryAfterFailure(settings.retry, { attempts: Number(row.attempts), createdAt: new Date(row.created_at) }, settings.now());
      if (next.givenUp) {
        report.gaveUp += 1;
        await db.query('DELETE FROM analytics_forward_outbox WHERE id = $1', [row.id]);
        continue;
      }
      await db.query('UPDATE analytics_forward_outbox SET attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $1', [
        row.id,
        next.attempts,
        new Date(next.nextAt),
        outcome.error.slice(0, ERROR_MAX),
      ]);
    }
    logger.warn(`[analytics] forwarding ${batch.length} batch(es) of partner ${first.slug} failed: ${outcome.error}`);
  }
  return report;
}
