/**
 * The time rules of tours and open houses (spec §4, §5, §9), shared by the client dialogs and the server's
 * validation. Pure: no DOM, no React; "now" and the listing's IANA time zone are always passed in.
 *
 * Everything is computed on the listing's local calendar (e.g. America/Denver: MST in winter, MDT in
 * summer), so a slot "9 am" is 9 am at the house whatever the buyer's browser zone, and the day
 * boundary is the listing's midnight. Days are keyed 'YYYY-MM-DD' (the listing's local date).
 *
 * Day numbering: day 1 is today at the listing, so the 15-day horizon is today plus the next 14 days;
 * the grid shows days 1–3 and the dropdown offers days 4–15 (spec §5). Open houses likewise offer
 * 18 days starting today.
 */
import { TZDate } from '@date-fns/tz';
import { tourTexts } from '../i18n/tours';

// ---------------------------------------------------------------------------------------------------
// Constants (spec §9)

export const TOUR_REQUEST_HORIZON_DAYS = 15;
export const TOUR_GRID_DAYS = 3;
/** First and last hour slot of a day: 9 am … 8 pm, plus the 9 pm row. */
export const TOUR_FIRST_HOUR = 9;
export const TOUR_LAST_HOUR = 21;
export const SCHEDULED_TOUR_LENGTH_MS = 60 * 60 * 1000;
export const CANCELLATION_REASON_MIN = 50;
export const CANCELLATION_REASON_MAX = 200;
export const OPEN_HOUSE_DAYS = 18;
export const OPEN_HOUSE_STEP_MINUTES = 30;
/** Minutes after the listing's midnight: the first open-house time is 9:30 am. */
export const OPEN_HOUSE_FIRST_MINUTE = 9 * 60 + 30;
/**
 * The last open-house time (start or end) of a day: 9 pm. The spec gives no end of the day; this is our
 * choice, matching the tour grid's last (9 pm) row.
 */
export const OPEN_HOUSE_LAST_MINUTE = 21 * 60;

export type DayKey = string;

// ---------------------------------------------------------------------------------------------------
// Calendar helpers on the listing's zone

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** The listing-local date of an instant. */
export function dayKeyOf(instant: Date | number, zone: string): DayKey {
  const d = new TZDate(typeof instant === 'number' ? instant : instant.getTime(), zone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function parseDayKey(key: DayKey): { y: number; m: number; d: number } | null {
  const match = DAY_KEY.exec(key);
  if (!match) return null;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return { y, m, d };
}

/** Pure calendar arithmetic on a local date (no zone involved: a calendar day is a calendar day). */
export function addDaysToKey(key: DayKey, days: number): DayKey {
  const p = parseDayKey(key);
  if (!p) throw new RangeError(`Not a day: ${key}`);
  const d = new Date(Date.UTC(p.y, p.m - 1, p.d + days));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: DayKey, to: DayKey): number {
  const a = parseDayKey(from);
  const b = parseDayKey(to);
  if (!a || !b) throw new RangeError(`Not a day: ${a ? to : from}`);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

/** The instant of `minutes` after midnight on a listing-local day (DST-aware). */
export function instantAt(key: DayKey, minutes: number, zone: string): Date {
  const p = parseDayKey(key);
  if (!p) throw new RangeError(`Not a day: ${key}`);
  const local = new TZDate(p.y, p.m - 1, p.d, Math.floor(minutes / 60), minutes % 60, 0, 0, zone);
  return new Date(local.getTime());
}

/** Minutes after the listing's midnight of an instant, and whether it falls on a whole second. */
function localMinutes(instant: Date, zone: string): { minutes: number; exactMinute: boolean } {
  const d = new TZDate(instant.getTime(), zone);
  return { minutes: d.getHours() * 60 + d.getMinutes(), exactMinute: d.getSeconds() === 0 && d.getMilliseconds() === 0 };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Sun, Mar 9' for a local day. */
export function dayLabel(key: DayKey): string {
  const p = parseDayKey(key);
  if (!p) throw new RangeError(`Not a day: ${key}`);
  const weekday = new Date(Date.UTC(p.y, p.m - 1, p.d)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${MONTHS[p.m - 1]} ${p.d}`;
}

/** '9:00 AM', '9:30 PM', '12:00 PM' for minutes after midnight. */
export function timeLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `${h % 12 || 12}:${pad(minutes % 60)} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * Parses a date-time from a client: ISO 8601 with an explicit offset or Z only. A time without a zone
 * would be read in whatever zone the server runs in, so it is refused (null).
 */
export function parseInstant(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// ---------------------------------------------------------------------------------------------------
// Buyer: requested tour times (spec §5 Buyer tour times)

export interface TourSlot {
  /** The instant, ISO UTC: what the request sends. */
  dateTime: string;
  hour: number;
  label: string;
  /** Past (at or before now). */
  disabled: boolean;
}

export interface TourDay {
  day: DayKey;
  /** 1 = today at the listing … 15. */
  dayNumber: number;
  label: string;
  slots: TourSlot[];
}

export function tourDay(day: DayKey, now: Date, zone: string): TourDay {
  const dayNumber = daysBetween(dayKeyOf(now, zone), day) + 1;
  const slots: TourSlot[] = [];
  for (let hour = TOUR_FIRST_HOUR; hour <= TOUR_LAST_HOUR; hour++) {
    const at = instantAt(day, hour * 60, zone);
    slots.push({ dateTime: at.toISOString(), hour, label: timeLabel(hour * 60), disabled: at.getTime() <= now.getTime() });
  }
  return { day, dayNumber, label: dayLabel(day), slots };
}

export interface BuyerTourGrid {
  /** Days 1–3, shown as a grid. */
  gridDays: TourDay[];
  /** Days 4–15, one of them chosen from a dropdown. */
  dropdownDays: { day: DayKey; dayNumber: number; label: string }[];
}

export function buyerTourGrid(now: Date, zone: string): BuyerTourGrid {
  const today = dayKeyOf(now, zone);
  const gridDays: TourDay[] = [];
  for (let i = 0; i < TOUR_GRID_DAYS; i++) gridDays.push(tourDay(addDaysToKey(today, i), now, zone));
  const dropdownDays: BuyerTourGrid['dropdownDays'] = [];
  for (let i = TOUR_GRID_DAYS; i < TOUR_REQUEST_HORIZON_DAYS; i++) {
    const day = addDaysToKey(today, i);
    dropdownDays.push({ day, dayNumber: i + 1, label: dayLabel(day) });
  }
  return { gridDays, dropdownDays };
}

/**
 * A requested tour time the server accepts: on the hour at the listing, 9 am … 9 pm, on one of the 15
 * days of the horizon (today at the listing and the next 14), and after now.
 */
export function isValidRequestedTime(time: Date, now: Date, zone: string): boolean {
  if (Number.isNaN(time.getTime()) || time.getTime() <= now.getTime()) return false;
  const offset = daysBetween(dayKeyOf(now, zone), dayKeyOf(time, zone));
  if (offset < 0 || offset >= TOUR_REQUEST_HORIZON_DAYS) return false;
  const { minutes, exactMinute } = localMinutes(time, zone);
  return exactMinute && minutes % 60 === 0 && minutes >= TOUR_FIRST_HOUR * 60 && minutes <= TOUR_LAST_HOUR * 60;
}

// ---------------------------------------------------------------------------------------------------
// Seller: scheduling and cancelling (spec §4, §5)

/** A scheduled tour lasts one hour. */
export const scheduledEnd = (start: Date) => new Date(start.getTime() + SCHEDULED_TOUR_LENGTH_MS);

export interface TimeSelectionError {
  title: string;
  message: string;
}

/** The seller's chosen start must be after now; else the exact §5 title and message. */
export function sellerTimeError(start: Date, now: Date): TimeSelectionError | null {
  return start.getTime() > now.getTime() ? null : { title: tourTexts.pastTimeTitle, message: tourTexts.pastTimeMessage };
}

export interface ReasonCheck {
  /** 'n/200'. */
  counter: string;
  /** Cancel button enabled. */
  valid: boolean;
  error: string | null;
}

/** Length counts characters as the user sees them (code points), after trimming the ends. */
export const reasonLength = (reason: string) => [...reason.trim()].length;

export function checkCancellationReason(reason: string): ReasonCheck {
  const length = reasonLength(reason);
  const error =
    length < CANCELLATION_REASON_MIN
      ? tourTexts.reasonTooShort(CANCELLATION_REASON_MIN)
      : length > CANCELLATION_REASON_MAX
        ? tourTexts.reasonTooLong(CANCELLATION_REASON_MAX)
        : null;
  return { counter: tourTexts.reasonCounter(length, CANCELLATION_REASON_MAX), valid: error === null, error };
}

// ---------------------------------------------------------------------------------------------------
// Open house (spec §4, §5 Open house)

export interface OpenHouseDay {
  day: DayKey;
  label: string;
}

/** The 18 selectable days: today at the listing and the next 17. */
export function openHouseDays(now: Date, zone: string): OpenHouseDay[] {
  const today = dayKeyOf(now, zone);
  return Array.from({ length: OPEN_HOUSE_DAYS }, (_, i) => {
    const day = addDaysToKey(today, i);
    return { day, label: dayLabel(day) };
  });
}

export interface OpenHouseTime {
  dateTime: string;
  minutes: number;
  label: string;
  disabled: boolean;
}

/** 9:30 am, 10:00 am, … 9:00 pm on the chosen day; times at or before now are disabled. */
export function openHouseTimes(day: DayKey, now: Date, zone: string): OpenHouseTime[] {
  const times: OpenHouseTime[] = [];
  for (let m = OPEN_HOUSE_FIRST_MINUTE; m <= OPEN_HOUSE_LAST_MINUTE; m += OPEN_HOUSE_STEP_MINUTES) {
    const at = instantAt(day, m, zone);
    times.push({ dateTime: at.toISOString(), minutes: m, label: timeLabel(m), disabled: at.getTime() <= now.getTime() });
  }
  return times;
}

/** The open-house picker's state: ISO instants from openHouseTimes, or null. */
export interface OpenHouseSelection {
  day: DayKey | null;
  start: string | null;
  end: string | null;
}

export const emptyOpenHouseSelection: OpenHouseSelection = { day: null, start: null, end: null };

/** A new day clears start and end. */
export const selectOpenHouseDay = (s: OpenHouseSelection, day: DayKey): OpenHouseSelection =>
  day === s.day ? s : { day, start: null, end: null };

/** A start at or after the end clears the end. */
export function selectOpenHouseStart(s: OpenHouseSelection, start: string): OpenHouseSelection {
  const clearsEnd = s.end !== null && Date.parse(start) >= Date.parse(s.end);
  return { ...s, start, end: clearsEnd ? null : s.end };
}

/** An end at or before the start is not taken (the picker does not offer it). */
export function selectOpenHouseEnd(s: OpenHouseSelection, end: string): OpenHouseSelection {
  if (s.start !== null && Date.parse(end) <= Date.parse(s.start)) return s;
  return { ...s, end };
}

/** Confirm Selection is enabled with a day, a start and an end, start before end. */
export const canConfirmOpenHouse = (s: OpenHouseSelection) =>
  s.day !== null && s.start !== null && s.end !== null && Date.parse(s.start) < Date.parse(s.end);

/** The end times offered once a start is chosen: later than the start, same day. */
export const openHouseEndTimes = (day: DayKey, start: string | null, now: Date, zone: string) =>
  openHouseTimes(day, now, zone).filter((t) => start === null || Date.parse(t.dateTime) > Date.parse(start));

/**
 * What the server accepts: both on the same listing-local day among the 18, both on the 30-minute grid
 * 9:30 am … 9 pm, start before end, start after now.
 */
export function openHouseTimeError(start: Date, end: Date, now: Date, zone: string): string | null {
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return tourTexts.openHouseInvalid;
  if (start.getTime() >= end.getTime()) return tourTexts.openHouseOrder;
  if (start.getTime() <= now.getTime()) return tourTexts.pastTimeMessage;
  const day = dayKeyOf(start, zone);
  if (dayKeyOf(end, zone) !== day) return tourTexts.openHouseInvalid;
  const offset = daysBetween(dayKeyOf(now, zone), day);
  if (offset < 0 || offset >= OPEN_HOUSE_DAYS) return tourTexts.openHouseInvalid;
  for (const t of [start, end]) {
    const { minutes, exactMinute } = localMinutes(t, zone);
    const onGrid = (minutes - OPEN_HOUSE_FIRST_MINUTE) % OPEN_HOUSE_STEP_MINUTES === 0;
    if (!exactMinute || !onGrid || minutes < OPEN_HOUSE_FIRST_MINUTE || minutes > OPEN_HOUSE_LAST_MINUTE) {
      return tourTexts.openHouseInvalid;
    }
  }
  return null;
}
