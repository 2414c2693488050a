import { describe, expect, it } from 'vitest';
import { phoneRules } from '../format/phone-static';
import { contactTexts } from '../i18n/contact';

const phone = phoneRules.check('US');
import { contactFormReducer, firstInvalidField, initialContactFormState, initialContactFormStateWith, type ContactFormState } from './contact-form-state';

const filled: ContactFormState['values'] = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '(801) 555-0142',
  comment: 'Is it still available?',
};

describe('contact form state', () => {
  it('starts untouched with no errors', () => {
    expect(initialContactFormState.status).toBe('untouched');
    expect(initialContactFormState.errors).toEqual({});
  });

  it('shows no error while typing before a submit attempt', () => {
    const state = contactFormReducer(initialContactFormState, { type: 'change', field: 'email', value: 'nope', phone });
    expect(state.errors).toEqual({});
    expect(state.status).toBe('untouched');
  });

  it('shows every error after a submit attempt and does not send', () => {
    const state = contactFormReducer(initialContactFormState, { type: 'submit', phone });
    expect(state.status).toBe('invalid');
    expect(state.errors.firstName).toBe(contactTexts.errors.firstNameRequired);
    expect(Object.keys(state.errors)).toHaveLength(5);
  });

  it('updates errors on every edit once a submit was attempted', () => {
    let state = contactFormReducer(initialContactFormState, { type: 'submit', phone });
    state = contactFormReducer(state, { type: 'change', field: 'firstName', value: 'Ada', phone });
    expect(state.errors.firstName).toBeUndefined();
    expect(state.errors.lastName).toBe(contactTexts.errors.lastNameRequired);
  });

  it('moves a valid form to submitting, holding what is sent: trimmed, the phone in E.164', () => {
    const state = contactFormReducer({ ...initialContactFormState, values: { ...filled, firstName: ' Ada ' } }, { type: 'submit', phone });
    expect(state.status).toBe('submitting');
    expect(state.sending).toEqual({ ...filled, phone: '+18015550142' });
    // The field keeps what the visitor typed.
    expect(state.values.phone).toBe('(801) 555-0142');
  });

  it("reads the phone for the partner's country and says what is wrong with it", () => {
    const gb = phoneRules.check('GB');
    expect(contactFormReducer({ ...initialContactFormState, values: { ...filled, phone: '020 7946 0958' } }, { type: 'submit', phone: gb }).sending?.phone).toBe('+442079460958');
    const invalid = contactFormReducer({ ...initialContactFormState, values: { ...filled, phone: '(555) 555-0142' } }, { type: 'submit', phone });
    expect(invalid.status).toBe('invalid');
    expect(invalid.errors.phone).toBe('Phone number is invalid. It is not a number in the United States; for another country, start with + and its code.');
  });

  it('starts from what was typed into the skeleton', () => {
    const state = initialContactFormStateWith({ firstName: 'Ada', phone: '801', website: 'x' });
    expect(state.values).toEqual({ firstName: 'Ada', lastName: '', email: '', phone: '801', comment: '' });
    expect(state.status).toBe('untouched');
  });

  it('ignores a second submit while submitting', () => {
    const submitting = { ...initialContactFormState, values: filled, status: 'submitting' as const };
    expect(contactFormReducer(submitting, { type: 'submit', phone })).toBe(submitting);
  });

  it('keeps every typed value when sending fails', () => {
    const submitting = contactFormReducer({ ...initialContactFormState, values: filled }, { type: 'submit', phone });
    const failed = contactFormReducer(submitting, { type: 'failed', failure: 'server' });
    expect(failed.status).toBe('failed');
    expect(failed.values).toEqual(filled);
  });

  it('shows the server field errors when the server rejects', () => {
    const submitting = contactFormReducer({ ...initialContactFormState, values: filled }, { type: 'submit', phone });
    const rejected = contactFormReducer(submitting, { type: 'rejected', errors: { email: 'Email is invalid.' } });
    expect(rejected.status).toBe('invalid');
    expect(rejected.errors).toEqual({ email: 'Email is invalid.' });
    expect(rejected.values).toEqual(filled);
  });

  it('records the lead id when processed', () => {
    const processed = contactFormReducer({ ...initialContactFormState, values: filled, status: 'submitting' }, { type: 'processed', leadId: 'abc' });
    expect(processed.status).toBe('processed');
    expect(processed.leadId).toBe('abc');
  });

  it('names the first invalid field in form order', () => {
    expect(firstInvalidField({ comment: 'x', email: 'y' })).toBe('email');
    expect(firstInvalidField({})).toBeNull();
  });
});
