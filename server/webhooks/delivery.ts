/**
 * The webhook worker: soon after a lead is queued in this process, and every 10 s for retries and for
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
import { HEARTH_LEADS_ADDRESS } from '../contact/notification';
import { parseStoredAppContext } from '../partners/app-context';
import { SIGNATURE_HEADER, signWebhook } from './signature';
import { DISABLE_AFTER_FAILURES, DISABLE_AFTER_MS, onDeliveryQueued } from './webhooks';

export interface WebhookDeliveryOptions {
  logger: Logger;
  /** Pause between runs. Default 10 s; a delivery queued in this process starts a run within a moment. */
  intervalMs?: number;
  /** Rows per run. Default 10. */
  batchSize?: number;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
  /** First retry delay, doubled after each failure. Default 30 s. */
  retryBaseMs?: number;
  /** Longest delay between attempts. Default 1 h. */
  retryMaxMs?: number;
  /** How long a delivery is retried after it was queued. Default 24 h. */
  retryWindowMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

export interface WebhookReport {
  delivered: number;
  failed: number;
  gaveUp: number;
}

export interface WebhookDelivery {
  runOnce(): Promise<WebhookReport>;
  stop(): Promise<void>;
}

interface DueRow {
  id: string;
  partner_id: number;
  payload: unknown;
  created_at: Date;
  attempts: number;
  url: string;
  secret: string;
}

const LEASE_MS = 5 * 60_000;
/** After a delivery is queued here: time for its transaction to commit. */
const QUEUED_RUN_DELAY_MS = 200;
const ERROR_MAX = 500;
export const USER_AGENT = 'Hearth-Webhooks/1.0';

export function startWebhookDelivery(db: Database, options: WebhookDeliveryOptions): WebhookDelivery {
  const settings = {
    batchSize: options.batchSize ?? 10,
    timeoutMs: options.timeoutMs ?? 10_000,
    retryBaseMs: options.retryBaseMs ?? 30_000,
    retryMaxMs: options.retryMaxMs ?? 60 * 60_000,
    retryWindowMs: options.retryWindowMs ?? 24 * 60 * 60_000,
    now: options.now ?? Date.now,
  };
  const { logger } = options;
  const abort = new AbortController();
  let stopping = false;
  let chain: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const runOnce = (): Promise<WebhookReport> => {
    const run = chain.then(async () => {
      if (stopping) return { delivered: 0, failed: 0, gaveUp: 0 };
      try {
        return await deliverDue(db, settings, logger, abort.signal);
      } catch (error) {
        logger.error('[webhooks] delivery run failed', error);
        return { delivered: 0, failed: 0, gaveUp: 0 };
      }
    });
    chain = run;
    return run;
  };
  const schedule = () => {
    timer = setTimeout(() => void runOnce().then(() => !stopping && schedule()), options.intervalMs ?? 10_000);
    timer.unref();
  };
  schedule();
  // The lead's transaction commits right after it queues the delivery: run a moment later (once per burst).
  let soon: NodeJS.Timeout | undefined;
  const stopListening = onDeliveryQueued(() => {
    if (stopping || soon) return;
    soon = setTimeout(() => {
      soon = undefined;
      void runOnce();
    }, QUEUED_RUN_DELAY_MS);
    soon.unref();
  });
  return {
    runOnce,
    async stop() {
      stopping = true;
      stopListening();
      clearTimeout(soon);
      clearTimeout(timer);
      abort.abort();
      await chain;
    },
  };
}

type Settings = Required<Omit<WebhookDeliveryOptions, 'logger' | 'intervalMs'>>;

async function deliverDue(db: Database, settings: Settings, logger: Logger, signal: AbortSignal): Promise<WebhookReport> {
  const report: WebhookReport = { delivered: 0, failed: 0, gaveUp: 0 };
  const now = new Date(settings.now());
  const { rows } = await db.query<DueRow>(
    `UPDATE webhook_deliveries d SET next_attempt_at = $2::timestamptz + $3 * interval '1 millisecond'
       FROM partner_webhooks w
      WHERE d.partner_id = w.partner_id
        AND d.id IN (SELECT d2.id FROM webhook_deliveries d2
                       JOIN partner_webhooks w2 ON w2.partner_id = d2.partner_id AND w2.disabled_at IS NULL
                      WHERE d2.delivered_at IS NULL AND d2.gave_up_at IS NULL AND d2.next_attempt_at <= $2::timestamptz
                      ORDER BY d2.next_attempt_at, d2.seq
                      LIMIT $1
                      FOR UPDATE OF d2 SKIP LOCKED)
      RETURNING d.id, d.partner_id, d.payload, d.created_at, d.attempts, w.url, w.secret`,
    [settings.batchSize, now.toISOString(), LEASE_MS],
  );
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
    const attempts = Number(row.attempts) + 1;
    const delay = Math.min(settings.retryMaxMs, settings.retryBaseMs * 2 ** (attempts - 1));
    const nextAt = settings.now() + delay;
    const givenUp = nextAt > row.created_at.getTime() + settings.retryWindowMs;
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

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

async function post(row: DueRow, body: string, settings: Settings, signal: AbortSignal): Promise<Outcome> {
  const timestamp = Math.floor(settings.now() / 1000);
  try {
    const response = await fetch(row.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(settings.timeoutMs)]),
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': USER_AGENT,
        'Hearth-Event': 'lead.created',
        'Hearth-Delivery': row.id,
        [SIGNATURE_HEADER]: signWebhook(row.secret, body, timestamp),
      },
      body,
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, status: response.status, error: `HTTP ${response.status}` };
  } catch (error) {
    const reason = error instanceof Error ? (error.name === 'TimeoutError' ? `no answer within ${settings.timeoutMs} ms` : (error.cause as Error | undefined)?.message ?? error.message) : String(error);
    return { ok: false, status: null, error: reason };
  }
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
