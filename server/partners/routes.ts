/**
 * GET /v1/api/dynamic-config/ and GET /v1/api/site-config/ (spec §7): the partner's branding and the site's
 * display name, public to every origin.
 */
import { brandName } from '../../core/config/brand';
import { DEFAULT_APP_CONTEXT, type AppContext } from '../../core/config/schema';
import { addVary, canonicalOrigin, writePreflight } from '../http/cors';
import { sendJson } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import { partnerAppContext, publicAppContext } from './app-context';
import { partnerImageRoutes } from './images';
import { DEFAULT_PARTNER_SLUG, findPartnerBySlug, type Partner } from './repository';
import { hostnameOf, resolvePartner } from './resolve';
import { servedOnPartnerDomain } from './site-origin';

const CONFIG_MAX_AGE_SECONDS = 60;

interface DynamicConfigBody {
  app_config: { app_context: string; error: string | null; domain: string | null };
}

interface SiteConfigBody {
  /** What the site calls itself: the partner's website name, else its app name, else its name. */
  display_name: string;
}

interface Branding {
  context: AppContext;
  error: string | null;
  domain: string | null;
  name: string | null;
  partner: Partner | null;
}

/** The requested partner's context, or the default one with the reason (spec §8). */
async function brandingOf(ctx: RequestContext): Promise<Branding> {
  const { db, logger } = ctx.services;
  const resolution = await resolvePartner(ctx);

  let partner: Partner | null;
  let error: string | null = null;
  let context: AppContext;
  if (resolution.found) {
    partner = resolution.partner;
    const parsed = partnerAppContext(partner);
    context = parsed.context;
    if (!parsed.ok) {
      logger.error(`[partners] stored app_context of "${partner.slug}" is invalid; serving the default context`);
      error = 'The partner configuration is invalid; the default configuration is used.';
    }
  } else {
    // Spec §8: an unknown partner still gets a working (default) context, with the reason.
    partner = await findPartnerBySlug(db, DEFAULT_PARTNER_SLUG);
    context = partner ? partnerAppContext(partner).context : DEFAULT_APP_CONTEXT;
    error = `Unknown partner "${resolution.slug.slice(0, 64)}"; the default configuration is used.`;
  }
  const domain = (resolution.found ? partner?.domains[0] : undefined) ?? hostnameOf(ctx.req.headers.host, false);
  return { context, error, domain, name: partner?.name ?? null, partner };
}

/** Public branding: every origin may read it. The answer depends on the Origin (partner domains). */
function sendPublic(ctx: RequestContext, body: unknown): void {
  addVary(ctx.res, 'Origin');
  if (ctx.origin !== undefined) {
    ctx.res.setHeader('Access-Control-Allow-Origin', canonicalOrigin(ctx.origin) ? ctx.origin : '*');
  }
  sendJson(ctx.res, 200, body, { 'Cache-Control': `public, max-age=${CONFIG_MAX_AGE_SECONDS}` });
}

async function dynamicConfig(ctx: RequestContext): Promise<void> {
  const { context, error, domain, partner } = await brandingOf(ctx);
  const body: DynamicConfigBody = {
    app_config: {
      // The hosted site on the partner's own domain loads this from there: its elements link on that domain.
      app_context: JSON.stringify(publicAppContext(context, ctx.services.config.publicOrigin, servedOnPartnerDomain(ctx, partner))),
      error,
      domain,
    },
  };
  sendPublic(ctx, body);
}

async function siteConfig(ctx: RequestContext): Promise<void> {
  const { context, name } = await brandingOf(ctx);
  const body: SiteConfigBody = { display_name: brandName(context) || name || brandName(DEFAULT_APP_CONTEXT) };
  sendPublic(ctx, body);
}

function publicPreflight(ctx: RequestContext): void {
  writePreflight(ctx.res, ctx.origin && canonicalOrigin(ctx.origin) ? ctx.origin : '*', ['GET']);
}

export const partnerRoutes: Record<string, Route> = {
  '/v1/api/dynamic-config/': { GET: dynamicConfig, OPTIONS: publicPreflight },
  '/v1/api/site-config/': { GET: siteConfig, OPTIONS: publicPreflight },
  ...partnerImageRoutes,
};
