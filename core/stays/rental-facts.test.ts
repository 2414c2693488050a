import { describe, expect, it } from 'vitest';
import { rentalDetails, rentalLine } from './rental-facts';

describe('rental facts', () => {
  it('a card line: room, tenants, a gender preference that is not Any, food', () => {
    expect(
      rentalLine({ roomType: 'Single room', tenantType: 'Individual', preferredTenant: 'Students', tenantGenderPreference: 'Female only', foodIncluded: true }),
    ).toBe('Single room · Individual · Students · Female only · Food included');
    expect(rentalLine({ roomType: 'Entire flat', tenantType: 'Family', preferredTenant: 'Family', tenantGenderPreference: 'Any', foodIncluded: false })).toBe(
      'Entire flat · Family',
    );
    expect(rentalLine({})).toBeNull();
    expect(rentalLine({ roomType: ' ', foodIncluded: null })).toBeNull();
  });

  it('the detail list: every field the listing has', () => {
    expect(rentalDetails({ roomType: 'Entire flat', tenantType: 'Family', foodIncluded: false })).toEqual([
      ['Room type', 'Entire flat'],
      ['Tenant type', 'Family'],
      ['Food included', 'No'],
    ]);
    expect(rentalDetails({ tenantGenderPreference: null })).toEqual([]);
  });
});
