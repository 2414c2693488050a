/**
 * The rules of <hearth-home-value> without DOM or calls: reading the facts the owner typed, what the range
 * bar draws, and which state the estimate is in. The hook (use-home-value.ts) wires them to calls.
 */
import type { Result } from '../graphql/call';
import { valuationTexts as t } from '../i18n/valuation';
import type { PhoneCheck } from '../format/phone-rules';
import { validateContact, type ContactFieldErrors } from '../validation/contact';
import type { HomeType, HomeValue, ValuationContact } from './valuation-api';

// ---- facts ----

/** The facts as typed: text fields and a select. */
export interface FactsDraft {
  homeType: HomeType | '';
  bedrooms: string;
  bathrooms: string;
  livingArea: string;
  yearBuilt: string;
}

export const EMPTY_FACTS: FactsDraft = {
  homeType: '',
  bedrooms: '',
  bathrooms: '',
  livingArea: '',
  yearBuilt: '',
};

export interface Facts {
  homeType: HomeType | null;
  bedrooms: number | null;
  bathrooms: number | null;
  livingArea: number | null;
  yearBuilt: number | null;
}

export type FactErrors = Partial<Record<keyof Facts, string>>;

/** '2,150' → 2150; '' → null; anything else → NaN. */
function readNumber(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const wholeIn = (n: number | null, min: number, max: number) => n === null || (Number.isInteger(n) && n >= min && n <= max);

/** The typed facts as numbers, or the message of each one that is not usable. Empty fields are unknowns. */
export function parseFacts(draft: FactsDraft, now = new Date()): { ok: true; value: Facts } | { ok: false; errors: FactErrors } {
  const bedrooms = readNumber(draft.bedrooms);
  const bathrooms = readNumber(draft.bathrooms);
  const livingArea = readNumber(draft.livingArea);
  const yearBuilt = readNumber(draft.yearBuilt);
  const maxYear = now.getFullYear() + 1;
  const errors: FactErrors = {};
  if (!wholeIn(bedrooms, 0, 50)) errors.bedrooms = t.errors.bedrooms;
  if (!wholeIn(bathrooms, 0, 50)) errors.bathrooms = t.errors.bathrooms;
  if (livingArea !== null && !(livingArea >= 100 && livingArea <= 100_000)) errors.livingArea = t.errors.livingArea;
  if (!wholeIn(yearBuilt, 1600, maxYear)) errors.yearBuilt = t.errors.yearBuilt(maxYear);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      homeType: draft.homeType || null,
      bedrooms,
      bathrooms,
      livingArea,
      yearBuilt,
    },
  };
}

// ---- the estimate ----

export type EstimateState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'estimated'; value: HomeValue }
  | { status: 'not-enough-sales'; value: HomeValue }
  | { status: 'failed'; message: string };

/** The answer of homeValue as the view's state (undefined: not answered yet). */
export function estimateState(asked: boolean, result: Result<HomeValue> | undefined): EstimateState {
  if (!asked) return { status: 'idle' };
  if (!result) return { status: 'loading' };
  if (!result.ok) {
    // The server's words for a refused input ('We could not find that address…'); ours otherwise.
    return {
      status: 'failed',
      message: result.failure.kind === 'invalid' && result.failure.message ? result.failure.message : t.loadFailed,
    };
  }
  return result.value.status === 'ESTIMATED' ? { status: 'estimated', value: result.value } : { status: 'not-enough-sales', value: result.value };
}

/** Where the estimate sits on the bar from low (0 %) to high (100 %). */
export function estimatePosition(low: number, estimate: number, high: number): number {
  if (!(high > low)) return 50;
  return Math.round(Math.min(100, Math.max(0, ((estimate - low) / (high - low)) * 100)));
}

const METERS_PER_MILE = 1_609.344;

/** 640 m → '0.4'; 3,300 m → '2.1'. */
export const milesText = (meters: number) => (Math.round((meters / METERS_PER_MILE) * 10) / 10).toFixed(1);

/** '2025-09-14' → 'Sep 2025' (the month as written, not moved by the reader's time zone). */
export function soldMonthText(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(isoDate);
  if (!match) return isoDate;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** 0.8 → '8 in 10'. */
export const shareText = (probability: number) => `${Math.round(probability * 10)} in 10`;

// ---- the precise valuation form ----

export type ContactDraft = ValuationContact;
export const EMPTY_CONTACT: ContactDraft = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
};
export type ContactErrors = Partial<Record<keyof ValuationContact, string>>;

/** The contact form's rules (spec §5) for name, email and phone (read by `phone`); the comment is ours to write. */
export function checkContact(draft: ContactDraft, phone: PhoneCheck): { ok: true; value: ValuationContact } | { ok: false; errors: ContactErrors } {
  const checked = validateContact({ ...draft, comment: 'Precise valuation' }, phone);
  if (checked.ok) {
    const { firstName, lastName, email, phone } = checked.value;
    return { ok: true, value: { firstName, lastName, email, phone } };
  }
  const { comment: _ours, ...errors } = checked.errors as ContactFieldErrors;
  return { ok: false, errors };
}
