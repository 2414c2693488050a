/**
 * The hosted site's public pages (spec §2 routes): home, the buy and sell landing pages with the claims of
 * spec §1, the selling, renting and stays sections, the resource centre, the housing market, about (story,
 * contact, privacy policy, terms), and version-info. Content that arrives with later issues (blog posts,
 * market metrics, rentals) has its place here already.
 */
import { siteTexts as t } from '../../core/i18n/site';
import { TYPED_ADDRESS_MAX } from '../../core/sellers/typed-address';
import type { Queryable } from '../db';
import { htmlDocumentStart } from '../http/html-document';
import { LISTING_COLUMNS, PUBLIC_LISTING, SEARCHABLE_SQL, toPublicListing, type ListingRow, type PublicListing } from '../listings/search/listing';
import { escapeHtml, exactPage, listItems, notFoundPage, section, type PageBuilder, type SitePage, type SiteRequest } from './html';
import { listingCardsHtml } from './card-data';
import { POLICY_DOCUMENTS, type Policy, type PolicyName } from './policies';
import { websiteName } from './shell';

const FEATURED_COUNT = 6;

/** The home page's listings: featured ones first, then the newest, all public and still on the market. */
export async function featuredListings(db: Queryable, limit = FEATURED_COUNT): Promise<PublicListing[]> {
  const { rows } = await db.query<ListingRow>(
    `SELECT ${LISTING_COLUMNS} FROM listings l
      WHERE ${PUBLIC_LISTING} AND ${SEARCHABLE_SQL}
      ORDER BY l.featured DESC, l.list_date DESC NULLS LAST, l.id DESC
      LIMIT $1`,
    [limit],
  );
  return rows.map(toPublicListing);
}

const searchBox = (label?: string) =>
  `<hearth-search-box search-page="/search"${label ? ` label="${escapeHtml(label)}"` : ''}></hearth-search-box>`;

const claimsSection = (id: string, heading: string, claims: readonly string[], cta: string) =>
  `<section class="claims-block" aria-labelledby="${id}"><h2 id="${id}">${escapeHtml(heading)}</h2><ul class="claims">${listItems(claims)}</ul>${cta}</section>`;

const siteName = (site: SiteRequest) => websiteName(site.context);

// ---------------------------------------------------------------------------------------------------
// Home, buy, sell

export const homePage: PageBuilder = exactPage(async (site) => {
  const listings = await featuredListings(site.ctx.services.db);
  const name = siteName(site);
  const cards = (await listingCardsHtml(site, listings)).map((card) => `<li>${card}</li>`).join('');
  return {
    title: `${name}: homes for sale, tours and mortgages`,
    description: `Search homes for sale and rent, book tours, make offers and get pre-qualified with ${name}.`,
    canonical: `${site.publicOrigin}/`,
    main: `<section class="hero" aria-labelledby="home-title">
<h1 id="home-title">Find your home, sell yours, finance both</h1>
<p>Search every listing on the map, tour at times that suit you, and make your offer with a dedicated agent.</p>
${searchBox()}
</section>
${cards ? `<section aria-labelledby="featured"><h2 id="featured">Featured homes</h2><ul class="card-grid">${cards}</ul><p><a href="/search">See every home on the map</a></p></section>\n` : ''}<div class="claims-grid">
${claimsSection('buy-claims', 'Buy with us', t.buyClaims, `<a class="button" href="/buy">${t.nav.buy}</a>`)}
${claimsSection('sell-claims', 'Sell with us', t.sellClaims, `<a class="button" href="/sell">${t.nav.sell}</a>`)}
${claimsSection('mortgage-claims', 'Finance with us', t.mortgageClaims, `<a class="button" href="/mortgage">${t.mortgage.heading}</a>`)}
</div>`,
  };
});

export const buyPage: PageBuilder = exactPage((site) => ({
  title: 'Buy a home',
  description: t.buyClaims.join(' '),
  canonical: `${site.publicOrigin}/buy`,
  main: `<section class="hero"><h1>Buy a home with ${escapeHtml(siteName(site))}</h1>
<p>Every home for sale on one map, tours in a few clicks, and an agent of your own.</p>
${searchBox()}</section>
<ul class="claims">${listItems(t.buyClaims)}</ul>
<p class="cta"><a class="button" href="/search">${t.nav.findHome}</a> <a class="button" href="/mortgage/prequalify">${t.mortgage.getPrequalified}</a> <a class="button" href="/account/buying/guide">${t.nav.guide}</a></p>`,
}));

/** Spec §2 sell page: Start Listing with an address search (site.js goes on to /selling/listing-detail?lat=…&lng=…). */
const startListingFormFor = (rent: boolean) => `<form class="start-listing" action="/selling/listing-start" method="get" data-start-listing${rent ? ' data-for="rent"' : ''}>
<hearth-search-box label="${escapeHtml(t.sell.addressLabel)}"></hearth-search-box>
<button class="button" type="submit">${t.sell.startListing}</button>
<p class="start-listing-hint">${escapeHtml(t.sell.typedHint)}</p>
</form>`;
const startListingForm = startListingFormFor(false);

export const sellPage: PageBuilder = exactPage((site) => ({
  title: 'Sell your home',
  description: t.sellClaims.join(' '),
  canonical: `${site.publicOrigin}/sell`,
  main: `<section class="hero"><h1>Sell your home for a 1% listing fee</h1>
<p>Enter the address of your home to start your listing.</p>
${startListingForm}</section>
<ul class="claims">${listItems(t.sellClaims)}</ul>
<nav class="cta" aria-label="Next steps"><a href="/buy">${t.sell.buying}</a> <a href="/search">${t.sell.startBuying}</a> <a href="/selling">${t.sell.startSelling}</a> <a href="/home-value">${t.sell.homeValue}</a> <a href="/mortgage/prequalify">${t.sell.getPrequalified}</a></nav>`,
}));

// ---------------------------------------------------------------------------------------------------
// Selling, renting, stays

const COORDINATE = /^-?\d{1,3}(?:\.\d{1,12})?$/;

/** /selling, /selling/listing-start, /selling/listing-detail?lat=…&lng=… (spec §2) or ?address=… (a typed address). */
export const sellingPage: PageBuilder = ([child, ...rest], site) => {
  if (rest.length) return notFoundPage();
  const chrome = { footer: false };
  // ?for=rent: 'List My Home For Rent' (spec §2 Rent menu) starts the rental intake.
  const rent = site.ctx.url.searchParams.get('for') === 'rent';
  const startListingForm = startListingFormFor(rent);
  if (child === undefined)
    return {
      title: t.selling.title,
      chrome,
      main: section(t.selling.title, `<p>Tell us about your home and we list it for a 1% fee, with a local agent beside you.</p>\n${startListingForm}`),
    };
  if (child === 'listing-start')
    return {
      title: t.selling.title,
      chrome,
      main: section(t.selling.listingStart, `<p>Start with the address of your home.</p>\n${startListingForm}`),
    };
  if (child === 'listing-detail') {
    const lat = site.ctx.url.searchParams.get('lat') ?? '';
    const lng = site.ctx.url.searchParams.get('lng') ?? '';
    // ?address=…: the text typed on the sell page (issue 36); the element reads it in parts for the seller to confirm.
    const address = (site.ctx.url.searchParams.get('address') ?? '').trim().slice(0, TYPED_ADDRESS_MAX);
    const atPoint = COORDINATE.test(lat) && COORDINATE.test(lng) && Math.abs(Number(lat)) <= 90 && Math.abs(Number(lng)) <= 180;
    if (!atPoint && !address)
      return { title: t.selling.title, chrome, main: section(t.selling.listingStart, `<p>Choose your home's address first.</p>\n${startListingForm}`) };
    const where = atPoint ? `lat="${lat}" lng="${lng}"` : `address="${escapeHtml(address)}"`;
    return {
      title: t.selling.title,
      chrome,
      noindex: true,
      // The home at the point, sale or rent, sign-in, then createSeller and on to /account/home-detail/{caseId}.
      main: section(
        t.selling.listingStart,
        `<hearth-seller-dashboard ${where}${rent ? ' classification="rent"' : ''} home-detail-url="/account/home-detail/{caseId}"></hearth-seller-dashboard>
<p>Next, the seller questionnaire asks about its rooms, condition and the price you have in mind; your agent calls you within one working day.</p>`,
      ),
    };
  }
  return notFoundPage();
};

// ---------------------------------------------------------------------------------------------------
// Resources, housing market

// ---------------------------------------------------------------------------------------------------
// About

const storyPage = (site: SiteRequest): SitePage => ({
  title: 'About us',
  description: 'Founded in 2021 in Salt Lake City, Utah; privately held; 5 employees.',
  canonical: `${site.publicOrigin}/about`,
  main: section(
    'About us',
    `<p>We started ${escapeHtml(siteName(site))} in 2021 in Salt Lake City, Utah, because buying or selling a home cost too much and told you too little.</p>
<ul class="facts-list"><li>Founded in 2021</li><li>Based in Salt Lake City, Utah</li><li>Privately held</li><li>5 employees</li></ul>
<p>We list homes for a 1% fee, give every buyer a dedicated agent and refund up to $5k of closing costs, and our lender pre-qualifies you in minutes.</p>
<p><a href="/about/contact">${t.footer.contact}</a> · <a href="/about/privacy-policy">${t.footer.privacy}</a> · <a href="/about/terms-and-conditions">${escapeHtml(t.footer.terms)}</a></p>`,
  ),
});

const contactPage = (site: SiteRequest): SitePage => ({
  title: t.contactHeading,
  description: t.contactText,
  canonical: `${site.publicOrigin}/about/contact`,
  main: `<section class="contact-page" aria-labelledby="contact-title"><h1 id="contact-title">${t.contactHeading}</h1>
<p>${escapeHtml(t.contactText)}</p>
<hearth-contact-form></hearth-contact-form></section>`,
});

const policyPage = (name: PolicyName, site: SiteRequest): SitePage => {
  const policy = POLICY_DOCUMENTS[name];
  return {
    title: policy.title,
    canonical: `${site.publicOrigin}/about/${name}`,
    main: section(
      policy.title,
      `<iframe class="policy-frame" src="/about/${name}/document" title="${escapeHtml(policy.title)}"></iframe>
<p><a href="/about/${name}/document">Open the ${escapeHtml(policy.title)} on its own page</a></p>`,
    ),
  };
};

export const aboutPage: PageBuilder = ([child, ...rest], site) => {
  if (rest.length) return notFoundPage();
  if (child === undefined || child === 'story') return storyPage(site);
  if (child === 'contact') return contactPage(site);
  if (child === 'privacy-policy' || child === 'terms-and-conditions') return policyPage(child, site);
  return notFoundPage();
};

/** The framed document itself (/about/{policy}/document): a page of its own, without the shell. */
export function policyDocumentHtml(policy: Policy, site: string): string {
  const sections = policy.sections
    .map((s) => `<section><h2>${escapeHtml(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${escapeHtml(p.replaceAll('{site}', site))}</p>`).join('')}</section>`)
    .join('\n');
  return `${htmlDocumentStart(`${escapeHtml(policy.title)} — ${escapeHtml(site)}`)}
<link rel="stylesheet" href="/site/site.css">
</head>
<body class="policy-document">
<main>
<h1>${escapeHtml(policy.title)}</h1>
<p>Last updated ${escapeHtml(policy.updated)}.</p>
${sections}
</main>
</body>
</html>
`;
}

// ---------------------------------------------------------------------------------------------------
// Version info

export const versionInfoPage: PageBuilder = exactPage((site) => ({
  title: 'Version info',
  noindex: true,
  main: section(
    'Version info',
    `<dl class="version-info"><dt>Application version</dt><dd>${t.applicationVersion}</dd><dt>Build</dt><dd>${escapeHtml(site.ctx.services.config.cdnVersion)}</dd></dl>`,
  ),
}));
