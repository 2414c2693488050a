/** GET /v1/api/site/page/: the hosted site's pages as JSON for <hearth-app>, with the same guards and viewer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteTexts as t } from '../../core/i18n/site';
import { signUp } from '../accounts/testing';
import type { RunningServer } from '../app';
import { seedListings } from '../seed/data';
import { startTestServer } from '../testing/test-server';
import { SITE_PAGE_API, type AppPageBody } from './app-page';

let server: RunningServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await signUp(server)).token;
});
afterAll(async () => {
  await server?.close();
});

const PARTNER_PAGE = 'http://127.0.0.1:9';

async function sitePage(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: AppPageBody; response: Response }> {
  const response = await fetch(`${server.url}${SITE_PAGE_API}?path=${encodeURIComponent(path)}`, { headers });
  return { status: response.status, body: (await response.json()) as AppPageBody, response };
}

const page = (body: AppPageBody) => {
  if (body.kind !== 'page') throw new Error(`expected a page, got a redirect to ${body.location}`);
  return body;
};

describe('site pages for <hearth-app>', () => {
  it('answers the page of a path with the shell around it, as the HTML page has it', async () => {
    const { status, body, response } = await sitePage('/search');
    expect(status).toBe(200);
    const search = page(body);
    expect(search.status).toBe(200);
    expect(search.main).toContain('<hearth-search-map url-sync>');
    expect(search.header).toContain('class="shell-header"');
    // spec §2: the search page has no footer.
    expect(search.footer).toBe('');
    expect(search.title).toMatch(/ — /);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await (await fetch(`${server.url}/search`, { headers: { Accept: 'text/html' } })).text();
    expect(html).toContain(search.main);
  });

  it('builds a listing page from its route segments, and the not-found page for an unknown one', async () => {
    const listing = seedListings[0]!;
    const found = page((await sitePage(`/listing/${listing.slugId}/${listing.listingCodeId}`)).body);
    expect(found.status).toBe(200);
    expect(found.main).toContain(`listing-id="${listing.id}"`);
    // Dialogs as routes: the page with the element that opens its dialog from the URL.
    const tour = page((await sitePage(`/listing/${listing.slugId}/${listing.listingCodeId}/request-tour`)).body);
    expect(tour.status).toBe(200);
    expect(tour.main).toContain(`<hearth-request-tour listing-id="${listing.id}" route-sync>`);
    expect(page((await sitePage(`/listing/${listing.slugId}/${listing.listingCodeId}/make-offer`)).body).main).toContain('<hearth-make-offer listing-id');
    expect(page((await sitePage(`/listing/${listing.slugId}/${listing.listingCodeId}/request-tour/2`)).body).status).toBe(404);
    expect(page((await sitePage(`/listing/${listing.slugId}/${listing.listingCodeId}/teleport`)).body).status).toBe(404);
    const missing = page((await sitePage('/listing/nowhere/NOPE-1')).body);
    expect(missing.status).toBe(404);
    expect(missing.main).toContain(t.notFoundHeading);
    expect(page((await sitePage('/no/such/page')).body).status).toBe(404);
  });

  it('keeps the query for the page (the log-in page reads next)', async () => {
    const login = page((await sitePage('/log-in?next=%2Faccount%2Fbuying%2Ffavorites')).body);
    expect(login.main).toContain('/account/buying/favorites');
  });

  it('redirects as the route guards do: a visitor to log-in with next, a signed-in user off log-in', async () => {
    expect((await sitePage('/account/buying/favorites')).body).toEqual({ kind: 'redirect', location: expect.stringMatching(/^\/log-in\?next=%2Faccount%2Fbuying%2Ffavorites/) });
    const favourites = page((await sitePage('/account/buying/favorites', { Authorization: `Token ${token}` })).body);
    expect(favourites.status).toBe(200);
    expect(favourites.header).toContain('account-menu');
    expect((await sitePage('/log-in', { Authorization: `Token ${token}` })).body.kind).toBe('redirect');
    expect((await sitePage('/home')).body).toEqual({ kind: 'redirect', location: '/' });
  });

  it('log-out for a signed-in element asks first and ends nothing: a link leads anyone here (issue 33)', async () => {
    const own = (await signUp(server)).token;
    const asked = page((await sitePage('/log-out?next=%2Fsearch', { Authorization: `Token ${own}` })).body);
    expect(asked.main).toContain('data-log-out-confirm data-next="/search"');
    expect(asked.main).toContain(`>${t.logOutButton}</button>`);
    expect((await fetch(`${server.url}/user/me/`, { headers: { Authorization: `Token ${own}` } })).status).toBe(200);
    // Without a live credential there is nothing to ask: the element signs itself out and goes on.
    expect(page((await sitePage('/log-out?next=%2Fsearch')).body).main).toContain('data-log-out data-next="/search"');
  });

  it('refuses what is not a site path, with a clear error', async () => {
    for (const path of ['', 'search', '//evil.example/x', '/\\evil', `/${'a'.repeat(2_001)}`]) {
      const response = await fetch(`${server.url}${SITE_PAGE_API}?path=${encodeURIComponent(path)}`);
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { error: string }).error, path).toBe('invalid_path');
    }
  });

  it('answers a partner page of another origin with CORS, and its preflight', async () => {
    const { response } = await sitePage('/', { Origin: PARTNER_PAGE });
    expect(response.headers.get('access-control-allow-origin')).toBe(PARTNER_PAGE);
    const preflight = await fetch(`${server.url}${SITE_PAGE_API}`, {
      method: 'OPTIONS',
      headers: { Origin: PARTNER_PAGE, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });
});
