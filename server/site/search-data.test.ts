/** The hosted search pages carry their element's first results and preload the first photo (issue 38: /search's largest paint). */
import { beforeAll, describe, expect, it } from 'vitest';
import { SearchListingsQuery, type ServedSearch } from '../../core/search/api';
import { insertDemoListing } from '../seed/demo-listing';
import { graphqlNamed } from '../testing/graphql';
import { testListing } from '../testing/test-listing';
import { signedInServer } from '../testing/server-hooks';

const site = signedInServer();
const NEWEST_ID = 1397;

beforeAll(async () => {
  // The test seed's homes have no photos: the newest home for sale has one (the search sorts newest first).
  await insertDemoListing(
    site.server.db,
    testListing(NEWEST_ID, {
      slugId: 'newest-home-salt-lake-city',
      priceInPennies: 45_000_000,
      photos: [{ photoUrl: 'https://photos.example/newest.jpg?w=800&q=80', description: null }],
      bedrooms: 3,
      bathrooms: 2,
      areaSqFt: 1800,
      propertySubType: 'Single Family Residence',
      title: 'Newest home',
      more: { classification: 'sale', country_code: 'US', time_zone: 'America/Denver' },
    }),
  );
});

async function html(path: string, signedIn = false): Promise<string> {
  const response = await fetch(`${site.server.url}${path}`, { headers: { Accept: 'text/html', ...(signedIn ? { Cookie: site.cookie } : {}) } });
  expect(response.status, path).toBe(200);
  return response.text();
}

const servedIn = (page: string): ServedSearch | null => {
  const block = /<hearth-search-map url-sync[^>]*><script type="application\/json" data-search-page>(.*?)<\/script>/.exec(page);
  return block ? (JSON.parse(block[1]!) as ServedSearch) : null;
};

interface Connection {
  totalCount: number;
  edges: { node: { id: string; photoUri: string | null; photoSrcset: string | null; bedrooms: number | null; classification: string } }[];
}

describe('the first results of /search and /gallery', () => {
  it('are what the element’s own SearchListings query answers for the search in the URL, for sale in the partner’s place', async () => {
    for (const path of ['/search', '/gallery', '/search?beds=3&sort=price_asc']) {
      const served = servedIn(await html(path));
      expect(served, path).not.toBeNull();
      const answer = await graphqlNamed(site.server, SearchListingsQuery, served!.variables);
      expect(answer.errors, path).toBeUndefined();
      expect(served!.listingLoad, path).toEqual(answer.data!.listingLoad);
      const connection = served!.listingLoad as Connection;
      expect(connection.edges.length, path).toBeGreaterThan(0);
      expect(connection.edges.every((edge) => edge.node.classification === 'SALE'), path).toBe(true);
    }
    const filtered = servedIn(await html('/search?beds=3'))!;
    expect(filtered.variables).toMatchObject({ address: 'Salt Lake City, UT, USA', first: 25, searchInput: { minBedrooms: 3 } });
    expect((filtered.listingLoad as Connection).edges.every((edge) => (edge.node.bedrooms ?? 0) >= 3)).toBe(true);
  });

  it('preload the first result’s photo as its card asks for it (the same URL, srcset and sizes)', async () => {
    const page = await html('/search');
    const first = (servedIn(page)!.listingLoad as Connection).edges[0]!.node;
    expect(first.id).toBe(String(NEWEST_ID));
    expect(first.photoUri).toBeTruthy();
    const link = /<link rel="preload" as="image" href="([^"]+)"([^>]*)>/.exec(page);
    expect(link?.[1]).toBe(first.photoUri!.replaceAll('&', '&amp;'));
    if (first.photoSrcset) expect(link?.[2]).toContain('imagesizes="(max-width: 600px) 100vw, 400px"');
    expect(link?.[2]).toContain('fetchpriority="high"');
    // The same picture in the element, for the element's status to show where the card will be (site.css).
    const picture = /<img class="search-first-photo" slot="first-photo" src="([^"]+)"[^>]*>/.exec(page);
    expect(picture?.[1]).toBe(link?.[1]);
    expect(picture?.[0]).toContain('alt=""');
  });

  it('read a malformed or hostile search in the URL as the element does: the page, with the search it makes of it', async () => {
    const hostile = '/search?beds=-5&price_min=abc&polygon=1,2;3&sort=DROP%20TABLE&bounds=x&location=%3C%2Fscript%3E';
    const page = await html(hostile);
    const served = servedIn(page)!;
    expect(served).not.toBeNull();
    expect(served.variables).toMatchObject({ orderBy: 'NEWEST', first: 25 });
    expect(JSON.stringify(served.variables)).not.toContain('DROP');
    expect((await graphqlNamed(site.server, SearchListingsQuery, served.variables)).data!.listingLoad).toEqual(served.listingLoad);
  });

  it('are not written for a signed-in visitor (whose hearts are their own)', async () => {
    const page = await html('/search', true);
    expect(page).toContain('<hearth-search-map url-sync></hearth-search-map>');
    expect(page).not.toContain('rel="preload" as="image"');
  });
});
