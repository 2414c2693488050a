import { describe, expect, it } from 'vitest';
import { specOf } from '../test-spec';
import { dateRules, joinDate, normalizeMonth, yearList } from './date.rules';

const validate = (markup: string, values: Record<string, string>) => {
  const spec = specOf(markup);
  return dateRules.validate(spec, dateRules.normalize(spec, values));
};

describe('date widget rules (widget spec §4, §5, §9)', () => {
  it('stores month/day/year with leading zeros stripped; accepts month abbreviations', () => {
    expect(joinDate({ month: '03', day: '07', year: '1990' })).toBe('3/7/1990');
    expect(normalizeMonth('Mar')).toBe('3');
    expect(normalizeMonth('september')).toBe('9');
    expect(normalizeMonth('12')).toBe('12');
  });

  it('month 1-12, day 1-31, year 4 digits', () => {
    expect(validate('<hu-date variables="d">', { d: '13/1/2000' })).toEqual({ invalid: 'month' });
    expect(validate('<hu-date variables="d">', { d: '0/1/2000' })).toEqual({ invalid: 'month' });
    expect(validate('<hu-date variables="d">', { d: '1/32/2000' })).toEqual({ invalid: 'day' });
    expect(validate('<hu-date variables="d">', { d: '1/1/200' })).toEqual({ invalid: 'year' });
    expect(validate('<hu-date variables="d">', { d: '12/31/1999' })).toBeNull();
  });

  it('a full date must be a real calendar date, else the day shows invalid', () => {
    expect(validate('<hu-date variables="d">', { d: '2/29/2023' })).toEqual({ invalid: 'day' });
    expect(validate('<hu-date variables="d">', { d: '2/29/2024' })).toBeNull();
    expect(validate('<hu-date variables="d">', { d: '4/31/2024' })).toEqual({ invalid: 'day' });
  });

  it('required with neither a date nor N/A: required', () => {
    expect(validate('<hu-date variables="d" required>', { d: '' })).toEqual({ required: 'true' });
    expect(validate('<hu-date variables="d">', { d: '' })).toBeNull();
  });

  it('N/A together with a date: na_error; N/A alone is valid', () => {
    expect(validate('<hu-date variables="d,na" na-option required>', { d: '1/2/2000', na: 'Yes' })).toEqual({ na_error: 'true' });
    expect(validate('<hu-date variables="d,na" na-option required>', { d: '', na: 'Yes' })).toBeNull();
    expect(validate('<hu-date variables="d,na" na-option required>', { d: '', na: 'Off' })).toEqual({ required: 'true' });
  });

  it('year list: 110 entries downward from 10 years ahead, or year-range', () => {
    const years = yearList(specOf('<hu-date>'), new Date(2026, 0, 1));
    expect(years).toHaveLength(110);
    expect(years[0]).toBe(2036);
    expect(years[109]).toBe(1927);
    expect(yearList(specOf('<hu-date year-range="1990-1995">'))).toEqual([1995, 1994, 1993, 1992, 1991, 1990]);
  });
});
