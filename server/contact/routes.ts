/**
 * POST /v1/api/contact-form/ (spec §5, §7) and GET /v1/api/leads/ (partners read their leads).
 * Order of the contact checks matters: partner and origin first (a refused page writes nothing), then
 * the rate limit (cheap, before reading the body), then the body and its fields.
 */
import { randomUUID } from 'node:crypto';
import { validateContact, type ContactFieldErrors } from '../../core/validation/contact';
import { clientIp } from '../http/client-ip';
import { canonicalOrigin } from '../http/cors';
import { readJsonObject, REST_BODY_LIMIT } from '../http/body';
import { HttpError } from '../http/errors';
import { rateLimitsFor, retryAfterSeconds } from '../http/rate-limit';
import { sendJson } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import { findPublicListing, parseListingId, type PublicListing } from '../listings/search/listing';
import { queueMail } from '../mail/outbox';
import { partnerAppContext } from '../partners/app-context';
import { guardPartnerRequest, partnerPreflight, requirePartnerKey } from '../partners/guard';
import { exportLeadsCsv } from '../leads/export';
import { insertLead, LEADS_PAGE_DEFAULT, LEADS_PAGE_MAX, listLeads } from './leads';
import { partnerPhoneCheck, partnerPhoneCountry, storedPhoneE164 } from './phone';
import { leadNotification } from './notification';

/** The page's pseudonymous visitor id when analytics is on (a UUID), else nothing: never a reason to refuse a message. */
const visitorIdOf = (value: unknown) => (typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null);

/** The listingId rule is ours (the spec's payload has no listing); worded like the spec's messages. */
export const LISTING_INVALID = 'Listing is invalid.';

async function submitContactForm(ctx: RequestContext): Promise<void> {
  const { db, config, logger } = ctx.services;
  const partner = await guardPartnerRequest(ctx);

  const decision = await rateLimitsFor(db).hit('contact', config.contactRateLimit, `${clientIp(ctx.req, config.trustProxy)}|${partner.slug}`);
  if (!decision.allowed) {
    const seconds = retryAfterSeconds(decision.retryAfterMs);
    throw new HttpError(429, 'rate_limited', `Too many messages. Try again in ${seconds} seconds.`, undefined, {
      'Retry-After': String(seconds),
    });
  }

  const body = await readJsonObject(ctx.req, REST_BODY_LIMIT);

  // Honeypot: a field people never see. Bots get a normal-looking success so they do not adapt.
  if (typeof body.website === 'string' ? body.website.trim() !== '' : body.website != null) {
    logger.info(`[contact] honeypot filled for partner=${partner.slug}; dropped`);
    sendJson(ctx.res, 201, { id: randomUUID() });
    return;
  }

  // The phone is read for the partner's country and stored in E.164 (./phone.ts).
  const result = validateContact(body, partnerPhoneCheck(partner));
  const fields: ContactFieldErrors & { listingId?: string } = result.ok ? {} : { ...result.errors };
  let listing: PublicListing | null = null;
  if (body.listingId !== undefined && body.listingId !== null && body.listingId !== '') {
    const listingId = parseListingId(body.listingId);
    listing = listingId === null ? null : await findPublicListing(db, listingId);
    if (!listing) fields.listingId = LISTING_INVALID;
  }
  if (!result.ok || Object.keys(fields).length > 0) {
    throw new HttpError(400, 'validation', 'Some fields need attention.', fields);
  }

  const pageOrigin = ctx.origin !== undefined ? canonicalOrigin(ctx.origin) : null;
  const mail = leadNotification({
    context: partnerAppContext(partner).context,
    lead: result.value,
    listing,
    pageOrigin,
    publicOrigin: config.publicOrigin,
  });
  const { leadId, mailId } = await db.transaction(async (tx) => {
    const leadId = await insertLead(tx, {
      ...result.value,
      partnerId: partner.id,
      listingId: listing?.id ?? null,
      pageOrigin,
      visitorId: visitorIdOf(body.visitorId),
    }, config.publicOrigin);
    return { leadId, mailId: await queueMail(tx, mail) };
  });
  logger.info(
    `[contact] lead ${leadId} partner=${partner.slug}${listing ? ` listing=${listing.id}` : ''}: mail #${mailId} to ${mail.to} in the outbox`,
  );
  sendJson(ctx.res, 201, { id: leadId });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parsePage(url: URL): { limit: number; before: string | null } {
  const fields: Record<string, string> = {};
  const rawLimit = url.searchParams.get('limit');
  const limit = rawLimit === null ? LEADS_PAGE_DEFAULT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > LEADS_PAGE_MAX) {
    fields.limit = `limit must be a whole number from 1 to ${LEADS_PAGE_MAX}.`;
  }
  const before = url.searchParams.get('before');
  if (before !== null && !UUID.test(before)) fields.before = 'before must be the id of a lead.';
  if (Object.keys(fields).length > 0) throw new HttpError(400, 'validation', 'Some parameters are invalid.', fields);
  return { limit, before };
}

async function readLeads(ctx: RequestContext): Promise<void> {
  const partner = await requirePartnerKey(ctx, 'leads:read');
  const page = await listLeads(ctx.services.db, partner.id, parsePage(ctx.url));
  if (!page) {
    throw new HttpError(400, 'validation', 'Some parameters are invalid.', {
      before: 'before must be the id of a lead of this partner.',
    });
  }
  // E.164, also for a lead stored before it (read for the partner's country; as stored when it does not read).
  const country = partnerPhoneCountry(partner);
  sendJson(ctx.res, 200, { ...page, leads: page.leads.map((lead) => ({ ...lead, phone: storedPhoneE164(lead.phone, country) })) });
}

export const contactRoutes: Record<string, Route> = {
  '/v1/api/contact-form/': { POST: submitContactForm, OPTIONS: partnerPreflight(['POST']) },
  '/v1/api/leads/': { GET: readLeads, OPTIONS: partnerPreflight(['GET']) },
  '/v1/api/leads/export.csv': { GET: exportLeadsCsv, OPTIONS: partnerPreflight(['GET']) },
};
