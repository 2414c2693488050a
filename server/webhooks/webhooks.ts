/**
 * Lead webhooks (issue 16): a partner names one HTTPS endpoint; every new lead of that partner is posted
 * there as JSON (`lead.created`, the schema below), signed (signature.ts), within seconds of the lead. A
 * delivery that fails is tried again with a doubling delay (30 s up to 1 h) for 24 hours, then given up;
 * every attempt is in the delivery log, and any delivery can be replayed. An endpoint that has failed every
 * attempt for 12 hours (and at least 15 of them) is disabled and the partner's agent is mailed; setting the
 * URL again enables it.
 *
 * The delivery row is written in the transaction that writes the lead (insertLead), so a lead and its
 * event exist together or not at all; the worker (delivery.ts) posts them.
 */
import { z } from 'zod';
import type { Queryable } from '../db';
import { badInput, DomainError } from '../domain-error';
import { checkedTarget, isOutboundAllowed } from '../http/outbound';
import { stayColumns, stayOfRow } from '../contact/lead-stay';
import { newWebhookSecret } from './signature';

export const LEAD_SOURCES = ['contact', 'stay', 'valuation', 'tour', 'offer', 'prequalification', 'registration'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** What a receiver gets: one documented shape, served as JSON Schema at /v1/api/webhook/lead-schema.json. */
export const leadCreatedPayload = z
  .object({
    id: z.string().uuid().describe('The delivery id; the same on every attempt and replay, so a receiver can ignore repeats.'),
    type: z.literal('lead.created'),
    createdAt: z.string().describe('When the lead arrived (ISO 8601, UTC).'),
    partner: z.string().describe("The partner's slug."),
    lead: z.object({
      id: z.string().uuid(),
      source: z.enum(LEAD_SOURCES).describe('The form that made the lead.'),
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string(),
      comment: z.string(),
      listingId: z.number().int().nullable().describe('The listing asked about, when there was one.'),
      listingUrl: z.string().nullable().describe("The listing's page on the hosted site."),
      pageOrigin: z.string().nullable().describe('The origin of the page the visitor was on.'),
      stay: z
        .object({ checkIn: z.string(), checkOut: z.string(), guests: z.number().int().nullable().describe('How many people are coming (null on requests stored before it was asked).') })
        .nullable()
        .describe("A stay's booking request: the dates and guests asked for."),
    }),
  })
  .describe('A lead.created webhook delivery.');

export const leadPayloadJsonSchema = () => z.toJSONSchema(leadCreatedPayload, { io: 'output' });

export const URL_MAX = 2_000;
export const DISABLE_AFTER_FAILURES = 15;
/** …failing every attempt for this long. */
export const DISABLE_AFTER_MS = 12 * 60 * 60_000;

/**
 * HTTPS only, no credentials in the URL, at most 2,000 characters, and a public address: the outbound rule
 * (server/http/outbound.ts) judges the host as written and as it resolves now, for a clear refusal here; every
 * delivery's connection is checked again. Plain HTTP only outside production, to a receiver the operator
 * allowed (HEARTH_OUTBOUND_ALLOW: a developer's receiver, the tests' one).
 */
export async function checkWebhookUrl(text: string, { production }: { production: boolean }): Promise<string> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badInput('The webhook URL is not a URL.', 'url');
  }
  if (text.length > URL_MAX) throw badInput(`The webhook URL is longer than ${URL_MAX} characters.`, 'url');
  if (url.username || url.password) throw badInput('The webhook URL must not hold a user name or password.', 'url');
  const plainAllowed = url.protocol === 'http:' && !production && isOutboundAllowed(url);
  if (url.protocol !== 'https:' && !plainAllowed) throw badInput('The webhook URL must use https://.', 'url');
  if (await checkedTarget(url)) throw badInput('The webhook URL must be a public address.', 'url');
  url.hash = '';
  return url.href;
}

export interface WebhookSettings {
  url: string;
  enabled: boolean;
  disabledAt: string | null;
  consecutiveFailures: number;
  createdAt: string;
  updatedAt: string;
}

interface WebhookRow {
  url: string;
  secret: string;
  consecutive_failures: number;
  disabled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const toSettings = (row: WebhookRow): WebhookSettings => ({
  url: row.url,
  enabled: row.disabled_at === null,
  disabledAt: row.disabled_at?.toISOString() ?? null,
  consecutiveFailures: Number(row.consecutive_failures),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export async function getWebhook(db: Queryable, partnerId: number): Promise<WebhookSettings | null> {
  const { rows } = await db.query<WebhookRow>('SELECT * FROM partner_webhooks WHERE partner_id = $1', [partnerId]);
  return rows[0] ? toSettings(rows[0]) : null;
}

/**
 * Sets (or with null removes) the partner's endpoint. A new endpoint, or `rotateSecret`, gets a new secret,
 * answered this once; setting the URL enables a disabled endpoint and forgets its failures.
 */
export async function setWebhook(
  db: Queryable,
  partnerId: number,
  input: { url: string | null; rotateSecret?: boolean },
  options: { production: boolean },
): Promise<{ webhook: WebhookSettings | null; secret: string | null }> {
  if (input.url === null) {
    await db.query('DELETE FROM partner_webhooks WHERE partner_id = $1', [partnerId]);
    return { webhook: null, secret: null };
  }
  const url = await checkWebhookUrl(input.url, options);
  const secret = newWebhookSecret();
  const { rows } = await db.query<WebhookRow & { inserted: boolean }>(
    `INSERT INTO partner_webhooks (partner_id, url, secret) VALUES ($1, $2, $3)
     ON CONFLICT (partner_id) DO UPDATE
       SET url = EXCLUDED.url,
           secret = CASE WHEN $4::boolean THEN EXCLUDED.secret ELSE partner_webhooks.secret END,
           consecutive_failures = 0, failing_since = NULL, disabled_at = NULL, updated_at = now()
     RETURNING *, (xmax = 0) AS inserted`,
    [partnerId, url, secret, input.rotateSecret === true],
  );
  const row = rows[0]!;
  return { webhook: toSettings(row), secret: row.inserted || input.rotateSecret ? row.secret : null };
}

type QueuedListener = () => void;
const queuedListeners = new Set<QueuedListener>();

/** Called after a delivery is queued in this process (the worker runs soon instead of at its next poll). */
export function onDeliveryQueued(listener: QueuedListener): () => void {
  queuedListeners.add(listener);
  return () => queuedListeners.delete(listener);
}

/**
 * In the transaction that made the lead: the lead.created event for the partner's endpoint, when it has
 * an enabled one. The payload is read back from the stored lead, so it is exactly what the inbox shows.
 */
export async function queueLeadCreated(tx: Queryable, leadId: string, publicOrigin: string | null): Promise<void> {
  const { rows } = await tx.query<{
    partner_id: number;
    slug: string;
    source: LeadSource;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    comment: string;
    listing_id: string | null;
    slug_id: string | null;
    listing_code_id: string | null;
    page_origin: string | null;
    stay_check_in: string | null;
    stay_check_out: string | null;
    stay_guests: number | null;
    created_at: Date;
  }>(
    `SELECT l.partner_id, p.slug, l.source, l.first_name, l.last_name, l.email, l.phone, l.comment, l.listing_id,
            li.slug_id, li.listing_code_id, l.page_origin, ${stayColumns('l.')}, l.created_at
       FROM leads l
       JOIN partners p ON p.id = l.partner_id
       JOIN partner_webhooks w ON w.partner_id = l.partner_id AND w.disabled_at IS NULL
       LEFT JOIN listings li ON li.id = l.listing_id
      WHERE l.id = $1`,
    [leadId],
  );
  const lead = rows[0];
  if (!lead) return;
  const listingId = lead.listing_id === null ? null : Number(lead.listing_id);
  const payloadWithoutId = {
    type: 'lead.created' as const,
    createdAt: lead.created_at.toISOString(),
    partner: lead.slug,
    lead: {
      id: leadId,
      source: lead.source,
      firstName: lead.first_name,
      lastName: lead.last_name,
      email: lead.email,
      phone: lead.phone,
      comment: lead.comment,
      listingId,
      listingUrl: publicOrigin && lead.slug_id && lead.listing_code_id ? `${publicOrigin}/listing/${lead.slug_id}/${lead.listing_code_id}` : null,
      pageOrigin: lead.page_origin,
      stay: stayOfRow(lead),
    },
  };
  // The id is the row's: written in the same statement so payload.id and the row agree.
  await tx.query(
    `INSERT INTO webhook_deliveries (id, partner_id, event, payload)
     SELECT id, $1, 'lead.created', jsonb_build_object('id', id) || $2::jsonb FROM (SELECT gen_random_uuid() AS id) AS fresh`,
    [lead.partner_id, JSON.stringify(payloadWithoutId)],
  );
  for (const listener of queuedListeners) listener();
}

export interface DeliveryRecord {
  id: string;
  event: string;
  createdAt: string;
  attempts: number;
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  payload: unknown;
}

export const DELIVERIES_PAGE_MAX = 100;

/** The partner's delivery log, newest first. */
export async function listDeliveries(db: Queryable, partnerId: number, limit: number): Promise<DeliveryRecord[]> {
  const { rows } = await db.query<{
    id: string;
    event: string;
    created_at: Date;
    attempts: number;
    next_attempt_at: Date | null;
    delivered_at: Date | null;
    gave_up_at: Date | null;
    last_status: number | null;
    last_error: string | null;
    payload: unknown;
  }>(
    `SELECT id, event, created_at, attempts, next_attempt_at, delivered_at, gave_up_at, last_status, last_error, payload
       FROM webhook_deliveries WHERE partner_id = $1 ORDER BY seq DESC LIMIT $2`,
    [partnerId, Math.min(Math.max(limit, 1), DELIVERIES_PAGE_MAX)],
  );
  return rows.map((row) => ({
    id: row.id,
    event: row.event,
    createdAt: row.created_at.toISOString(),
    attempts: Number(row.attempts),
    status: row.delivered_at ? 'delivered' : row.gave_up_at ? 'failed' : 'pending',
    nextAttemptAt: row.delivered_at || row.gave_up_at ? null : (row.next_attempt_at?.toISOString() ?? null),
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    lastStatus: row.last_status === null ? null : Number(row.last_status),
    lastError: row.last_error,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
  }));
}

/** Sends a delivery again now (delivered, failed or waiting alike); only the partner's own. */
export async function replayDelivery(db: Queryable, partnerId: number, deliveryId: string): Promise<void> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(deliveryId)) {
    throw badInput('deliveryId must be the id of a delivery.', 'deliveryId');
  }
  // created_at starts the 24-hour retry window again.
  const { rows } = await db.query(
    `UPDATE webhook_deliveries SET delivered_at = NULL, gave_up_at = NULL, next_attempt_at = now(), created_at = now()
      WHERE id = $1 AND partner_id = $2 RETURNING id`,
    [deliveryId, partnerId],
  );
  if (rows.length === 0) throw new DomainError('NOT_FOUND', 'No such delivery.');
}
