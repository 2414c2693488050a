import { describe, expect, it } from 'vitest';
import { specOf } from '../test-spec';
import { BASEMENT_FLOOR, FLOOR_PLACEHOLDER, floorGridRules, floorsOf, floorVariable, ordinal, ROW_PLACEHOLDER } from './floor-grid.rules';
import { floorTitle } from './floor-grid.widget';

const spec = specOf('<hu-floor-grid row-keys="bedrooms,bathrooms" row-titles="Bedrooms,Bathrooms" floors="2" basement pattern="floor_{r}_{f}">');

describe('floor grid (widget spec §3, §9)', () => {
  it('labels floors 1st Floor, 2nd Floor and so on, plus Basement', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th',
    ]);
    expect(floorTitle('1')).toBe('1st Floor');
    expect(floorTitle('2')).toBe('2nd Floor');
    expect(floorTitle(BASEMENT_FLOOR)).toBe('Basement');
  });

  it('puts the basement column b first, only when asked', () => {
    expect(floorsOf(spec)).toEqual(['b', '1', '2']);
    expect(floorsOf(specOf('<hu-floor-grid floors="3">'))).toEqual(['1', '2', '3']);
    expect(floorsOf(specOf('<hu-floor-grid floors="many">'))).toEqual(['1']);
    expect(floorsOf(specOf('<hu-floor-grid floors="999">'))).toHaveLength(100);
  });

  it('fills the row and floor placeholders of the pattern', () => {
    expect(ROW_PLACEHOLDER).toBe('{r}');
    expect(FLOOR_PLACEHOLDER).toBe('{f}');
    expect(floorVariable(spec, 'bedrooms', 'b')).toBe('floor_bedrooms_b');
    expect(floorGridRules.variables(spec)).toEqual([
      'floor_bedrooms_b', 'floor_bedrooms_1', 'floor_bedrooms_2', 'floor_bathrooms_b', 'floor_bathrooms_1', 'floor_bathrooms_2',
    ]);
    expect(floorGridRules.variables(specOf('<hu-floor-grid row-keys="rooms">'))).toEqual(['rooms_floor_1']);
  });

  it('accepts counts only, and every cell when required', () => {
    const check = (s: typeof spec, values: Record<string, string>) => floorGridRules.validate(s, floorGridRules.normalize(s, values));
    expect(check(spec, {})).toBeNull();
    expect(check(spec, { floor_bedrooms_1: '3', floor_bathrooms_b: '1.5' })).toBeNull();
    expect(check(spec, { floor_bedrooms_1: 'three' })).toEqual({ invalid: 'floor_bedrooms_1' });
    expect(check(spec, { floor_bedrooms_1: '-1' })).toEqual({ invalid: 'floor_bedrooms_1' });
    const required = specOf('<hu-floor-grid row-keys="rooms" floors="2" required>');
    expect(check(required, { rooms_floor_1: '2' })).toEqual({ required: 'rooms_floor_2' });
    expect(check(required, { rooms_floor_1: '2', rooms_floor_2: '0' })).toBeNull();
  });

  it('shows each row across the floors', () => {
    expect(floorGridRules.display(spec, { floor_bedrooms_1: '3', floor_bedrooms_2: '2' })).toBe('Bedrooms: - / 3 / 2; Bathrooms: - / - / -');
  });
});
