import { describe, expect, it } from 'vitest';
import { phoneTexts } from '../i18n/phone';
import { PHONE_DIGITS } from './phone-rules';
import { phoneRules } from './phone-static';

const e164 = (text: string, country = 'US') => {
  const reading = phoneRules.read(text, country);
  return reading?.ok ? reading.e164 : reading;
};
const message = (text: string, country = 'US') => {
  const checked = phoneRules.check(country)(text);
  return checked.ok ? null : checked.message;
};

describe('reading a phone as people type it (issue 35)', () => {
  it('takes the national and international ways of writing a US number, and stores E.164', () => {
    for (const typed of ['(801) 363-4127', '801-363-4127', '801.363.4127', '801 363 4127', '8013634127', '1 801 363 4127', '+1 801 363 4127', '+1 (801) 363-4127', '011 1 801 363 4127']) {
      expect(e164(typed), typed).toBe('+18013634127');
    }
    expect(e164('801-555-0123')).toBe('+18015550123');
    expect(e164('801.555.0123')).toBe('+18015550123');
  });

  it('takes another country with its code, or its digits with the code first (as stored before E.164)', () => {
    expect(e164('+44 20 7946 0958')).toBe('+442079460958');
    expect(e164('011 44 20 7946 0958')).toBe('+442079460958');
    expect(e164('0044 20 7946 0958')).toBe('+442079460958');
    expect(e164('442079460958')).toBe('+442079460958');
    expect(e164('+977 980-1234567')).toBe('+9779801234567');
  });

  it("reads a number without a code as one of the partner's country", () => {
    expect(e164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(e164('01-4123456', 'NP')).toBe('+97714123456');
    // The same digits are not a US number.
    expect(e164('020 7946 0958')).not.toBe('+442079460958');
    // An unknown country code falls back to the United States.
    expect(e164('(801) 363-4127', 'ZZ')).toBe('+18013634127');
  });

  it('nothing typed is nothing to read (the field decides whether it is required)', () => {
    expect(phoneRules.read('', 'US')).toBeNull();
    expect(phoneRules.read('   ', 'US')).toBeNull();
    expect(message('  ')).toBe(phoneTexts.required);
  });

  it('says what is wrong, each message starting with the spec §5 text', () => {
    const cases: [string, string][] = [
      ['801-555-ABCD', 'Phone number is invalid. Use digits only: it has letters in it.'],
      ['call me', 'Phone number is invalid. Use digits only: it has letters in it.'],
      ['801#555#0123', 'Phone number is invalid. Remove “#”: a number has digits, spaces and ( ) - . only, and may start with +.'],
      ['801+555+0123', 'Phone number is invalid. Remove “+”: a number has digits, spaces and ( ) - . only, and may start with +.'],
      ['(---)', 'Phone number is invalid. It has no digits.'],
      ['555-0142', 'Phone number is invalid. It has too few digits for a number in the United States.'],
      ['801 555 01420', 'Phone number is invalid. It has too many digits for a number in the United States.'],
      ['(555) 555-0142', 'Phone number is invalid. It is not a number in the United States; for another country, start with + and its code.'],
      ['+999 123 456 789', 'Phone number is invalid. +999 is not a country calling code.'],
      ['+44 20 7946', 'Phone number is invalid. It has too few digits for a number in the United Kingdom.'],
      ['+44 20 7946 0958 12', 'Phone number is invalid. It has too many digits for a number in the United Kingdom.'],
      ['+1 555 555 0142', 'Phone number is invalid. It is not a number in the United States (+1).'],
      ['98012', 'Phone number is invalid. It has too few digits for a number in Nepal.'],
    ];
    for (const [typed, text] of cases) {
      const country = typed === '98012' ? 'NP' : 'US';
      expect(message(typed, country), typed).toBe(text);
      expect(text.startsWith(phoneTexts.invalid)).toBe(true);
    }
  });

  it('holds spec §5 "10 to 15 digits" on the stored number (country code included)', () => {
    expect(PHONE_DIGITS).toEqual({ min: 10, max: 15 });
    // Niue's numbers are valid with 7 digits: too short for the spec's rule.
    expect(phoneRules.parse('+683 4002', 'US')?.isValid()).toBe(true);
    expect(message('+683 4002')).toBe('Phone number is invalid. It has too few digits for a number in Niue.');
  });
});

describe('showing a stored number', () => {
  it("national format for the partner's country, international for any other", () => {
    expect(phoneRules.format('+18013634127', 'US')).toBe('(801) 363-4127');
    expect(phoneRules.format('+442079460958', 'US')).toBe('+44 20 7946 0958');
    expect(phoneRules.format('+442079460958', 'GB')).toBe('020 7946 0958');
    expect(phoneRules.format('+18013634127', 'GB')).toBe('+1 801 363 4127');
    // Canada shares +1 but is another country.
    expect(phoneRules.format('+14165550142', 'US')).toBe('+1 416 555 0142');
  });

  it('spec §5 display: 10 digits as (xxx) xxx-xxxx; Nepal\'s 11 and 13 digits in its own groups', () => {
    expect(phoneRules.format('8015550142', 'US')).toBe('(801) 555-0142');
    expect(phoneRules.format('97714123456', 'US')).toBe('+977 1 4123456');
    expect(phoneRules.format('9779801234567', 'US')).toBe('+977 980 1234567');
  });

  it('numbers stored before E.164 show as they would now; what does not read shows as stored', () => {
    expect(phoneRules.format('8013634127', 'US')).toBe('(801) 363-4127');
    expect(phoneRules.e164('8013634127', 'US')).toBe('+18013634127');
    expect(phoneRules.format('555 01', 'US')).toBe('555 01');
    expect(phoneRules.e164('555 01', 'US')).toBeNull();
    expect(phoneRules.format('', 'US')).toBe('');
  });

  it('formats as typed', () => {
    expect(phoneRules.asTyped('8013634', 'US')).toBe('(801) 363-4');
    expect(phoneRules.asTyped('+4420', 'US')).toBe('+44 20');
    expect(phoneRules.asTyped('02079460958', 'GB')).toBe('020 7946 0958');
  });
});
