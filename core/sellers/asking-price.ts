/**
 * The asking price (or monthly rent) a seller sets at the Price step: refused when impossible, asked about
 * when unusual (issue 36 plausibility: "refuse" and "confirm" findings). The rule is core/validation/plausibility.ts
 * (homePrice, monthlyRent), the one the server applies in updateSellerListing; the client shows its finding as the
 * seller types and sends priceConfirmed once an unusual price was asked about and pressed again.
 */
import { homePrice, monthlyRent, type Finding } from '../validation/plausibility';

/** What is wrong or unusual with `amount` (major units) as the asking price or monthly rent; null when it is fine. */
export function askingPriceFinding(amount: number, classification: 'sale' | 'rent', currencyCode = 'USD'): Finding | null {
  const judgement = { currencyCode: currencyCode.trim() };
  return classification === 'rent' ? monthlyRent(amount, judgement) : homePrice(amount, judgement, 'The asking price');
}

/** A typed amount ('525,000', '$525000.50') in major units; null when it is not one. */
export function amountOf(text: string): number | null {
  const s = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  return Number(s);
}
