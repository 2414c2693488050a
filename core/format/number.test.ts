import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent } from './number';

describe('formatNumber and formatPercent', () => {
  it('groups thousands the one way every figure uses', () => {
    expect(formatNumber(2949)).toBe('2,949');
    expect(formatNumber(1_234_567)).toBe('1,234,567');
    expect(formatNumber(12)).toBe('12');
  });
  it('keeps at most one decimal unless asked', () => {
    expect(formatNumber(48.25)).toBe('48.3');
    expect(formatNumber(48.5)).toBe('48.5');
    expect(formatNumber(1850.4, 0)).toBe('1,850');
  });
  it('writes percentages with one decimal', () => {
    expect(formatPercent(4.2)).toBe('4.2%');
    expect(formatPercent(13)).toBe('13.0%');
    expect(formatPercent(-1.25)).toBe('-1.3%');
  });
});
