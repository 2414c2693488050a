/** Test data of the mortgage calculator (its rules' test and its view's test). */
import type { CalculatorInputs } from '../mortgage/calculator';

/** A $375,000 home with $75,000 down at 6% over 30 years, $3,600 taxes, $1,500 insurance and $250 HOA a year. */
export const calculatorInputs = (overrides: Partial<CalculatorInputs> = {}): CalculatorInputs => ({
  price: '375000',
  downPayment: '75000',
  downPaymentMode: 'amount',
  rate: '6',
  term: 30,
  taxes: '3600',
  insurance: '1500',
  hoa: '250',
  ...overrides,
});
