/**
 * Money display (spec §9). Amounts are held in pennies and shown divided by 100: USD in en-US with no
 * fraction digits, every other currency in en-IN grouping (12,34,567). Abbreviations — USD: G (≥ 1e9),
 * M (≥ 1e6), K (≥ 1e3, only when asked); other currencies: A (arab, ≥ 1e10), cr (crore, ≥ 1e7),
 * L (lakh, ≥ 1e5). A missing amount shows 'Nan'.
 */
import { numberFormat } from './number';

/** Spec §9: the currencies we show a symbol for; NPR is shown as 'Rs'. */
export const CURRENCY_SYMBOLS = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  AUD: 'A$',
  CAD: 'C$',
  CHF: 'CHF',
  CNY: 'CN¥',
  SEK: 'kr',
  NZD: 'NZ$',
  MXN: 'MX$',
  SGD: 'S$',
  HKD: 'HK$',
  NOK: 'kr',
  KRW: '₩',
  TRY: '₺',
  INR: '₹',
  RUB: '₽',
  BRL: 'R$',
  ZAR: 'R',
  NPR: 'Rs',
} as const satisfies Record<string, string>;

export type CurrencyCode = keyof typeof CURRENCY_SYMBOLS;

export const MISSING_AMOUNT = 'Nan';

const USD_STEPS = [
  { at: 1e9, suffix: 'G' },
  { at: 1e6, suffix: 'M' },
  { at: 1e3, suffix: 'K' },
] as const;

const OTHER_STEPS = [
  { at: 1e10, suffix: ' A' },
  { at: 1e7, suffix: ' cr' },
  { at: 1e5, suffix: ' L' },
] as const;

const usd = () => numberFormat('en-US', 0);
const inr = () => numberFormat('en-IN', 0);
const short = () => numberFormat('en-US', 2);

/** The symbol of a currency code; an unknown code is shown as the code itself. */
export function currencySymbol(code: string): string {
  return CURRENCY_SYMBOLS[code.toUpperCase() as CurrencyCode] ?? code.toUpperCase();
}

/** Letters-only symbols (Rs, kr, CHF) get a space before the number; signs ($, ₹) do not. */
const withSymbol = (symbol: string, number: string) => (/^[A-Za-z]+$/.test(symbol) ? `${symbol} ${number}` : `${symbol}${number}`);

export interface MoneyOptions {
  /** Abbreviate large amounts (M, G; cr, L, A). */
  abbreviate?: boolean;
  /** With `abbreviate`, also use K for USD thousands (only when asked, spec §9). */
  thousands?: boolean;
}

/** Formats an amount in pennies, e.g. 52500000 USD → '$525,000'; 1250000000 NPR → 'Rs 1,25,00,000'. */
export function formatMoney(
  pennies: number | null | undefined,
  currencyCode = 'USD',
  { abbreviate = false, thousands = false }: MoneyOptions = {},
): string {
  if (pennies == null || !Number.isFinite(pennies)) return MISSING_AMOUNT;
  const code = currencyCode.toUpperCase();
  const amount = pennies / 100;
  const symbol = currencySymbol(code);
  const sign = amount < 0 ? '-' : '';
  const magnitude = Math.abs(amount);
  if (abbreviate) {
    const steps = code === 'USD' ? USD_STEPS.filter((s) => s.suffix !== 'K' || thousands) : OTHER_STEPS;
    const step = steps.find((s) => magnitude >= s.at);
    if (step) return `${sign}${withSymbol(symbol, `${short().format(magnitude / step.at)}${step.suffix}`)}`;
  }
  const grouped = code === 'USD' ? usd().format(magnitude) : inr().format(magnitude);
  return `${sign}${withSymbol(symbol, grouped)}`;
}
