import { describe, expect, it } from 'vitest';
import { formatQualifiedAmount, qualifiedAmountOf } from './agent-and-qualification';

describe('the prequalification amount (spec §5)', () => {
  it('gets thousands separators and nothing else', () => {
    expect(formatQualifiedAmount('450000')).toBe('450,000');
    expect(formatQualifiedAmount('1234567.5')).toBe('1,234,567.5');
    expect(formatQualifiedAmount('1234567.55')).toBe('1,234,567.55');
    expect(formatQualifiedAmount('$ 450,000')).toBe('450,000');
    expect(formatQualifiedAmount('45,0000')).toBe('450,000');
    expect(formatQualifiedAmount('999')).toBe('999');
    expect(formatQualifiedAmount('0012')).toBe('12');
    expect(formatQualifiedAmount('1234.')).toBe('1,234.');
    expect(formatQualifiedAmount('')).toBe('');
  });

  it('leaves what is not an amount as typed (null)', () => {
    expect(formatQualifiedAmount('450k')).toBeNull();
    expect(formatQualifiedAmount('1.234')).toBeNull();
    expect(formatQualifiedAmount('-5')).toBeNull();
  });

  it('is sent and kept as typed but for the separators: a trailing point goes, cents stay as written', () => {
    expect(qualifiedAmountOf('450000.')).toBe('450,000');
    expect(qualifiedAmountOf('1234567.50')).toBe('1,234,567.50');
    expect(qualifiedAmountOf('')).toBe('');
    expect(qualifiedAmountOf('lots')).toBeNull();
  });
});
