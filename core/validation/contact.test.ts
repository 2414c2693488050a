import { describe, expect, it } from 'vitest';
import { contactTexts } from '../i18n/contact';
import { validateContact } from './contact';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '8015550142',
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

  it('rejects a phone with fewer than 10 digits', () => {
    expect(errorsOf({ ...valid, phone: '801555014' })).toEqual({ phone: 'Phone number is invalid.' });
  });

  it('rejects a phone with more than 15 digits', () => {
    expect(errorsOf({ ...valid, phone: '8015550142123456' })).toEqual({ phone: 'Phone number is invalid.' });
  });

  it('accepts 10 and 15 digits', () => {
    expect(errorsOf({ ...valid, phone: '801555014212345' })).toEqual({});
  });

  it('rejects a phone with anything but digits', () => {
    expect(errorsOf({ ...valid, phone: '(801) 555-0142' })).toEqual({ phone: 'Phone number is invalid.' });
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
