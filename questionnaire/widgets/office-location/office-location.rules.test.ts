import { describe, expect, it } from 'vitest';
import { specOf } from '../test-spec';
import { LOCATION_TYPES, OFFICE_FIELDS, officeLocationRules, placeAddress } from './office-location.rules';

const spec = specOf('<hu-office-location prefix="office_" required>');
const check = (values: Record<string, string>) => officeLocationRules.validate(spec, officeLocationRules.normalize(spec, values));
const valid = { office_name: 'Head office', office_street: 'Main St', office_city: 'Provo', office_country: 'USA', office_locationType: 'parent' };

describe('office location (widget spec §3)', () => {
  it('has the fields and location types of the spec', () => {
    expect(OFFICE_FIELDS).toEqual([
      'name', 'streetNumber', 'street', 'aptType', 'aptNumber', 'city', 'stateProvince', 'postalCode', 'country', 'locationType', 'phoneNumber', 'id', 'addressSummary',
    ]);
    expect(LOCATION_TYPES).toEqual(['Parent', 'Branch', 'Subsidiary']);
    expect(officeLocationRules.variables(spec)).toContain('office_locationType');
  });

  it('normalizes the location type to its listed spelling and the phone to digits', () => {
    const out = officeLocationRules.normalize(spec, { ...valid, office_phoneNumber: '(801) 555-0142' });
    expect(out.office_locationType).toBe('Parent');
    expect(out.office_phoneNumber).toBe('8015550142');
  });

  it('requires name, street, city, country and location type; refuses unlisted types', () => {
    expect(check(valid)).toBeNull();
    expect(check({ ...valid, office_name: '' })).toEqual({ required: 'name' });
    expect(check({ ...valid, office_locationType: 'Headquarters' })).toEqual({ listedValue: 'locationType' });
    expect(check({ ...valid, office_aptType: 'Penthouse' })).toEqual({ listedValue: 'aptType' });
    expect(check({ ...valid, office_aptType: 'Suite' })).toEqual({ required: 'aptNumber' });
    expect(check({ ...valid, office_aptType: 'suite', office_aptNumber: '4' })).toBeNull();
    expect(check({ ...valid, office_name: 'x'.repeat(201) })).toEqual({ tooLong: 'name' });
    const optional = specOf('<hu-office-location>');
    expect(officeLocationRules.validate(optional, officeLocationRules.normalize(optional, {}))).toBeNull();
  });

  it('splits a place of the place search into address fields', () => {
    expect(placeAddress({ description: '1 Main St, Provo, UT, USA', placeId: 'address:1', kind: 'address' })).toEqual({
      streetNumber: '1', street: 'Main St', city: 'Provo', stateProvince: 'UT', postalCode: '', country: 'USA', addressSummary: '1 Main St, Provo, UT, USA', id: 'address:1',
    });
    expect(placeAddress({ description: '84601, Provo, UT, USA', placeId: 'zip:US:84601', kind: 'zip' })).toMatchObject({ street: '', postalCode: '84601', city: 'Provo', stateProvince: 'UT', country: 'USA' });
    expect(placeAddress({ description: 'Kathmandu, Bagmati, Nepal', placeId: 'c', kind: 'city' })).toMatchObject({ street: '', city: 'Kathmandu', stateProvince: 'Bagmati', postalCode: '', country: 'Nepal' });
    expect(placeAddress({ description: 'Salt Lake City, UT', placeId: 'c2', kind: 'city' })).toMatchObject({ city: 'Salt Lake City', stateProvince: 'UT', country: '' });
  });

  it('shows name, type and address', () => {
    expect(officeLocationRules.display(spec, { ...valid, office_locationType: 'Parent', office_addressSummary: '1 Main St, Provo' })).toBe('Head office (Parent) 1 Main St, Provo');
  });
});
