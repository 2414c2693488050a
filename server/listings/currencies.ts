/**
 * A listing's price in other currencies (spec §3 Listing `currencies`: code, value, name), from a static,
 * dated exchange-rate table — no network call, so the figure is reproducible and the server works offline.
 *
 * Source: the European Central Bank's euro foreign exchange reference rates of 25 November 2024
 * (https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/, the
 * `eurofxref` CSV of that day): units of each currency per 1 euro. Two currencies of spec §9's symbol
 * list are not in it: NPR, which Nepal Rastra Bank pegs to the Indian rupee at 1.6 NPR per INR (so
 * derived from INR), and RUB, which the ECB has not published since 2 March 2022 (left out: no dated
 * source). Update the table and RATES_DATE together.
 *
 * Values are in the minor-unit "pennies" every price in Hearth uses (display divides by 100), rounded
 * to whole pennies. A listing whose feed gave its own currencies keeps them.
 */
import type { CurrencyValue } from './search/listing';

export const RATES_DATE = '2024-11-25';
export const RATES_SOURCE = 'European Central Bank euro foreign exchange reference rates';

/** Units per 1 EUR on RATES_DATE. */
export const EUR_RATES: Readonly<Record<string, number>> = {
  EUR: 1,
  USD: 1.0495,
  JPY: 161.64,
  GBP: 0.83465,
  SEK: 11.503,
  CHF: 0.9324,
  NOK: 11.5865,
  TRY: 36.302,
  AUD: 1.6111,
  BRL: 6.0941,
  CAD: 1.4648,
  CNY: 7.6018,
  HKD: 8.1659,
  INR: 88.4595,
  KRW: 1469.87,
  MXN: 21.3301,
  NZD: 1.7926,
  SGD: 1.4128,
  ZAR: 18.9592,
  // Pegged: 1.6 NPR per INR (Nepal Rastra Bank).
  NPR: 88.4595 * 1.6,
};

/** The currencies a price is shown in (spec §9's symbol list, in its order, less RUB: see above). */
export const CURRENCY_NAMES: Readonly<Record<string, string>> = {
  USD: 'US Dollar',
  EUR: 'Euro',
  GBP: 'British Pound',
  JPY: 'Japanese Yen',
  AUD: 'Australian Dollar',
  CAD: 'Canadian Dollar',
  CHF: 'Swiss Franc',
  CNY: 'Chinese Yuan',
  SEK: 'Swedish Krona',
  NZD: 'New Zealand Dollar',
  MXN: 'Mexican Peso',
  SGD: 'Singapore Dollar',
  HKD: 'Hong Kong Dollar',
  NOK: 'Norwegian Krone',
  KRW: 'South Korean Won',
  TRY: 'Turkish Lira',
  INR: 'Indian Rupee',
  BRL: 'Brazilian Real',
  ZAR: 'South African Rand',
  NPR: 'Nepalese Rupee',
};

/**
 * `priceInPennies` of `currencyCode` in every other currency of the table; empty when the listing's own
 * currency is not in it (no rate to convert from) or the price is not a whole, non-negative number.
 */
export function convertPrice(priceInPennies: number, currencyCode: string): CurrencyValue[] {
  const from = EUR_RATES[currencyCode];
  if (from === undefined || !Number.isSafeInteger(priceInPennies) || priceInPennies < 0) return [];
  return Object.entries(CURRENCY_NAMES)
    .filter(([code]) => code !== currencyCode)
    .map(([code, name]) => ({ code, name, value: Math.round((priceInPennies / from) * EUR_RATES[code]!) }));
}

/** What the API serves: the feed's own list when it gave one, else the conversion. */
export const listingCurrencies = (listing: { currencies: CurrencyValue[]; priceInPennies: number; priceCurrencyCode: string }) =>
  listing.currencies.length > 0 ? listing.currencies : convertPrice(listing.priceInPennies, listing.priceCurrencyCode);
