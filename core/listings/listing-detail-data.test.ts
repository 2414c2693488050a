// @vitest-environment happy-dom
/** The listing a hosted listing page writes into its element (server/site/listing-page.ts), read as the query's answer is. */
import { describe, expect, it } from 'vitest';
import { detailListing } from '../testing/detail-listing';
import { servedDetailListing, type ServedDetail } from './listing-detail-data';

const key = { slugId: '455-e-300-s-salt-lake-city-ut-84111', listingCodeId: 'HRT1001' };

function hostWith(text: string): HTMLElement {
  const host = document.createElement('hearth-listing-detail');
  host.innerHTML = '<article class="listing-summary"><h1>455 E 300 S</h1></article>';
  const script = document.createElement('script');
  script.type = 'application/json';
  script.dataset.listingDetail = '';
  script.textContent = text;
  host.append(script);
  return host;
}

describe('servedDetailListing', () => {
  it('reads the listing the page carries when it is the one the element names', () => {
    const listing = detailListing();
    const host = hostWith(JSON.stringify({ key, listing } satisfies ServedDetail));
    expect(servedDetailListing(host, key)).toEqual(listing);
  });

  it('is null for another listing, a listing by id, no key, or no data: the element then asks', () => {
    const host = hostWith(JSON.stringify({ key, listing: detailListing() } satisfies ServedDetail));
    expect(servedDetailListing(host, { ...key, listingCodeId: 'HRT1002' })).toBeNull();
    expect(servedDetailListing(host, { listingId: 1001 })).toBeNull();
    expect(servedDetailListing(host, null)).toBeNull();
    expect(servedDetailListing(document.createElement('hearth-listing-detail'), key)).toBeNull();
  });

  it('is null for data that is not JSON, or does not check as the query’s answer (a forged price, a script in a field’s place)', () => {
    expect(servedDetailListing(hostWith('{nope'), key)).toBeNull();
    expect(servedDetailListing(hostWith(JSON.stringify({ key, listing: { ...detailListing(), priceInPennies: 'free' } })), key)).toBeNull();
    expect(servedDetailListing(hostWith(JSON.stringify({ key, listing: { ...detailListing(), photos: '<img src=x onerror=alert(1)>' } })), key)).toBeNull();
  });
});
