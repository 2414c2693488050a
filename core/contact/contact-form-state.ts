/**
 * The contact form's state machine (spec §4 "Contact form: untouched, submitted with errors shown,
 * processed"), as a pure reducer. Errors appear only after a submit attempt, then follow every edit;
 * an invalid form is never sent; a failed send keeps every typed value. The phone is read by the check the
 * action carries (the partner's country, core/format/use-phone-rules.ts); a valid submit holds what is sent
 * (`sending`: trimmed, the phone in E.164), which the hook sends once.
 */
import type { PhoneCheck } from '../format/phone-rules';
import { CONTACT_FIELDS, validateContact, type ContactField, type ContactFieldErrors, type ContactFormValues } from '../validation/contact';

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
  /** While submitting: the checked values being sent (a new object for each submit). */
  sending: ContactFormValues | null;
}

export type ContactFormAction =
  | { type: 'change'; field: ContactField; value: string; phone: PhoneCheck }
  | { type: 'submit'; phone: PhoneCheck }
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
  sending: null,
};

/** The state of a form that starts with what was typed already (a skeleton's fields, core/define-element/skeleton.ts). */
export function initialContactFormStateWith(typed: Partial<Record<string, string>>): ContactFormState {
  const values = { ...EMPTY_DRAFT };
  for (const field of CONTACT_FIELDS) values[field] = typed[field] ?? '';
  return { ...initialContactFormState, values };
}

const errorsFor = (values: ContactDraft, phone: PhoneCheck): ContactFieldErrors => {
  const result = validateContact(values, phone);
  return result.ok ? {} : result.errors;
};

export function contactFormReducer(state: ContactFormState, action: ContactFormAction): ContactFormState {
  switch (action.type) {
    case 'change': {
      if (state.status === 'submitting' || state.status === 'processed') return state;
      const values = { ...state.values, [action.field]: action.value };
      const errors = state.submitAttempted ? errorsFor(values, action.phone) : {};
      return { ...state, values, errors };
    }
    case 'submit': {
      if (state.status === 'submitting' || state.status === 'processed') return state;
      const checked = validateContact(state.values, action.phone);
      if (!checked.ok) return { ...state, submitAttempted: true, errors: checked.errors, failure: null, status: 'invalid', sending: null };
      return { ...state, submitAttempted: true, errors: {}, failure: null, status: 'submitting', sending: checked.value };
    }
    case 'rejected':
      return { ...state, status: 'invalid', errors: action.errors, sending: null };
    case 'failed':
      return { ...state, status: 'failed', failure: action.failure, sending: null };
    case 'processed':
      return { ...state, status: 'processed', leadId: action.leadId, errors: {}, failure: null, sending: null };
  }
}

/** The field that should get focus after a rejected submit: the first invalid one in form order. */
export function firstInvalidField(errors: ContactFieldErrors): ContactField | null {
  return CONTACT_FIELDS.find((field) => errors[field]) ?? null;
}
