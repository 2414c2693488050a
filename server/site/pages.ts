/**
 * The hosted site's pages (spec §2 routes), each composed from the same elements partners embed: the
 * server writes the shell (header, footer, one <main>) around the page a builder returns, with our loader
 * and the site's own script; the elements do the rest. Route parameters are checked for shape and escaped
 * before they reach the page; a listing route is looked up so an unknown listing gets the not-found page
 * with a 404. The builders live beside this file: landing-pages.ts, account-pages.ts, session-pages.ts.
 */
import { resolveContext, type ResolvedAppContext } from '../../core/config/context';
import { DEFAULT_APP_CONTEXT } from '../../core/config/schema';
import { contextPhone } from '../../core/format/phone';
import { siteTexts as t } from '../../core/i18n/site';
import { authenticate } from '../accounts/session';
import { notFound } from '../http/errors';
import { htmlDocumentStart } from '../http/html-document';
import type { RequestContext, Route } from '../http/router';
import { partnerAppContext, publicAppContext } from '../partners/app-context';
import { DEFAULT_PARTNER_SLUG, type Partner } from '../partners/repository';
import { defaultPartner, resolvePartner } from '../partners/resolve';
import { servedOnPartnerDomain } from '../partners/site-origin';
import { accountPages, briefcasePage } from './account-pages';
import { photoManagementPage } from '../listing-photos/page';
import { escapeHtml, notFoundPage, section, type PageBuilder, type SitePage, type SiteRequest } from './html';
import {
  aboutPage,
  buyPage,
  homePage,
  policyDocumentHtml,
  sellingPage,
  sellPage,
  versionInfoPage,
} from './landing-pages';
import { rentingPage, staysPage } from './rental-pages';
import { housingMarketPage } from './market-pages';
import { homeValuePage } from './home-value-page';
import { listingPage } from './listing-page';
import { servedSearchHtml } from './search-data';
import { blogFeedRoute, blogPages } from './blog-pages';
import { POLICY_DOCUMENTS } from './policies';
import { iconLinkHtml, letterIconSvg, sendSvgIcon } from './favicon';
import { shellHtml, websiteName } from './shell';
import { sitemapRoutes } from './sitemap';
import { guardRoute, guardUser, type GuardOutcome } from './guards';
import { dialogPathOf } from '../../core/routing/dialog-paths';
import { logInPage, logOutPage, logOutRoute, redirectPage, REMEMBERED_ROUTE_COOKIE, REMEMBERED_ROUTE_SECONDS } from './session-pages';
import { consumeFlash, FLASH_CACHE_CONTROL, flashHtml, readFlash, setFlash, type Flash } from './flash';

export type { SitePage } from './html';

export const SITE_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; " +
  "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The framed policy documents: only our own pages may frame them. */
export const POLICY_DOCUMENT_CSP = "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/** JSON inside <script type="application/ld+json">: no '<' can end the element early. */
const jsonForHtml = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Open Graph tags of a page that has a canonical URL (the indexable ones). */
function openGraph(page: SitePage, title: string, siteName: string): string[] {
  const tags: [string, string | undefined][] = [
    ['og:type', page.jsonLd ? 'article' : 'website'],
    ['og:site_name', siteName],
    ['og:title', title],
    ['og:description', page.description],
    ['og:url', page.canonical],
    ['og:image', page.image],
  ];
  return [
    ...tags.filter(([, value]) => value).map(([property, value]) => `<meta property="${property}" content="${escapeHtml(value!)}">`),
    `<meta name="twitter:card" content="${page.image ? 'summary_large_image' : 'summary'}">`,
  ];
}

export function pageHtml(page: SitePage, site: SiteRequest, flash: Flash | null = null): string {
  const name = websiteName(site.context);
  const path = site.ctx.url.pathname;
  const { header, footer } = shellHtml(
    { context: site.context, signedIn: site.viewer !== null, path, year: new Date().getUTCFullYear(), ownSite: site.ownSite },
    { header: page.chrome?.header ?? true, footer: page.chrome?.footer ?? true },
  );
  const title = `${page.title} — ${name}`;
  const meta = [
    page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : '',
    page.noindex ? '<meta name="robots" content="noindex">' : '',
    ...(page.canonical ? [`<link rel="canonical" href="${escapeHtml(page.canonical)}">`, ...openGraph(page, title, name)] : []),
    ...(page.jsonLd ?? []).map((data) => `<script type="application/ld+json">${jsonForHtml(data)}</script>`),
    page.head ?? '',
  ]
    .filter(Boolean)
    .join('\n');
  return `${htmlDocumentStart(escapeHtml(title))}
${meta ? `${meta}\n` : ''}${iconLinkHtml(site.context, site.ctx.url)}
<link rel="stylesheet" href="/site/site.css">
<noscript><link rel="stylesheet" href="/site/no-js.css"></noscript>
<script src="/cdn/v1/loader.js" async></script>
<script type="module" src="/site/site.js"></script>
</head>
<body>
${header}
<main>
${page.main}
</main>
${footer}${flash ? `\n${flashHtml(flash)}` : ''}
</body>
</html>
`;
}

// ---------------------------------------------------------------------------------------------------
// Pages. Each takes the path segments after its mount and returns a page (or the not-found page).

/** The search map's toolbar holds the place search, so the page adds no `<hearth-search-box>` of its own. */
const searchPage =
  (view: 'map' | 'gallery'): PageBuilder =>
  async (segments, site) => {
    if (segments.length) return notFoundPage();
    // The element's first results and their first photo come with the page (search-data.ts).
    const served = await servedSearchHtml(site, view);
    return {
      title: t.nav.findHome,
      description: 'Homes for sale and rent on a map, with filters and saved searches.',
      chrome: { footer: false },
      head: served?.preload,
      main: `<h1 class="visually-hidden">${t.nav.findHome}</h1>\n<hearth-search-map url-sync${view === 'gallery' ? ' view="gallery"' : ''}>${served?.data ?? ''}</hearth-search-map>`,
    };
  };

const MORTGAGE_CHILDREN = new Set(['calculator', 'prequalify', 'refinance', 'preapproval']);

const mortgagePage: PageBuilder = ([child, ...rest], site) => {
  if (rest.length || (child !== undefined && !MORTGAGE_CHILDREN.has(child))) return notFoundPage();
  const phone = contextPhone(site.context, 'officeNumber');
  const claims = `<ul class="claims">${t.mortgageClaims.map((claim) => `<li>${escapeHtml(claim)}</li>`).join('')}</ul>`;
  const steps = `<ol class="steps">${t.mortgageSteps.map((step) => `<li>${step}</li>`).join('')}</ol>`;
  const calculator = '<section aria-labelledby="calculator"><h2 id="calculator">Mortgage calculator</h2><hearth-mortgage-calculator></hearth-mortgage-calculator></section>';
  // Opened by 'Get Prequalified' (or 'Ready to Refinance?'): the request starts at once, with no second button.
  const prequal = `<section aria-labelledby="prequal"><h2 id="prequal">${t.mortgage.getPrequalified}</h2><hearth-mortgage-prequal autostart></hearth-mortgage-prequal></section>`;
  // /mortgage/preapproval runs the pre-approval questionnaire (issue 21), not the pre-qualification one.
  const preapproval = `<section aria-labelledby="preapproval"><h2 id="preapproval">${t.mortgage.getPreapproved}</h2><hearth-questionnaire questionnaire="mortgage-preapproval"></hearth-questionnaire></section>`;
  const refinance = `<section aria-labelledby="refinance"><h2 id="refinance">${t.mortgage.refinance}</h2><hearth-mortgage-prequal kind="refinance" autostart></hearth-mortgage-prequal></section>`;
  const children: Record<string, string> = { calculator, refinance, preapproval, prequalify: prequal };
  const body =
    child !== undefined
      ? children[child]!
      : `<p class="cta"><a class="button" href="/mortgage/prequalify">${t.mortgage.getPrequalified}</a> <a class="button" href="/mortgage/refinance">${t.mortgage.refinance}</a> <a class="button" href="/mortgage">${t.mortgage.getStarted}</a></p>
${claims}
${steps}
${calculator}`;
  const call = phone ? `<p class="call">${t.mortgage.callPrompt} <a href="${escapeHtml(phone.href)}">${escapeHtml(phone.text)}</a>.</p>` : '';
  return { title: t.mortgage.heading, description: t.mortgageClaims.join(' '), main: section(t.mortgage.heading, `${body}\n${call}`) };
};

/** The partner of the request (Host, or ?partner=) as its pages show it; an unknown slug gets the default brand. */
export async function siteContext(
  ctx: RequestContext,
): Promise<{ partner: Partner; context: ResolvedAppContext; ownSite: boolean; siteOrigin: string }> {
  const resolution = await resolvePartner(ctx);
  const partner = resolution.found ? resolution.partner : await defaultPartner(ctx);
  const stored = resolution.found ? partnerAppContext(resolution.partner).context : DEFAULT_APP_CONTEXT;
  const ownSite = !resolution.found || resolution.partner.slug === DEFAULT_PARTNER_SLUG;
  // On the partner's own domain, its pages link there (canonical, cards, the elements' links): site-origin.ts.
  const servedOn = resolution.found ? servedOnPartnerDomain(ctx, resolution.partner) : null;
  const { publicOrigin } = ctx.services.config;
  return { partner, context: resolveContext(publicAppContext(stored, publicOrigin, servedOn)), ownSite, siteOrigin: servedOn ?? publicOrigin };
}

/** The request a page is built for: its partner's context and the signed-in viewer. */
export async function siteRequest(ctx: RequestContext): Promise<SiteRequest> {
  const { partner, context, ownSite, siteOrigin } = await siteContext(ctx);
  // A session cookie is read for GET only: no CSRF question arises, and a bad cookie is a visitor.
  const viewer = await authenticate(ctx.services.db, ctx.req.headers, 'GET').catch(() => null);
  return { ctx, partner, context, viewer: viewer?.user ?? null, publicOrigin: siteOrigin, ownSite };
}

function send(ctx: RequestContext, status: number, html: string, csp: string, cacheControl = 'no-cache'): void {
  const { res } = ctx;
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}

/** A guard of spec §5 said no: go elsewhere before any HTML, remembering the wanted route when it says so. */
function sendGuardRedirect(ctx: RequestContext, { redirect, remember }: GuardOutcome): void {
  const { res } = ctx;
  res.statusCode = 302;
  res.setHeader('Location', redirect);
  res.setHeader('Cache-Control', 'no-store');
  if (remember) {
    const secure = ctx.services.config.publicOrigin.startsWith('https:') ? '; Secure' : '';
    res.setHeader('Set-Cookie', `${REMEMBERED_ROUTE_COOKIE}=${encodeURIComponent(remember)}; Path=/; Max-Age=${REMEMBERED_ROUTE_SECONDS}; SameSite=Lax; HttpOnly${secure}`);
  }
  res.end();
}

/**
 * The page at `ctx` (its url and the `rest` after the page's mount) for the partner and viewer of `request`
 * (the same request when the site serves the page; <hearth-app>'s call when it asks for one), or the
 * redirect a guard of spec §5 demands.
 */
export async function composePage(
  ctx: RequestContext,
  build: PageBuilder,
  request: RequestContext = ctx,
): Promise<{ guard: GuardOutcome } | { page: SitePage; site: SiteRequest }> {
  let segments: string[];
  try {
    segments = ctx.rest.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    segments = ['\u0000'];
  }
  const login = dialogPathOf(ctx.url.pathname, ['login']);
  if (login) return composeLoginDialog(ctx, login.page, request);
  const site = { ...(await siteRequest(request)), ctx };
  const guard = guardRoute(`${ctx.url.pathname}${ctx.url.search}`, site.viewer ? guardUser(site.viewer) : null);
  if (guard) return { guard };
  return { page: await build(segments, site), site };
}

/**
 * {page}/log-in (spec §2 login dialog as a route): the page beneath, its guards first, with the login dialog
 * open over it (`route-sync`: closing goes up to the page). A signed-in user is sent to the page itself.
 */
async function composeLoginDialog(
  ctx: RequestContext,
  pagePath: string,
  request: RequestContext,
): Promise<{ guard: GuardOutcome } | { page: SitePage; site: SiteRequest }> {
  const url = new URL(`${pagePath}${ctx.url.search}`, ctx.url);
  const found = findPage(url.pathname);
  const composed = await composePage({ ...ctx, url, rest: found?.rest ?? '' }, found?.page ?? (() => notFoundPage()), request);
  if ('guard' in composed) return composed;
  if (composed.site.viewer) return { guard: { redirect: `${url.pathname}${url.search}`, remember: null } };
  if ((composed.page.status ?? 200) !== 200) return composed;
  return { ...composed, page: { ...composed.page, noindex: true, main: `${composed.page.main}\n<hearth-sign-in dialog route-sync></hearth-sign-in>` } };
}

async function sendPage(ctx: RequestContext, build: PageBuilder): Promise<void> {
  const composed = await composePage(ctx, build);
  if ('guard' in composed) return sendGuardRedirect(ctx, composed.guard);
  ctx.res.setHeader('X-Frame-Options', 'DENY');
  const { page } = composed;
  const { publicOrigin } = ctx.services.config;
  // A flash left by the page before (flash.ts) is said here, once, and this page is kept by no cache; a page that
  // leaves one says none itself.
  const flash = page.leavesFlash ? null : readFlash(ctx.req);
  if (page.leavesFlash) setFlash(ctx.res, page.leavesFlash, publicOrigin);
  if (flash) consumeFlash(ctx.res, publicOrigin);
  send(ctx, page.status ?? 200, pageHtml(page, composed.site, flash), SITE_PAGE_CSP, flash ? FLASH_CACHE_CONTROL : undefined);
}

/** A route of a page: served as HTML here, and as JSON to <hearth-app> (app-page.ts) through `findPage`. */
type PageRoute = Route & { page: PageBuilder; exact: boolean };

const mount = (build: PageBuilder): PageRoute => ({ GET: (ctx) => sendPage(ctx, build), page: build, exact: false });
/** An exact path (no `rest`): the builder sees no segments. */
const exact = (build: PageBuilder): PageRoute => ({ GET: (ctx) => sendPage({ ...ctx, rest: '' }, build), page: build, exact: true });

/** /about/{policy}/document: the framed page of spec §2 (about/privacy-policy, about/terms-and-conditions). */
const policyDocumentRoute = (name: keyof typeof POLICY_DOCUMENTS): Route => ({
  GET: async (ctx) => {
    const site = await siteRequest(ctx);
    ctx.res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    send(ctx, 200, policyDocumentHtml(POLICY_DOCUMENTS[name], websiteName(site.context)), POLICY_DOCUMENT_CSP);
  },
});

/** 'home' redirects to the empty path (spec §2). */
const homeRedirect: Route = {
  GET: (ctx) => {
    ctx.res.statusCode = 301;
    ctx.res.setHeader('Location', `/${ctx.url.search}`);
    ctx.res.end();
  },
};

/** The site's icon for the request's partner (./favicon.ts). */
const faviconRoute: Route = {
  GET: async (ctx) => sendSvgIcon(ctx.res, letterIconSvg((await siteContext(ctx)).context), ctx.method === 'HEAD'),
};

export const sitePageRoutes: Record<string, Route> = {
  '/favicon.svg': faviconRoute,
  '/favicon.ico': faviconRoute,
  '/': exact(homePage),
  '/home': homeRedirect,
  '/buy': exact(buyPage),
  '/sell': exact(sellPage),
  '/selling/*': mount(sellingPage),
  '/renting': exact(rentingPage),
  '/rent': exact(rentingPage),
  '/stays': exact(staysPage),
  '/resources/feed.xml': blogFeedRoute,
  '/resources/*': mount(blogPages),
  '/housing-market/*': mount(housingMarketPage),
  '/home-value': exact(homeValuePage),
  '/about/privacy-policy/document': policyDocumentRoute('privacy-policy'),
  '/about/terms-and-conditions/document': policyDocumentRoute('terms-and-conditions'),
  '/about/*': mount(aboutPage),
  '/version-info': exact(versionInfoPage),
  '/search': exact(searchPage('map')),
  '/gallery': exact(searchPage('gallery')),
  '/listing/*': mount(listingPage),
  '/account/*': mount(accountPages),
  '/photo-management': exact(photoManagementPage),
  '/briefcase': exact(briefcasePage),
  '/mortgage/*': mount(mortgagePage),
  '/log-in': exact(logInPage),
  '/log-out': { ...exact(logOutPage), ...logOutRoute },
  '/redirect': exact(redirectPage),
  ...sitemapRoutes(),
};

/**
 * The page builder of a path, as the router would find it (an exact path, a trailing slash optional, then
 * the prefix mounts in order), with the path after its mount; null for a path with no page (the not-found
 * page) and for routes that are not pages (feeds, sitemaps, framed documents, redirects).
 */
export function findPage(pathname: string): { page: PageBuilder; rest: string } | null {
  const routes = Object.entries(sitePageRoutes).filter((entry): entry is [string, PageRoute] => 'page' in entry[1]);
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  for (const [path, route] of routes) if (!path.endsWith('/*') && path === trimmed) return { page: route.page, rest: '' };
  for (const [path, route] of routes) {
    if (!path.endsWith('/*')) continue;
    const prefix = path.slice(0, -1);
    if (pathname.startsWith(prefix)) return { page: route.page, rest: pathname.slice(prefix.length) };
    if (pathname === prefix.slice(0, -1)) return { page: route.page, rest: '' };
  }
  return null;
}

/**
 * Any other path (spec §2): the not-found page for a browser navigation, the JSON 404 for anything else
 * (an API client asking for a path that does not exist should not get HTML).
 */
export const notFoundRoute: Route = {
  GET: (ctx) => {
    if (!/\btext\/html\b/.test(ctx.req.headers.accept ?? '')) throw notFound();
    return sendPage(ctx, () => notFoundPage());
  },
};
