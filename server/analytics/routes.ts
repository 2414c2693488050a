/**
 * POST /v1/api/events/ — a page's batch of visitor events (navigator.sendBeacon: a JSON text sent as
 * text/plain, so no preflight; the Origin is still checked against the partner's origins), stored only when
 * the partner enables analytics. POST /v1/api/events/forget/ — a visitor's events erased (their reset).
 */
import { clientIp } from '../http/client-ip';
import { checkTexts, parseJsonBody, readBody } from '../http/body';
import { HttpError } from '../http/errors';
import { rateLimitsFor, retryAfterSeconds, type RateLimit } from '../http/rate-limit';
import { sendJson } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import { DomainError } from '../domain-error';
import { parseStoredAppContext } from '../partners/app-context';
import { guardPartnerRequest, partnerPreflight } from '../partners/guard';
import type { Partner } from '../partners/repository';
import { forgetVisitor, readEventBatch, recordEvents } from './events';
import { queueForward } from './forwarder';
import * as z from 'zod';

export const EVENTS_PATH = '/v1/api/events/';
export const FORGET_PATH = '/v1/api/events/forget/';
/** 50 events a batch, one batch every ten seconds or so per page: a generous ceiling per address and partner. */
export const EVENTS_RATE_LIMIT: RateLimit = { max: 60, windowMs: 60_000 };
const EVENTS_BODY_LIMIT = 32 * 1024;

const TEXT_OR_JSON = /^(text\/plain|application\/json)\s*(;|$)/i;

async function readBeaconBody(ctx: RequestContext): Promise<unknown> {
  if (!TEXT_OR_JSON.test((ctx.req.headers['content-type'] ?? '').trim())) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the events as JSON (text/plain or application/json).');
  }
  const value = parseJsonBody(await readBody(ctx.req, EVENTS_BODY_LIMIT));
  checkTexts(value);
  return value;
}

async function analyticsPartner(ctx: RequestContext): Promise<Partner> {
  const partner = await guardPartnerRequest(ctx);
  if (!parseStoredAppContext(partner.appContext).context.analyticsEnabled) {
    throw new HttpError(403, 'analytics_disabled', 'This partner does not record visitor activity.');
  }
  const { db, config } = ctx.services;
  const decision = await rateLimitsFor(db).hit('events', EVENTS_RATE_LIMIT, `${clientIp(ctx.req, config.trustProxy)}|${partner.slug}`);
  if (!decision.allowed) {
    const seconds = retryAfterSeconds(decision.retryAfterMs);
    throw new HttpError(429, 'rate_limited', `Too many events. Try again in ${seconds} seconds.`, undefined, { 'Retry-After': String(seconds) });
  }
  return partner;
}

const asHttpError = (error: unknown): unknown =>
  error instanceof DomainError ? new HttpError(400, 'validation', error.message, { [error.argumentName ?? 'body']: error.message }) : error;

async function receiveEvents(ctx: RequestContext): Promise<void> {
  const partner = await analyticsPartner(ctx);
  let batch: ReturnType<typeof readEventBatch>;
  try {
    batch = readEventBatch(await readBeaconBody(ctx), new Date());
  } catch (error) {
    throw asHttpError(error);
  }
  const recorded = await recordEvents(ctx.services.db, partner.id, batch.visitorId, batch.events);
  // The partner's own collector gets the same events later (forwarder.ts); its outbox never fails the beacon.
  await queueForward(ctx.services.db, partner.id, batch.visitorId, batch.events).catch((error: unknown) =>
    ctx.services.logger.error(`[analytics] forwarding of partner ${partner.slug} not queued`, error),
  );
  sendJson(ctx.res, 202, { recorded });
}

const forgetSchema = z.object({ visitorId: z.uuid() });

async function forget(ctx: RequestContext): Promise<void> {
  const partner = await analyticsPartner(ctx);
  const parsed = forgetSchema.safeParse(await readBeaconBody(ctx));
  if (!parsed.success) throw new HttpError(400, 'validation', 'visitorId must be the visitor id (a UUID).', { visitorId: 'Not a visitor id.' });
  const forgotten = await forgetVisitor(ctx.services.db, partner.id, parsed.data.visitorId);
  sendJson(ctx.res, 200, { forgotten });
}

export const analyticsRoutes: Record<string, Route> = {
  [EVENTS_PATH]: { POST: receiveEvents, OPTIONS: partnerPreflight(['POST']) },
  [FORGET_PATH]: { POST: forget, OPTIONS: partnerPreflight(['POST']) },
};
