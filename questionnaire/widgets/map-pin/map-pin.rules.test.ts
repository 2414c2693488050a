import { describe, expect, it } from 'vitest';
import { specOf } from '../test-spec';
import {
  clampZoom,
  initialCenter,
  initialZoom,
  MAP_BOUNDS_DEBOUNCE_MS,
  MAP_PIN_DEFAULT_CENTER,
  MAP_PIN_DEFAULT_ZOOM,
  MAP_PIN_DELAY_MS,
  MAP_PIN_MAX_ZOOM,
  MAP_PIN_MIN_ZOOM,
  mapPinRules as rules,
  pinVariables,
} from './map-pin.rules';

const pin = (attrs = '') => specOf(`<hu-map-pin variables="p_lat,p_lng" ${attrs}></hu-map-pin>`);

describe('map pin rules (widget spec §3, §4, §9)', () => {
  it('holds the §9 constants', () => {
    expect(MAP_PIN_DEFAULT_ZOOM).toBe(21);
    expect(MAP_PIN_MIN_ZOOM).toBe(12);
    expect(MAP_PIN_MAX_ZOOM).toBe(21);
    expect(MAP_BOUNDS_DEBOUNCE_MS).toBe(500);
    expect(MAP_PIN_DELAY_MS).toBe(500);
    // A Utah location.
    expect(MAP_PIN_DEFAULT_CENTER.lat).toBeGreaterThan(37);
    expect(MAP_PIN_DEFAULT_CENTER.lat).toBeLessThan(42);
    expect(MAP_PIN_DEFAULT_CENTER.lng).toBeGreaterThan(-114.05);
    expect(MAP_PIN_DEFAULT_CENTER.lng).toBeLessThan(-109.04);
  });

  it('writes latitude and longitude to its two variables (or prefixed defaults)', () => {
    expect(pinVariables(pin())).toEqual(['p_lat', 'p_lng']);
    expect(pinVariables(specOf('<hu-map-pin prefix="home_"></hu-map-pin>'))).toEqual(['home_latitude', 'home_longitude']);
  });

  it('zooms within 12…21, starting at 21', () => {
    expect(initialZoom(pin())).toBe(21);
    expect(initialZoom(pin('zoom="15"'))).toBe(15);
    expect(initialZoom(pin('zoom="30"'))).toBe(21);
    expect(initialZoom(pin('zoom="3"'))).toBe(12);
    expect(initialZoom(pin('zoom="lots"'))).toBe(21);
    expect(clampZoom(22)).toBe(21);
    expect(clampZoom(11)).toBe(12);
  });

  it('starts at the stored point, else the center attribute, else Utah', () => {
    expect(initialCenter(pin(), { p_lat: '40.1', p_lng: '-111.5' })).toEqual({ lat: 40.1, lng: -111.5 });
    expect(initialCenter(pin('center="37.1, -113.5"'), {})).toEqual({ lat: 37.1, lng: -113.5 });
    expect(initialCenter(pin('center="hello"'), { p_lat: '99', p_lng: '0' })).toEqual(MAP_PIN_DEFAULT_CENTER);
  });

  it('is valid with a real point, or empty when optional', () => {
    expect(rules.validate(pin(), {})).toBeNull();
    expect(rules.validate(pin('required'), {})).toEqual({ required: 'p_lat,p_lng' });
    expect(rules.validate(pin('required'), { p_lat: '40.7608', p_lng: '-111.891' })).toBeNull();
    expect(rules.validate(pin(), { p_lat: '40.7608', p_lng: '' })).toEqual({ mapPoint: 'p_lat,p_lng' });
    expect(rules.validate(pin(), { p_lat: '91', p_lng: '0' })).toEqual({ mapPoint: 'p_lat,p_lng' });
    expect(rules.validate(pin(), { p_lat: '10', p_lng: '-180.5' })).toEqual({ mapPoint: 'p_lat,p_lng' });
    expect(rules.validate(pin(), { p_lat: '<b>', p_lng: '1' })).toEqual({ mapPoint: 'p_lat,p_lng' });
    expect(rules.hasValue(pin(), { p_lat: '1' })).toBe(false);
    expect(rules.hasValue(pin(), { p_lat: '1', p_lng: '2' })).toBe(true);
    expect(rules.display(pin(), { p_lat: '1', p_lng: '2' })).toBe('1, 2');
  });
});
