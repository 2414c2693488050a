// @vitest-environment happy-dom
/** A hosted page's first results (servedSearchPage): used only for the variables they answer, checked, read once. */
import { describe, expect, it } from 'vitest';
import { servedSearchPage, type ServedSearch } from './api';

const listing = {
  id: '7',
  slugId: 'home-7',
  listingCodeId: 'HRT7',
  photoUri: 'https://hearth.test/p/7.jpg',
  photoSrcset: null,
  priceInPennies: 45_000_000,
  priceCurrencyCode: 'USD',
  classification: 'SALE',
  priceLabel: null,
  bedrooms: 3,
  bathrooms: 2,
  area: 1800,
  areaUnit: 'SQFT',
  address: { streetLine1: '1 Main St', streetLine2: null, city: 'Salt Lake City', stateProvince: 'UT', postalCode: '84101', country: 'US' },
  newListing: true,
  lastPriceUpdate: null,
  underContract: false,
  sold: false,
  favoriteCount: 0,
  isFavorite: false,
  timeZone: 'America/Denver',
  photos: [],
  openHouse: [],
  listingBy: null,
  location: { latitude: 40.76, longitude: -111.89 },
};
const listingLoad = {
  totalCount: 1,
  totalCountCapped: false,
  pageInfo: { hasNextPage: false, hasPreviousPage: false },
  pageCursors: { first: null, around: [], last: null, previous: null },
  edges: [{ node: listing }],
};
const VARIABLES = { address: 'Salt Lake City, UT, USA', searchInput: { classification: 'SALE' }, orderBy: 'NEWEST', first: 25 };

function host(served: ServedSearch | string): HTMLElement {
  const element = document.createElement('hearth-search-map');
  const script = document.createElement('script');
  script.type = 'application/json';
  script.dataset.searchPage = '';
  script.textContent = typeof served === 'string' ? served : JSON.stringify(served);
  element.append(script);
  return element;
}

describe('servedSearchPage', () => {
  it('gives the page for the variables it answers, once', () => {
    const element = host({ variables: VARIABLES, listingLoad });
    const page = servedSearchPage(element, { ...VARIABLES });
    expect(page?.totalCount).toBe(1);
    expect(page?.listings.map((l) => l.id)).toEqual(['7']);
    expect(servedSearchPage(element, VARIABLES)).toBeNull();
  });

  it('is null for another search, for data that does not check, and for text that is not JSON', () => {
    expect(servedSearchPage(host({ variables: VARIABLES, listingLoad }), { ...VARIABLES, first: 10 })).toBeNull();
    expect(servedSearchPage(host({ variables: VARIABLES, listingLoad: { ...listingLoad, totalCount: 'many' } }), VARIABLES)).toBeNull();
    expect(servedSearchPage(host('{"variables":'), VARIABLES)).toBeNull();
    expect(servedSearchPage(document.createElement('hearth-search-map'), VARIABLES)).toBeNull();
  });
});
