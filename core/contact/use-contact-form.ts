/** Behaviour of the contact form: the reducer, the send, and the `hearth-contact-submitted` event. */
import { useCallback, useReducer, useRef } from 'react';
import { validateContact } from '../validation/contact';
import { submitContactForm } from './api';
import { contactFormReducer, firstInvalidField, initialContactFormState, type ContactDraft } from './contact-form-state';

export interface ContactSubmittedDetail {
  leadId: string;
  listingId: number | null;
}

export function useContactForm(options: { listingId: number | null; onSubmitted: (detail: ContactSubmittedDetail) => void }) {
  const [state, dispatch] = useReducer(contactFormReducer, initialContactFormState);
  const sending = useRef(false);
  const honeypot = useRef('');

  const change = useCallback((field: keyof ContactDraft, value: string) => dispatch({ type: 'change', field, value }), []);

  const submit = useCallback(async () => {
    if (sending.current) return;
    dispatch({ type: 'submit' });
    const checked = validateContact(state.values);
    if (!checked.ok) return;
    sending.current = true;
    try {
      const result = await submitContactForm(checked.value, { listingId: options.listingId, honeypot: honeypot.current });
      switch (result.kind) {
        case 'created':
          dispatch({ type: 'processed', leadId: result.id });
          options.onSubmitted({ leadId: result.id, listingId: options.listingId });
          break;
        case 'invalid':
          // Field errors we can show go under their fields; anything else (a listing that no longer
          // exists) is a failed send, which keeps every typed value.
          if (firstInvalidField(result.errors)) dispatch({ type: 'rejected', errors: result.errors });
          else dispatch({ type: 'failed', failure: 'server' });
          break;
        case 'rate-limited':
          dispatch({ type: 'failed', failure: 'rate-limited' });
          break;
        case 'failed':
          dispatch({ type: 'failed', failure: result.reason });
          break;
      }
    } finally {
      sending.current = false;
    }
  }, [state.values, options]);

  return { state, change, submit, honeypot };
}
