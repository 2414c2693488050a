import { describe, expect, it } from 'vitest';
import { isListingPage, listingPagePath } from './listing-page';

const listing = { slugId: '455-e-300-s-salt-lake-city-ut-84111', listingCodeId: 'HRT1001' };

describe('the page of a listing', () => {
  it('is /listing/{slugId}/{listingCodeId}', () => {
    expect(listingPagePath(listing)).toBe('/listing/455-e-300-s-salt-lake-city-ut-84111/HRT1001');
  });

  it('is recognised with a dialog over it and under a base path; another listing or page is not it', () => {
    for (const path of [
      '/listing/455-e-300-s-salt-lake-city-ut-84111/HRT1001',
      '/listing/455-e-300-s-salt-lake-city-ut-84111/HRT1001/',
      '/listing/455-e-300-s-salt-lake-city-ut-84111/HRT1001/request-tour',
      '/listing/455-e-300-s-salt-lake-city-ut-84111/HRT1001/gallery/3',
      '/listing/455-e-300-s-salt-lake-city-ut-84111/HRT1001/seller-edit-open-house/new',
      '/homes/listing/455-e-300-s-salt-lake-city-ut-84111/HRT1001',
    ])
      expect(isListingPage(path, listing), path).toBe(true);
    for (const path of ['/listing/455-e-300-s-salt-lake-city-ut-84111/HRT1002', '/account/home-detail/12', '/search', '/listing/455-e-300-s-salt-lake-city-ut-84111/HRT10011'])
      expect(isListingPage(path, listing), path).toBe(false);
  });
});
