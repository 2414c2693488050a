import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteTexts as t } from '../../core/i18n/site';
import type { RunningServer } from '../app';
import { seedListings } from '../seed/data';
import { startTestServer } from '../testing/test-server';
import { SITE_PAGE_CSP } from './pages';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const HTML = { Accept: 'text/html,application/xhtml+xml' };
const get = (path: string, headers: Record<string, string> = HTML) => fetch(`${server.url}${path}`, { headers });
const listing = seedListings[0]!;

async function page(path: string, status = 200): Promise<string> {
  const response = await get(path);
  expect(response.status, path).toBe(status);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.headers.get('content-security-policy')).toBe(SITE_PAGE_CSP);
  const html = await response.text();
  expect(html).toContain('<script src="/cdn/v1/loader.js" async></script>');
  expect(html).toContain('<script type="module" src="/site/site.js"></script>');
  // Nothing inline that the CSP would have to allow.
  // (JSON-LD and the elements' JSON data blocks are data, not script: the CSP does not apply to them.)
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(ld\+)?json")/);
  expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
  return html;
}

const expectNotFound = async (path: string) => {
  const html = await page(path, 404);
  expect(html).toContain(`<h1>${t.notFoundHeading}</h1>`);
  expect(html).toContain('We can&#39;t seem to find the page you&#39;re looking for.');
  expect(html).toContain(t.notFoundCode);
};

describe('hosted-site pages composed from the elements (spec §2 routes)', () => {
  it("search and gallery, with the place search once: the search map's own", async () => {
    const search = await page('/search');
    // With its first results (search-data.test.ts).
    expect(search).toContain('<hearth-search-map url-sync><script type="application/json" data-search-page>');
    expect(search).not.toContain('<hearth-search-box');
    const gallery = await page('/gallery/');
    expect(gallery).toContain('<hearth-search-map url-sync view="gallery"><script type="application/json" data-search-page>');
    expect(gallery).not.toContain('<hearth-search-box');
  });

  it('a listing by /listing/{slugId}/{listingCodeId}, with tour, offer and open-house elements for its id', async () => {
    const html = await page(`/listing/${listing.slugId}/${listing.listingCodeId}`);
    // The side panel has the page's one 'Request a Tour' and 'Make an Offer': the listing leaves its own out.
    expect(html).toContain(`<hearth-listing-detail slug-id="${listing.slugId}" listing-code-id="${listing.listingCodeId}" route-sync owns-page external-actions>`);
    // Dialogs as routes (…/request-tour, …/make-offer); a new offer continues on its own account page.
    expect(html).toMatch(
      new RegExp(
        `<aside class="listing-side" aria-label="Tours and offers">\\s*<div class="listing-actions">\\s*<hearth-request-tour listing-id="${listing.id}" route-sync></hearth-request-tour>\\s*<hearth-make-offer listing-id="${listing.id}" route-sync offer-url="/account/buyer-offer/\\{offerId\\}"></hearth-make-offer>\\s*</div>`,
      ),
    );
    expect(html.match(/<hearth-request-tour /g)).toHaveLength(1);
    expect(html.match(/<hearth-make-offer /g)).toHaveLength(1);
    expect(html).toContain(`<hearth-open-houses listing-id="${listing.id}" route-sync>`);
    const gallery = await page(`/listing/${listing.slugId}/${listing.listingCodeId}/gallery/3`);
    expect(gallery).toContain('photo-index="3" open-dialog="gallery"');
  });

  it('the not-found page for unknown listings, a slug that does not match its code, and malformed segments', async () => {
    await expectNotFound(`/listing/${listing.slugId}/NOPE-1`);
    await expectNotFound(`/listing/some-other-slug/${listing.listingCodeId}`);
    await expectNotFound(`/listing/${encodeURIComponent('"><script>alert(1)</script>')}/x`);
    await expectNotFound(`/listing/${listing.slugId}/${listing.listingCodeId}/gallery/abc`);
    await expectNotFound('/listing/%E0%A4%A');
  });

  it('the mortgage page (spec §2) and its children', async () => {
    const html = await page('/mortgage');
    for (const text of [t.mortgage.getPrequalified, t.mortgage.refinance, t.mortgage.getStarted, t.mortgage.callPrompt]) expect(html).toContain(text);
    expect(html).toContain('<hearth-mortgage-calculator></hearth-mortgage-calculator>');
    // Opened by 'Get Prequalified': the request starts at once, no second 'Get Prequalified' to press (issue 35).
    expect(await page('/mortgage/prequalify')).toContain('<hearth-mortgage-prequal autostart></hearth-mortgage-prequal>');
    expect(await page('/mortgage/refinance')).toContain('<hearth-mortgage-prequal kind="refinance" autostart>');
    expect(await page('/mortgage/calculator')).toContain('<hearth-mortgage-calculator>');
    await expectNotFound('/mortgage/lottery');
  });

  it('any other path: the not-found page for a browser, JSON for an API client', async () => {
    await expectNotFound('/no/such/page');
    const api = await get('/no/such/page', { Accept: 'application/json' });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: 'not_found' });
  });
});
