/**
 * The history rules of the repeating-entries grid (widget spec §5, §8, §9), pure and shared by the grid
 * widget and by the server, which runs them on every Next: dates are M/D/YY or M/D/YYYY; a missing end
 * date means tomorrow; an address history may not leave a gap over one month between entries, may not
 * overlap, must end in the current year and must span at least 5 years; employment and trip histories
 * only check the order of each entry's dates. Each rule answers an error key; the messages are in
 * `texts.ts` (`widgetTexts.errors`).
 */

export const HISTORY_KINDS = ['addressHistory', 'employmentHistory', 'tripHistory'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export const isHistoryKind = (name: string): name is HistoryKind => (HISTORY_KINDS as readonly string[]).includes(name);

/** Widget spec §9: a gap over one month between address entries is invalid. */
export const MAX_GAP_MONTHS = 1;
/** Widget spec §9: an address history covers 5 years. */
export const REQUIRED_YEARS = 5;

/** The error keys, in the order the grid shows them. */
export const HISTORY_ERRORS = ['startRequired', 'startBeforeEnd', 'overlap', 'gap', 'currentYear', 'fiveYears'] as const;
export type HistoryError = (typeof HISTORY_ERRORS)[number];

export interface DatedEntry {
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;

/** A calendar day as a UTC timestamp (midnight), so day arithmetic never meets a DST change. */
export const utcDay = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day);
export const today = (now = new Date()) => utcDay(now.getFullYear(), now.getMonth() + 1, now.getDate());

/** Two-digit years as the usual date libraries read them: 00–68 → 2000s, 69–99 → 1900s. */
export function fullYear(text: string): number {
  const year = Number(text);
  if (text.length === 4) return year;
  return year <= 68 ? 2000 + year : 1900 + year;
}

/** 'M/D/YY' or 'M/D/YYYY' (leading zeros allowed) → UTC day, or null when not a real date. */
export function parseEntryDate(text: string): number | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const day = Number(match[2]);
  const year = fullYear(match[3]!);
  const value = utcDay(year, month, day);
  const date = new Date(value);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return value;
}

/** MM/dd/yyyy of a UTC day. */
export function formatEntryDate(value: number): string {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/** The same day `months` later, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(value: number, months: number): number {
  const date = new Date(value);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(date.getUTCDate(), lastDay));
}

export const addYears = (value: number, years: number) => addMonths(value, years * 12);

interface Span {
  start: number;
  end: number;
}

/**
 * The errors of a list of dated entries (in any order), as keys in `HISTORY_ERRORS` order; empty when valid.
 * `now` is the current day (`today()`); a missing end date is the day after.
 */
export function historyErrors(kind: HistoryKind, entries: readonly DatedEntry[], now: number = today()): HistoryError[] {
  const errors = new Set<HistoryError>();
  const tomorrow = now + DAY_MS;
  const spans: Span[] = [];
  for (const entry of entries) {
    const start = parseEntryDate(entry.start);
    if (start === null) {
      errors.add('startRequired');
      continue;
    }
    const end = entry.end.trim() === '' ? tomorrow : parseEntryDate(entry.end);
    // An end date that is not a date cannot come after the start.
    if (end === null || start >= end) {
      errors.add('startBeforeEnd');
      continue;
    }
    spans.push({ start, end });
  }
  if (kind === 'addressHistory' && spans.length > 0) {
    const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
    let reach = sorted[0]!.end;
    for (const span of sorted.slice(1)) {
      // A negative gap: this entry starts before an earlier one has ended.
      if (span.start < reach) errors.add('overlap');
      else if (span.start > addMonths(reach, MAX_GAP_MONTHS)) errors.add('gap');
      reach = Math.max(reach, span.end);
    }
    if (new Date(reach).getUTCFullYear() !== new Date(now).getUTCFullYear()) errors.add('currentYear');
    if (addYears(sorted[0]!.start, REQUIRED_YEARS) > reach) errors.add('fiveYears');
  }
  return HISTORY_ERRORS.filter((key) => errors.has(key));
}
