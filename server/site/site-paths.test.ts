/** Every route of spec §2 and every account path answers with its own content (server/site/*-pages.ts). */
import { describe, expect, it } from 'vitest';
import { siteTexts as t } from '../../core/i18n/site';
import { cookiesOf, postJson, signUp, STRONG_PASSWORD } from '../accounts/testing';
import { seedListings } from '../seed/data';
import { signedInServer } from '../testing/server-hooks';
import { SITE_PAGE_CSP } from './pages';

const site = signedInServer();

const HTML = { Accept: 'text/html,application/xhtml+xml' };
const listing = seedListings[0]!;

async function page(path: string, { signedIn = false, status = 200 } = {}): Promise<string> {
  const response = await fetch(`${site.server.url}${path}`, { headers: { ...HTML, ...(signedIn ? { Cookie: site.cookie } : {}) }, redirect: 'manual' });
  expect(response.status, path).toBe(status);
  expect(response.headers.get('content-security-policy'), path).toBe(SITE_PAGE_CSP);
  const html = await response.text();
  expect(html, path).not.toContain(`<h1>${t.notFoundHeading}</h1>`);
  // No inline script: only data blocks, which never run (structured data; the listing cards' data, card-data.ts).
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(ld\+)?json")/);
  expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  return html;
}

/** The text of <main>, tags dropped: what the page says. */
const mainText = (html: string) =>
  html
    .slice(html.indexOf('<main>'), html.indexOf('</main>'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('public pages (spec §2 routes)', () => {
  it('home: the search box, featured listings and the buy, sell and mortgage claims; no stand-in text', async () => {
    const html = await page('/');
    expect(html).toContain('<hearth-search-box search-page="/search">');
    expect(html).toMatch(/<hearth-listing-card listing-id="\d+">/);
    for (const claim of [...t.buyClaims, ...t.sellClaims, ...t.mortgageClaims]) expect(mainText(html)).toContain(claim);
    expect(html).not.toContain('being composed');
  });

  it("'home' redirects to the empty path", async () => {
    const response = await fetch(`${site.server.url}/home`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/');
  });

  it('buy and sell landing pages with their claims; sell has Start Listing with an address search', async () => {
    const buy = mainText(await page('/buy'));
    for (const claim of t.buyClaims) expect(buy).toContain(claim);
    const sellHtml = await page('/sell');
    const sell = mainText(sellHtml);
    for (const claim of t.sellClaims) expect(sell).toContain(claim);
    expect(sellHtml).toContain('<form class="start-listing" action="/selling/listing-start" method="get" data-start-listing>');
    expect(sellHtml).toContain(`<button class="button" type="submit">${t.sell.startListing}</button>`);
    for (const link of [t.sell.buying, t.sell.startBuying, t.sell.startSelling, t.sell.getPrequalified]) expect(sell).toContain(link);
    // And what the home is worth (issue 36).
    expect(sellHtml).toContain(`<a href="/home-value">${t.sell.homeValue}</a>`);
  });

  it('home value: <hearth-home-value> with its title, description and canonical URL, started on a listing or an address when given', async () => {
    const html = await page('/home-value');
    expect(html).toContain(`<title>${t.homeValue.title} — `);
    expect(html).toContain(`<meta name="description" content="${t.homeValue.description}">`);
    expect(html).toContain(`<link rel="canonical" href="${site.server.url}/home-value">`);
    expect(html).toContain(`<h1 id="home-value-title">${t.homeValue.title}</h1>`);
    expect(html).toMatch(/<hearth-home-value><p>/);
    // Without JavaScript the page still says what the estimate is.
    expect(mainText(html)).toContain('8 in 10 homes like yours sell within');
    expect(await page('/home-value?listing-id=1001')).toContain('<hearth-home-value listing-id="1001">');
    expect(await page(`/home-value?address=${encodeURIComponent('455 E 300 S "<b>')}`)).toContain('<hearth-home-value address="455 E 300 S &quot;&lt;b&gt;">');
    // A malformed listing id is no attribute at all.
    expect(await page('/home-value?listing-id=1%20onload%3Dx')).toMatch(/<hearth-home-value><p>/);
    expect((await fetch(`${site.server.url}/home-value/more`, { headers: HTML })).status).toBe(404);
  });

  it("selling: 'Sell Your Home', listing-start titled 'Low rates. Low fees. Happy customers', listing-detail at lat and lng", async () => {
    expect(await page('/selling')).toContain(`<title>${t.selling.title}`);
    expect(await page('/selling/listing-start')).toContain(`<h1>${t.selling.listingStart}</h1>`);
    expect(await page('/selling/listing-detail?lat=40.76&lng=-111.89')).toContain('<hearth-seller-dashboard lat="40.76" lng="-111.89" home-detail-url="/account/home-detail/{caseId}">');
    // 'List My Home For Rent' (Rent menu): the same start, the listing first set for rent.
    expect(await page('/selling?for=rent')).toContain('data-start-listing data-for="rent">');
    expect(await page('/selling/listing-detail?lat=40.76&lng=-111.89&for=rent')).toContain('<hearth-seller-dashboard lat="40.76" lng="-111.89" classification="rent"');
    expect(await page('/selling/listing-detail?lat=x&lng=1')).toContain('<form class="start-listing"');
  });

  it('renting, rent, stays, resources and the housing market of a state have their own pages', async () => {
    expect(mainText(await page('/renting'))).toContain('Homes for rent');
    expect(mainText(await page('/rent'))).toContain(t.nav.listForRent);
    expect(mainText(await page('/stays'))).toContain('Stays');
    expect(mainText(await page('/resources'))).toContain(t.footer.resources);
    expect(mainText(await page('/housing-market/UT'))).toContain('Utah Housing Market');
    expect(mainText(await page('/housing-market/utah'))).toContain('Utah Housing Market');
  });

  it('about: the story (2021, a Utah city, privately held, 5 employees), contact, privacy policy and terms', async () => {
    for (const path of ['/about', '/about/story']) {
      const story = mainText(await page(path));
      for (const fact of ['Founded in 2021', 'Salt Lake City, Utah', 'Privately held', '5 employees']) expect(story).toContain(fact);
    }
    const contact = await page('/about/contact');
    expect(contact).toContain(`<h1 id="contact-title">${t.contactHeading}</h1>`);
    expect(mainText(contact)).toContain('24 hours');
    expect(contact).toContain('<hearth-contact-form></hearth-contact-form>');
    expect(await page('/about/privacy-policy')).toContain('<iframe class="policy-frame" src="/about/privacy-policy/document" title="Privacy Policy">');
    expect(await page('/about/terms-and-conditions')).toContain('src="/about/terms-and-conditions/document"');
  });

  it('the framed policy documents: our texts, framable by our own pages only', async () => {
    for (const [path, text] of [
      ['/about/privacy-policy/document', 'We never sell your information'],
      ['/about/terms-and-conditions/document', 'Our listing fee is 1% of the sale price'],
    ] as const) {
      const response = await fetch(`${site.server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(await response.text()).toContain(text);
    }
  });

  it('version-info: application version 1.0.0 and the build', async () => {
    const text = mainText(await page('/version-info'));
    expect(text).toContain(`Application version ${t.applicationVersion}`);
    expect(text).toMatch(/Build \d+\.\d+\.\d+/);
  });

  it('search, gallery, a listing and the mortgage pages still answer', async () => {
    expect(await page('/search')).toContain('<hearth-search-map url-sync>');
    expect(await page('/gallery')).toContain('view="gallery"');
    expect(await page(`/listing/${listing.slugId}/${listing.listingCodeId}`)).toContain('<hearth-listing-detail');
    for (const path of ['/mortgage', '/mortgage/calculator', '/mortgage/prequalify', '/mortgage/refinance'])
      expect(await page(path)).toContain('<hearth-mortgage-');
    // The pre-approval route runs its own questionnaire, not the pre-qualification one.
    const preapproval = await page('/mortgage/preapproval');
    expect(preapproval).toContain('<hearth-questionnaire questionnaire="mortgage-preapproval"></hearth-questionnaire>');
    expect(preapproval).not.toContain('<hearth-mortgage-prequal');
  });

  it('log-in, log-out and the redirect screen', async () => {
    expect(await page('/log-in')).toContain('<hearth-sign-in></hearth-sign-in>');
    expect(await page('/log-out')).toContain('data-log-out data-next="/"');
    expect(await page('/redirect')).toContain('data-redirect-to="/"');
  });
});

describe('each dialog URL of spec §2: the page beneath, the dialog open (core/routing/dialog-paths.ts)', () => {
  const at = `/listing/${listing.slugId}/${listing.listingCodeId}`;

  it('gallery, showcase and seller edit open house over a listing page; a bad segment is not found', async () => {
    expect(await page(`${at}/gallery/2`)).toContain('photo-index="2" open-dialog="gallery"');
    expect(await page(`${at}/showcase/video`)).toContain('open-dialog="showcase" showcase-tab="video"');
    const openHouse = await page(`${at}/seller-edit-open-house/new`);
    expect(openHouse).toMatch(/<hearth-open-houses listing-id="\d+" route-sync>/);
    expect(await page(`${at}/seller-edit-open-house/31`)).toContain('<hearth-listing-detail');
    for (const bad of [`${at}/showcase/floor-plans`, `${at}/gallery/x`, `${at}/seller-edit-open-house/old`, `${at}/showcase`]) {
      const response = await fetch(`${site.server.url}${bad}`, { headers: HTML });
      expect(response.status, bad).toBe(404);
    }
  });

  it('login: {page}/log-in is the page with the login dialog open; signed in, the page itself; an unknown page stays not found', async () => {
    const search = await page('/search/log-in?location=provo-ut');
    expect(search).toContain('<hearth-search-map url-sync');
    expect(search).toContain('<hearth-sign-in dialog route-sync></hearth-sign-in>');
    expect(search).toContain('<meta name="robots" content="noindex">');
    const listingPage = await page(`${at}/log-in`);
    expect(listingPage).toContain('<hearth-sign-in dialog route-sync></hearth-sign-in>');
    expect(listingPage).toContain('<hearth-listing-detail');
    const signedIn = await fetch(`${site.server.url}/about/log-in?x=1`, { headers: { ...HTML, Cookie: site.cookie }, redirect: 'manual' });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('location')).toBe('/about?x=1');
    // Over an account page a visitor meets the login guard of the page beneath first.
    const guarded = await fetch(`${site.server.url}/account/buying/tours/log-in`, { headers: HTML, redirect: 'manual' });
    expect(guarded.status).toBe(302);
    expect(guarded.headers.get('location')).toMatch(/^\/log-in\?next=/);
    expect((await fetch(`${site.server.url}/no-such-page/log-in`, { headers: HTML })).status).toBe(404);
    // /log-in alone is still the log-in page.
    expect(await page('/log-in')).toContain('data-log-in');
  });
});

describe('account pages of a signed-in user (spec §2 account paths)', () => {
  const signedIn = { signedIn: true };

  it('the account home links every area', async () => {
    const html = await page('/account', signedIn);
    for (const href of ['/account/homes', '/account/buying/favorites', '/account/buying/saved-searches', '/account/settings', '/account/profile', '/account/notifications'])
      expect(html).toContain(`href="${href}"`);
  });

  it('tours, offers, guide, mortgage and the pre-qualification edit hold their elements', async () => {
    // The tour dialogs and the mortgage status dialog are routes over their pages (spec §2 dialogs).
    expect(await page('/account/buying/tours', signedIn)).toContain('<hearth-tours route-sync></hearth-tours>');
    expect(await page('/account/buying/tours/edit-tour/42', signedIn)).toContain('<hearth-tours route-sync tour-id="42"></hearth-tours>');
    expect(await page('/account/buying/tours/seller-edit-tour/42', signedIn)).toContain('<hearth-tours route-sync tour-id="42"></hearth-tours>');
    expect(await page('/account/buying/offers', signedIn)).toContain('<hearth-offers></hearth-offers>');
    expect(await page('/account/buyer-offer/5', signedIn)).toContain('<hearth-offers offer-id="5"></hearth-offers>');
    expect(await page('/account/buying/guide', signedIn)).toContain('<a href="/account/buying/tours">Request tours</a>');
    expect(await page('/account/mortgage', signedIn)).toContain('<hearth-mortgage-prequal route-sync></hearth-mortgage-prequal>');
    expect(await page('/account/mortgage/status/7', signedIn)).toContain('<hearth-mortgage-prequal route-sync></hearth-mortgage-prequal>');
    const id = '0f8c7a4e-3b2d-4c1a-9e8f-1234567890ab';
    expect(await page(`/account/pre-qualification-edit/${id}`, signedIn)).toContain(`<hearth-questionnaire response-id="${id}" mode="single">`);
  });

  it('favourites, saved searches and notifications are written from the user; the profile and settings hold <hearth-account>', async () => {
    expect(mainText(await page('/account/buying/favorites', signedIn))).toContain('You have no favourites yet');
    const savedSearches = await page('/account/buying/saved-searches', signedIn);
    expect(savedSearches).toContain('<hearth-saved-searches>');
    expect(mainText(savedSearches)).toContain('You have no saved searches yet');
    const settings = await page('/account/settings', signedIn);
    expect(settings).toContain('<hearth-account section="settings"></hearth-account>');
    expect(settings).toContain('href="/account/profile"');
    const profile = await page('/account/profile', signedIn);
    expect(profile).toContain('<hearth-account section="profile"></hearth-account>');
    expect(profile).toContain('href="/account/settings"');
    expect(mainText(await page('/account/notifications', signedIn))).toContain('No notifications yet');
  });

  it('homes, documents, a home detail, photo-management and briefcase say what they hold', async () => {
    expect(mainText(await page('/account/homes', signedIn))).toContain(t.nav.ownerDashboard);
    expect(mainText(await page('/account/buying/documents', signedIn))).toContain(t.nav.documents);
    expect(await page('/account/home-detail/3', signedIn)).toContain('<hearth-home-detail case-id="3" route-sync>');
    // Its listing's open house dialog and tour editor are routes over it (spec §2 route segments).
    for (const dialog of ['seller-edit-open-house/new', 'seller-edit-open-house/31', 'seller-edit-tour/42'])
      expect(await page(`/account/home-detail/3/${dialog}`, signedIn)).toContain('<hearth-home-detail case-id="3" route-sync>');
    for (const bad of ['seller-edit-open-house/old', 'seller-edit-open-house', 'edit-tour/42', 'seller-edit-tour/42/more', 'gallery/1']) {
      const response = await fetch(`${site.server.url}/account/home-detail/3/${bad}`, { headers: { ...HTML, Cookie: site.cookie } });
      expect(response.status, bad).toBe(404);
    }
    expect(mainText(await page('/photo-management', signedIn))).toContain('Photo management');
  });
});

describe('the shell on each page (spec §2 Shell)', () => {
  it('header and footer on an ordinary page; the header signs in a visitor, the Account menu for a user', async () => {
    const visitor = await page('/buy');
    expect(visitor).toContain('<header class="shell-header">');
    expect(visitor).toContain('<footer class="shell-footer">');
    expect(visitor).toContain(`data-sign-in>${t.nav.signIn}</a>`);
    const user = await page('/buy', { signedIn: true });
    expect(user).toContain(`<summary>${t.nav.account}</summary>`);
    expect(user).toContain(`<a href="/account/notifications">${t.nav.notifications}</a>`);
    expect(user).not.toContain(t.nav.signIn);
  });

  it('no header on photo-management; no footer there, on home-detail, search and selling', async () => {
    const photos = await page('/photo-management', { signedIn: true });
    expect(photos).not.toContain('<header');
    expect(photos).not.toContain('<footer');
    for (const [path, signedIn] of [
      ['/account/home-detail/3', true],
      ['/search', false],
      ['/gallery', false],
      ['/selling', false],
      ['/selling/listing-start', false],
    ] as const) {
      const html = await page(path, { signedIn });
      expect(html, path).toContain('<header class="shell-header">');
      expect(html, path).not.toContain('<footer');
    }
  });
});

describe('route guards on the server (spec §5), before any HTML', () => {
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${site.server.url}${path}`, { headers: { ...HTML, ...headers }, redirect: 'manual' });

  it('a visitor of an account path goes to /log-in with next; the route is remembered for after login', async () => {
    for (const path of ['/account/buying/favorites', '/account/settings', '/account/buying/tours/edit-tour/4', '/photo-management', '/briefcase']) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location')).toBe(`/log-in?next=${encodeURIComponent(path)}`);
      expect(await response.text()).toBe('');
      expect(response.headers.get('set-cookie')).toBe(`hearth-next=${encodeURIComponent(path)}; Path=/; Max-Age=3600; SameSite=Lax; HttpOnly`);
    }
    const account = await get('/account');
    expect(account.headers.get('location')).toBe('/log-in?next=%2Faccount');
    expect(account.headers.get('set-cookie')).toBeNull();
  });

  it('a signed-in user is kept off /log-in', async () => {
    const response = await get('/log-in', { Cookie: site.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('briefcase: representatives and company managers only, others to /', async () => {
    expect((await get('/briefcase', { Cookie: site.cookie })).headers.get('location')).toBe('/');
    const { email } = await signUp(site.server);
    await site.server.db.query('UPDATE users SET is_representative = true WHERE email = $1', [email]);
    const login = await postJson(site.server, '/v1/api/api-token-auth/', { username: email, password: STRONG_PASSWORD, session: true });
    const representative = `sessionid=${cookiesOf(login).get('sessionid')}`;
    const html = await (await get('/briefcase', { Cookie: representative })).text();
    expect(mainText(html)).toContain('Briefcase');
  });
});

describe('the post-login redirect screen (spec §2)', () => {
  const target = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${site.server.url}${path}`, { headers: { ...HTML, ...headers } });
    expect(response.status).toBe(200);
    const html = await response.text();
    return /data-redirect-to="([^"]*)" data-delay="500"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  };

  it('goes to next, or the remembered route, or /', async () => {
    expect(await target('/redirect?next=%2Faccount%2Fsettings')).toBe('/account/settings');
    expect(await target('/redirect', { Cookie: 'hearth-next=%2Faccount%2Fbuying%2Ffavorites' })).toBe('/account/buying/favorites');
    expect(await target('/redirect?next=%2Fbuy', { Cookie: 'hearth-next=%2Faccount' })).toBe('/buy');
    expect(await target('/redirect')).toBe('/');
    expect(await target('/redirect?next=%2Flog-in')).toBe('/');
  });

  it('drops the last segment of listing, mortgage and selling paths, rewrites selling to sell, keeps the query', async () => {
    expect(await target('/redirect?next=%2Flisting%2Fa-slug%2FCODE1%2Frequest-tour')).toBe('/listing/a-slug/CODE1');
    expect(await target('/redirect?next=%2Fmortgage%2Fprequalify')).toBe('/mortgage');
    expect(await target('/redirect?next=%2Fselling%2Flisting-start')).toBe('/sell');
    expect(await target(`/redirect?next=${encodeURIComponent('/search?beds=3&city=Provo')}`)).toBe('/search?beds=3&city=Provo');
  });

  it('never leaves the site', async () => {
    expect(await target(`/redirect?next=${encodeURIComponent('https://evil.example/x')}`)).toBe('/');
    expect(await target(`/redirect?next=${encodeURIComponent('//evil.example/x')}`)).toBe('/');
    expect(await target(`/redirect?next=${encodeURIComponent('/\\evil.example')}`)).toBe('/');
    // Normalised after the check, these became //evil.example (issue 33); each lands on a path of this site.
    const family = ['/..//evil.example', '/.//evil.example', '/%2e%2e//evil.example', '/%2E%2E/%2E%2E//evil.example', '/\\evil', '/%2F%2Fevil', '/%5Cevil', 'https:evil', '/\t/evil.example', '/\n/evil.example', '/\r\n//evil.example'];
    for (const next of family) {
      const landed = await target(`/redirect?next=${encodeURIComponent(next)}`);
      expect(new URL(landed!, 'https://homes.example').origin, next).toBe('https://homes.example');
      expect(landed, next).toMatch(/^\/(?![/\\])/);
      const logIn = /data-next="([^"]*)"/.exec(await (await fetch(`${site.server.url}/log-in?next=${encodeURIComponent(next)}`, { headers: HTML })).text())?.[1] ?? '/';
      expect(new URL(logIn.replace(/&amp;/g, '&'), 'https://homes.example').origin, next).toBe('https://homes.example');
      expect(logIn, next).toMatch(/^\/(?![/\\])/);
    }
    expect(await target(`/redirect?next=${encodeURIComponent('/%2F%2Fevil')}`)).toBe('/%2F%2Fevil');
  });

  it('forgets the remembered route once read', async () => {
    const response = await fetch(`${site.server.url}/redirect`, { headers: { ...HTML, Cookie: 'hearth-next=%2Fbuy' } });
    expect(response.headers.get('set-cookie')).toBe('hearth-next=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly');
  });
});

describe('log-out (spec §2, §4; issue 33: a GET ends nothing)', () => {
  const signedInSession = async () => {
    const { email } = await signUp(site.server);
    const login = await postJson(site.server, '/v1/api/api-token-auth/', { username: email, password: STRONG_PASSWORD, session: true });
    const cookies = cookiesOf(login);
    const token = ((await login.json()) as { token: string }).token;
    const cookie = `sessionid=${cookies.get('sessionid')}; csrftoken=${cookies.get('csrftoken')}`;
    return { cookie, csrf: cookies.get('csrftoken')!, token };
  };
  const live = async (headers: Record<string, string>) => (await fetch(`${site.server.url}/user/me/`, { headers })).status;
  const postForm = (cookie: string, fields: Record<string, string>, headers: Record<string, string> = { Origin: site.server.url }) =>
    fetch(`${site.server.url}/log-out?next=%2Fsearch`, {
      method: 'POST',
      headers: { ...HTML, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  it('a link from another site leaves the session as it was: the page asks, with a button that posts the session’s token', async () => {
    const { cookie, csrf, token } = await signedInSession();
    // What a browser sends when another site links here: the SameSite=Lax cookie comes along.
    const response = await fetch(`${site.server.url}/log-out?next=%2Fsearch`, { headers: { ...HTML, Cookie: cookie, 'Sec-Fetch-Site': 'cross-site', Referer: 'https://evil.example/' } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const html = await response.text();
    expect(html).toContain('data-log-out-confirm data-next="/search"');
    expect(html).toContain(`<form method="post" action="/log-out?next=%2Fsearch"`);
    expect(html).toContain(`<input type="hidden" name="csrfmiddlewaretoken" value="${csrf}">`);
    expect(html).toContain(`>${t.logOutButton}</button>`);
    expect(html).not.toContain('data-log-out ');
    expect(await live({ Cookie: cookie })).toBe(200);
    expect(await live({ Authorization: `Token ${token}` })).toBe(200);
  });

  it('refuses the form from another site, or without the session’s token, and keeps the session', async () => {
    const { cookie, csrf } = await signedInSession();
    const refusals: [Record<string, string>, Record<string, string>][] = [
      [{}, { Origin: site.server.url }],
      [{ csrfmiddlewaretoken: 'not-the-token' }, { Origin: site.server.url }],
      [{ csrfmiddlewaretoken: csrf }, { Origin: 'https://evil.example' }],
      [{ csrfmiddlewaretoken: csrf }, { 'Sec-Fetch-Site': 'cross-site' }],
      [{ csrfmiddlewaretoken: csrf }, { Origin: 'null' }],
    ];
    for (const [fields, headers] of refusals) {
      const response = await postForm(cookie, fields, headers);
      expect(response.status, JSON.stringify([fields, headers])).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(await live({ Cookie: cookie })).toBe(200);
  });

  it('ends the session and its paired token on the form from its own page, then finishes on GET /log-out', async () => {
    const { cookie, csrf, token } = await signedInSession();
    const response = await postForm(cookie, { csrfmiddlewaretoken: csrf });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/log-out?next=%2Fsearch');
    expect(response.headers.getSetCookie().map((c) => c.split(';')[0])).toEqual(['sessionid=', 'csrftoken=']);
    expect(await live({ Cookie: cookie })).toBe(401);
    expect(await live({ Authorization: `Token ${token}` })).toBe(401);

    // Nothing left to end: the page clears the dead cookies, leaves the next page its toast (flash.ts) and
    // finishes in the browser (site/site.js).
    const after = await fetch(`${site.server.url}/log-out?next=%2Fsearch`, { headers: { ...HTML, Cookie: cookie } });
    expect(after.headers.getSetCookie().map((c) => c.split(';')[0])).toEqual(['sessionid=', 'csrftoken=', 'hearth-flash=logged-out']);
    const html = await after.text();
    expect(html).toContain('data-log-out data-next="/search"');
    expect(html).toContain('<noscript><meta http-equiv="refresh" content="0;url=/search"></noscript>');
  });

  it('goes on to next on this site only, however the path is written', async () => {
    for (const next of ['https://evil.example/', '//evil.example', 'javascript:alert(1)', '/..//evil.example', '/%2e%2e//evil.example', '/\\evil.example', 'https:evil.example', '/\t/evil.example', '/\n/evil.example']) {
      const html = await (await fetch(`${site.server.url}/log-out?next=${encodeURIComponent(next)}`, { headers: HTML })).text();
      expect(html, next).toContain('data-next="/"');
      expect(html, next).toContain('content="0;url=/"');
    }
  });
});
