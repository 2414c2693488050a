// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { installGoogleDouble, uninstallGoogleDouble } from '../../../core/maps/google-double';
import { resetGoogleMaps } from '../../../core/maps/google';
import { componentsFromGoogle, googleReverse } from './google-address';

afterEach(() => {
  uninstallGoogleDouble();
  resetGoogleMaps();
});

describe('Google address components by long name (widget spec §7)', () => {
  it('maps route, street_number, locality, postal_code, administrative_area_level_1/2 and country', () => {
    const components = [
      { long_name: '50', short_name: '50', types: ['street_number'] },
      { long_name: 'South State Street', short_name: 'S State St', types: ['route'] },
      { long_name: 'Salt Lake City', short_name: 'SLC', types: ['locality', 'political'] },
      { long_name: 'Salt Lake County', short_name: 'Salt Lake County', types: ['administrative_area_level_2', 'political'] },
      { long_name: 'Utah', short_name: 'UT', types: ['administrative_area_level_1', 'political'] },
      { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
      { long_name: '84111', short_name: '84111', types: ['postal_code'] },
    ];
    expect(componentsFromGoogle(components)).toEqual({
      'street-number': '50', street: 'South State Street', 'street-address': '50 South State Street', city: 'Salt Lake City', county: 'Salt Lake County',
      'postal-code': '84111', 'zip-code': '84111', 'province-state': 'Utah', 'short-state': 'UT', country: 'United States', 'short-country': 'USA',
      'full-country': 'United States',
    });
    expect(componentsFromGoogle([])).toMatchObject({ street: '', city: '', country: '' });
  });

  it('asks Google\'s geocoder for the point; null when Google has nothing (the widget then asks ours)', async () => {
    const double = installGoogleDouble({});
    expect(await googleReverse('AIza-test', 40.76, -111.89)).toBeNull();
    expect(double.geocodeRequests).toEqual([{ location: { lat: 40.76, lng: -111.89 } }]);
  });
});
