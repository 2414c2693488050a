/**
 * The hosted site's pages (spec §2 routes), each composed from the same elements partners embed: the
 * server writes a small shell (header, footer, one <main>) with the element tags and our loader, the
 * elements do the rest. Route parameters are checked for shape and escaped before they reach the page;
 * a listing route is looked up so an unknown listing gets the not-found page with a 404.
 *
 * Pages that need a signed-in user are still served to everyone: the session lives in the browser
 * (bearer token) and each element asks for sign-in itself, as it does on a partner's page.
 */
import { siteTexts as t } from '../../core/i18n/site';
import { DEFAULT_APP_CONTEXT } from '../../core/config/schema';
import { formatPhone } from '../../core/format/phone';
import { notFound } from '../http/errors';
import type { RequestContext, Route } from '../http/router';
import { findPublicListingBySlug } from '../listings/search/listing';

export const SITE_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; " +
  "frame-src https://www.youtube-nocookie.com https://player.vimeo.com; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Route segments we put into attributes: ids and slugs only. */
const ID = /^[1-9]\d{0,17}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,199}$/;

export interface SitePage {
  status?: number;
  title: string;
  description?: string;
  /** Inner HTML of <main>: element tags and static text, every value already escaped. */
  main: string;
}

export function pageHtml(page: SitePage): string {
  const nav = [
    ['/', t.nav.home],
    ['/search', t.nav.findHome],
    ['/mortgage', t.nav.mortgage],
    ['/account/buying/tours', t.nav.tours],
    ['/account/buying/offers', t.nav.offers],
    ['/account/buying/guide', t.nav.guide],
    ['/log-in', t.nav.signIn],
  ]
    .map(([href, label]) => `<a href="${href}">${escapeHtml(label!)}</a>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} — Hearth</title>
${page.description ? `<meta name="description" content="${escapeHtml(page.description)}">\n` : ''}<link rel="stylesheet" href="/site/site.css">
<script src="/cdn/v1/loader.js" async></script>
</head>
<body>
<header class="shell-header"><a class="brand" href="/">Hearth</a><nav aria-label="Main">${nav}</nav></header>
<main>
${page.main}
</main>
<footer class="shell-footer"><nav aria-label="Footer"><a href="/about/privacy-policy">${t.footer.privacy}</a><a href="/about/terms-and-conditions">${escapeHtml(t.footer.terms)}</a><a href="/#contact">${t.footer.contact}</a></nav><p>© ${new Date().getUTCFullYear()} Hearth</p></footer>
</body>
</html>
`;
}

export const notFoundPage = (): SitePage => ({
  status: 404,
  title: t.notFoundHeading,
  main: `<section class="not-found"><h1>${t.notFoundHeading}</h1><p>${escapeHtml(t.notFoundText)}</p><p>${t.notFoundCode}</p></section>`,
});

const section = (heading: string, body: string) => `<h1>${escapeHtml(heading)}</h1>\n${body}`;

// ---------------------------------------------------------------------------------------------------
// Pages. Each takes the path segments after its mount and returns a page (or the not-found page).

type PageBuilder = (segments: string[], ctx: RequestContext) => SitePage | Promise<SitePage>;

/** The search map's toolbar holds the place search, so the page adds no `<hearth-search-box>` of its own. */
const searchPage =
  (view: 'map' | 'gallery'): PageBuilder =>
  (segments) =>
    segments.length
      ? notFoundPage()
      : {
          title: t.nav.findHome,
          description: 'Homes for sale and rent on a map, with filters and saved searches.',
          main: `<h1 class="visually-hidden">${t.nav.findHome}</h1>\n<hearth-search-map url-sync${view === 'gallery' ? ' view="gallery"' : ''}></hearth-search-map>`,
        };

/** /listing/{slugId}/{listingCodeId}[/gallery/{index}]. */
const listingPage: PageBuilder = async ([slugId, listingCodeId, dialog, index, ...rest], ctx) => {
  if (!slugId || !listingCodeId || !SLUG.test(slugId) || !SLUG.test(listingCodeId) || rest.length) return notFoundPage();
  if (dialog !== undefined && !(dialog === 'gallery' && index !== undefined && /^\d{1,4}$/.test(index))) return notFoundPage();
  const listing = await findPublicListingBySlug(ctx.services.db, slugId, listingCodeId);
  if (!listing) return notFoundPage();
  const id = String(listing.id);
  const address = [listing.address.streetLine1, listing.address.city, listing.address.stateProvince].filter(Boolean).join(', ');
  const gallery = dialog ? ` photo-index="${index}" open-dialog="gallery"` : '';
  return {
    title: listing.title ?? address,
    description: address,
    main: `<div class="listing-page">
<hearth-listing-detail slug-id="${escapeHtml(slugId)}" listing-code-id="${escapeHtml(listingCodeId)}" route-sync owns-page${gallery}></hearth-listing-detail>
<aside class="listing-actions" aria-label="Tours and offers">
<hearth-request-tour listing-id="${id}"></hearth-request-tour>
<hearth-make-offer listing-id="${id}"></hearth-make-offer>
<hearth-open-houses listing-id="${id}"></hearth-open-houses>
</aside>
</div>`,
  };
};

const toursPage: PageBuilder = (segments) => {
  // /account/buying/tours, …/edit-tour/{id} (buyer) and the seller's seller-edit-tour/{id}.
  const [kind, id, ...rest] = segments;
  if (rest.length || (kind !== undefined && !((kind === 'edit-tour' || kind === 'seller-edit-tour') && id && ID.test(id)))) return notFoundPage();
  return { title: t.nav.tours, main: section(t.nav.tours, `<hearth-tours${id ? ` tour-id="${id}"` : ''}></hearth-tours>`) };
};

const offersPage: PageBuilder = (segments) =>
  segments.length ? notFoundPage() : { title: t.nav.offers, main: section(t.nav.offers, '<hearth-offers></hearth-offers>') };

/** /account/buyer-offer/{offerId}: the offers page, where the offer's form continues. */
const buyerOfferPage: PageBuilder = ([id, ...rest]) =>
  !id || !ID.test(id) || rest.length ? notFoundPage() : { title: t.nav.offers, main: section(t.nav.offers, '<hearth-offers></hearth-offers>') };

/** /account/pre-qualification-edit/{caseResponse id} (spec §2 mortgage status 'Edit Request'). */
const prequalEditPage: PageBuilder = ([id, ...rest]) =>
  !id || !UUID.test(id) || rest.length
    ? notFoundPage()
    : {
        title: 'Edit your pre-qualification',
        main: section('Edit your pre-qualification', `<hearth-questionnaire response-id="${id.toLowerCase()}" mode="single"></hearth-questionnaire>`),
      };

const BUYING_GUIDE = [
  ['Get pre-qualified', 'Know your budget before you tour: our pre-qualification takes minutes and does not affect your credit.', '/mortgage/prequalify'],
  ['Find homes and save them', 'Search on the map, save favourites and searches, and get an email when new homes match.', '/search'],
  ['Request tours', 'Pick times that suit you; the showing agent confirms one and you get a calendar file.', '/account/buying/tours'],
  ['Make an offer', 'Tell us the price, financing, contingencies and closing date; your agent reviews it before it goes to the seller.', '/account/buying/offers'],
  ['Close', 'Upload your documents, sign electronically and get the keys. Up to 5k of closing costs back.', null],
] as const;

const guidePage: PageBuilder = (segments) =>
  segments.length
    ? notFoundPage()
    : {
        title: t.nav.guide,
        main: section(
          t.nav.guide,
          `<ol class="guide">${BUYING_GUIDE.map(
            ([title, text, href]) => `<li><h2>${href ? `<a href="${href}">${escapeHtml(title)}</a>` : escapeHtml(title)}</h2><p>${escapeHtml(text)}</p></li>`,
          ).join('')}</ol>`,
        ),
      };

const MORTGAGE_CHILDREN = new Set(['calculator', 'prequalify', 'refinance', 'preapproval']);

const mortgagePage: PageBuilder = ([child, ...rest]) => {
  if (rest.length || (child !== undefined && !MORTGAGE_CHILDREN.has(child))) return notFoundPage();
  const phone = DEFAULT_APP_CONTEXT.officeNumber;
  const claims = `<ul class="claims">${t.mortgageClaims.map((claim) => `<li>${escapeHtml(claim)}</li>`).join('')}</ul>`;
  const steps = `<ol class="steps">${t.mortgageSteps.map((step) => `<li>${step}</li>`).join('')}</ol>`;
  const calculator = '<section aria-labelledby="calculator"><h2 id="calculator">Mortgage calculator</h2><hearth-mortgage-calculator></hearth-mortgage-calculator></section>';
  const prequal = `<section aria-labelledby="prequal"><h2 id="prequal">${t.mortgage.getPrequalified}</h2><hearth-mortgage-prequal></hearth-mortgage-prequal></section>`;
  const refinance = `<section aria-labelledby="refinance"><h2 id="refinance">${t.mortgage.refinance}</h2><hearth-mortgage-prequal kind="refinance"></hearth-mortgage-prequal></section>`;
  const body =
    child === 'calculator'
      ? calculator
      : child === 'refinance'
        ? refinance
        : child === 'prequalify' || child === 'preapproval'
          ? prequal
          : `<p class="cta"><a class="button" href="/mortgage/prequalify">${t.mortgage.getPrequalified}</a> <a class="button" href="/mortgage/refinance">${t.mortgage.refinance}</a> <a class="button" href="/mortgage">${t.mortgage.getStarted}</a></p>
${claims}
${steps}
${calculator}`;
  const call = phone ? `<p class="call">${t.mortgage.callPrompt} <a href="tel:${escapeHtml(phone.replace(/[^\d+]/g, ''))}">${escapeHtml(formatPhone(phone))}</a>.</p>` : '';
  return { title: t.mortgage.heading, description: t.mortgageClaims.join(' '), main: section(t.mortgage.heading, `${body}\n${call}`) };
};

const logInPage: PageBuilder = (segments) =>
  segments.length ? notFoundPage() : { title: 'Log in', main: section('Log in', '<hearth-sign-in></hearth-sign-in>') };

const accountPage: PageBuilder = (segments, ctx) => {
  const [first, ...rest] = segments;
  if (first === undefined) {
    const links = [
      ['/account/buying/tours', t.nav.tours],
      ['/account/buying/offers', t.nav.offers],
      ['/account/mortgage', t.nav.mortgage],
      ['/account/buying/guide', t.nav.guide],
    ];
    return { title: 'Account', main: section('Account', `<ul class="account-links">${links.map(([href, label]) => `<li><a href="${href}">${label}</a></li>`).join('')}</ul>`) };
  }
  if (first === 'buying') {
    const [area, ...more] = rest;
    if (area === 'tours') return toursPage(more, ctx);
    if (area === 'offers') return offersPage(more, ctx);
    if (area === 'guide') return guidePage(more, ctx);
    return notFoundPage();
  }
  if (first === 'buyer-offer') return buyerOfferPage(rest, ctx);
  if (first === 'pre-qualification-edit') return prequalEditPage(rest, ctx);
  if (first === 'mortgage' && !rest.length) return { title: t.nav.mortgage, main: section(t.nav.mortgage, '<hearth-mortgage-prequal></hearth-mortgage-prequal>') };
  return notFoundPage();
};

async function sendPage(ctx: RequestContext, build: PageBuilder): Promise<void> {
  let segments: string[];
  try {
    segments = ctx.rest.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    segments = ['\u0000'];
  }
  const page = await build(segments, ctx);
  const html = pageHtml(page);
  const { res } = ctx;
  res.statusCode = page.status ?? 200;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', SITE_PAGE_CSP);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  res.end(html);
}

const mount = (build: PageBuilder): Route => ({ GET: (ctx) => sendPage(ctx, build) });
/** An exact path (no `rest`): the builder sees no segments. */
const exact = (build: PageBuilder): Route => ({ GET: (ctx) => sendPage({ ...ctx, rest: '' }, build) });

export const sitePageRoutes: Record<string, Route> = {
  '/search': exact(searchPage('map')),
  '/gallery': exact(searchPage('gallery')),
  '/listing/*': mount(listingPage),
  '/account/*': mount(accountPage),
  '/mortgage/*': mount(mortgagePage),
  '/log-in': exact(logInPage),
};

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
