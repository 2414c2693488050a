/**
 * State of <hearth-availability-calendar>: what the guest chose, how each day looks, what the footer says
 * and where the arrow keys move focus. Pure (no DOM, no clock); the rules themselves are stay-rules.ts.
 */
import { stayTexts as t } from '../i18n/stays';
import { addDays, canCheckIn, checkStay, nightsBetween, stayCost, type StayCostLine, type StayDay, type StayProblem } from './stay-rules';

export interface StaySelection {
  checkIn: string | null;
  checkOut: string | null;
}

export const NO_SELECTION: StaySelection = { checkIn: null, checkOut: null };

/** A click or Enter on a day: the first choice is check-in, the next later day check-out. */
export function chooseDate(selection: StaySelection, date: string, days: ReadonlyMap<string, StayDay>, today: string): StaySelection {
  const { checkIn, checkOut } = selection;
  const choosingCheckOut = checkIn !== null && checkOut === null && date > checkIn;
  if (choosingCheckOut) return { checkIn, checkOut: date };
  return canCheckIn(days.get(date), today) ? { checkIn: date, checkOut: null } : selection;
}

export type DayMark = 'check-in' | 'check-out' | 'in-range' | null;

export interface DayView {
  /** Past days and days that can neither start nor end a stay. */
  disabled: boolean;
  mark: DayMark;
  /** Words after the date in the day's accessible name. */
  reasons: string[];
}

/**
 * How a day looks and whether it can be chosen now: while a check-out is being chosen, a later day needs to
 * allow check-out (a booked day may); otherwise a day needs to allow check-in. The chosen days stay enabled.
 */
export function dayView(day: StayDay, selection: StaySelection, today: string): DayView {
  const r = t.dayReasons;
  const { checkIn, checkOut } = selection;
  const date = day.calendarDate;
  const mark: DayMark =
    date === checkIn ? 'check-in' : date === checkOut ? 'check-out' : checkIn && checkOut && date > checkIn && date < checkOut ? 'in-range' : null;
  const reasons: string[] = [];
  let disabled = false;
  if (date < today) {
    disabled = true;
    reasons.push(r.past);
  } else if (checkIn && !checkOut && date > checkIn) {
    if (!day.availableForCheckout) {
      disabled = true;
      reasons.push(day.available ? r.noCheckOut : r.unavailable);
    } else if (!day.available) {
      reasons.push(r.checkOutOnly);
    }
  } else if (!day.available) {
    disabled = true;
    reasons.push(r.unavailable);
  } else if (!day.availableForCheckin) {
    disabled = true;
    reasons.push(r.noCheckIn);
  }
  if (mark) disabled = false;
  if (mark === 'check-in') reasons.push(r.checkIn);
  if (mark === 'check-out') reasons.push(r.checkOut);
  if (mark === 'in-range') reasons.push(r.inRange);
  return { disabled, mark, reasons };
}

export type StaySummary =
  | { state: 'choose-check-in' }
  | { state: 'choose-check-out'; checkIn: string }
  | { state: 'invalid'; checkIn: string; checkOut: string; nights: number; message: string }
  | { state: 'valid'; checkIn: string; checkOut: string; nights: number; totalInPennies: number; lines: StayCostLine[] };

/** The message for a stay the rules refuse (shown by the calendar, sent by the server). */
export function stayProblemMessage(problem: StayProblem): string {
  switch (problem.kind) {
    case 'too-short':
      return t.minimumStay(problem.minNights);
    case 'too-long':
      return t.maximumStay(problem.maxNights);
    case 'past':
      return t.errors.past;
    case 'order':
      return t.errors.order;
    case 'check-in-unavailable':
      return t.errors.checkInUnavailable;
    case 'night-unavailable':
      return t.errors.nightUnavailable;
    case 'check-out-unavailable':
      return t.errors.checkOutUnavailable;
  }
}

export function staySummary(
  selection: StaySelection,
  days: ReadonlyMap<string, StayDay>,
  today: string,
  nightlyPriceInPennies: number,
): StaySummary {
  const { checkIn, checkOut } = selection;
  if (!checkIn) return { state: 'choose-check-in' };
  if (!checkOut) return { state: 'choose-check-out', checkIn };
  const check = checkStay(days, checkIn, checkOut, today);
  if (!check.ok) {
    return { state: 'invalid', checkIn, checkOut, nights: nightsBetween(checkIn, checkOut), message: stayProblemMessage(check.problem) };
  }
  const cost = stayCost(days, checkIn, check.nights, nightlyPriceInPennies);
  return { state: 'valid', checkIn, checkOut, nights: check.nights, ...cost };
}

// ---- keyboard ----------------------------------------------------------------------------------------

const monthShift = (date: string, months: number): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, length)).padStart(2, '0')}`;
};

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The date focus moves to on a grid key (the APG date-picker keys), or null for other keys. */
export function moveFocus(date: string, key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekday(date));
    case 'End':
      return addDays(date, 6 - weekday(date));
    case 'PageUp':
      return monthShift(date, -1);
    case 'PageDown':
      return monthShift(date, 1);
    default:
      return null;
  }
}

/** First day of the month of `date` shifted by `months`, as { month 1–12, year }. */
export function monthOf(date: string, months = 0): { month: number; year: number } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}
