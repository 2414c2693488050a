/**
 * The origin a partner's links are built on for one request (issue 35): a partner's hosted site may be served on
 * its own domain (the domain points at us, and its `domains` hold the request's Host). Its pages, and the config
 * its elements load from there, then link on that origin, so a visitor stays on the partner's domain. Every other
 * request (our own site, an embed calling our API from another origin) links on our public origin.
 */
import type { RequestContext } from '../http/router';
import { overTls } from '../http/security-headers';
import type { Partner } from './repository';

/** `https://partner.example[:port]` when the request came in on one of the partner's domains, else null. */
export function servedOnPartnerDomain(ctx: Pick<RequestContext, 'req' | 'services'>, partner: Pick<Partner, 'domains'> | null | undefined): string | null {
  const raw = ctx.req.headers.host;
  if (!raw || !partner?.domains.length) return null;
  let host: URL;
  try {
    host = new URL(`http://${raw}`);
  } catch {
    return null;
  }
  // Only a stored domain: the Host header is the client's to write.
  if (!partner.domains.includes(host.hostname)) return null;
  return `${overTls(ctx.req, ctx.services.config) ? 'https' : 'http'}://${host.host}`;
}
