/** The hosted listing page carries its element's listing (issue 38: the page continues, with no query). */
import { describe, expect, it } from 'vitest';
import { ListingDetailBySlugQuery, type ServedDetail } from '../../core/listings/listing-detail-data';
import { flushVisits } from '../listings/search/visits';
import { graphqlNamed } from '../testing/graphql';
import { signedInServer } from '../testing/server-hooks';

const site = signedInServer();

async function html(path: string, signedIn = false): Promise<string> {
  const response = await fetch(`${site.server.url}${path}`, { headers: { Accept: 'text/html', ...(signedIn ? { Cookie: site.cookie } : {}) } });
  expect(response.status, path).toBe(200);
  return response.text();
}

const servedIn = (page: string): ServedDetail | null => {
  const block = /<hearth-listing-detail [^>]*>[\s\S]*?<script type="application\/json" data-listing-detail>(.*?)<\/script><\/hearth-listing-detail>/.exec(page);
  return block ? (JSON.parse(block[1]!) as ServedDetail) : null;
};

async function firstListingPath(): Promise<{ path: string; slugId: string; listingCodeId: string }> {
  const home = await html('/');
  const [, slugId, listingCodeId] = /href="\/listing\/([^/"]+)\/([^/"]+)"/.exec(home)!;
  return { path: `/listing/${slugId}/${listingCodeId}`, slugId: slugId!, listingCodeId: listingCodeId! };
}

const visitsOf = async (listingCodeId: string) => {
  await flushVisits(site.server.db);
  const { rows } = await site.server.db.query<{ visit_count: string }>('SELECT visit_count FROM listings WHERE listing_code_id = $1', [listingCodeId]);
  return Number(rows[0]!.visit_count);
};

describe('the listing page’s listing', () => {
  it('is what the element’s own ListingDetailBySlug query answers, for the route’s key, after the page’s own summary', async () => {
    const { path, slugId, listingCodeId } = await firstListingPath();
    const page = await html(path);
    const served = servedIn(page);
    expect(served).not.toBeNull();
    expect(served!.key).toEqual({ slugId, listingCodeId });
    const answer = await graphqlNamed(site.server, ListingDetailBySlugQuery, { slugId, listingCodeId });
    expect(answer.errors).toBeUndefined();
    expect(served!.listing).toEqual(answer.data!.listingBySlug);
    // The summary a crawler reads stays in the page, before the data.
    expect(page.indexOf('data-listing-detail')).toBeGreaterThan(page.indexOf('<hearth-listing-detail '));
  });

  it('counts the page view as the listing’s visit, as the element’s query did', async () => {
    const { path, listingCodeId } = await firstListingPath();
    const before = await visitsOf(listingCodeId);
    await html(path);
    expect(await visitsOf(listingCodeId)).toBe(before + 1);
  });

  it('is not written for a signed-in visitor (whose hearts are their own): the element asks', async () => {
    const { path } = await firstListingPath();
    expect(servedIn(await html(path, true))).toBeNull();
    expect(await html(path, true)).not.toContain('data-listing-detail');
  });
});
