import { describe, expect, it } from 'vitest';
import { contextPhone, contextPhoneCountry, phoneCountryOf, phoneHref } from './phone';

describe("the partner's country", () => {
  it('is the first of its countries, upper case; the United States without any', () => {
    expect(phoneCountryOf(['np', 'us'])).toBe('NP');
    expect(phoneCountryOf([])).toBe('US');
    expect(phoneCountryOf(null)).toBe('US');
    expect(phoneCountryOf(['usa'])).toBe('US');
    expect(contextPhoneCountry({ partner: { addressSearchComponentRestrictions: { country: ['gb'] } } })).toBe('GB');
    expect(contextPhoneCountry({ partner: { addressSearchComponentRestrictions: null } })).toBe('US');
    expect(contextPhoneCountry(null)).toBe('US');
  });
});

describe('phoneHref', () => {
  it('keeps digits and plus only', () => {
    expect(phoneHref('+9779801234567')).toBe('tel:+9779801234567');
    expect(phoneHref('(801) 555-0142')).toBe('tel:8015550142');
  });
});

describe('a phone of the app context', () => {
  it('links the stored number and shows the text the server formatted for it', () => {
    const context = { officeNumber: '+18015550142', cellNumber: null, phoneDisplay: { '+18015550142': '(801) 555-0142', '+18005550199': '(800) 555-0199' } };
    expect(contextPhone(context, 'officeNumber')).toEqual({ href: 'tel:+18015550142', text: '(801) 555-0142' });
    expect(contextPhone(context, 'cellNumber')).toBeNull();
    // Without a text for that very number (a config cached before the server sent them): the number as stored.
    expect(contextPhone({ officeNumber: '8015550100', phoneDisplay: { '+18015550142': '(801) 555-0142' } }, 'officeNumber')).toEqual({ href: 'tel:8015550100', text: '8015550100' });
  });
});
