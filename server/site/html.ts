/**
 * What every hosted-site page module shares: the page record a builder returns, the request it is built
 * for (the partner's context and the signed-in user, read from the session cookie), and the escaping rule.
 */
import type { ResolvedAppContext } from '../../core/config/context';
import { siteTexts as t } from '../../core/i18n/site';
import type { UserRecord } from '../accounts/users';
import type { RequestContext } from '../http/router';
import type { Partner } from '../partners/repository';
import type { Flash } from './flash';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Route segments we put into attributes: ids and slugs only. */
export const ID = /^[1-9]\d{0,17}$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const SLUG = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;

/** Which parts of the shell a page shows (spec §2: header hidden on photo-management; footer on a few more). */
export interface Chrome {
  header: boolean;
  footer: boolean;
}

export interface SitePage {
  status?: number;
  title: string;
  description?: string;
  /** Absolute canonical URL; also the page's og:url. */
  canonical?: string;
  /** An absolute image for og:image. */
  image?: string;
  /** schema.org objects written as application/ld+json (data, not script: the CSP allows it). */
  jsonLd?: object[];
  /** Pages a search engine should not list (account pages, log-out, the redirect screen). */
  noindex?: boolean;
  chrome?: Partial<Chrome>;
  /** Elements of <head> a page adds (e.g. the redirect screen's no-script refresh), already escaped. */
  head?: string;
  /** Inner HTML of <main>: element tags and static text, every value already escaped. */
  main: string;
  /** A message the next page says (flash.ts): the log-out page leaves 'logged-out'. */
  leavesFlash?: Flash;
}

/** The request a page is built for. */
export interface SiteRequest {
  ctx: RequestContext;
  /** Whose brand the page shows: the request's partner, or the default partner for a `?partner=` that names none. */
  partner: Partner;
  /** The partner's app context (spec §3 Partner context) laid over the defaults, URLs absolute. */
  context: ResolvedAppContext;
  /** The signed-in user of the hosted site's session cookie, or null for a visitor. */
  viewer: UserRecord | null;
  /** The origin the page's absolute links use: the partner's own domain when it came in there, else ours (partners/site-origin.ts). */
  publicOrigin: string;
  /** Our own site (the default partner), not a partner's. */
  ownSite: boolean;
}

/** Takes the path segments after its mount (decoded) and returns a page. */
export type PageBuilder = (segments: string[], site: SiteRequest) => SitePage | Promise<SitePage>;

export const notFoundPage = (): SitePage => ({
  status: 404,
  title: t.notFoundHeading,
  noindex: true,
  main: `<section class="not-found"><h1>${t.notFoundHeading}</h1><p>${escapeHtml(t.notFoundText)}</p><p>${t.notFoundCode}</p></section>`,
});

/** A page's one <h1> and its body. */
export const section = (heading: string, body: string) => `<h1>${escapeHtml(heading)}</h1>\n${body}`;

/** An exact page: any further segment is the not-found page. */
export const exactPage =
  (build: (site: SiteRequest) => SitePage | Promise<SitePage>): PageBuilder =>
  (segments, site) =>
    segments.length ? notFoundPage() : build(site);

/** The list items of a bulleted list, escaped. */
export const listItems = (items: readonly string[]) => items.map((item) => `<li>${escapeHtml(item)}</li>`).join('');
