/**
 * Per-partner CORS for API routes. A disallowed origin gets no CORS grant; when the request would
 * change state it is refused outright, before anything is read or written.
 */
import { HttpError } from '../http/errors';
import { addVary, allowOrigin, isOriginAllowed, isStateChanging, writePreflight } from '../http/cors';
import type { Handler, RequestContext } from '../http/router';
import { readPartnerKey } from './api-keys';
import { findKeyGrant, type ApiKeyScope } from './keys';
import type { Partner } from './repository';
import { requirePartner } from './resolve';

function originAllowedFor(ctx: RequestContext, partner: Partner): boolean {
  if (ctx.origin === undefined) return true;
  const { production, publicOrigin } = ctx.services.config;
  return isOriginAllowed(partner.allowedOrigins, ctx.origin, { production, selfOrigin: publicOrigin });
}

const originNotAllowed = (origin: string) =>
  new HttpError(403, 'origin_not_allowed', `Pages on ${origin.slice(0, 200)} may not call this API for this partner.`);

/** Resolves the partner and applies its CORS policy; returns the partner for the handler. */
export async function guardPartnerRequest(ctx: RequestContext): Promise<Partner> {
  const partner = await requirePartner(ctx);
  addVary(ctx.res, 'Origin');
  if (ctx.origin === undefined) return partner;
  if (originAllowedFor(ctx, partner)) {
    allowOrigin(ctx.res, ctx.origin);
  } else if (isStateChanging(ctx.method)) {
    throw originNotAllowed(ctx.origin);
  }
  return partner;
}

/**
 * `guardPartnerRequest`, then the partner's own API key (`Authorization: Partner <key>`) with `scope`:
 * 401 without a key anybody has (a revoked key included, from the request after it was revoked), 403 for
 * another partner's key or a key without the scope. For the routes a partner's systems call: reading
 * leads needs `leads:read`, managing the account (webhooks) `admin`.
 */
export async function requirePartnerKey(ctx: RequestContext, scope: ApiKeyScope = 'leads:read'): Promise<Partner> {
  const partner = await guardPartnerRequest(ctx);
  const key = readPartnerKey(ctx.req.headers.authorization);
  const grant = key ? await findKeyGrant(ctx.services.db, key) : null;
  if (!grant) {
    throw new HttpError(401, 'unauthorized', 'Send the partner API key as "Authorization: Partner <key>".', undefined, {
      'WWW-Authenticate': 'Partner',
    });
  }
  if (grant.partnerId !== partner.id) throw new HttpError(403, 'forbidden', 'This key does not belong to this partner.');
  if (!grant.scopes.includes(scope)) throw new HttpError(403, 'insufficient_scope', `This key lacks the "${scope}" scope.`);
  return partner;
}

/** An OPTIONS handler answering the preflight of `methods` for the request's partner. */
export function partnerPreflight(methods: readonly string[]): Handler {
  return async (ctx) => {
    const partner = await requirePartner(ctx);
    addVary(ctx.res, 'Origin');
    if (ctx.origin === undefined) {
      // Not a CORS preflight, just a question about the route.
      ctx.res.setHeader('Allow', [...methods, 'OPTIONS'].join(', '));
      ctx.res.statusCode = 204;
      ctx.res.end();
      return;
    }
    if (!originAllowedFor(ctx, partner)) throw originNotAllowed(ctx.origin);
    writePreflight(ctx.res, ctx.origin, methods);
  };
}
