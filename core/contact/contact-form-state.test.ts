import { describe, expect, it } from 'vitest';
import { contactTexts } from '../i18n/contact';
import { contactFormReducer, firstInvalidField, initialContactFormState, type ContactFormState } from './contact-form-state';

const filled: ContactFormState['values'] = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '8015550142',
  comment: 'Is it still available?',
};

describe('contact form state', () => {
  it('starts untouched with no errors', () => {
    expect(initialContactFormState.status).toBe('untouched');
    expect(initialContactFormState.errors).toEqual({});
  });

  it('shows no error while typing before a submit attempt', () => {
    const state = contactFormReducer(initialContactFormState, { type: 'change', field: 'email', value: 'nope' });
    expect(state.errors).toEqual({});
    expect(state.status).toBe('untouched');
  });

  it('shows every error after a submit attempt and does not send', () => {
    const state = contactFormReducer(initialContactFormState, { type: 'submit' });
    expect(state.status).toBe('invalid');
    expect(state.errors.firstName).toBe(contactTexts.errors.firstNameRequired);
    expect(Object.keys(state.errors)).toHaveLength(5);
  });

  it('updates errors on every edit once a submit was attempted', () => {
    let state = contactFormReducer(initialContactFormState, { type: 'submit' });
    state = contactFormReducer(state, { type: 'change', field: 'firstName', value: 'Ada' });
    expect(state.errors.firstName).toBeUndefined();
    expect(state.errors.lastName).toBe(contactTexts.errors.lastNameRequired);
  });

  it('moves a valid form to submitting', () => {
    const state = contactFormReducer({ ...initialContactFormState, values: filled }, { type: 'submit' });
    expect(state.status).toBe('submitting');
  });

  it('ignores a second submit while submitting', () => {
    const submitting = { ...initialContactFormState, values: filled, status: 'submitting' as const };
    expect(contactFormReducer(submitting, { type: 'submit' })).toBe(submitting);
  });

  it('keeps every typed value when sending fails', () => {
    const submitting = contactFormReducer({ ...initialContactFormState, values: filled }, { type: 'submit' });
    const failed = contactFormReducer(submitting, { type: 'failed', failure: 'server' });
    expect(failed.status).toBe('failed');
    expect(failed.values).toEqual(filled);
  });

  it('shows the server field errors when the server rejects', () => {
    const submitting = contactFormReducer({ ...initialContactFormState, values: filled }, { type: 'submit' });
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
