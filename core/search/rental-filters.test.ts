import { describe, expect, it } from 'vitest';
import { activeFilterCount, initialSearch, mergeFilters, NO_FILTERS, toSearchInput, withFilters } from './search-model';
import { fromQueryString, toQueryString } from './url-sync';

const rentals = withFilters(initialSearch('Salt-Lake-City,-UT,-USA', 'map'), { classification: 'RENT' });

describe('rental filters', () => {
  it('go into searchInput in rental classification, and count as filters', () => {
    const model = withFilters(rentals, { tenantType: 'Family', roomType: 'Single room', foodIncluded: true });
    expect(toSearchInput(model.filters)).toEqual({ classification: 'RENT', tenantType: 'Family', roomType: 'Single room', foodIncluded: true });
    expect(activeFilterCount(model.filters)).toBe(4);
  });

  it('are dropped when the search leaves rental classification', () => {
    const model = withFilters(withFilters(rentals, { preferredTenant: 'Students', foodIncluded: true }), { classification: 'SALE' });
    expect(model.filters).toEqual({ ...NO_FILTERS, classification: 'SALE' });
    expect(withFilters(rentals, { classification: null }).filters.tenantGenderPreference).toBeNull();
    // The Filters sheet's pending filters follow the same rule.
    expect(mergeFilters({ ...NO_FILTERS, classification: 'RENT', roomType: 'Shared room' }, { classification: 'SALE' })).toEqual({ ...NO_FILTERS, classification: 'SALE' });
  });

  it('never reach searchInput outside rental classification', () => {
    expect(toSearchInput({ ...NO_FILTERS, classification: 'SALE', tenantType: 'Family', foodIncluded: true })).toEqual({ classification: 'SALE' });
  });

  it('round-trip through the query string, and are ignored there outside rental classification', () => {
    const model = withFilters(rentals, { tenantGenderPreference: 'Female only', preferredTenant: 'Working professionals', foodIncluded: true });
    const query = toQueryString(model);
    expect(query).toContain('for=rent');
    expect(query).toContain('gender=Female+only');
    expect(query).toContain('food=1');
    expect(fromQueryString(query).filters).toEqual(model.filters);
    expect(fromQueryString('for=sale&tenant=Family&food=1').filters).toEqual({ ...NO_FILTERS, classification: 'SALE' });
    expect(fromQueryString(`for=rent&room=${'x'.repeat(500)}`).filters.roomType).toHaveLength(100);
  });

  it('a search that starts in rental classification keeps it unless the query string names another', () => {
    const start = initialSearch('Salt-Lake-City,-UT,-USA', 'map', 'RENT');
    expect(fromQueryString('', start).filters.classification).toBe('RENT');
    expect(fromQueryString('room=Shared+room', start).filters.roomType).toBe('Shared room');
    expect(fromQueryString('for=sale', start).filters.classification).toBe('SALE');
    expect(fromQueryString('for=', start).filters.classification).toBeNull();
  });
});
