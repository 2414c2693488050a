/**
 * The tour times a buyer is choosing (spec §5 Buyer tour times): the chosen instants and the day among days 4–15
 * shown beside the grid. Pure: a reducer, shared by the request-tour dialog (request-tour-state.ts) and the buyer's
 * new times for a request (use-buyer-tour-change.ts). The grid itself is tour-times.ts `buyerTourGrid`.
 */
import { isValidRequestedTime, type DayKey } from './tour-times';

export interface TourTimeChoice {
  /** Chosen instants, ISO UTC (as `TourSlot.dateTime`), in time order. */
  selected: readonly string[];
  /** The day among days 4–15 shown beside the grid, if any. */
  dropdownDay: DayKey | null;
}

export const emptyTourTimeChoice: TourTimeChoice = { selected: [], dropdownDay: null };

export type TourTimeAction =
  | { type: 'toggle'; dateTime: string }
  | { type: 'remove'; dateTime: string }
  | { type: 'choose-day'; day: DayKey | null }
  | { type: 'prune'; now: Date; zone: string };

const byTime = (a: string, b: string) => Date.parse(a) - Date.parse(b);

/** Applies a change of the choice; the same object back when nothing changed. */
export function tourTimeChoiceReducer<S extends TourTimeChoice>(state: S, action: TourTimeAction): S {
  switch (action.type) {
    case 'toggle': {
      const selected = state.selected.includes(action.dateTime)
        ? state.selected.filter((d) => d !== action.dateTime)
        : [...state.selected, action.dateTime].sort(byTime);
      return { ...state, selected };
    }
    case 'remove':
      return { ...state, selected: state.selected.filter((d) => d !== action.dateTime) };
    case 'choose-day':
      return { ...state, dropdownDay: action.day };
    case 'prune': {
      // A chosen slot that has passed while the dialog was open can no longer be requested.
      const selected = state.selected.filter((d) => isValidRequestedTime(new Date(d), action.now, action.zone));
      return selected.length === state.selected.length ? state : { ...state, selected };
    }
  }
}
