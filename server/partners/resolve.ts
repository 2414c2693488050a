/**
 * Which partner a request is for (spec §1 white-label): `?partner=<slug>`, else the partner whose
 * `domains` hold the Origin's host (an embed on the partner's site), else the Host (the hosted site on
 * the partner's own domain), else `default`.
 */
import { VersionedCache } from '../db/changes';
import { HttpError } from '../http/errors';
import type { RequestContext } from '../http/router';
import { noteScopePartner } from '../observability/request-scope';
import { DEFAULT_PARTNER_SLUG, findPartnerByHosts, findPartnerBySlug, type Partner } from './repository';

export type PartnerResolution =
  | { found: true; partner: Partner }
  /** A `?partner=` slug that names no partner. */
  | { found: false; slug: string };

export function hostnameOf(value: string | undefined, withScheme: boolean): string | null {
  if (!value) return null;
  try {
    return new URL(withScheme ? value : `http://${value}`).hostname;
  } catch {
    return null;
  }
}

/**
 * Every API request resolves its partner: kept in memory until a partner changes (server/db/changes.ts),
 * for the slugs and hosts seen most recently (hosts come from request headers: bounded).
 */
const resolved = new VersionedCache<Partner | null>('partners', 1_000);

export async function resolvePartner(ctx: RequestContext): Promise<PartnerResolution> {
  const resolution = await findRequestPartner(ctx);
  // Every line logged for the rest of the request names it (server/observability/request-scope.ts).
  if (resolution.found) noteScopePartner(resolution.partner.slug);
  return resolution;
}

async function findRequestPartner(ctx: RequestContext): Promise<PartnerResolution> {
  const { db } = ctx.services;
  const slug = ctx.url.searchParams.get('partner');
  if (slug !== null && slug !== '') {
    const partner = await resolved.read(db, `slug\n${slug}`, () => findPartnerBySlug(db, slug));
    return partner ? { found: true, partner } : { found: false, slug };
  }
  const originHost = hostnameOf(ctx.origin, true);
  const host = hostnameOf(ctx.req.headers.host, false);
  const partner = await resolved.read(db, `hosts\n${originHost}\n${host}`, () =>
    findPartnerByHosts(db, originHost, host, DEFAULT_PARTNER_SLUG),
  );
  if (!partner) throw new Error(`The "${DEFAULT_PARTNER_SLUG}" partner is missing: run the seed.`);
  return { found: true, partner };
}

const unknownPartner = (slug: string) =>
  new HttpError(404, 'unknown_partner', `There is no partner "${slug.slice(0, 64)}".`);

/** The default partner (the site's own brand): a hosted page whose `?partner=` names no partner shows it. */
export async function defaultPartner(ctx: RequestContext): Promise<Partner> {
  const { db } = ctx.services;
  const partner = await resolved.read(db, `slug\n${DEFAULT_PARTNER_SLUG}`, () => findPartnerBySlug(db, DEFAULT_PARTNER_SLUG));
  if (!partner) throw new Error(`The "${DEFAULT_PARTNER_SLUG}" partner is missing: run the seed.`);
  return partner;
}

/** The partner, or 404 unknown_partner. */
export async function requirePartner(ctx: RequestContext): Promise<Partner> {
  const resolution = await resolvePartner(ctx);
  if (!resolution.found) throw unknownPartner(resolution.slug);
  return resolution.partner;
}
