/**
 * Date (widget spec §2–§5, §9): month 1-12 (abbreviations accepted), day 1-31, year 4 digits; leading
 * zeros stripped; a full date must be a real calendar date, else the day field shows `invalid`; an N/A
 * checkbox (`na-option`) that, together with a date, gives `na_error`; neither and required gives
 * `required`. Stored as month/day/year in the first variable; N/A as Yes/Off in the second.
 */
import { attr, flag, isRequired, OFF, valueOf, variablesOf, YES, type Values, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

export const YEAR_LIST_LENGTH = 110;
export const YEARS_AHEAD = 10;
export const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
/** What the month field offers and completes to; each starts with its abbreviation. */
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

export interface DateParts {
  month: string;
  day: string;
  year: string;
}

/** The `year-range` "start-end" (either order) as [earliest, latest], or null when the widget has none. */
export function yearRange(spec: WidgetSpec): [number, number] | null {
  const range = /^\s*(\d{4})\s*-\s*(\d{4})\s*$/.exec(attr(spec, 'year-range') ?? '');
  if (!range) return null;
  const [a, b] = [Number(range[1]), Number(range[2])];
  return [Math.min(a, b), Math.max(a, b)];
}

/** 110 years running downward from 10 years ahead, or the `year-range` (a questionnaire's templates may make it relative to this year: `{{ year(0) }}-{{ year(2) }}`). */
export function yearList(spec: WidgetSpec, today = new Date()): number[] {
  const range = yearRange(spec);
  if (range) {
    const years: number[] = [];
    for (let y = range[1]; y >= range[0]; y--) years.push(y);
    return years;
  }
  const first = today.getFullYear() + YEARS_AHEAD;
  return Array.from({ length: YEAR_LIST_LENGTH }, (_, i) => first - i);
}

/** '03', '3', 'Mar', 'march' → '3'; anything else is kept as typed (and fails validation). */
export function normalizeMonth(text: string): string {
  const trimmed = text.trim();
  const index = MONTH_ABBREVIATIONS.findIndex((m) => trimmed.length >= 3 && m.toLowerCase() === trimmed.slice(0, 3).toLowerCase());
  if (index >= 0 && /^[a-z]+$/i.test(trimmed)) return String(index + 1);
  return stripZeros(trimmed);
}

export const stripZeros = (text: string) => (/^\d+$/.test(text.trim()) ? String(Number(text.trim())) : text.trim());

export function splitDate(stored: string): DateParts {
  const [month = '', day = '', year = ''] = stored.split('/');
  return { month, day, year };
}

export function joinDate(parts: DateParts): string {
  if (!parts.month && !parts.day && !parts.year) return '';
  return `${normalizeMonth(parts.month)}/${stripZeros(parts.day)}/${parts.year.trim()}`;
}

export const isRealDate = (month: number, day: number, year: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** Which part is wrong, or null: 'month' | 'day' | 'year'. */
export function invalidPart({ month, day, year }: DateParts): 'month' | 'day' | 'year' | null {
  if (!/^\d{1,2}$/.test(month) || Number(month) < 1 || Number(month) > 12) return 'month';
  if (!/^\d{1,2}$/.test(day) || Number(day) < 1 || Number(day) > 31) return 'day';
  if (!/^\d{4}$/.test(year)) return 'year';
  return isRealDate(Number(month), Number(day), Number(year)) ? null : 'day';
}

const naVariable = (spec: WidgetSpec) => variablesOf(spec)[1];

export const dateRules: WidgetRules = {
  variables: (spec) => (flag(spec, 'na-option') ? variablesOf(spec).slice(0, 2) : variablesOf(spec).slice(0, 1)),
  normalize: (spec, values) => {
    const [variable, na] = variablesOf(spec);
    if (!variable) return {};
    const out: Values = { [variable]: joinDate(splitDate(valueOf(values, variable))) };
    if (flag(spec, 'na-option') && na) out[na] = valueOf(values, na) === YES ? YES : OFF;
    return out;
  },
  validate: (spec, values): WidgetErrors | null => {
    const stored = valueOf(values, variablesOf(spec)[0]);
    const na = flag(spec, 'na-option') && valueOf(values, naVariable(spec)) === YES;
    if (na && stored) return { na_error: 'true' };
    if (na) return null;
    if (!stored) return isRequired(spec) ? { required: 'true' } : null;
    const parts = splitDate(stored);
    const part = invalidPart(parts);
    if (part) return { invalid: part };
    // The year list is what can be chosen: a year outside the widget's year-range is refused too (a crafted answer).
    const range = yearRange(spec);
    return range && (Number(parts.year) < range[0] || Number(parts.year) > range[1]) ? { invalid: 'year' } : null;
  },
  hasValue: (spec, values) => valueOf(values, variablesOf(spec)[0]) !== '' || (flag(spec, 'na-option') && valueOf(values, naVariable(spec)) === YES),
  display: (spec, values) => {
    if (flag(spec, 'na-option') && valueOf(values, naVariable(spec)) === YES) return 'N/A';
    return valueOf(values, variablesOf(spec)[0]);
  },
};
