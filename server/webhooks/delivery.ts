/**
 * The webhook worker (an outbox runner: server/outbox/runner.ts): soon after a lead is queued in this process, and every 10 s for retries and for
 * leads other processes wrote, it claims due deliveries (a lease: next_attempt_at a few minutes ahead,
 * FOR UPDATE SKIP LOCKED, so two API processes never post the same row at once), posts each signed body
 * to its partner's endpoint with a 10 s timeout, and records the outcome:
 *
 *   2xx            delivered_at; the endpoint's failure count back to 0
 *   anything else  attempts + 1, last status or error, next try after 30 s × 2^(attempts − 1) (≤ 1 h);
 *                  past 24 h since the delivery was queued it is given up (gave_up_at)
 *
 * Each failed attempt counts against the endpoint; one that has failed every attempt for 12 hours
 * (DISABLE_AFTER_MS, and at least DISABLE_AFTER_FAILURES times) is disabled, its waiting deliveries stop, and the partner's
 * agent gets a mail saying so and how to turn it back on.
 * Redirects are not followed (a receiver answers where it was asked).
 */
import type { Database } from '../db';
import type { Logger } from '../log';
import { queueMail } from '../mail/outbox';
import * as outbox from '../outbox/runner';
import { HEARTH_LEADS_ADDRESS } from '../contact/notification';
import { parseStoredAppContext } from '../partners/app-context';
import { SIGNATURE_HEADER, signWebhook } from './signature';
import { DISABLE_AFTER_FAILURES, DISABLE_AFTER_MS, onDeliveryQueued } from './webhooks';

type WebhookReport = outbox.OutboxReport<'delivered'>;

/** A started webhook delivery worker. */
export type WebhookDelivery = outbox.OutboxWorker<WebhookReport>;

interface DueRow extends outbox.PostingRow {
  partner_id: number;
  secret: string;
}

const LEASE_MS = 5 * 60_000;
/** After a delivery is queued here: time for its transaction to commit. */
const QUEUED_RUN_DELAY_MS = 200;
const ERROR_MAX = 500;
export const USER_AGENT = 'Hearth-Webhooks/1.0';

/** `intervalMs`: pause between runs (default 10 s; a delivery queued in this process starts a run within a moment); `batchSize`: rows per run (10). */
export function startWebhookDelivery(db: Database, options: outbox.PostingWorkerOptions): WebhookDelivery {
  const runner = outbox.startPostingRunner(options, {
    name: 'webhooks',
    done: 'delivered',
    batchSize: 10,
    intervalMs: 10_000,
    failureMessage: '[webhooks] delivery run failed',
    run: (settings, signal) => deliverDue(db, settings, options.logger, signal),
  });
  // The lead's transaction commits right after it queues the delivery: run a moment later (once per burst).
  const stopListening = onDeliveryQueued(() => runner.runSoon(QUEUED_RUN_DELAY_MS));
  return {
    runOnce: runner.runOnce,
    async stop() {
      stopListening();
      await runner.stop();
    },
  };
}

/** Due deliveries of enabled endpoints, oldest first, with where and how to sign them. */
const DUE: outbox.ClaimQuery = {
  table: 'webhook_deliveries',
  join: { from: 'partner_webhooks w', on: 't.partner_id = w.partner_id' },
  candidates: 'JOIN partner_webhooks w2 ON w2.partner_id = c.partner_id AND w2.disabled_at IS NULL',
  due: ({ now }) => `c.delivered_at IS NULL AND c.gave_up_at IS NULL AND c.next_attempt_at <= ${now}`,
  order: 'c.next_attempt_at, c.seq',
  returning: 't.id, t.partner_id, t.payload, t.created_at, t.attempts, w.url, w.secret',
};

async function deliverDue(db: Database, settings: outbox.PostingSettings, logger: Logger, signal: AbortSignal): Promise<WebhookReport> {
  const report = outbox.emptyReport('delivered');
  const rows = await outbox.claimDue<DueRow>(db, DUE, { limit: settings.batchSize, leaseMs: LEASE_MS, now: new Date(settings.now()) });
  for (const row of rows) {
    if (signal.aborted) {
      await db.query('UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = $1 AND delivered_at IS NULL', [row.id]);
      continue;
    }
    const body = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
    const outcome = await post(row, body, settings, signal);
    if (outcome.ok) {
      await db.transaction(async (tx) => {
        await tx.query(
          'UPDATE webhook_deliveries SET delivered_at = $2, attempts = attempts + 1, last_status = $3, last_error = NULL, next_attempt_at = NULL WHERE id = $1',
          [row.id, new Date(settings.now()), outcome.status],
        );
        await tx.query('UPDATE partner_webhooks SET consecutive_failures = 0, failing_since = NULL WHERE partner_id = $1', [row.partner_id]);
      });
      report.delivered += 1;
      logger.info(`[webhooks] delivery ${row.id} to partner ${row.partner_id}: ${outcome.status}`);
      continue;
    }
    report.failed += 1;
    const { attempts, nextAt, givenUp } = outbox.retryAfterFailure(settings.retry, { attempts: Number(row.attempts), createdAt: row.created_at }, settings.now());
    if (givenUp) report.gaveUp += 1;
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE webhook_deliveries SET attempts = $2, last_status = $3, last_error = $4,
                next_attempt_at = CASE WHEN $5::boolean THEN NULL ELSE $6::timestamptz END,
                gave_up_at = CASE WHEN $5::boolean THEN $7::timestamptz ELSE NULL END
          WHERE id = $1`,
        [row.id, attempts, outcome.status, outcome.error.slice(0, ERROR_MAX), givenUp, new Date(nextAt), new Date(settings.now())],
      );
      const failedAt = new Date(settings.now());
      const { rows: hooks } = await tx.query<{ just_disabled: boolean }>(
        `WITH before AS (SELECT partner_id, disabled_at IS NULL AS was_enabled FROM partner_webhooks WHERE partner_id = $1 FOR UPDATE)
         UPDATE partner_webhooks w
            SET consecutive_failures = w.consecutive_failures + 1,
                failing_since = COALESCE(w.failing_since, $3::timestamptz),
                disabled_at = CASE WHEN w.disabled_at IS NULL AND w.consecutive_failures + 1 >= $2
                                        AND COALESCE(w.failing_since, $3::timestamptz) <= $3::timestamptz - $4 * interval '1 millisecond'
                                   THEN $3::timestamptz ELSE w.disabled_at END
           FROM before
          WHERE w.partner_id = before.partner_id
      RETURNING before.was_enabled AND w.disabled_at IS NOT NULL AS just_disabled`,
        [row.partner_id, DISABLE_AFTER_FAILURES, failedAt, DISABLE_AFTER_MS],
      );
      if (hooks[0]?.just_disabled) await mailDisabled(tx, row, outcome.error);
    });
    logger.warn(
      `[webhooks] delivery ${row.id} to partner ${row.partner_id} failed (attempt ${attempts}${givenUp ? ', given up' : ''}): ${outcome.error}`,
    );
  }
  return report;
}

/** Signed for the endpoint's secret at the moment it is sent (receivers refuse old timestamps). */
function post(row: DueRow, body: string, settings: outbox.PostingSettings, signal: AbortSignal): Promise<outbox.PostOutcome> {
  const timestamp = Math.floor(settings.now() / 1000);
  return outbox.postJson(row.url, body, {
    headers: {
      'User-Agent': USER_AGENT,
      'Hearth-Event': 'lead.created',
      'Hearth-Delivery': row.id,
      [SIGNATURE_HEADER]: signWebhook(row.secret, body, timestamp),
    },
    timeoutMs: settings.timeoutMs,
    signal,
  });
}

async function mailDisabled(tx: Parameters<Parameters<Database['transaction']>[0]>[0], row: DueRow, error: string): Promise<void> {
  const { rows } = await tx.query<{ app_context: unknown; slug: string }>('SELECT app_context, slug FROM partners WHERE id = $1', [row.partner_id]);
  const partner = rows[0];
  if (!partner) return;
  const context = parseStoredAppContext(partner.app_context).context;
  await queueMail(tx, {
    to: context.agentEmail ?? HEARTH_LEADS_ADDRESS,
    subject: 'Your lead webhook was turned off',
    body: [
      `Hearth could not deliver leads to your webhook ${row.url}: every attempt for 12 hours failed, the last one with "${error}".`,
      '',
      'We have turned it off, so no new leads are posted there; they are all still in your lead inbox and in GET /v1/api/leads/.',
      'When the endpoint works again, set its URL again (POST /v1/api/webhook/) and replay what was missed from the delivery log (GET /v1/api/webhook/deliveries/).',
    ].join('\n'),
  });
}
