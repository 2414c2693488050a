/**
 * Behaviour of the buyer's own changes in the tour details dialog (modifyTour by the buyer): which changes the
 * tour allows (tour-status.ts buyerTourChanges: open, its time not begun), the confirm step of Cancel Request, the
 * new times (the request's grid rules: use-tour-time-grid.ts and tour-time-choice.ts) and the send. A failed send
 * keeps the dialog and every chosen time, and says why inline; a change that went through is handed to `onChanged`.
 */
import { useCallback, useReducer, useRef, useState } from 'react';
import type { Failure } from '../graphql/call';
import { buyerTourTexts as t, tourTexts } from '../i18n/tours';
import { changeOwnTour, type OwnTourChange, type RequestedTour } from './requests';
import { emptyTourTimeChoice, tourTimeChoiceReducer, type TourTimeChoice } from './tour-time-choice';
import { buyerTourChanges, type BuyerTourChange } from './tour-status';
import type { DayKey } from './tour-times';
import { useTourTimeGrid } from './use-tour-time-grid';

/** 'details': the tour; 'confirm-cancel': the confirm step over it; 'reschedule': choosing new times. */
export type BuyerTourMode = 'details' | 'confirm-cancel' | 'reschedule';

/** Why a change was not made, as the dialog says it: the server's own refusal when it gave one (the tour has begun…). */
export function changeFailureMessage(failure: Failure): string {
  if (failure.kind === 'network') return t.changeErrors.network;
  if (failure.kind === 'unauthenticated') return t.changeErrors.signedOut;
  if (failure.kind === 'server' || !failure.message) return tourTexts.tourSaveFailed;
  return failure.message;
}

export interface UseBuyerTourChangeOptions {
  tour: RequestedTour;
  /** The change went through: the tour as it is now. */
  onChanged: (tour: RequestedTour, change: BuyerTourChange) => void;
  /** Injected in tests. */
  send?: typeof changeOwnTour;
  clock?: () => Date;
}

const choiceReducer = tourTimeChoiceReducer<TourTimeChoice>;

export function useBuyerTourChange({ tour, onChanged, send = changeOwnTour, clock = () => new Date() }: UseBuyerTourChangeOptions) {
  const [mode, setMode] = useState<BuyerTourMode>('details');
  const [choice, dispatch] = useReducer(choiceReducer, emptyTourTimeChoice);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sending = useRef(false);
  const zone = tour.tourListing.timeZone;
  const times = useTourTimeGrid({
    zone,
    active: mode === 'reschedule',
    dropdownDay: choice.dropdownDay,
    clock,
    onTick: (now) => dispatch({ type: 'prune', now, zone }),
  });
  const allowed = buyerTourChanges(tour.tourStatus, tour.start, clock());

  const run = async (change: OwnTourChange) => {
    if (sending.current) return;
    sending.current = true;
    setSaving(true);
    setFailure(null);
    try {
      const result = await send(tour.id, change);
      if (result.ok) {
        setMode('details');
        onChanged(result.value, change.kind);
      } else {
        setFailure(changeFailureMessage(result.failure));
        // Times refused for having passed meanwhile: drop those, keep the rest.
        dispatch({ type: 'prune', now: clock(), zone });
      }
    } finally {
      sending.current = false;
      setSaving(false);
    }
  };

  const toggle = useCallback((dateTime: string) => dispatch({ type: 'toggle', dateTime }), []);
  const remove = useCallback((dateTime: string) => dispatch({ type: 'remove', dateTime }), []);
  const chooseDay = useCallback((day: DayKey | null) => dispatch({ type: 'choose-day', day }), []);

  const open = (next: BuyerTourMode) => {
    if (sending.current) return;
    setFailure(null);
    setMode(next);
  };

  return {
    mode,
    /** The changes this tour allows now (none once it is over or its time has begun). */
    allowed,
    saving,
    /** Why the last send failed, shown inline. */
    failure,
    choice,
    ...times,
    actions: {
      startCancel: () => open('confirm-cancel'),
      startReschedule: () => open('reschedule'),
      /** Back to the tour (Keep Tour, Back): the chosen times are kept for another try. */
      back: () => open('details'),
      confirmCancel: () => void run({ kind: 'cancel' }),
      sendTimes: () => {
        if (choice.selected.length > 0) void run({ kind: 'reschedule', scheduledDateTimes: choice.selected });
      },
      toggle,
      remove,
      chooseDay,
    },
  };
}

export type BuyerTourChangeController = ReturnType<typeof useBuyerTourChange>;
