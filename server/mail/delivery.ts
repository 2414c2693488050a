/**
 * The delivery worker: when SMTP is configured (`SMTP_URL`, or `startServer({ smtpUrl })`), every few
 * seconds it takes the oldest unsent outbox rows, a few at a time, and hands them to the SMTP server over
 * one connection. A sent row gets `sent_at`; a failed one counts the attempt, keeps the error and waits
 * longer each time (1 min, 2 min, 4 min… up to 6 h) until it gives up after `maxAttempts` and says so
 * in the log. Without SMTP the outbox table and the log stay the record of the mail, as before.
 *
 * The loop, the claim and the backoff are the outbox runner's (server/outbox/runner.ts). Rows are claimed with a lease (`next_attempt_at` a few minutes ahead, `FOR UPDATE SKIP LOCKED`), so two
 * server processes on one PostgreSQL never send the same row twice, and a process that dies mid-send
 * leaves its rows to be tried again when the lease runs out. The Message-ID is derived from the row, so
 * the rare second delivery after such a crash is recognisable as the same message.
 */
import type { ConnectionOptions } from 'node:tls';
import type { Database } from '../db';
import type { Logger } from '../log';
import { isDeliverableAddress, parseMailbox, type Mailbox } from './message';
import { composeMessage, describeSmtp, parseSmtpUrl, SmtpError, SmtpSession, type SmtpConfig } from './smtp';
import { claimDue, retryAfterFailure, startOutboxRunner, type ClaimQuery, type OutboxReport, type RetryPolicy } from '../outbox/runner';

export const DEFAULT_MAIL_FROM = 'Hearth <no-reply@hearth.example>';

export interface MailDeliveryOptions {
  logger: Logger;
  /** `smtp://user:pass@host:587` or `smtps://…:465`. Default: env `SMTP_URL`; empty: no SMTP. */
  smtpUrl?: string;
  /** The From header and envelope sender. Default: env `MAIL_FROM`, else `Hearth <no-reply@hearth.example>`. */
  mailFrom?: string;
  /** Pause between runs. Default 3 s. */
  intervalMs?: number;
  /** Rows per run. Default 5. */
  batchSize?: number;
  /** Failed attempts before a row is given up. Default 10. */
  maxAttempts?: number;
  /** Delay after the first failure, doubled after each further one. Default 60 s. */
  retryBaseMs?: number;
  /** Longest delay between attempts. Default 6 h. */
  retryMaxMs?: number;
  /** SMTP connect and reply timeout. Default 30 s. */
  timeoutMs?: number;
  /** Extra TLS options for the SMTP connection (tests: a private CA). */
  tls?: ConnectionOptions;
}

export type DeliveryReport = OutboxReport<'sent'>;

export interface MailDelivery {
  /** False without SMTP configuration: nothing is ever sent. */
  readonly enabled: boolean;
  /** One run now (after any run in progress); what the timer does every `intervalMs`. */
  runOnce(): Promise<DeliveryReport>;
  /** Stops the timer, lets a send in progress finish briefly, then cuts it off. */
  stop(): Promise<void>;
}

interface Settings {
  smtp: SmtpConfig;
  from: Mailbox;
  batchSize: number;
  retry: RetryPolicy & { maxAttempts: number };
  timeoutMs: number;
}

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  /** The brand the mail is sent in (issue 35); null: MAIL_FROM's own name. */
  sender_name: string | null;
  created_at: Date;
  attempts: number;
}

/** How long a claimed row stays out of other runs' reach while it is being sent. */
const LEASE_MS = 10 * 60_000;
/** How long `stop()` lets a send in progress finish before closing the connection. */
const STOP_GRACE_MS = 2_000;
const ERROR_MAX = 1_000;

const emptyReport = (): DeliveryReport => ({ sent: 0, failed: 0, gaveUp: 0 });
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);

/** The SMTP settings from options and environment; null when SMTP is not configured. Throws when misconfigured. */
export function resolveMailSettings(options: MailDeliveryOptions): Settings | null {
  const url = options.smtpUrl ?? process.env.SMTP_URL ?? '';
  if (url.trim() === '') return null;
  const smtp = parseSmtpUrl(url.trim());
  if (options.tls) smtp.tls = options.tls;
  const from = parseMailbox(options.mailFrom || process.env.MAIL_FROM || DEFAULT_MAIL_FROM);
  return {
    smtp,
    from,
    batchSize: options.batchSize ?? 5,
    retry: {
      backoff: { firstMs: options.retryBaseMs ?? 60_000, factor: 2, maxMs: options.retryMaxMs ?? 6 * 60 * 60_000 },
      maxAttempts: options.maxAttempts ?? 10,
    },
    timeoutMs: options.timeoutMs ?? 30_000,
  };
}

export function startMailDelivery(db: Database, options: MailDeliveryOptions): MailDelivery {
  const { logger } = options;
  let settings: Settings | null;
  try {
    settings = resolveMailSettings(options);
  } catch (error) {
    logger.error(`[mail] SMTP is misconfigured, outgoing mail stays in the outbox table: ${errorText(error)}`);
    settings = null;
  }
  if (!settings) {
    if (options.smtpUrl === undefined && !process.env.SMTP_URL) logger.info('[mail] no SMTP_URL: outgoing mail stays in the outbox table');
    return { enabled: false, runOnce: async () => emptyReport(), stop: async () => undefined };
  }
  const active = settings;
  logger.info(`[mail] delivering the outbox through ${describeSmtp(active.smtp)} as ${active.from.address}`);

  const runner = startOutboxRunner<DeliveryReport>({
    name: 'mail',
    logger,
    failureMessage: '[mail] outbox delivery run failed',
    intervalMs: options.intervalMs ?? 3_000,
    run: ({ signal, stopping }) => deliverBatch(db, active, logger, signal, stopping),
    idle: emptyReport,
    stopGraceMs: STOP_GRACE_MS,
    // A backlog (a worker back after an outage, a burst of leads queued by other processes) drains batch after batch.
    fullBatch: (report) => report.sent + report.failed + report.gaveUp >= active.batchSize,
  });
  return { enabled: true, runOnce: runner.runOnce, stop: runner.stop };
}

/** Unsent rows not yet given up whose time has come, oldest first. */
const dueMail = (maxAttempts: number): ClaimQuery => ({
  table: 'outbox',
  due: ({ param, now }) => `c.sent_at IS NULL AND c.attempts < ${param(maxAttempts)} AND (c.next_attempt_at IS NULL OR c.next_attempt_at <= ${now})`,
  order: 'c.created_at, c.id',
  returning: 't.id, t.to_address, t.subject, t.body, t.sender_name, t.created_at, t.attempts',
});

async function claim(db: Database, settings: Settings): Promise<OutboxRow[]> {
  const rows = await claimDue<OutboxRow>(db, dueMail(settings.retry.maxAttempts), { limit: settings.batchSize, leaseMs: LEASE_MS });
  return rows
    .map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }))
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id);
}

/** Rows claimed but not tried (stopped, connection lost): back in the queue at once, no attempt counted. */
async function release(db: Database, rows: OutboxRow[]): Promise<void> {
  for (const row of rows) await db.query('UPDATE outbox SET next_attempt_at = NULL WHERE id = $1 AND sent_at IS NULL', [row.id]);
}

async function markSent(db: Database, row: OutboxRow): Promise<void> {
  await db.query('UPDATE outbox SET sent_at = now(), attempts = attempts + 1, last_error = NULL, next_attempt_at = NULL WHERE id = $1', [
    row.id,
  ]);
}

/** Counts the failed attempt; returns true when the row is now given up. */
async function recordFailure(
  db: Database,
  settings: Settings,
  logger: Logger,
  row: OutboxRow,
  error: unknown,
  hopeless = false,
): Promise<boolean> {
  const { attempts, givenUp, delayMs } = retryAfterFailure(settings.retry, { attempts: row.attempts, createdAt: row.created_at }, Date.now(), { hopeless });
  const message = errorText(error);
  await db.query(
    `UPDATE outbox SET attempts = $2, last_error = $3,
            next_attempt_at = CASE WHEN $4::boolean THEN NULL ELSE now() + $5 * interval '1 millisecond' END
      WHERE id = $1`,
    [row.id, attempts, message, givenUp, delayMs],
  );
  if (givenUp) logger.error(`[mail] giving up on outbox mail ${row.id} after ${attempts} failed attempts: ${message}`);
  else logger.warn(`[mail] outbox mail ${row.id} not sent (attempt ${attempts} of ${settings.retry.maxAttempts}, next in ${Math.round(delayMs / 1000)} s): ${message}`);
  return givenUp;
}

function messageOf(settings: Settings, row: OutboxRow): Promise<Buffer> {
  const domain = settings.from.address.slice(settings.from.address.lastIndexOf('@') + 1);
  return composeMessage({
    // The partner's brand as the sender's name, at the operator's address (MAIL_FROM).
    from: row.sender_name ? { name: row.sender_name, address: settings.from.address } : settings.from,
    to: row.to_address,
    subject: row.subject,
    text: row.body,
    date: row.created_at,
    messageId: `<outbox.${row.id}.${row.created_at.getTime().toString(36)}@${domain}>`,
  });
}

async function deliverBatch(
  db: Database,
  settings: Settings,
  logger: Logger,
  signal: AbortSignal,
  stopping: () => boolean,
): Promise<DeliveryReport> {
  const report = emptyReport();
  const count = async (row: OutboxRow, error: unknown, hopeless = false) => {
    report.failed += 1;
    if (await recordFailure(db, settings, logger, row, error, hopeless)) report.gaveUp += 1;
  };

  const pending = await claim(db, settings);
  if (pending.length === 0) return report;

  // Addresses no server can take are given up before connecting.
  for (const row of [...pending]) {
    if (isDeliverableAddress(row.to_address)) continue;
    pending.splice(pending.indexOf(row), 1);
    await count(row, new Error(`Not a deliverable address: ${JSON.stringify(row.to_address.slice(0, 100))}`), true);
  }
  if (pending.length === 0) return report;

  let session: SmtpSession;
  try {
    session = await SmtpSession.open(settings.smtp, { timeoutMs: settings.timeoutMs, signal });
  } catch (error) {
    if (signal.aborted) await release(db, pending);
    // The server is down or refuses us: every row of the run waits, so a dead relay is not hammered.
    else for (const row of pending.splice(0)) await count(row, error);
    return report;
  }

  try {
    while (pending.length > 0 && !stopping()) {
      const row = pending[0]!;
      try {
        await session.send({ from: settings.from.address, to: row.to_address }, await messageOf(settings, row));
      } catch (error) {
        if (signal.aborted) break;
        pending.shift();
        await count(row, error);
        // A refused command leaves the connection usable after RSET; anything else ends the run.
        if (!(error instanceof SmtpError && error.refusal)) break;
        try {
          await session.reset();
        } catch {
          break;
        }
        continue;
      }
      pending.shift();
      await markSent(db, row);
      report.sent += 1;
      logger.info(`[mail] outbox mail ${row.id} sent`);
    }
  } finally {
    await release(db, pending);
    if (signal.aborted) session.destroy();
    else await session.quit();
  }
  return report;
}
