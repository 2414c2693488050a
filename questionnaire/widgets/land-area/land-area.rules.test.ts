import { describe, expect, it } from 'vitest';
import { specOf } from '../test-spec';
import {
  ACRES_PER_SQUARE_FOOT,
  convertLand,
  isLandValue,
  LAND_UNITS,
  landAreaRules,
  roundLand,
  SQUARE_FEET_PER_UNIT,
  SQUARE_METRES_PER_UNIT,
} from './land-area.rules';

describe('land-area conversion constants (widget spec §9)', () => {
  it('holds the square-feet factors exactly', () => {
    expect(SQUARE_FEET_PER_UNIT).toEqual({ ropani: 5476, aana: 342.25, paisa: 85.5625, daam: 21.390625, bigha: 72900, katha: 3645, dhur: 182.25 });
  });

  it('holds the square-metre factors exactly, and the acre factor', () => {
    expect(SQUARE_METRES_PER_UNIT).toEqual({ ropani: 508.72, aana: 31.8, paisa: 7.95, daam: 1.99, bigha: 6772.6316, katha: 338.6316, dhur: 16.931579 });
    expect(ACRES_PER_SQUARE_FOOT).toBe(0.00002295684);
  });

  it('has the ten units of the spec, in its order', () => {
    expect(LAND_UNITS).toEqual(['ropani', 'aana', 'paisa', 'daam', 'bigha', 'katha', 'dhur', 'sqfeet', 'sqmeter', 'acre']);
  });
});

describe('convertLand', () => {
  it('converts one ropani into every other unit through square feet, 2 decimals', () => {
    expect(convertLand('ropani', '1')).toEqual({
      ropani: '1',
      aana: '16',
      paisa: '64',
      daam: '256',
      bigha: '0.08',
      katha: '1.5',
      dhur: '30.05',
      sqfeet: '5476',
      sqmeter: '508.72',
      acre: '0.13',
    });
  });

  it('converts one bigha: square metres from the metre table, acres from square feet', () => {
    const out = convertLand('bigha', '1');
    expect(out.katha).toBe('20');
    expect(out.dhur).toBe('400');
    expect(out.sqfeet).toBe('72900');
    expect(out.sqmeter).toBe('6772.63');
    expect(out.acre).toBe(roundLand(72900 * 0.00002295684));
    expect(out.acre).toBe('1.67');
  });

  it('converts square metres into the traditional units with the metre table', () => {
    const out = convertLand('sqmeter', '508.72');
    expect(out.ropani).toBe('1');
    expect(out.aana).toBe('16');
    expect(out.sqmeter).toBe('508.72');
  });

  it('converts acres back through square feet', () => {
    const out = convertLand('acre', '1');
    expect(out.sqfeet).toBe(roundLand(1 / 0.00002295684));
    expect(out.ropani).toBe(roundLand(1 / 0.00002295684 / 5476));
  });

  it('keeps a value starting with a point, and keeps the typed text of the edited unit', () => {
    const out = convertLand('aana', '.5');
    expect(out.aana).toBe('.5');
    expect(out.sqfeet).toBe('171.13');
  });

  it('clears the other units when the typed text is not a number', () => {
    const out = convertLand('ropani', 'abc');
    expect(out.ropani).toBe('abc');
    expect(out.aana).toBe('');
    expect(out.acre).toBe('');
    expect(convertLand('ropani', '').sqfeet).toBe('');
  });

  it('rounds to 2 decimals', () => {
    expect(roundLand(1.005)).toBe('1.01');
    expect(roundLand(2.499)).toBe('2.5');
    expect(roundLand(3)).toBe('3');
  });
});

describe('land-area values (widget spec §5)', () => {
  it('start with a digit or a point', () => {
    expect(isLandValue('12')).toBe(true);
    expect(isLandValue('12.5')).toBe(true);
    expect(isLandValue('.5')).toBe(true);
    expect(isLandValue('5.')).toBe(true);
    expect(isLandValue('-1')).toBe(false);
    expect(isLandValue('a1')).toBe(false);
    expect(isLandValue(' 1')).toBe(false);
    expect(isLandValue('1e5')).toBe(false);
    expect(isLandValue('1.2.3')).toBe(false);
  });

  it('validates each unit and the required ones', () => {
    const spec = specOf('<hu-land-area prefix="land_" required-opts="ropani">');
    const check = (values: Record<string, string>) => landAreaRules.validate(spec, landAreaRules.normalize(spec, values));
    expect(check({})).toEqual({ required: 'ropani' });
    expect(check({ land_ropani: '1' })).toBeNull();
    expect(check({ land_ropani: '1', land_aana: '-16' })).toEqual({ landValue: 'aana' });
    expect(check({ land_ropani: 'x' })).toEqual({ landValue: 'ropani' });
    const optional = specOf('<hu-land-area>');
    expect(landAreaRules.validate(optional, landAreaRules.normalize(optional, {}))).toBeNull();
    expect(landAreaRules.variables(optional)).toEqual([...LAND_UNITS]);
    const all = specOf('<hu-land-area required>');
    expect(landAreaRules.validate(all, { ...convertLand('ropani', '1'), acre: '' })).toEqual({ required: 'acre' });
  });
});
