/**
 * Behaviour of <hearth-home-value>: the address box (the place search hook of the search box), the facts,
 * 'Get estimate' → homeValue through useLoad, then 'Get a precise valuation' → requestValuation. Returns
 * values and actions; the rules are the pure functions of home-value-state.ts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { phoneAsTyped, usePhoneRules } from '../format/use-phone-rules';
import { useLoad } from '../graphql/use-load';
import { valuationTexts as t } from '../i18n/valuation';
import type { Place } from '../places/places';
import { usePlaceSearch } from '../places/use-place-search';
import {
  checkContact,
  EMPTY_CONTACT,
  EMPTY_FACTS,
  estimateState,
  parseFacts,
  type ContactDraft,
  type ContactErrors,
  type FactErrors,
  type FactsDraft,
} from './home-value-state';
import { loadHomeValue, requestValuation, type HomeValue, type HomeValueInput } from './valuation-api';

export interface HomeValueEstimatedDetail {
  address: string;
  status: HomeValue['status'];
  currencyCode: string | null;
  lowInPennies: number | null;
  estimateInPennies: number | null;
  highInPennies: number | null;
  confidence: HomeValue['confidence'];
  comparableCount: number;
}

export interface ValuationRequestedDetail {
  id: string;
  address: string;
  optIn: boolean;
}

export type RequestStatus = 'closed' | 'open' | 'sending' | 'sent';

export interface HomeValueOptions {
  countries: readonly string[];
  initialAddress: string;
  listingId: number | null;
  onEstimated: (detail: HomeValueEstimatedDetail) => void;
  onRequested: (detail: ValuationRequestedDetail) => void;
}

export function useHomeValue({ countries, initialAddress, listingId, onEstimated, onRequested }: HomeValueOptions) {
  const [place, setPlace] = useState<Place | null>(null);
  const place$ = usePlaceSearch({
    countries,
    initialText: initialAddress,
    onSelect: setPlace,
  });
  const [facts, setFacts] = useState<FactsDraft>(EMPTY_FACTS);
  const [factErrors, setFactErrors] = useState<FactErrors>({});
  const [addressError, setAddressError] = useState<string | null>(null);
  const [asked, setAsked] = useState<HomeValueInput | null>(null);
  const [round, setRound] = useState(0);

  const key = asked === null ? null : `${round}|${JSON.stringify(asked)}`;
  const { result, loading } = useLoad(key, () => loadHomeValue(asked!));
  const estimate = estimateState(asked !== null, loading ? undefined : result);

  // ---- the estimate's event, once per answer
  const latest = useRef({ onEstimated, onRequested });
  latest.current = { onEstimated, onRequested };
  useEffect(() => {
    if (loading || !result?.ok) return;
    const v = result.value;
    latest.current.onEstimated({
      address: v.address,
      status: v.status,
      currencyCode: v.currencyCode,
      lowInPennies: v.lowInPennies,
      estimateInPennies: v.estimateInPennies,
      highInPennies: v.highInPennies,
      confidence: v.confidence,
      comparableCount: v.comparables.length,
    });
  }, [result, loading]);

  const getEstimate = useCallback(() => {
    const text = place$.text.trim();
    // A pick the owner typed over afterwards no longer says where the home is: the text does.
    const picked = place && place.description === place$.text && place.kind !== 'current-location' ? place : null;
    const here = place && place.kind === 'current-location' && place$.text === place.description ? place : null;
    if (!text && listingId === null) {
      setAddressError(t.pickAddress);
      return false;
    }
    const parsed = parseFacts(facts);
    setAddressError(null);
    setFactErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) return false;
    const chosen = picked ?? here;
    setAsked({
      address: here ? '' : text,
      placeId: picked ? picked.placeId : null,
      latitude: chosen ? chosen.lat : null,
      longitude: chosen ? chosen.lng : null,
      listingId: listingId === null ? null : String(listingId),
      ...parsed.value,
    });
    setRound((n) => n + 1);
    setRequest('closed');
    return true;
  }, [place, place$.text, facts, listingId]);

  // ---- the precise valuation
  const [request, setRequest] = useState<RequestStatus>('closed');
  const [contact, setContact] = useState<ContactDraft>(EMPTY_CONTACT);
  const [contactErrors, setContactErrors] = useState<ContactErrors>({});
  const [optIn, setOptIn] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sentOptIn, setSentOptIn] = useState(false);

  // The owner's phone, read for the partner's country; its rules load when the request form opens.
  const phone = usePhoneRules();
  const send = useCallback(async () => {
    if (!asked) return;
    const rules = await phone.load();
    const checked = checkContact(contact, rules ? rules.check(phone.country) : phone.check);
    setContactErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setRequest('sending');
    setSendError(null);
    const sent = await requestValuation(asked, checked.value, optIn);
    if (!sent.ok) {
      setRequest('open');
      const field = sent.failure.argument as keyof ContactErrors | null;
      if (field && field in EMPTY_CONTACT && sent.failure.message) setContactErrors({ [field]: sent.failure.message });
      else setSendError(sent.failure.kind === 'invalid' && sent.failure.message ? sent.failure.message : t.sendFailed);
      return;
    }
    setRequest('sent');
    setSentOptIn(sent.value.optIn);
    latest.current.onRequested({
      id: sent.value.id,
      address: sent.value.homeValue.address,
      optIn: sent.value.optIn,
    });
  }, [asked, contact, optIn, phone]);

  return {
    place: place$,
    addressError,
    facts,
    factErrors,
    setFact: <K extends keyof FactsDraft>(name: K, value: FactsDraft[K]) => setFacts((f) => ({ ...f, [name]: value })),
    getEstimate,
    estimate,
    retry: () => setRound((n) => n + 1),
    request,
    openRequest: () => {
      void phone.load();
      setRequest('open');
    },
    closeRequest: () => setRequest('closed'),
    contact,
    contactErrors,
    /** An edit; the phone is reformatted as typed while digits are added at its end (`caretAtEnd`). */
    setContactField: (name: keyof ContactDraft, value: string, caretAtEnd = true) =>
      setContact((c) => ({ ...c, [name]: name === 'phone' ? phoneAsTyped(c.phone, value, caretAtEnd, phone.rules, phone.country) : value })),
    optIn,
    setOptIn,
    send,
    sendError,
    sentOptIn,
  };
}

export type HomeValueBehaviour = ReturnType<typeof useHomeValue>;
