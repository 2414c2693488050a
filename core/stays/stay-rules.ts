/**
 * The booking rules of a stay (spec §3 availability calendar), shared by <hearth-availability-calendar>
 * and requestStay on the server. Pure: dates are YYYY-MM-DD strings, no DOM, no clock (callers pass today).
 *
 * A stay [checkIn, checkOut) can be booked when check-in is today or later, the check-in day allows
 * check-in, the number of nights is within that day's minNights…maxNights, every night from check-in up to
 * (not including) check-out is available, and the check-out day allows check-out.
 */

/** What one day of a stay's calendar allows (spec §3, RESO HRT_Availability): the facts these rules read. */
export interface StayDayRules {
  calendarDate: string;
  available: boolean;
  availableForCheckin: boolean;
  availableForCheckout: boolean;
  minNights: number;
  maxNights: number;
}

/** One day of a stay's calendar, as availabilityCalendar answers it. */
export interface StayDay extends StayDayRules {
  /** The price of the night that starts this day; absent: the stay's price. */
  nightlyPriceInPennies?: number;
}

export type StayProblem =
  | { kind: 'past' }
  | { kind: 'order' }
  | { kind: 'check-in-unavailable' }
  | { kind: 'too-short'; minNights: number }
  | { kind: 'too-long'; maxNights: number }
  | { kind: 'night-unavailable'; date: string }
  | { kind: 'check-out-unavailable' };

export type StayCheck = { ok: true; nights: number } | { ok: false; problem: StayProblem };

/** How many guests a stay may be asked for when its listing does not say how many it sleeps (the /stays search offers as many). */
export const MAX_STAY_GUESTS = 16;

/** The most guests a booking request of a stay may name: what the listing sleeps, else MAX_STAY_GUESTS. */
export const stayGuestLimit = (maxGuests: number | null | undefined): number => (maxGuests && maxGuests > 0 ? maxGuests : MAX_STAY_GUESTS);

/** Whether `guests` is a whole number from 1 to the stay's limit. */
export const isStayGuests = (guests: number, limit: number): boolean => Number.isInteger(guests) && guests >= 1 && guests <= limit;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(time).toISOString().slice(0, 10) === value;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The date `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Nights from check-in to check-out (negative when check-out is first). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round(dayNumber(checkOut) - dayNumber(checkIn));
}

/** Today's date in a time zone, YYYY-MM-DD. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether a day can start a stay (before the nights after it are known). */
export function canCheckIn(day: StayDay | undefined, today: string): boolean {
  return !!day && day.calendarDate >= today && day.available && day.availableForCheckin && day.maxNights > 0;
}

/**
 * Checks a stay against the calendar. `days` must hold every day from checkIn to checkOut; a missing day
 * counts as not available (the host has not opened it).
 */
export function checkStay(days: ReadonlyMap<string, StayDay>, checkIn: string, checkOut: string, today: string): StayCheck {
  if (checkIn < today) return { ok: false, problem: { kind: 'past' } };
  const nights = nightsBetween(checkIn, checkOut);
  if (nights < 1) return { ok: false, problem: { kind: 'order' } };
  const first = days.get(checkIn);
  if (!first || !first.available || !first.availableForCheckin) return { ok: false, problem: { kind: 'check-in-unavailable' } };
  if (nights < first.minNights) return { ok: false, problem: { kind: 'too-short', minNights: first.minNights } };
  if (nights > first.maxNights) return { ok: false, problem: { kind: 'too-long', maxNights: first.maxNights } };
  for (let i = 1; i < nights; i++) {
    const date = addDays(checkIn, i);
    if (!days.get(date)?.available) return { ok: false, problem: { kind: 'night-unavailable', date } };
  }
  if (!days.get(checkOut)?.availableForCheckout) return { ok: false, problem: { kind: 'check-out-unavailable' } };
  return { ok: true, nights };
}

/** The days of a calendar by date. */
export function daysByDate<D extends StayDay>(days: Iterable<D>): Map<string, D> {
  const map = new Map<string, D>();
  for (const day of days) map.set(day.calendarDate, day);
  return map;
}

/** Nights at one price: what the calendar's footer lists as 'nights × price'. */
export interface StayCostLine {
  nights: number;
  priceInPennies: number;
}

/**
 * What `nights` nights from checkIn cost: each night at its day's price (else `defaultPrice`), grouped by
 * price in the order they first occur.
 */
export function stayCost(
  days: ReadonlyMap<string, StayDay>,
  checkIn: string,
  nights: number,
  defaultPrice: number,
): { totalInPennies: number; lines: StayCostLine[] } {
  const lines: StayCostLine[] = [];
  let totalInPennies = 0;
  for (let i = 0; i < nights; i++) {
    const price = days.get(addDays(checkIn, i))?.nightlyPriceInPennies ?? defaultPrice;
    totalInPennies += price;
    const line = lines.find((l) => l.priceInPennies === price);
    if (line) line.nights += 1;
    else lines.push({ nights: 1, priceInPennies: price });
  }
  return { totalInPennies, lines };
}
