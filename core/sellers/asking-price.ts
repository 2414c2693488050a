/**
 * The asking price (or monthly rent) a seller sets at the Price step: refused when impossible, asked about
 * when unusual (issue 36 plausibility: "refuse" and "confirm" findings). The client shows the finding as the
 * seller types; the server refuses what is impossible (updateSellerListing).
 *
 * Seam: the questionnaire helper's core/validation/plausibility.ts (homePrice, and its rent bounds) holds the
 * same limits for every money answer; once it is on main this module's bodies become calls to it.
 */
import { formatMoney } from '../format/money';

export interface PriceFinding {
  level: 'refuse' | 'confirm';
  message: string;
}

/** No home is worth more than this: above it a figure is a typing slip. */
export const PRICE_MAX = 1_000_000_000;
/** A home price below the low mark or above the high one is asked about. */
export const HOME_PRICE_LOW = 10_000;
export const HOME_PRICE_HIGH = 50_000_000;
/** Rent per month: asked about outside low–high, refused above the max. */
export const RENT_LOW = 200;
export const RENT_HIGH = 30_000;
export const RENT_MAX = 1_000_000;

const money = (amount: number, currencyCode: string) => formatMoney(Math.round(amount * 100), currencyCode);

/** What is wrong or unusual with `amount` (major units) as the asking price or monthly rent; null when it is fine. */
export function askingPriceFinding(amount: number, classification: 'sale' | 'rent', currencyCode = 'USD'): PriceFinding | null {
  const what = classification === 'rent' ? 'The monthly rent' : 'The price';
  const max = classification === 'rent' ? RENT_MAX : PRICE_MAX;
  if (!Number.isFinite(amount) || amount <= 0) return { level: 'refuse', message: `${what} must be more than ${money(0, currencyCode)}.` };
  if (amount > max) return { level: 'refuse', message: `${what} must be at most ${money(max, currencyCode)}.` };
  const [low, high, noun] = classification === 'rent' ? [RENT_LOW, RENT_HIGH, 'a monthly rent'] : [HOME_PRICE_LOW, HOME_PRICE_HIGH, 'a price for a home'];
  if (amount < low) return { level: 'confirm', message: `${money(amount, currencyCode)} is unusually low for ${noun}. Is that right?` };
  if (amount > high) return { level: 'confirm', message: `${money(amount, currencyCode)} is unusually high for ${noun}. Is that right?` };
  return null;
}

/** A typed amount ('525,000', '$525000.50') in major units; null when it is not one. */
export function amountOf(text: string): number | null {
  const s = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  return Number(s);
}
