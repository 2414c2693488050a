import { describe, expect, it } from 'vitest';
import { activeFilterCount, hasFilters, NO_FILTERS } from './search-model';

describe('activeFilterCount', () => {
  it('counts each filter that is set, a range’s ends one each', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, minBeds: 3 })).toBe(1);
    expect(activeFilterCount({ ...NO_FILTERS, minPrice: 200_000, maxPrice: 500_000, hasOpenHouse: true, classification: 'RENT' })).toBe(4);
  });

  it('a cleared value (null, unchecked) is not set', () => {
    expect(activeFilterCount({ ...NO_FILTERS, minPrice: null, newListingsOnly: false })).toBe(0);
    expect(hasFilters({ ...NO_FILTERS, minPrice: null })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, minPrice: 0 })).toBe(true);
  });
});
