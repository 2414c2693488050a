/**
 * GET /v1/api/site/page/?path=/listing/… — a hosted-site page as JSON for <hearth-app> (the whole site as
 * one element on a partner's page): the same builders, guards, partner context and viewer as the HTML
 * page, answered as the shell's header and footer and the page's <main>, or the redirect its guard demands.
 * Links in the HTML stay site paths ('/search'); the element maps them under its base path.
 */
import { HttpError } from '../http/errors';
import { sendJson } from '../http/respond';
import type { RequestContext, Route } from '../http/router';
import { guardPartnerRequest, partnerPreflight } from '../partners/guard';
import { notFoundPage } from './html';
import { composePage, findPage } from './pages';
import { shellHtml, websiteName } from './shell';

export const SITE_PAGE_API = '/v1/api/site/page/';

/** What <hearth-app> renders (the OpenAPI document describes it). */
export type AppPageBody =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      status: number;
      /** `{page title} — {website name}`, as the HTML page's <title>. */
      title: string;
      description: string | null;
      header: string;
      main: string;
      footer: string;
    };

/** A site path with its query: one leading slash, no scheme or host, at most 2,000 characters. */
export function readAppPath(raw: string | null): URL {
  if (raw === null || raw === '') throw new HttpError(400, 'invalid_path', 'Say which page with ?path=/…');
  // The router has applied the shared text rule (no controls, no lone surrogates) to every parameter.
  if (raw.length > 2_000 || !raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) {
    throw new HttpError(400, 'invalid_path', 'path must be a site path starting with one "/", like /search.');
  }
  return new URL(raw, 'http://page.invalid');
}

async function sitePage(ctx: RequestContext): Promise<void> {
  await guardPartnerRequest(ctx);
  const url = readAppPath(ctx.url.searchParams.get('path'));
  // The 'home' route of spec §2 is a redirect to the empty path.
  if (url.pathname === '/home') return answer(ctx, { kind: 'redirect', location: `/${url.search}` });
  const found = findPage(url.pathname);
  const pageCtx: RequestContext = { ...ctx, url, rest: found?.rest ?? '' };
  const composed = await composePage(pageCtx, found?.page ?? (() => notFoundPage()), ctx);
  if ('guard' in composed) return answer(ctx, { kind: 'redirect', location: composed.guard.redirect });
  const { page, site } = composed;
  const { header, footer } = shellHtml(
    { context: site.context, signedIn: site.viewer !== null, path: url.pathname, year: new Date().getUTCFullYear(), ownSite: site.ownSite },
    { header: page.chrome?.header ?? true, footer: page.chrome?.footer ?? true },
  );
  answer(ctx, {
    kind: 'page',
    status: page.status ?? 200,
    title: `${page.title} — ${websiteName(site.context)}`,
    description: page.description ?? null,
    header,
    main: page.main,
    footer,
  });
}

function answer(ctx: RequestContext, body: AppPageBody): void {
  // The page depends on who asks (account pages, the header's menus): never shared by a cache.
  sendJson(ctx.res, 200, body, { 'Cache-Control': 'private, no-store', Vary: 'Origin, Authorization' });
}

export const appPageRoutes: Record<string, Route> = {
  [SITE_PAGE_API]: { GET: sitePage, OPTIONS: partnerPreflight(['GET']) },
};
