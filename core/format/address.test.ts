import { describe, expect, it } from 'vitest';
import { formatAddress } from './address';

describe('a listing address on one line', () => {
  it('reads street, city, then state and ZIP', () => {
    expect(formatAddress({ streetLine1: '123 Main St', city: 'Salt Lake City', stateProvince: 'UT', postalCode: '84101' })).toBe(
      '123 Main St, Salt Lake City, UT 84101',
    );
  });

  it('leaves out the street the feed withholds', () => {
    expect(formatAddress({ streetLine1: null, city: 'Salt Lake City', stateProvince: 'UT', postalCode: '84101' })).toBe('Salt Lake City, UT 84101');
    expect(formatAddress({ streetLine1: '', city: 'Salt Lake City', stateProvince: 'UT', postalCode: '84101' })).toBe('Salt Lake City, UT 84101');
  });

  it('writes whichever parts exist, and nothing without an address', () => {
    expect(formatAddress({ streetLine1: '1 Main St', city: 'Provo', stateProvince: 'UT', postalCode: '' })).toBe('1 Main St, Provo, UT');
    expect(formatAddress({ city: 'Kathmandu' })).toBe('Kathmandu');
    expect(formatAddress(null)).toBe('');
  });
});
