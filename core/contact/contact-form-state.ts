/**
 * The contact form's state machine (spec §4 "Contact form: untouched, submitted with errors shown,
 * processed"), as a pure reducer. Errors appear only after a submit attempt, then follow every edit;
 * an invalid form is never sent; a failed send keeps every typed value.
 */
import { CONTACT_FIELDS, validateContact, type ContactField, type ContactFieldErrors } from '../validation/contact';

export type ContactFormStatus = 'untouched' | 'invalid' | 'submitting' | 'failed' | 'processed';
export type ContactFailure = 'server' | 'network' | 'rate-limited';

export type ContactDraft = Record<ContactField, string>;

export interface ContactFormState {
  status: ContactFormStatus;
  values: ContactDraft;
  submitAttempted: boolean;
  errors: ContactFieldErrors;
  failure: ContactFailure | null;
  leadId: string | null;
}

export type ContactFormAction =
  | { type: 'change'; field: ContactField; value: string }
  | { type: 'submit' }
  | { type: 'rejected'; errors: ContactFieldErrors }
  | { type: 'failed'; failure: ContactFailure }
  | { type: 'processed'; leadId: string };

export const EMPTY_DRAFT: ContactDraft = Object.fromEntries(CONTACT_FIELDS.map((f) => [f, ''])) as ContactDraft;

export const initialContactFormState: ContactFormState = {
  status: 'untouched',
  values: EMPTY_DRAFT,
  submitAttempted: false,
  errors: {},
  failure: null,
  leadId: null,
};

const errorsFor = (values: ContactDraft): ContactFieldErrors => {
  const result = validateContact(values);
  return result.ok ? {} : result.errors;
};

export function contactFormReducer(state: ContactFormState, action: ContactFormAction): ContactFormState {
  switch (action.type) {
    case 'change': {
      if (state.status === 'submitting' || state.status === 'processed') return state;
      const values = { ...state.values, [action.field]: action.value };
      const errors = state.submitAttempted ? errorsFor(values) : {};
      return { ...state, values, errors };
    }
    case 'submit': {
      if (state.status === 'submitting' || state.status === 'processed') return state;
      const errors = errorsFor(state.values);
      const invalid = Object.keys(errors).length > 0;
      return { ...state, submitAttempted: true, errors, failure: null, status: invalid ? 'invalid' : 'submitting' };
    }
    case 'rejected':
      return { ...state, status: 'invalid', errors: action.errors };
    case 'failed':
      return { ...state, status: 'failed', failure: action.failure };
    case 'processed':
      return { ...state, status: 'processed', leadId: action.leadId, errors: {}, failure: null };
  }
}

/** The field that should get focus after a rejected submit: the first invalid one in form order. */
export function firstInvalidField(errors: ContactFieldErrors): ContactField | null {
  return CONTACT_FIELDS.find((field) => errors[field]) ?? null;
}
