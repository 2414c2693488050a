import { describe, expect, it } from 'vitest';
import { pricePeriod } from './price-period';

describe('pricePeriod', () => {
  it('a rent is per month and a stay per night', () => {
    expect(pricePeriod({ classification: 'RENT', priceLabel: null })).toBe('/mo');
    expect(pricePeriod({ classification: 'STAY', priceLabel: null })).toBe('/night');
  });

  it('a sale has none', () => {
    expect(pricePeriod({ classification: 'SALE', priceLabel: null })).toBe('');
    expect(pricePeriod({})).toBe('');
  });

  it("the feed's own period wins; any other label is not a period", () => {
    expect(pricePeriod({ classification: 'RENT', priceLabel: '/wk' })).toBe('/wk');
    expect(pricePeriod({ classification: 'RENT', priceLabel: 'Negotiable' })).toBe('/mo');
    expect(pricePeriod({ classification: 'SALE', priceLabel: 'Call for price' })).toBe('');
  });
});
