/** /housing-market/{state}: the market's content in the HTML without JavaScript, and the footer link to it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketTexts as mt } from '../../core/i18n/market';
import type { RunningServer } from '../app';
import { refreshMarketMetrics } from '../listings/metrics/refresh';
import { insertListings } from '../listings/search/test-listings';
import { engineName, startTestServer } from '../testing/test-server';
import { SITE_PAGE_CSP } from './pages';

let server: RunningServer;

/**
 * Two Wyoming listings (dollars): A listed 2024-01-10 at 300,000, closed 2024-02-20 at 310,000 (1,000 sq ft);
 * B listed 2024-02-05 at 500,000, still active. February 2024: median sold 310,000, median list 500,000,
 * 1 home for sale, 1 new listing, 41 days on market, $310 per sq ft, sale-to-list 103.3 %, no price drops.
 */
beforeAll(async () => {
  server = await startTestServer();
  await insertListings(server.db, [
    { id: 9101, city: 'Cheyenne', stateProvince: 'WY', postalCode: '82001', areaSqFt: 1000, status: 'Closed' },
    { id: 9102, city: 'Cheyenne', stateProvince: 'WY', postalCode: '82001', areaSqFt: 1500 },
  ]);
  for (const [id, event, status, dollars, day] of [
    [9101, 'listed', 'Active', 300_000, '2024-01-10'],
    [9101, 'status_change', 'Closed', 310_000, '2024-02-20'],
    [9102, 'listed', 'Active', 500_000, '2024-02-05'],
  ] as const) {
    await server.db.query(
      `INSERT INTO listing_status_history (listing_id, event, status, price_in_pennies, changed_at) VALUES ($1, $2, $3, $4, $5::timestamptz)`,
      [id, event, status, dollars * 100, `${day}T12:00:00Z`],
    );
  }
  await refreshMarketMetrics(server.db);
});
afterAll(async () => {
  await server?.close();
});

async function page(path: string, status = 200): Promise<string> {
  const response = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } });
  expect(response.status, path).toBe(status);
  expect(response.headers.get('content-security-policy')).toBe(SITE_PAGE_CSP);
  return response.text();
}

const between = (html: string, start: string, end: string) => html.slice(html.indexOf(start), html.indexOf(end, html.indexOf(start)));

describe(`/housing-market/{state} (${engineName()})`, () => {
  it('holds the sentences and the latest figures inside <hearth-market-metrics>, without JavaScript', async () => {
    const html = await page('/housing-market/WY');
    expect(html).toContain('<title>Wyoming Housing Market');
    expect(html).toContain('<h1 id="market-title">Wyoming Housing Market</h1>');
    const fallback = between(html, '<hearth-market-metrics state="Wyoming">', '</hearth-market-metrics>');
    expect(fallback).toContain('<li>Median sold price in Wyoming was $310,000.</li>');
    expect(fallback).toContain('<li>1 home was for sale in Wyoming at the end of February 2024.</li>');
    expect(fallback).toContain('<caption>Latest market figures for Wyoming</caption>');
    expect(fallback).toContain('<th scope="col">Measure</th>');
    expect(fallback).toContain(`<tr><th scope="row">Median sold price</th><td>$310,000</td><td>February 2024</td><td>${mt.yoyNone}</td></tr>`);
    expect(fallback).toContain('<tr><th scope="row">Median list price</th><td>$500,000</td>');
    expect(fallback).toContain('<tr><th scope="row">Median days on market</th><td>41 days</td>');
    expect(fallback).toContain('<tr><th scope="row">Sale-to-list ratio</th><td>103.3%</td>');
    expect(fallback).toContain('<tr><th scope="row">Price drops</th><td>0</td>');
  });

  it('composes the search for the state, and says what the page is to search engines', async () => {
    const html = await page('/housing-market/wyoming');
    // The search covers the whole state: the place search's state place, spelled as the search route spells it.
    expect(html).toContain('<hearth-search-map location="Wyoming,-USA"></hearth-search-map>');
    expect(html).toContain(`<h2 id="market-homes">${mt.homesFor('Wyoming')}</h2>`);
    expect(html).toContain(`<link rel="canonical" href="${server.url}/housing-market/WY">`);
    expect(html).toContain('<meta name="description" content="Median sold price in Wyoming was $310,000.">');
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
    const dataset = ld.find((d) => d['@type'] === 'Dataset');
    expect(dataset).toMatchObject({
      name: 'Wyoming Housing Market',
      url: `${server.url}/housing-market/WY`,
      temporalCoverage: '2024-01/2024-02',
      spatialCoverage: { '@type': 'State', name: 'Wyoming' },
    });
    expect(dataset.variableMeasured).toContain('Sale-to-list ratio');
    expect(ld.some((d) => d['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it('bounds the search by the state: the page’s location finds Wyoming’s homes and no others', async () => {
    const ask = async (query: string, variables: Record<string, unknown>) => {
      const response = await fetch(`${server.url}/public_graphql/?queryName=Op`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data: any; errors?: unknown };
      expect(body.errors).toBeUndefined();
      return body.data;
    };
    const places = (await ask('query Op($q: String!) { placeSearch(query: $q) { description kind placeId } }', { q: 'Wyoming' })).placeSearch;
    expect(places[0]).toEqual({ description: 'Wyoming, USA', kind: 'STATE', placeId: 'state:US:WY' });
    const found = await ask('query Op($a: String) { listingLoad(first: 50, address: $a) { totalCount edges { node { address { stateProvince } } } } }', { a: 'Wyoming, USA' });
    expect(found.listingLoad.totalCount).toBeGreaterThan(0);
    expect(found.listingLoad.edges.every((e: any) => e.node.address.stateProvince === 'WY')).toBe(true);
    const utah = await ask('query Op($a: String) { listingLoad(first: 1, address: $a) { totalCount } }', { a: 'Utah, USA' });
    expect(utah.listingLoad.totalCount).toBeGreaterThan(found.listingLoad.totalCount);
  });

  it('says so when a state has no data yet', async () => {
    const html = await page('/housing-market/VT');
    expect(between(html, '<hearth-market-metrics', '</hearth-market-metrics>')).toContain(`<p>${mt.empty('Vermont')}</p>`);
    expect(html).toContain('<hearth-search-map></hearth-search-map>');
  });

  it('is not found for anything but a state', async () => {
    await page('/housing-market/XX', 404);
    await page('/housing-market/UT/more', 404);
  });

  it('is linked from the footer when the partner’s country feed names a state, and the link works', async () => {
    const home = await page('/');
    const link = home.match(/<a href="(\/housing-market\/[A-Z]{2})"[^>]*>([^<]+) Housing Market<\/a>/);
    expect(link).not.toBeNull();
    expect(link![1]).toBe('/housing-market/UT');
    const html = await page(link![1]!);
    expect(html).toContain('<h1 id="market-title">Utah Housing Market</h1>');
  });
});
