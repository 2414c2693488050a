import { describe, expect, it } from 'vitest';
import { initialSearch, searchScope, withFilters, type SearchModel } from './search-model';
import { savedSearchHref, savedSearchSummary, searchOfSaved } from './saved-searches';
import { fromQueryString } from './url-sync';

/** What search-map saves: listingLoad's variables of the model (save-search-dialog.tsx). */
const saved = (model: SearchModel) => JSON.stringify(searchScope(model));

describe('a saved search as the search it was', () => {
  it('a place with filters and a sort comes back as it was saved', () => {
    const model = {
      ...withFilters(initialSearch('Salt-Lake-City,-UT,-USA', 'map'), { minPrice: 300_000, maxPrice: 550_000, minBeds: 3, minBaths: 2, propertyType: 'Residential', classification: 'SALE', hasOpenHouse: true }),
      sort: 'PRICE_ASC' as const,
    };
    expect(searchOfSaved(saved(model))).toEqual(model);
  });

  it('a map area, a drawn shape and rental filters come back too', () => {
    const area = { ...initialSearch('', 'map'), bounds: { north: 40.8, south: 40.7, east: -111.8, west: -111.95 } };
    expect(searchOfSaved(saved(area))).toEqual(area);
    const shape = { ...initialSearch('', 'map'), polygon: [{ lat: 40.7, lng: -111.9 }, { lat: 40.8, lng: -111.9 }, { lat: 40.75, lng: -111.8 }] };
    expect(searchOfSaved(saved(shape))).toEqual(shape);
    const rent = withFilters(initialSearch('Provo,-UT,-USA', 'map'), { classification: 'RENT', roomType: 'Private room', foodIncluded: true, maxPrice: 1_500 });
    expect(searchOfSaved(saved(rent))).toEqual(rent);
  });

  it('another client’s radius becomes its box; what is not a search is null', () => {
    const radius = searchOfSaved(JSON.stringify({ geoInput: { center: { latitude: 40.76, longitude: -111.89 }, radiusMeters: 1113.2 } }))!;
    expect(radius.bounds!.north).toBeCloseTo(40.77, 5);
    expect(radius.bounds!.south).toBeCloseTo(40.75, 5);
    expect(radius.bounds!.west).toBeLessThan(-111.89);
    expect(searchOfSaved('{not json')).toBeNull();
    expect(searchOfSaved('[1,2]')).toBeNull();
    expect(searchOfSaved('{}')).toEqual(initialSearch('', 'map'));
  });

  it('Open goes to the search page with the search in its query string, which the map reads back', () => {
    const model = withFilters(initialSearch('Salt-Lake-City,-UT,-USA', 'map'), { minBeds: 3, maxPrice: 550_000 });
    const href = savedSearchHref('https://hearth.test/search', saved(model))!;
    expect(href).toBe('https://hearth.test/search?location=Salt-Lake-City%2C-UT%2C-USA&price_max=550000&beds=3');
    expect(fromQueryString(new URL(href).search)).toEqual(model);
    // A partner's own search page keeps its own parameters.
    expect(savedSearchHref('/homes/search?partner=acme', saved(model))).toBe('/homes/search?partner=acme&location=Salt-Lake-City%2C-UT%2C-USA&price_max=550000&beds=3');
    expect(savedSearchHref('/search', '{oops')).toBeNull();
  });

  it('says where it looks and what it filters', () => {
    const model = withFilters(initialSearch('Salt-Lake-City,-UT,-USA', 'map'), { minPrice: 300_000, maxPrice: 550_000, minBeds: 3, classification: 'SALE', newListingsOnly: true });
    expect(savedSearchSummary(model)).toEqual({ where: 'Salt Lake City, UT, USA', filters: ['For sale', '$300K–$550K', '3+ bd', 'New listings'] });
    expect(savedSearchSummary({ ...initialSearch('', 'map'), bounds: { north: 1, south: 0, east: 1, west: 0 } })).toEqual({ where: 'Map area', filters: [] });
    expect(savedSearchSummary(withFilters(initialSearch('', 'map'), { maxPrice: 400_000 })).filters).toEqual(['up to $400K']);
  });
});
