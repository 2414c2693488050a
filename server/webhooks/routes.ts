/**
 * A partner's lead webhook, for the partner's own systems (its API key, `Authorization: Partner <key>`):
 *
 *   GET  /v1/api/webhook/                    the endpoint (URL, enabled, failures); never the secret
 *   POST /v1/api/webhook/                    { url, rotateSecret? } sets it ({ url: null } removes it);
 *                                            a new endpoint or a rotated secret is answered once
 *   GET  /v1/api/webhook/deliveries/         the delivery log, newest first (?limit=1..100, default 50)
 *   POST /v1/api/webhook/replay/             { deliveryId } sends one again now
 *   GET  /v1/api/webhook/lead-schema.json    the JSON Schema of a lead.created body (public)
 */
import { z } from 'zod';
import { DomainError } from '../domain-error';
import { readJsonObject, REST_BODY_LIMIT } from '../http/body';
import { HttpError } from '../http/errors';
import { sendJson } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import { partnerPreflight, requirePartnerKey } from '../partners/guard';
import { DELIVERIES_PAGE_MAX, getWebhook, leadPayloadJsonSchema, listDeliveries, replayDelivery, setWebhook } from './webhooks';

export const SetWebhookBody = z.object({
  url: z.string().nullable(),
  rotateSecret: z.boolean().optional(),
});
export const ReplayBody = z.object({ deliveryId: z.string() });

/** A refusal of the domain module as the REST error of the same meaning. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === 'NOT_FOUND') throw new HttpError(404, 'not_found', error.message);
    const field = error.argumentName ?? 'body';
    throw new HttpError(400, 'validation', 'Some fields need attention.', { [field]: error.message });
  }
}

async function readBody<T>(ctx: RequestContext, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await readJsonObject(ctx.req, REST_BODY_LIMIT));
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  throw new HttpError(400, 'validation', 'Some fields need attention.', fields);
}

async function readWebhook(ctx: RequestContext): Promise<void> {
  const partner = await requirePartnerKey(ctx, 'admin');
  sendJson(ctx.res, 200, { webhook: await getWebhook(ctx.services.db, partner.id) });
}

async function writeWebhook(ctx: RequestContext): Promise<void> {
  const partner = await requirePartnerKey(ctx, 'admin');
  const body = await readBody(ctx, SetWebhookBody);
  const result = await answering(() =>
    setWebhook(ctx.services.db, partner.id, { url: body.url, rotateSecret: body.rotateSecret }, { production: ctx.services.config.production }),
  );
  ctx.services.logger.info(`[webhooks] partner=${partner.slug} endpoint ${result.webhook ? `set to ${result.webhook.url}` : 'removed'}`);
  sendJson(ctx.res, 200, result);
}

async function readDeliveries(ctx: RequestContext): Promise<void> {
  const partner = await requirePartnerKey(ctx, 'admin');
  const raw = ctx.url.searchParams.get('limit');
  const limit = raw === null ? 50 : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > DELIVERIES_PAGE_MAX) {
    throw new HttpError(400, 'validation', 'Some parameters are invalid.', { limit: `limit must be a whole number from 1 to ${DELIVERIES_PAGE_MAX}.` });
  }
  sendJson(ctx.res, 200, { deliveries: await listDeliveries(ctx.services.db, partner.id, limit) });
}

async function replay(ctx: RequestContext): Promise<void> {
  const partner = await requirePartnerKey(ctx, 'admin');
  const { deliveryId } = await readBody(ctx, ReplayBody);
  await answering(() => replayDelivery(ctx.services.db, partner.id, deliveryId));
  sendJson(ctx.res, 202, { queued: deliveryId });
}

function leadSchema(ctx: RequestContext): void {
  ctx.res.setHeader('Cache-Control', 'public, max-age=3600');
  sendJson(ctx.res, 200, leadPayloadJsonSchema());
}

export const webhookRoutes: Record<string, Route> = {
  '/v1/api/webhook/': { GET: readWebhook, POST: writeWebhook, OPTIONS: partnerPreflight(['GET', 'POST']) },
  '/v1/api/webhook/deliveries/': { GET: readDeliveries, OPTIONS: partnerPreflight(['GET']) },
  '/v1/api/webhook/replay/': { POST: replay, OPTIONS: partnerPreflight(['POST']) },
  '/v1/api/webhook/lead-schema.json': { GET: leadSchema },
};
