/**
 * Behaviour of the request-tour dialog: the choices (request-tour-state.ts), the grid of the moment
 * (use-tour-time-grid.ts: refreshed every minute while open, in the listing's zone), the amount's 500 ms
 * reformatting pause, and the send (saveTour).
 *
 * A failed send keeps every choice, explains itself inline and lets the buyer press Request Tour again
 * (the original left its submitting flag set after a failure, so the dialog was stuck; spec §8).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { requestTourTexts as t } from '../i18n/tours';
import {
  agentAndQualificationOf,
  AMOUNT_FORMAT_DELAY_MS,
  createDebouncer,
  initialRequestTourState,
  requestTourReducer,
  type InfoTextField,
  type RequestTourState,
} from './request-tour-state';
import { usePhoneRules } from '../format/use-phone-rules';
import type { Failure } from '../graphql/call';
import { saveTour, type RequestedTour } from './requests';
import type { DayKey } from './tour-times';
import { useTourTimeGrid } from './use-tour-time-grid';

const INFO_FIELDS: readonly InfoTextField[] = ['agentName', 'agentPhone', 'qualifiedLenderName', 'qualifiedAmount'];

/** The inline message (and field error) for a failed send. */
export function failureMessage(failure: Failure): { message: string; errors: Partial<Record<InfoTextField, string>> } {
  const message =
    failure.kind === 'network'
      ? t.errors.network
      : failure.kind === 'unauthenticated'
        ? t.errors.signedOut
        : failure.kind === 'server' || !failure.message
          ? t.errors.server
          : failure.message;
  const field = failure.argument?.replace(/^agentAndQualification\./, '') as InfoTextField | undefined;
  const errors = field && INFO_FIELDS.includes(field) && failure.message ? { [field]: failure.message } : {};
  return { message, errors };
}

export interface UseRequestTourOptions {
  listingId: number;
  zone: string;
  /** The dialog is open: the clock runs. */
  active: boolean;
  onRequested: (tour: RequestedTour) => void;
  /** Injected in tests. */
  send?: typeof saveTour;
  clock?: () => Date;
}

export function useRequestTour({ listingId, zone, active, onRequested, send = saveTour, clock = () => new Date() }: UseRequestTourOptions) {
  const [state, dispatch] = useReducer(requestTourReducer, initialRequestTourState);
  const latest = useRef<RequestTourState>(state);
  latest.current = state;
  const clockRef = useRef(clock);
  clockRef.current = clock;
  const amountPause = useMemo(() => createDebouncer(AMOUNT_FORMAT_DELAY_MS), []);
  const sending = useRef(false);

  // The grid of the moment: fresh on opening, then every minute; a chosen slot that passes is dropped.
  const { now, grid, dropdownTourDay } = useTourTimeGrid({
    zone,
    active,
    dropdownDay: state.dropdownDay,
    clock,
    onTick: (at) => dispatch({ type: 'prune', now: at, zone }),
  });

  useEffect(() => () => amountPause.cancel(), [amountPause]);

  const toggle = useCallback((dateTime: string) => dispatch({ type: 'toggle', dateTime }), []);
  const remove = useCallback((dateTime: string) => dispatch({ type: 'remove', dateTime }), []);
  const chooseDay = useCallback((day: DayKey | null) => dispatch({ type: 'choose-day', day }), []);
  const next = useCallback(() => dispatch({ type: 'continue' }), []);
  const back = useCallback(() => dispatch({ type: 'back' }), []);
  // The agent's phone is read for the partner's country; its rules load once the buyer says they have an agent.
  const phone = usePhoneRules();
  const phoneRef = useRef(phone);
  phoneRef.current = phone;
  const setAgent = useCallback((value: boolean) => {
    if (value) void phoneRef.current.load();
    dispatch({ type: 'set-agent', value });
  }, []);
  const setQualified = useCallback((value: boolean) => dispatch({ type: 'set-qualified', value }), []);
  const change = useCallback(
    (field: InfoTextField, value: string) => {
      if (field === 'agentPhone') void phoneRef.current.load();
      dispatch({ type: 'change', field, value });
      if (field === 'qualifiedAmount') amountPause.schedule(() => dispatch({ type: 'format-amount' }));
    },
    [amountPause],
  );

  const submit = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    amountPause.flush();
    const rules = latest.current.info.agent ? await phoneRef.current.load() : null;
    const { country, check } = phoneRef.current;
    const action = { type: 'submit', phone: rules ? rules.check(country) : check } as const;
    const checked = requestTourReducer(latest.current, action);
    dispatch(action);
    if (checked.status !== 'submitting') {
      sending.current = false;
      return;
    }
    try {
      const result = await send({
        listingId,
        scheduledDateTimes: checked.selected,
        agentAndQualification: agentAndQualificationOf(checked.info),
      });
      if (result.ok) {
        dispatch({ type: 'reset' });
        onRequested(result.value);
      } else {
        const { message, errors } = failureMessage(result.failure);
        dispatch({ type: 'failed', message, errors });
        // Times refused for having passed meanwhile: drop those, keep the rest.
        dispatch({ type: 'prune', now: clockRef.current(), zone });
      }
    } finally {
      sending.current = false;
    }
  }, [amountPause, send, listingId, onRequested, zone]);

  return {
    state,
    now,
    grid,
    dropdownTourDay,
    actions: { toggle, remove, chooseDay, next, back, setAgent, setQualified, change, submit },
  };
}

export type RequestTourController = ReturnType<typeof useRequestTour>;
