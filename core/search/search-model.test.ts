import { describe, expect, it } from 'vitest';
import { searchMapTexts as t } from '../i18n/search';
import { activeFilterCount, defaultFilters, hasFilters, mergeFilters, NO_FILTERS, propertyTypesFor, toSearchInput } from './search-model';

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

describe('a search for sale (the default of Find a Home)', () => {
  const forSale = defaultFilters('SALE');

  it('has no filter set while it is still for sale; sale or rent is one set', () => {
    expect(activeFilterCount(forSale, forSale)).toBe(0);
    expect(hasFilters(forSale, forSale)).toBe(false);
    expect(activeFilterCount({ ...forSale, classification: null }, forSale)).toBe(1);
  });

  it('offers the home types of its classification, in the words people use; the API keeps its values', () => {
    expect(propertyTypesFor('SALE')).not.toContain('Residential Lease');
    expect(propertyTypesFor('RENT')).toEqual(['Residential', 'Residential Lease', 'Land']);
    expect(propertyTypesFor(null)).toHaveLength(6);
    const labels = propertyTypesFor(null).map((type) => t.propertyTypes[type]);
    for (const databaseTerm of ['Residential', 'Residential Lease', 'Residential Income', 'Commercial Sale', 'Farm']) expect(labels).not.toContain(databaseTerm);
    expect(toSearchInput(mergeFilters(forSale, { propertyType: 'Residential Income' })).propertyTypes).toEqual(['Residential Income']);
  });

  it('drops a home type the new classification does not offer', () => {
    const rentals = mergeFilters(NO_FILTERS, { propertyType: 'Residential Lease' });
    expect(mergeFilters(rentals, { classification: 'SALE' }).propertyType).toBeNull();
    expect(mergeFilters(mergeFilters(NO_FILTERS, { propertyType: 'Land' }), { classification: 'RENT' }).propertyType).toBe('Land');
  });
});
