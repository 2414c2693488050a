/**
 * Behaviour of the contact form: the reducer, the phone read as typed for the partner's country, the send, and
 * the `hearth-contact-submitted` event. It takes over the element's live skeleton (what was typed before the view
 * was ready, and a submit pressed then: sent once, when the view is ready).
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ElementHandle } from '../define-element/define-element';
import { useSkeletonHandover } from '../ui/use-skeleton-handover';
import { phoneAsTyped, usePhoneRules } from '../format/use-phone-rules';
import { CONTACT_FIELDS, type ContactField, type ContactFormValues } from '../validation/contact';
import { submitContactForm } from './api';
import { contactFormReducer, firstInvalidField, initialContactFormStateWith } from './contact-form-state';

export interface ContactSubmittedDetail {
  leadId: string;
  listingId: number | null;
}

const isField = (name: string): name is ContactField => (CONTACT_FIELDS as readonly string[]).includes(name);

export function useContactForm(options: {
  listingId: number | null;
  onSubmitted: (detail: ContactSubmittedDetail) => void;
  element: Pick<ElementHandle, 'host'>;
}) {
  const phone = usePhoneRules();
  const honeypot = useRef('');
  const preparing = useRef(false);
  const sent = useRef<ContactFormValues | null>(null);
  const latest = useRef({ phone, options });
  latest.current = { phone, options };

  const typed = useSkeletonHandover(options.element, {
    onChange: (name, value) => {
      if (isField(name)) dispatch({ type: 'change', field: name, value, phone: latest.current.phone.check });
    },
    onSubmit: () => void submit(),
  });
  const [state, dispatch] = useReducer(contactFormReducer, typed, initialContactFormStateWith);
  const values = useRef(state.values);
  values.current = state.values;

  // A phone typed into the skeleton: its rules are needed soon.
  useEffect(() => {
    if (typed.phone) void phone.load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** An edit; the phone is reformatted as typed while digits are added at its end (`caretAtEnd`). */
  const change = useCallback((field: ContactField, value: string, caretAtEnd = true) => {
    const { phone } = latest.current;
    let next = value;
    if (field === 'phone') {
      void phone.load();
      next = phoneAsTyped(values.current.phone, value, caretAtEnd, phone.rules, phone.country);
    }
    dispatch({ type: 'change', field, value: next, phone: phone.check });
  }, []);

  /** The phone field is about to be used: its rules start loading. */
  const phoneFocused = useCallback(() => void latest.current.phone.load(), []);

  /** Checks the form with the phone rules (loaded first if need be); a valid one is sent by the effect below. */
  const submit = useCallback(async () => {
    if (preparing.current) return;
    preparing.current = true;
    try {
      const { phone } = latest.current;
      const rules = await phone.load();
      dispatch({ type: 'submit', phone: rules ? rules.check(phone.country) : phone.check });
    } finally {
      preparing.current = false;
    }
  }, []);

  // Each valid submit's values are sent once.
  useEffect(() => {
    const sending = state.sending;
    if (state.status !== 'submitting' || !sending || sent.current === sending) return;
    sent.current = sending;
    const { listingId, onSubmitted } = latest.current.options;
    void submitContactForm(sending, { listingId, honeypot: honeypot.current }).then((result) => {
      switch (result.kind) {
        case 'created':
          dispatch({ type: 'processed', leadId: result.id });
          onSubmitted({ leadId: result.id, listingId });
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
    });
  }, [state.status, state.sending]);

  return { state, change, submit, phoneFocused, honeypot };
}
