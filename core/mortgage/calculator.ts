/**
 * The state of <hearth-mortgage-calculator>: the fields as typed, their rules, and the estimate once
 * every field is valid. Amounts are typed in whole currency units (commas, spaces and a currency sign are
 * allowed, up to two decimals) and held in pennies. Pure: no DOM.
 */
import { MAX_PRICE_DOLLARS, MAX_RATE_PERCENT, mortgageCalculatorTexts as t } from '../i18n/mortgage';
import {
  downPaymentFromPercent,
  downPaymentPercent,
  estimateMortgage,
  LOAN_TERMS,
  type LoanTermYears,
  type MortgageEstimate,
} from './amortization';

export type DownPaymentMode = 'amount' | 'percent';

/** A down payment as an attribute or a preset gives it: an amount in pennies or a percentage. */
export type DownPayment = { kind: 'amount'; pennies: number } | { kind: 'percent'; percent: number };

export interface CalculatorInputs {
  price: string;
  downPayment: string;
  downPaymentMode: DownPaymentMode;
  rate: string;
  term: LoanTermYears;
  taxes: string;
  insurance: string;
  hoa: string;
}

export type CalculatorField = 'price' | 'downPayment' | 'rate' | 'taxes' | 'insurance' | 'hoa';
export type CalculatorErrors = Partial<Record<CalculatorField, string>>;

export interface CalculatorResult {
  errors: CalculatorErrors;
  /** The down payment in pennies, when the price and down payment are valid. */
  downPaymentPennies: number | null;
  estimate: MortgageEstimate | null;
}

/** The presets, in whole currency units (as the element's attributes give them). */
export interface CalculatorPresets {
  price: number;
  downPayment: DownPayment;
  rate: number;
  term: LoanTermYears;
  taxes: number;
  insurance: number;
  hoa: number;
}

const MAX_PENNIES = MAX_PRICE_DOLLARS * 100;
const AMOUNT = /^\d+(\.\d{1,2})?$/;
const DECIMAL = /^\d+(\.\d+)?$/;

type Parsed = { ok: true; value: number } | { ok: false; message: string } | { ok: 'empty' };

/** '350,000', '$350000.50', ' 1 200 ' → pennies. */
export function parseAmount(text: string): Parsed {
  const cleaned = text.replace(/[\s,]/g, '').replace(/^\$/, '');
  if (cleaned === '') return { ok: 'empty' };
  if (!AMOUNT.test(cleaned)) return { ok: false, message: t.errors.amountInvalid };
  const pennies = Math.round(Number(cleaned) * 100);
  if (pennies > MAX_PENNIES) return { ok: false, message: t.errors.amountTooLarge };
  return { ok: true, value: pennies };
}

/** '6', '6.25', '6.25 %' → 6.25. */
export function parsePercent(text: string, max: number, message: string): Parsed {
  const cleaned = text.replace(/[\s%]/g, '');
  if (cleaned === '') return { ok: 'empty' };
  if (!DECIMAL.test(cleaned)) return { ok: false, message };
  const value = Number(cleaned);
  return value <= max ? { ok: true, value } : { ok: false, message };
}

/** Pennies → the text a field shows: '300000', '1234.5'. */
export function amountText(pennies: number): string {
  return String(pennies / 100);
}

export function presetInputs(presets: CalculatorPresets): CalculatorInputs {
  const down = presets.downPayment;
  return {
    price: amountText(Math.round(presets.price * 100)),
    downPayment: down.kind === 'percent' ? String(down.percent) : amountText(down.pennies),
    downPaymentMode: down.kind,
    rate: String(presets.rate),
    term: presets.term,
    taxes: amountText(Math.round(presets.taxes * 100)),
    insurance: amountText(Math.round(presets.insurance * 100)),
    hoa: amountText(Math.round(presets.hoa * 100)),
  };
}

export const isLoanTerm = (years: number): years is LoanTermYears => (LOAN_TERMS as readonly number[]).includes(years);

/** Validates the fields and, when all are valid, estimates the mortgage. */
export function evaluateCalculator(inputs: CalculatorInputs): CalculatorResult {
  const errors: CalculatorErrors = {};
  const optionalAmount = (field: 'taxes' | 'insurance' | 'hoa'): number => {
    const parsed = parseAmount(inputs[field]);
    if (parsed.ok === false) errors[field] = parsed.message;
    return parsed.ok === true ? parsed.value : 0;
  };

  const price = parseAmount(inputs.price);
  if (price.ok === 'empty') errors.price = t.errors.priceRequired;
  else if (price.ok === false) errors.price = price.message;

  let downPayment: number | null = null;
  if (inputs.downPaymentMode === 'percent') {
    const percent = parsePercent(inputs.downPayment, 100, t.errors.percentInvalid);
    if (percent.ok === false) errors.downPayment = percent.message;
    else if (price.ok === true) downPayment = percent.ok === true ? downPaymentFromPercent(price.value, percent.value) : 0;
  } else {
    const amount = parseAmount(inputs.downPayment);
    if (amount.ok === false) errors.downPayment = amount.message;
    else if (price.ok === true) {
      downPayment = amount.ok === true ? amount.value : 0;
      if (downPayment > price.value) {
        errors.downPayment = t.errors.downPaymentTooLarge;
        downPayment = null;
      }
    }
  }

  const rate = parsePercent(inputs.rate, MAX_RATE_PERCENT, t.errors.rateInvalid);
  if (rate.ok === 'empty') errors.rate = t.errors.rateRequired;
  else if (rate.ok === false) errors.rate = rate.message;

  const taxes = optionalAmount('taxes');
  const insurance = optionalAmount('insurance');
  const hoa = optionalAmount('hoa');

  if (Object.keys(errors).length > 0 || price.ok !== true || rate.ok !== true || downPayment === null) {
    return { errors, downPaymentPennies: downPayment, estimate: null };
  }
  const estimate = estimateMortgage({
    price: price.value,
    downPayment,
    annualRatePercent: rate.value,
    termYears: inputs.term,
    taxesYearly: taxes,
    insuranceYearly: insurance,
    hoaMonthly: hoa,
  });
  return { errors, downPaymentPennies: downPayment, estimate };
}

/**
 * Switching the down payment between amount and percent keeps its value: 60,000 of 300,000 becomes 20,
 * and back. An unreadable value is kept as typed.
 */
export function switchDownPaymentMode(inputs: CalculatorInputs, mode: DownPaymentMode): CalculatorInputs {
  if (mode === inputs.downPaymentMode) return inputs;
  const { downPaymentPennies } = evaluateCalculator(inputs);
  const price = parseAmount(inputs.price);
  if (downPaymentPennies === null || price.ok !== true) return { ...inputs, downPaymentMode: mode };
  const downPayment = mode === 'percent' ? String(downPaymentPercent(price.value, downPaymentPennies)) : amountText(downPaymentPennies);
  return { ...inputs, downPaymentMode: mode, downPayment };
}
