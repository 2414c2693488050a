import { describe, expect, it } from 'vitest';
import { formatPhone, phoneHref } from './phone';

describe('formatPhone (spec §5 phone display)', () => {
  it('shows 10 digits as (xxx) xxx-xxxx', () => {
    expect(formatPhone('8015550142')).toBe('(801) 555-0142');
  });

  it('formats 10 digits typed with punctuation', () => {
    expect(formatPhone('801.555.0142')).toBe('(801) 555-0142');
  });

  it('shows 11 digits as +xxx x-xxxxxxx', () => {
    expect(formatPhone('18015550142')).toBe('+180 1-5550142');
  });

  it('shows 13 digits as +xxx xxx-xxxxxxx', () => {
    expect(formatPhone('9779801234567')).toBe('+977 980-1234567');
  });

  it('leaves 12 digits as typed', () => {
    expect(formatPhone('977-980-123456')).toBe('977-980-123456');
  });

  it('leaves short numbers as typed', () => {
    expect(formatPhone('555 01')).toBe('555 01');
  });

  it('shows nothing for a missing number', () => {
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('phoneHref', () => {
  it('keeps digits and plus only', () => {
    expect(phoneHref('+977 980-1234567')).toBe('tel:+9779801234567');
    expect(phoneHref('(801) 555-0142')).toBe('tel:8015550142');
  });
});
