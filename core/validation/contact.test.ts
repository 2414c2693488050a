import { describe, expect, it } from 'vitest';
import { phoneRules } from '../format/phone-static';
import { contactTexts } from '../i18n/contact';
import { validateContact as validateWith } from './contact';

const validateContact = (input: unknown) => validateWith(input, phoneRules.check('US'));

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+18015550142',
  comment: 'I would like a tour.',
};
const { errors } = contactTexts;

const errorsOf = (input: unknown) => {
  const result = validateContact(input);
  return result.ok ? {} : result.errors;
};

describe('contact form rules (spec §5)', () => {
  it('accepts a complete form and trims values', () => {
    expect(validateContact({ ...valid, firstName: '  Ada ' })).toEqual({ ok: true, value: valid });
  });

  it('requires every field with its exact message', () => {
    expect(errorsOf({})).toEqual({
      firstName: 'Please enter your first name',
      lastName: 'Please enter your last name',
      email: 'Please enter your email',
      phone: 'Please enter your phone number',
      comment: 'What can I help you with? is a required field',
    });
  });

  it('treats whitespace-only values as missing', () => {
    expect(errorsOf({ ...valid, firstName: '   ' })).toEqual({ firstName: errors.firstNameRequired });
  });

  it('rejects an email without a domain ending', () => {
    expect(errorsOf({ ...valid, email: 'ada@example' })).toEqual({ email: 'Email is invalid.' });
  });

  it('rejects an email with an upper-case letter (the lowercase pattern)', () => {
    expect(errorsOf({ ...valid, email: 'Ada@example.com' })).toEqual({ email: 'Email is invalid.' });
  });

  it('rejects an email ending longer than 4 letters', () => {
    expect(errorsOf({ ...valid, email: 'ada@example.museum' })).toEqual({ email: 'Email is invalid.' });
  });

  it('accepts 2 and 4 letter endings and subdomains', () => {
    expect(errorsOf({ ...valid, email: 'a.b+c@mail.example.np' })).toEqual({});
    expect(errorsOf({ ...valid, email: 'ada@example.info' })).toEqual({});
  });

  it('takes a phone as people type it and gives it back in E.164 (issue 35)', () => {
    for (const phone of ['(801) 555-0142', '801-555-0142', '801.555.0142', '8015550142', '+1 801 555 0142']) {
      expect(validateContact({ ...valid, phone }), phone).toEqual({ ok: true, value: valid });
    }
    expect(validateContact({ ...valid, phone: '+44 20 7946 0958' })).toEqual({ ok: true, value: { ...valid, phone: '+442079460958' } });
  });

  it("reads a number without a country code as one of the partner's country", () => {
    expect(validateWith({ ...valid, phone: '020 7946 0958' }, phoneRules.check('GB'))).toEqual({ ok: true, value: { ...valid, phone: '+442079460958' } });
  });

  it("says what is wrong with a phone, after spec §5's 'Phone number is invalid.'", () => {
    expect(errorsOf({ ...valid, phone: '801555014' })).toEqual({
      phone: 'Phone number is invalid. It has too few digits for a number in the United States.',
    });
    expect(errorsOf({ ...valid, phone: '8015550142123456' })).toEqual({
      phone: 'Phone number is invalid. It has too many digits for a number in the United States.',
    });
    expect(errorsOf({ ...valid, phone: '801-555-O142' })).toEqual({ phone: 'Phone number is invalid. Use digits only: it has letters in it.' });
  });

  it('a phone too long to be typed by a person is refused before it is read', () => {
    expect(errorsOf({ ...valid, phone: '1'.repeat(41) })).toEqual({ phone: errors.tooLong(40) });
  });

  it('asks for more text below 6 characters', () => {
    expect(errorsOf({ ...valid, comment: 'Hi!!' })).toEqual({ comment: 'Please enter more text.' });
    expect(errorsOf({ ...valid, comment: 'Hello!' })).toEqual({});
  });

  it('rejects non-string values as missing', () => {
    expect(errorsOf({ ...valid, firstName: 42 })).toEqual({ firstName: errors.firstNameRequired });
  });

  it('limits length with a clear message', () => {
    expect(errorsOf({ ...valid, comment: 'x'.repeat(5001) })).toEqual({ comment: errors.tooLong(5000) });
  });
});
