/** Indexable without JavaScript: listing pages' HTML and head, sitemap.xml and robots.txt (listing-page.ts, sitemap.ts). */
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../app';
import type { RequestContext } from '../http/router';
import { startTestServer } from '../testing/test-server';
import { SITEMAP_NAMESPACE, SITEMAP_PAGES, sitemapRoutes } from './sitemap';

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const HTML = { Accept: 'text/html' };

interface Row {
  id: number;
  slug_id: string;
  listing_code_id: string;
  street_line1: string;
  city: string;
  price_in_pennies: string;
  photos: { photoUrl: string }[];
}

const PHOTOS = [
  { photoUrl: '/static/demo/avery.svg', description: 'The front of the house' },
  { photoUrl: '/static/demo/avery.svg', description: null },
];

/** The `offset`-th displayable listing still on the market, given two photos. */
async function listingWithPhotos(offset = 0): Promise<Row> {
  const { rows } = await server.db.query<Row>(
    `UPDATE listings SET photos = $2 WHERE id = (
       SELECT id FROM listings WHERE internet_entire_listing_display AND internet_address_display AND status = 'Active'
        ORDER BY id LIMIT 1 OFFSET $1)
     RETURNING id, slug_id, listing_code_id, street_line1, city, price_in_pennies, photos`,
    [offset, JSON.stringify(PHOTOS)],
  );
  return rows[0]!;
}

const parseXml = (xml: string) => {
  const doc = new new Window().DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
};

const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!));

describe('a listing page without JavaScript', () => {
  it('holds price, address, facts and photos inside the listing element, and the head a search engine reads', async () => {
    const listing = await listingWithPhotos();
    const path = `/listing/${listing.slug_id}/${listing.listing_code_id}`;
    const html = await (await fetch(`${server.url}${path}`, { headers: HTML })).text();
    const detail = html.slice(html.indexOf('<hearth-listing-detail'), html.indexOf('</hearth-listing-detail>'));
    const price = `$${(Number(listing.price_in_pennies) / 100).toLocaleString('en-US')}`;
    expect(detail).toContain(`<p class="price">${price}`);
    expect(detail).toContain(listing.street_line1);
    expect(detail).toMatch(/<p class="facts">\d+ bd · /);
    expect(detail.match(/<img src="http/g)?.length).toBeGreaterThanOrEqual(2);

    const canonical = `${server.url}${path}`;
    expect(html).toMatch(new RegExp(`<title>[^<]*${price.replace('$', '\\$')}[^<]*</title>`));
    expect(html).toMatch(/<meta name="description" content="\$[\d,]+ · \d+ bd/);
    expect(html).toContain(`<link rel="canonical" href="${canonical}">`);
    expect(html).toContain(`<meta property="og:url" content="${canonical}">`);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+">/);
    expect(html).toContain('<meta property="og:title"');

    const [realEstate, breadcrumbs] = jsonLd(html);
    expect(realEstate).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      url: canonical,
      offers: { '@type': 'Offer', price: Number(listing.price_in_pennies) / 100, priceCurrency: 'USD' },
      about: { address: { '@type': 'PostalAddress', streetAddress: listing.street_line1, addressLocality: listing.city } },
    });
    expect(breadcrumbs['@type']).toBe('BreadcrumbList');
    expect(breadcrumbs.itemListElement.map((i: { position: number }) => i.position)).toEqual([1, 2, 3]);
    expect(breadcrumbs.itemListElement[2].item).toBe(canonical);
  });

  it('a gallery route points its canonical at the listing', async () => {
    const listing = await listingWithPhotos();
    const html = await (await fetch(`${server.url}/listing/${listing.slug_id}/${listing.listing_code_id}/gallery/1`, { headers: HTML })).text();
    expect(html).toContain(`<link rel="canonical" href="${server.url}/listing/${listing.slug_id}/${listing.listing_code_id}">`);
  });

  it('a withheld street appears nowhere on the page, nor its coordinates', async () => {
    const listing = await listingWithPhotos(1);
    await server.db.query('UPDATE listings SET internet_address_display = false WHERE id = $1', [listing.id]);
    try {
      const html = await (await fetch(`${server.url}/listing/${listing.slug_id}/${listing.listing_code_id}`, { headers: HTML })).text();
      expect(html).not.toContain(listing.street_line1);
      const [realEstate] = jsonLd(html);
      expect(realEstate.about.address.streetAddress).toBeUndefined();
      expect(realEstate.about.geo).toBeUndefined();
    } finally {
      await server.db.query('UPDATE listings SET internet_address_display = true WHERE id = $1', [listing.id]);
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('a well-formed sitemap in the sitemaps.org namespace, every <loc> absolute, exactly the displayable listings', async () => {
    const hidden = await listingWithPhotos(2);
    await server.db.query('UPDATE listings SET internet_entire_listing_display = false WHERE id = $1', [hidden.id]);
    try {
      const response = await fetch(`${server.url}/sitemap.xml`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const doc = parseXml(await response.text());
      expect(doc.documentElement.localName).toBe('urlset');
      expect(doc.documentElement.namespaceURI).toBe(SITEMAP_NAMESPACE);
      const locs = [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent!);
      for (const loc of locs) expect(new URL(loc).origin, loc).toBe(server.url);
      for (const page of SITEMAP_PAGES) expect(locs).toContain(`${server.url}${page}`);

      const { rows } = await server.db.query<{ slug_id: string; listing_code_id: string }>(
        `SELECT slug_id, listing_code_id FROM listings
          WHERE internet_entire_listing_display AND status IN ('Active', 'Active Under Contract', 'Coming Soon', 'Pending')`,
      );
      const listingLocs = locs.filter((loc) => new URL(loc).pathname.startsWith('/listing/'));
      expect(listingLocs.sort()).toEqual(rows.map((r) => `${server.url}/listing/${r.slug_id}/${r.listing_code_id}`).sort());
      expect(listingLocs).not.toContain(`${server.url}/listing/${hidden.slug_id}/${hidden.listing_code_id}`);
      // And the hidden listing's page is the not-found page.
      expect((await fetch(`${server.url}/listing/${hidden.slug_id}/${hidden.listing_code_id}`, { headers: HTML })).status).toBe(404);
    } finally {
      await server.db.query('UPDATE listings SET internet_entire_listing_display = true WHERE id = $1', [hidden.id]);
    }
  });

  it('robots.txt names the sitemap and keeps crawlers off account pages', async () => {
    const text = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect(text).toContain('Disallow: /account/');
  });

  it('past the per-file limit, a sitemap index of the pages and listing files that together hold every listing', async () => {
    const max = 5;
    const routes = sitemapRoutes(max);
    const call = async (path: string, rest = '') => {
      let body = '';
      const res = { statusCode: 200, setHeader: () => undefined, end: (chunk?: string) => void (body = chunk ?? '') };
      const ctx = { services: { db: server.db, config: { publicOrigin: server.url } }, rest, res } as unknown as RequestContext;
      await routes[path]!.GET!(ctx);
      return { status: res.statusCode, body };
    };
    const index = parseXml((await call('/sitemap.xml')).body);
    expect(index.documentElement.localName).toBe('sitemapindex');
    expect(index.documentElement.namespaceURI).toBe(SITEMAP_NAMESPACE);
    const files = [...index.getElementsByTagName('loc')].map((loc) => new URL(loc.textContent!).pathname);
    expect(files[0]).toBe('/sitemaps/pages.xml');

    const listingLocs: string[] = [];
    for (const file of files.slice(1)) {
      const { status, body } = await call('/sitemaps/*', file.slice('/sitemaps/'.length));
      expect(status).toBe(200);
      const locs = [...parseXml(body).getElementsByTagName('loc')].map((loc) => loc.textContent!);
      expect(locs.length).toBeLessThanOrEqual(max);
      listingLocs.push(...locs);
    }
    const single = parseXml(await (await fetch(`${server.url}/sitemap.xml`)).text());
    const expected = [...single.getElementsByTagName('loc')].map((loc) => loc.textContent!).filter((loc) => loc.includes('/listing/'));
    expect(listingLocs.sort()).toEqual(expected.sort());
    expect((await call('/sitemaps/*', `listings-${files.length}.xml`)).status).toBe(404);
  });
});
