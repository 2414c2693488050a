import { phoneRules as core } from '../../../core/format/phone-static';
import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../client/widget-frame';
import { rulesFor } from '../rules';
import { specOf } from '../test-spec';
import { widgetTexts } from '../texts';
import { formatAsTyped, formatPhone, parsePhone, PHONE_DEFAULT_COUNTRY, phoneValue } from './phone.rules';
import { phoneRules } from './phone.rules.static';

const spec = (attrs = '') => specOf(`<hu-phone hu-key="p" variables="p" ${attrs}>`);
/** As the server does: normalize what was sent, then validate. */
const check = (attrs: string, typed: string) => {
  const s = spec(attrs);
  return phoneRules.validate(s, phoneRules.normalize(s, { p: typed }));
};

describe('phone widget rules (widget spec §3, §5, §8, §9)', () => {
  it('is registered for hu-phone, for the server screen validation', () => {
    expect(rulesFor('hu-phone')).toBe(phoneRules);
    expect(phoneRules.variables(spec())).toEqual(['p']);
    expect(phoneRules.variables(specOf('<hu-phone variables="a,b">'))).toEqual(['a']);
  });

  it('default region US (spec §9)', () => {
    expect(PHONE_DEFAULT_COUNTRY).toBe('US');
    expect(parsePhone('801 555 0142', core)?.country).toBe('US');
  });

  it('stores digits only: a US number as its 10 national digits, however typed', () => {
    for (const typed of ['(801) 555-0142', '801.555.0142', '801-555-0142', '1 801 555 0142', '+1 (801) 555-0142', '8015550142']) {
      expect(phoneRules.normalize(spec(), { p: typed }), typed).toEqual({ p: '8015550142' });
    }
    expect(phoneRules.normalize(spec(), { p: '' })).toEqual({ p: '' });
    expect(phoneRules.normalize(spec(), { p: 'call me' })).toEqual({ p: '' });
    // Not valid: the digits typed, kept for the error.
    expect(phoneRules.normalize(spec(), { p: '555-01' })).toEqual({ p: '55501' });
  });

  it('stores another country as its E.164 digits (country code first, no +); normalizing is idempotent', () => {
    expect(phoneValue('+44 20 7946 0958', core)).toBe('442079460958');
    expect(phoneValue('011 44 20 7946 0958', core)).toBe('442079460958');
    expect(phoneValue('+1 416 555 0142', core)).toBe('14165550142');
    for (const stored of ['8015550142', '442079460958', '14165550142', '55501']) expect(phoneValue(stored, core)).toBe(stored);
  });

  it('a valid US number is valid, with or without international', () => {
    expect(check('', '(801) 555-0142')).toBeNull();
    expect(check('required', '(801) 555-0142')).toBeNull();
    expect(check('international', '(801) 555-0142')).toBeNull();
  });

  it("a number that is not valid gives 'Invalid number'", () => {
    for (const typed of ['555-0142', '(555) 555-0142', '801 555 01420', '12', '0000000000']) {
      expect(check('required', typed), typed).toEqual({ invalidNumber: 'true' });
      expect(check('', typed), typed).toEqual({ invalidNumber: 'true' });
    }
    const errors = check('', '555-0142');
    expect(errorMessage(errors, spec())).toBe('Invalid number');
    expect(widgetTexts.errors.invalidNumber).toBe('Invalid number');
  });

  it('other countries only with the international flag', () => {
    expect(check('', '+44 20 7946 0958')).toEqual({ invalidNumber: 'true' });
    expect(check('international', '+44 20 7946 0958')).toBeNull();
    expect(check('international required', '+52 55 1234 5678')).toBeNull();
    // Canada shares +1 but is another country.
    expect(check('', '(416) 555-0142')).toEqual({ invalidNumber: 'true' });
    expect(check('international', '(416) 555-0142')).toBeNull();
    // international="false" lifts the flag.
    expect(check('international="false"', '+44 20 7946 0958')).toEqual({ invalidNumber: 'true' });
    // Not valid in any country, international or not.
    expect(check('international', '+44 20 7946')).toEqual({ invalidNumber: 'true' });
  });

  it('required: an empty required phone gives required; an empty optional one is fine', () => {
    expect(check('required', '')).toEqual({ required: 'true' });
    expect(check('required', '   ')).toEqual({ required: 'true' });
    expect(errorMessage(check('required', ''), spec('required'))).toBe(widgetTexts.errors.required);
    expect(check('', '')).toBeNull();
    expect(phoneRules.hasValue(spec(), { p: '' })).toBe(false);
    expect(phoneRules.hasValue(spec(), { p: '8015550142' })).toBe(true);
  });

  it('shows a valid number in national format (US) or international format (other countries)', () => {
    expect(phoneRules.display(spec(), { p: '8015550142' })).toBe('(801) 555-0142');
    expect(phoneRules.display(spec('international'), { p: '442079460958' })).toBe('+44 20 7946 0958');
    expect(phoneRules.display(spec('international'), { p: '14165550142' })).toBe('+1 416 555 0142');
    expect(phoneRules.display(spec(), { p: '55501' })).toBe('55501');
    expect(phoneRules.display(spec(), {})).toBe('');
    expect(formatPhone('+442079460958', core)).toBe('+44 20 7946 0958');
  });

  it('reformats as typed (spec §4)', () => {
    expect(formatAsTyped('801', core)).toBe('(801)');
    expect(formatAsTyped('8015550', core)).toBe('(801) 555-0');
    expect(formatAsTyped('8015550142', core)).toBe('(801) 555-0142');
    expect(formatAsTyped('+4420', core)).toBe('+44 20');
    expect(formatAsTyped('+442079460958', core)).toBe('+44 20 7946 0958');
  });
});
