import { describe, expect, it } from 'vitest';
import { initialSearch, listingLoadVariables, withFilters, type SearchModel } from './search-model';
import { fromQueryString, toQueryString } from './url-sync';

const slc = initialSearch('Salt-Lake-City,-UT,-USA', 'map');

describe('URL sync (query string ↔ search model)', () => {
  it('round-trips a search with every filter, the sort, the page and the view', () => {
    const model: SearchModel = {
      ...withFilters(slc, {
        minPrice: 300_000,
        maxPrice: 750_000,
        minBeds: 3,
        minBaths: 2,
        propertyType: 'Residential',
        classification: 'SALE',
        minArea: 1200,
        maxArea: 3000,
        minYearBuilt: 1950,
        maxYearBuilt: 2020,
        hasOpenHouse: true,
        newListingsOnly: true,
      }),
      sort: 'PRICE_ASC',
      page: 3,
      after: 'eyJvIjo0OX0',
      view: 'gallery',
    };
    expect(fromQueryString(toQueryString(model), slc)).toEqual(model);
  });

  it('round-trips a map area', () => {
    const model: SearchModel = { ...slc, bounds: { south: 40.7, west: -111.95, north: 40.8, east: -111.8 } };
    const query = toQueryString(model);
    expect(query).toBe('bounds=40.7%2C-111.95%2C40.8%2C-111.8');
    expect(fromQueryString(query, slc)).toEqual(model);
  });

  it('round-trips a drawn shape, which listingLoad searches as geoInput.polygon', () => {
    const polygon = [
      { lat: 40.9, lng: -112.1 },
      { lat: 40.9, lng: -111.6 },
      { lat: 40.5, lng: -111.85 },
    ];
    const model: SearchModel = { ...slc, polygon };
    const query = toQueryString(model);
    expect(new URLSearchParams(query).get('polygon')).toBe('40.9,-112.1;40.9,-111.6;40.5,-111.85');
    expect(new URLSearchParams(query).has('location')).toBe(false);
    expect(fromQueryString(query, slc)).toEqual(model);
    expect(listingLoadVariables(model, 25)).toMatchObject({
      geoInput: { polygon: [{ latitude: 40.9, longitude: -112.1 }, { latitude: 40.9, longitude: -111.6 }, { latitude: 40.5, longitude: -111.85 }] },
    });
    expect(listingLoadVariables(model, 25)).not.toHaveProperty('address');
    expect(fromQueryString('polygon=1,2;3,4', slc).polygon).toBeNull();
  });

  it('writes nothing for the defaults and keeps the page’s own parameters', () => {
    expect(toQueryString(slc)).toBe('location=Salt-Lake-City%2C-UT%2C-USA');
    expect(toQueryString({ ...slc, sort: 'BEDS' }, 'utm_source=mail&beds=9')).toBe('utm_source=mail&location=Salt-Lake-City%2C-UT%2C-USA&sort=beds');
  });

  it('ignores malformed values instead of failing', () => {
    const model = fromQueryString('beds=lots&price_min=-5&sort=cheapest&page=0&view=list&bounds=1,2,3&for=lease', slc);
    expect(model).toEqual(slc);
  });

  it('a shared link to page 3 without a cursor reads the page by offset', () => {
    const model = fromQueryString('location=Salt-Lake-City,-UT,-USA&page=3', slc);
    expect(listingLoadVariables(model, 25)).toMatchObject({ first: 25, offset: 50, address: 'Salt Lake City, UT, USA' });
  });

  it('turns filters into listingLoad’s searchInput in pennies and caps the page size at 100', () => {
    const variables = listingLoadVariables(withFilters(slc, { minPrice: 400_000, minBeds: 4 }), 500);
    expect(variables).toEqual({ address: 'Salt Lake City, UT, USA', searchInput: { minPriceInPennies: 40_000_000, minBedrooms: 4 }, orderBy: 'NEWEST', first: 100 });
  });
});

describe('URL sync of a search that starts for sale', () => {
  const forSale = initialSearch('Salt-Lake-City,-UT,-USA', 'map', 'SALE');

  it('writes sale or rent as for=any, so the shared link does not fall back to for sale', () => {
    const any = withFilters(forSale, { classification: null });
    const query = toQueryString(any, '', 'SALE');
    expect(query).toBe('location=Salt-Lake-City%2C-UT%2C-USA&for=any');
    expect(fromQueryString(query, forSale).filters.classification).toBeNull();
    expect(fromQueryString('location=Salt-Lake-City%2C-UT%2C-USA', forSale).filters.classification).toBe('SALE');
  });
});
