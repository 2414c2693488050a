/**
 * POST /v1/api/registration/ — a visitor who registered because the partner's lead registration rule asked
 * (core/registration/rule.ts) becomes a lead of source 'registration': the signed-in user's name and email,
 * the listing they were viewing, their visitor id when analytics is on. One registration lead per user and
 * partner: asking again answers the same lead. The agent is mailed and the partner's webhook told, as for
 * any lead (insertLead).
 */
import { registrationTexts } from '../../core/i18n/registration';
import { formatAddress } from '../../core/format/address';
import { authenticate, notAuthenticated, withDetailErrors } from '../accounts/session';
import { readJsonObject, REST_BODY_LIMIT } from '../http/body';
import { canonicalOrigin } from '../http/cors';
import { sendJson } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import { findPublicListing, parseListingId } from '../listings/search/listing';
import { queueMail } from '../mail/outbox';
import { partnerAppContext } from '../partners/app-context';
import { guardPartnerRequest, partnerPreflight } from '../partners/guard';
import { insertLead } from './leads';
import { leadNotification } from './notification';

export const REGISTRATION_PATH = '/v1/api/registration/';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function register(ctx: RequestContext): Promise<void> {
  const { db, config, logger } = ctx.services;
  const partner = await guardPartnerRequest(ctx);
  const viewer = await authenticate(db, ctx.req.headers, ctx.method);
  if (!viewer) throw notAuthenticated();
  const body = await readJsonObject(ctx.req, REST_BODY_LIMIT);
  const listingId = body.listingId === undefined || body.listingId === null ? null : parseListingId(body.listingId);
  const listing = listingId === null ? null : await findPublicListing(db, listingId);
  const visitorId = typeof body.visitorId === 'string' && UUID.test(body.visitorId) ? body.visitorId.toLowerCase() : null;
  const user = viewer.user;

  const existing = await db.query<{ id: string }>(
    `SELECT id FROM leads WHERE partner_id = $1 AND source = 'registration' AND lower(email) = lower($2) ORDER BY seq LIMIT 1`,
    [partner.id, user.email],
  );
  if (existing.rows[0]) {
    sendJson(ctx.res, 200, { id: existing.rows[0].id, created: false });
    return;
  }
  const address = listing ? formatAddress(listing.address) : null;
  const lead = {
    firstName: user.firstName || user.email.split('@', 1)[0]!,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    comment: registrationTexts.leadComment(address),
  };
  const pageOrigin = ctx.origin !== undefined ? canonicalOrigin(ctx.origin) : null;
  const mail = leadNotification({ context: partnerAppContext(partner).context, lead, listing, pageOrigin, publicOrigin: config.publicOrigin });
  const { leadId } = await db.transaction(async (tx) => {
    const leadId = await insertLead(tx, { ...lead, partnerId: partner.id, listingId: listing?.id ?? null, pageOrigin, source: 'registration', visitorId }, config.publicOrigin);
    await queueMail(tx, mail);
    return { leadId };
  });
  logger.info(`[contact] registration lead ${leadId} partner=${partner.slug} user=${user.id}`);
  sendJson(ctx.res, 201, { id: leadId, created: true });
}

export const registrationRoutes: Record<string, Route> = {
  [REGISTRATION_PATH]: { POST: withDetailErrors(register), OPTIONS: partnerPreflight(['POST']) },
};
