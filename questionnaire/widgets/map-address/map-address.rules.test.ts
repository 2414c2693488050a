import { describe, expect, it } from 'vitest';
import { specOf } from '../test-spec';
import {
  coordinateText,
  isFirstVariant,
  MAP_ADDRESS_COMPONENTS,
  MAP_ADDRESS_FIELDS,
  MAP_ADDRESS_ROWS,
  mapAddressRules as rules,
  mapChange,
  mapVariables,
  placeComponents,
  placeMatchesTypes,
  REINIT_AFTER_VISIBLE_MS,
  requiredComponents,
  validCoordinate,
} from './map-address.rules';

const first = (attrs = '') => specOf(`<hu-map-search-address prefix="m_" ${attrs}></hu-map-search-address>`);
const second = (attrs = '') => specOf(`<hu-map-search-address-2 prefix="m_" ${attrs}></hu-map-search-address-2>`);
const check = (spec: ReturnType<typeof first>, values: Record<string, string>) => rules.validate(spec, rules.normalize(spec, values));

describe('map-search address rules (widget spec §3, §5, §7, §9)', () => {
  it('writes every §3 variable in both spellings', () => {
    expect(MAP_ADDRESS_FIELDS).toEqual([
      'street-address', 'street-number', 'street', 'apt-type', 'apt-number', 'city', 'lat', 'lng', 'postal-code', 'zip-code', 'county',
      'province-state', 'country', 'short-state', 'short-country', 'full-country',
    ]);
    const variables = rules.variables(first());
    expect(variables).toContain('m_street-number');
    expect(variables).toContain('m_street_number');
    expect(variables).toContain('m_province_state');
    expect(variables).toContain('m_lat');
    expect(new Set(variables).size).toBe(variables.length);
    expect(variables).toHaveLength(16 + 10);
    expect(mapVariables(first(), 'city')).toEqual(['m_city']);
  });

  it('reads the underscore spelling and stores both', () => {
    const spec = first();
    const out = rules.normalize(spec, { 'm_street_number': '12', m_street: 'Main St', m_city: 'Provo', m_zip_code: '84601', m_country: 'united states' });
    expect(out['m_street-number']).toBe('12');
    expect(out['m_street_number']).toBe('12');
    expect(out['m_street-address']).toBe('12 Main St');
    expect(out['m_postal-code']).toBe('84601');
    expect(out['m_postal_code']).toBe('84601');
    expect(out['m_short-country']).toBe('USA');
    expect(out['m_full_country']).toBe('United States');
    expect(mapChange(spec, { 'apt-type': 'Suite' })).toEqual({ 'm_apt-type': 'Suite', m_apt_type: 'Suite' });
  });

  it('tells the variants apart by tag', () => {
    expect(isFirstVariant(first())).toBe(true);
    expect(isFirstVariant(second())).toBe(false);
    expect(REINIT_AFTER_VISIBLE_MS).toBe(500);
  });

  it('requires the required-comps of the first variant (either spelling), everything of the second when required', () => {
    expect(requiredComponents(first('required-comps="street,postal_code,city"'))).toEqual(['street', 'postal-code', 'city']);
    expect(requiredComponents(first('required'))).toEqual([]);
    expect(requiredComponents(second())).toEqual([]);
    expect(requiredComponents(second('required'))).toEqual([...MAP_ADDRESS_COMPONENTS]);
    expect(check(first('required-comps="street,city"'), { m_street: 'Main St' })).toEqual({ required: 'city' });
    expect(check(first('required-comps="street,city"'), { m_street: 'Main St', m_city: 'Provo' })).toBeNull();
    expect(check(second('required'), { m_street: 'Main St', m_city: 'Provo' })).toEqual({ required: 'street-number,postal-code,county,province-state,country' });
    const full = { 'm_street-number': '1', m_street: 'Main St', m_city: 'Provo', 'm_postal-code': '84601', m_county: 'Utah', 'm_province-state': 'UT', m_country: 'USA' };
    expect(check(second('required'), full)).toBeNull();
  });

  it('requires the apt number with a valid apt type, and refuses it without one', () => {
    const spec = first();
    expect(check(spec, { 'm_apt-type': 'suite' })).toEqual({ required: 'apt-number' });
    expect(check(spec, { 'm_apt-type': 'Suite', 'm_apt-number': '4' })).toBeNull();
    expect(check(spec, { 'm_apt-type': 'Penthouse', 'm_apt-number': '4' })).toEqual({ listedValue: 'apt-type' });
    expect(check(spec, { 'm_apt-number': '4' })).toEqual({ aptNumber: 'apt-number' });
  });

  it('accepts a real point or none', () => {
    expect(validCoordinate('40.76', 90)).toBe(true);
    expect(validCoordinate('-111.891', 180)).toBe(true);
    expect(validCoordinate('90.0001', 90)).toBe(false);
    expect(validCoordinate('181', 180)).toBe(false);
    expect(validCoordinate('1e3', 180)).toBe(false);
    expect(validCoordinate('NaN', 90)).toBe(false);
    expect(validCoordinate('', 90)).toBe(false);
    const spec = first();
    expect(check(spec, { m_lat: '40.7', m_lng: '-111.9' })).toBeNull();
    expect(check(spec, { m_lat: '40.7' })).toEqual({ mapPoint: 'lat,lng' });
    expect(check(spec, { m_lat: '95', m_lng: '10' })).toEqual({ mapPoint: 'lat,lng' });
    expect(coordinateText(40.123456789)).toBe('40.1234568');
  });

  it('refuses an over-long component', () => {
    expect(check(first(), { m_city: 'x'.repeat(201) })).toEqual({ tooLong: 'city' });
  });

  it('lays the fields out in the §2 rows', () => {
    expect(MAP_ADDRESS_ROWS).toEqual([
      ['street-number', 'street', 'apt-type', 'apt-number'],
      ['city', 'postal-code', 'county'],
      ['province-state', 'country'],
      ['short-state', 'short-country'],
    ]);
  });

  it('splits our place search results into components', () => {
    expect(placeComponents({ description: '1 Main St, Provo, UT, USA', kind: 'address', lat: 40.2, lng: -111.6 })).toMatchObject({
      'street-address': '1 Main St', 'street-number': '1', street: 'Main St', city: 'Provo', 'province-state': 'UT', 'short-state': 'UT',
      country: 'United States', 'short-country': 'USA', lat: '40.2', lng: '-111.6',
    });
    expect(placeComponents({ description: '84601, Provo, UT, USA', kind: 'zip', lat: 0, lng: 0 })).toMatchObject({ 'postal-code': '84601', 'zip-code': '84601', city: 'Provo' });
    expect(placeComponents({ description: '84601, Provo, UT, USA', kind: 'zip', lat: 0, lng: 0 }).lat).toBeUndefined();
    expect(placeComponents({ description: 'Kathmandu, Bagmati, Nepal', kind: 'city', lat: 27.7, lng: 85.3 })).toMatchObject({ city: 'Kathmandu', 'province-state': 'Bagmati', 'short-state': '', 'short-country': 'NPL' });
  });

  it('limits places by place-types', () => {
    expect(placeMatchesTypes({ kind: 'zip' }, [])).toBe(true);
    expect(placeMatchesTypes({ kind: 'zip' }, ['address'])).toBe(false);
    expect(placeMatchesTypes({ kind: 'address' }, ['address'])).toBe(true);
    expect(placeMatchesTypes({ kind: 'city' }, ['(cities)'])).toBe(true);
    expect(placeMatchesTypes({ kind: 'city' }, ['geocode'])).toBe(true);
  });

  it('has a value once an address or a point is given, and shows it on one line', () => {
    const spec = first();
    expect(rules.hasValue(spec, {})).toBe(false);
    const values = rules.normalize(spec, { 'm_street-number': '1', m_street: 'Main St', 'm_apt-type': 'Suite', 'm_apt-number': '4', m_city: 'Provo', 'm_province-state': 'UT', 'm_postal-code': '84601', m_country: 'USA' });
    expect(rules.hasValue(spec, values)).toBe(true);
    expect(rules.display(spec, values)).toBe('1 Main St, Suite 4, Provo, UT 84601, United States');
  });
});

describe('Google formatted addresses and address components (spec §7)', () => {
  it('splits the state and ZIP Google writes together', () => {
    expect(placeComponents({ description: '50 S State St, Salt Lake City, UT 84111, USA', kind: 'address', lat: 40.76, lng: -111.89 })).toMatchObject({
      'street-number': '50', street: 'S State St', city: 'Salt Lake City', 'province-state': 'UT', 'short-state': 'UT', 'postal-code': '84111', 'zip-code': '84111', 'short-country': 'USA',
    });
  });
});
