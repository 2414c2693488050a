/**
 * Behaviour of <hearth-availability-calendar>: loads months of a stay (more as the guest pages), keeps the
 * chosen dates, moves focus with the grid keys, and sends the booking request. The rules are
 * calendar-state.ts and stay-rules.ts; this hook wires them to the calls, the clock and the events.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { sessionAtom } from '../auth/session';
import { useLoad } from '../graphql/use-load';
import { contactTexts } from '../i18n/contact';
import { stayTexts as t } from '../i18n/stays';
import { useHearthValue } from '../state/hooks';
import type { PhoneCheck } from '../format/phone-rules';
import { usePhoneRules } from '../format/use-phone-rules';
import { validateContact } from '../validation/contact';
import { chooseDate, monthOf, moveFocus, NO_SELECTION, staySummary, type StaySelection, type StaySummary } from './calendar-state';
import { canCheckIn, isStayGuests, MAX_STAY_GUESTS, todayIn, type StayDay } from './stay-rules';
import { loadAvailability, requestStay, type CalendarMonth, type StayRequestValues } from './stays-api';

/** How far ahead a guest may page (the server's limit per call is 12 months). */
export const MAX_MONTHS_AHEAD = 12;

export interface DatesSelectedDetail {
  checkIn: string;
  checkOut: string;
  nights: number;
  totalInPennies: number;
}

export interface BookingRequestedDetail {
  listingId: number;
  checkIn: string;
  checkOut: string;
  guests: number;
}

export type CalendarState = 'loading' | 'failed' | 'missing' | 'ready';

export type StayField = keyof StayRequestValues;
export const STAY_FIELDS: readonly StayField[] = ['firstName', 'lastName', 'email', 'phone', 'message'];

export interface BookingForm {
  values: StayRequestValues;
  /** How many people are coming: 1 to `maxGuests`. */
  guests: number;
  errors: Partial<Record<StayField | 'guests', string>>;
  status: 'editing' | 'sending' | 'sent' | 'failed';
  failure: string | null;
}

type Month = { month: number; year: number };
const monthIndex = (m: Month) => m.year * 12 + m.month - 1;
const monthKey = (date: string) => date.slice(0, 7);

/** The contact form's rules for the guest's details (the phone read by `phone`); the message says what is missing in its own words. */
export function checkBookingValues(
  values: StayRequestValues,
  phone: PhoneCheck,
): { ok: true; value: StayRequestValues } | { ok: false; errors: BookingForm['errors'] } {
  const result = validateContact({ ...values, comment: values.message }, phone);
  if (result.ok) {
    const { comment, ...rest } = result.value;
    return { ok: true, value: { ...rest, message: comment } };
  }
  const { comment, ...errors } = result.errors;
  const message = comment === contactTexts.errors.commentRequired ? t.form.messageRequired : comment;
  return { ok: false, errors: { ...errors, ...(message ? { message } : {}) } };
}

export function useAvailabilityCalendar(options: {
  listingId: number | null;
  months: number;
  /** Dates chosen before the calendar opened (a stay search's): chosen once their days are loaded, if the rules allow them. */
  chosen?: { checkIn: string | null; checkOut: string | null };
  /** How many people are coming, as chosen before (a stay search's): the booking form opens with it when the stay takes that many. */
  guests?: number | null;
  onDatesSelected: (detail: DatesSelectedDetail) => void;
  onBookingRequested: (detail: BookingRequestedDetail) => void;
}) {
  const { listingId, months } = options;
  const given = options.chosen?.checkIn && options.chosen.checkOut && options.chosen.checkIn < options.chosen.checkOut ? { checkIn: options.chosen.checkIn, checkOut: options.chosen.checkOut } : null;
  const [first, setFirst] = useState<Month>(() => {
    const today = todayIn(undefined);
    return monthOf(given && given.checkIn >= today ? given.checkIn : today);
  });
  const key = listingId === null ? null : `${listingId}|${first.year}-${first.month}|${months}`;
  const load = useLoad(key, () => loadAvailability(listingId!, first, months));

  // Every day loaded so far, so a stay may span months the guest paged past.
  const known = useRef(new Map<string, StayDay>());
  const [shown, setShown] = useState<CalendarMonth[] | null>(null);
  const [timeZone, setTimeZone] = useState<string | undefined>(undefined);
  const answer = load.result ?? load.latest;
  useEffect(() => {
    if (!load.result?.ok || !load.result.value) return;
    for (const month of load.result.value) for (const day of month.days) known.current.set(day.calendarDate, day);
    setShown(load.result.value);
    setTimeZone(load.result.value[0]?.timeZone);
  }, [load.result]);

  const state: CalendarState =
    listingId === null
      ? 'missing'
      : shown && answer?.ok !== false
        ? 'ready'
        : !answer || load.loading
          ? 'loading'
          : !answer.ok
            ? 'failed'
            : answer.value === null
              ? 'missing'
              : 'loading';

  const today = todayIn(timeZone);
  const firstMonth = monthOf(today);
  const canGoBack = monthIndex(first) > monthIndex(firstMonth);
  const canGoForward = monthIndex(first) + months - 1 < monthIndex(firstMonth) + MAX_MONTHS_AHEAD;
  const price = shown?.[0]?.priceInPennies ?? 0;
  const currency = shown?.[0]?.priceCurrencyCode ?? 'USD';
  const maxGuests = shown?.[0]?.maxGuests ?? MAX_STAY_GUESTS;
  const givenGuests = options.guests ?? null;

  const [selection, setSelection] = useState<StaySelection>(NO_SELECTION);
  // The given dates, chosen as a guest would choose them (check-in must be allowed), once their month is in.
  const givenKey = given ? `${given.checkIn}|${given.checkOut}` : null;
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!given || !shown || applied.current === givenKey || !known.current.has(given.checkIn)) return;
    applied.current = givenKey;
    const start = chooseDate(NO_SELECTION, given.checkIn, known.current, today);
    setSelection(start.checkIn ? chooseDate(start, given.checkOut, known.current, today) : NO_SELECTION);
    // given is read through givenKey
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [givenKey, shown, today]);
  const summary: StaySummary = useMemo(
    () => staySummary(selection, known.current, today, price),
    // known grows with shown
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [selection, today, price, shown],
  );

  // Focus: one day of the grid is tabbable; `moved` asks the view to move DOM focus to it after a key.
  const [focused, setFocused] = useState<string | null>(null);
  const [moved, setMoved] = useState(false);
  // Where the keys last sent focus: keys pressed faster than React renders still move from there.
  const lastFocus = useRef<string | null>(null);
  const visibleFocus = useMemo(() => {
    if (!shown) return null;
    const dates = shown.flatMap((m) => m.days.map((d) => d.calendarDate));
    if (focused && dates.includes(focused)) return focused;
    return (
      (selection.checkIn && dates.includes(selection.checkIn) ? selection.checkIn : null) ??
      dates.find((d) => canCheckIn(known.current.get(d), today)) ??
      dates.find((d) => d >= today) ??
      dates[0] ??
      null
    );
  }, [shown, focused, selection.checkIn, today]);

  const showMonthOf = useCallback(
    (date: string) => {
      const target = monthOf(date);
      setFirst((current) => {
        const index = monthIndex(target);
        if (index < monthIndex(current)) return target;
        if (index > monthIndex(current) + months - 1) return monthOf(date, -(months - 1));
        return current;
      });
    },
    [months],
  );

  const keyDown = useCallback(
    (date: string, key: string): boolean => {
      const next = moveFocus(lastFocus.current ?? date, key);
      if (!next) return false;
      const index = monthIndex(monthOf(next));
      if (index < monthIndex(firstMonth) || index > monthIndex(firstMonth) + MAX_MONTHS_AHEAD) return true;
      lastFocus.current = next;
      setFocused(next);
      setMoved(true);
      if (!shown?.some((m) => m.days[0] && monthKey(m.days[0].calendarDate) === monthKey(next))) showMonthOf(next);
      return true;
    },
    [firstMonth, shown, showMonthOf],
  );

  /** A day got focus (a key, a click, Tab): the keys move from it. */
  const focusDay = useCallback((date: string) => {
    lastFocus.current = date;
  }, []);

  const choose = useCallback(
    (date: string) => {
      lastFocus.current = date;
      setFocused(date);
      setSelection((current) => chooseDate(current, date, known.current, today));
    },
    [today],
  );

  const emitted = useRef<string | null>(null);
  const { onDatesSelected, onBookingRequested } = options;
  useEffect(() => {
    if (summary.state !== 'valid') return;
    const id = `${summary.checkIn}|${summary.checkOut}`;
    if (emitted.current === id) return;
    emitted.current = id;
    onDatesSelected({ checkIn: summary.checkIn, checkOut: summary.checkOut, nights: summary.nights, totalInPennies: summary.totalInPennies });
  }, [summary, onDatesSelected]);

  // ---- the booking form ----
  const session = useHearthValue(sessionAtom);
  const [form, setForm] = useState<BookingForm | null>(null);
  // The guest's phone is read for the partner's country, with the rules loaded when the form opens.
  const phone = usePhoneRules();
  const { load: loadPhone } = phone;
  const sending = useRef(false);

  const closeForm = useCallback(() => setForm(null), []);

  const openForm = useCallback(() => {
    void loadPhone();
    const user = session.user;
    setForm({
      values: {
        firstName: user?.firstName ?? '',
        lastName: user?.lastName ?? '',
        email: user?.email ?? '',
        // The account's phone (E.164) as shown once the rules are in (below, if they are not yet).
        phone: user?.phone ? (phone.rules?.format(user.phone, phone.country) ?? user.phone) : '',
        message: t.form.defaultMessage,
      },
      guests: givenGuests !== null && isStayGuests(givenGuests, maxGuests) ? givenGuests : 1,
      errors: {},
      status: 'editing',
      failure: null,
    });
  }, [session.user, loadPhone, phone.rules, phone.country, givenGuests, maxGuests]);

  // The rules arrived after the form opened with the account's phone still untouched: show it formatted.
  useEffect(() => {
    const stored = session.user?.phone;
    if (!phone.rules || !stored) return;
    const shown = phone.rules.format(stored, phone.country);
    setForm((f) => (f && f.values.phone === stored && shown !== stored ? { ...f, values: { ...f.values, phone: shown } } : f));
  }, [phone.rules, phone.country, session.user]);

  const change = useCallback(
    (field: StayField, value: string) => {
      void loadPhone();
      setForm((f) => (f ? { ...f, values: { ...f.values, [field]: value }, errors: { ...f.errors, [field]: undefined } } : f));
    },
    [loadPhone],
  );

  const changeGuests = useCallback((guests: number) => {
    setForm((f) => (f ? { ...f, guests, errors: { ...f.errors, guests: undefined } } : f));
  }, []);

  const submit = useCallback(async () => {
    if (!form || sending.current || summary.state !== 'valid' || listingId === null) return;
    sending.current = true;
    const rules = await phone.load();
    const checked = checkBookingValues(form.values, rules ? rules.check(phone.country) : phone.check);
    if (!checked.ok) {
      sending.current = false;
      setForm({ ...form, errors: checked.errors, status: 'editing' });
      return;
    }
    setForm({ ...form, errors: {}, status: 'sending', failure: null });
    const asked = { checkIn: summary.checkIn, checkOut: summary.checkOut, guests: form.guests };
    try {
      const result = await requestStay(listingId, asked, checked.value);
      if (result.ok) {
        setForm((f) => (f ? { ...f, status: 'sent' } : f));
        onBookingRequested({ listingId, ...asked });
        return;
      }
      const { failure } = result;
      const field = [...STAY_FIELDS, 'guests'].includes(failure.argument ?? '') ? (failure.argument as StayField | 'guests') : null;
      const fields = (failure.fields ?? {}) as BookingForm['errors'];
      if (field) {
        setForm((f) => (f ? { ...f, status: 'editing', errors: { ...fields, [field]: failure.message ?? t.form.failed } } : f));
      } else {
        setForm((f) => (f ? { ...f, status: 'failed', failure: failure.message && failure.kind === 'invalid' ? failure.message : (failure.message ?? t.form.failed) } : f));
        // The calendar may have changed under the guest: show it as it is now.
        if (failure.kind === 'invalid') load.reload();
      }
    } finally {
      sending.current = false;
    }
  }, [form, summary, listingId, onBookingRequested, load, phone]);

  return {
    state,
    months: shown ?? [],
    name: shown?.[0]?.name ?? '',
    today,
    price,
    currency,
    maxGuests,
    selection,
    summary,
    focused: visibleFocus,
    moved,
    clearMoved: useCallback(() => setMoved(false), []),
    canGoBack,
    canGoForward,
    loadingMore: load.loading && shown !== null,
    previous: useCallback(() => setFirst((m) => monthOf(`${m.year}-${String(m.month).padStart(2, '0')}-01`, -1)), []),
    next: useCallback(() => setFirst((m) => monthOf(`${m.year}-${String(m.month).padStart(2, '0')}-01`, 1)), []),
    reload: load.reload,
    keyDown,
    focusDay,
    choose,
    clear: useCallback(() => setSelection(NO_SELECTION), []),
    form,
    openForm,
    closeForm,
    change,
    changeGuests,
    submit,
  };
}
