/**
 * Which partner a request is for (spec §1 white-label): `?partner=<slug>`, else the partner whose
 * `domains` hold the Origin's host (an embed on the partner's site), else the Host (the hosted site on
 * the partner's own domain), else `default`.
 */
import { HttpError } from '../http/errors';
import type { RequestContext } from '../http/router';
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

export async function resolvePartner(ctx: RequestContext): Promise<PartnerResolution> {
  const { db } = ctx.services;
  const slug = ctx.url.searchParams.get('partner');
  if (slug !== null && slug !== '') {
    const partner = await findPartnerBySlug(db, slug);
    return partner ? { found: true, partner } : { found: false, slug };
  }
  const partner = await findPartnerByHosts(
    db,
    hostnameOf(ctx.origin, true),
    hostnameOf(ctx.req.headers.host, false),
    DEFAULT_PARTNER_SLUG,
  );
  if (!partner) throw new Error(`The "${DEFAULT_PARTNER_SLUG}" partner is missing: run the seed.`);
  return { found: true, partner };
}

const unknownPartner = (slug: string) =>
  new HttpError(404, 'unknown_partner', `There is no partner "${slug.slice(0, 64)}".`);

/** The partner, or 404 unknown_partner. */
export async function requirePartner(ctx: RequestContext): Promise<Partner> {
  const resolution = await resolvePartner(ctx);
  if (!resolution.found) throw unknownPartner(resolution.slug);
  return resolution.partner;
}
