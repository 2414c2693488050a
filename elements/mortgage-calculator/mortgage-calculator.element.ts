/**
 * @summary A mortgage calculator: home price, down payment (amount or percent), interest rate, term,
 * property taxes, home insurance and HOA dues give the monthly payment broken into principal & interest,
 * taxes, insurance and HOA, with the amortisation as a chart and a table by year. Works logged out and
 * makes no server calls. Amounts in the attributes are in whole currency units.
 * @tag hearth-mortgage-calculator
 * @attr {number} price - Home price preset, e.g. `450000` (default 300000).
 * @attr {string} down-payment - Down payment preset: an amount like `90000` or a percentage like `20%` (default `20%`).
 * @attr {number} rate - Yearly interest rate preset in percent, 0 to 50, e.g. `6.25` (default 6; an example, not a quote).
 * @attr {'15' | '20' | '30'} term - Loan term preset in years (default 30).
 * @attr {number} taxes - Property taxes per year preset (default 0).
 * @attr {number} insurance - Home insurance per year preset (default 0).
 * @attr {number} hoa - HOA dues per month preset (default 0).
 * @attr {string} currency - Currency code of the amounts, one of the spec's currencies (default `USD`).
 * @event {MortgageCalculatedDetail} hearth-mortgage-calculated - A new estimate; `detail` = `{ currency, loanAmount, annualRatePercent, termYears, monthly: { principalAndInterest, taxes, insurance, hoa, total }, totalInterest }`, money in pennies.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole calculator.
 * @csspart heading - The heading.
 * @csspart form - The fields.
 * @csspart field - Each labelled field.
 * @csspart label - Each field label.
 * @csspart input - Each input and the term select.
 * @csspart error - Each field's error message.
 * @csspart down-payment-mode - The Amount / Percent choice of the down payment.
 * @csspart summary - The monthly payment panel.
 * @csspart total - The total monthly payment.
 * @csspart breakdown - The parts of the monthly payment.
 * @csspart loan-facts - Loan amount, total interest and total of payments.
 * @csspart message - What shows instead of a result (fields to fix, nothing to borrow).
 * @csspart schedule - The amortisation section.
 * @csspart chart - The amortisation chart.
 * @csspart chart-legend - The chart's legend.
 * @csspart table - The table by year (scrollable).
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Principal bars, links and the total.
 * @cssproperty --hearth-color-text - Text colour and the balance line.
 * @cssproperty --hearth-color-muted - Interest bars and secondary text.
 * @cssproperty --hearth-color-surface - Panel background.
 * @cssproperty --hearth-color-surface-alt - Summary background.
 * @cssproperty --hearth-color-border - Field and table borders.
 * @cssproperty --hearth-color-error - Error messages and invalid fields.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { enumAttr } from '../../core/define-element/attributes';
import { numberAttr } from '../../core/define-element/more-attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import { CURRENCY_SYMBOLS } from '../../core/format/money';
import { MAX_PRICE_DOLLARS, MAX_RATE_PERCENT } from '../../core/i18n/mortgage';
import { downPaymentAttr } from '../../core/mortgage/attributes';
import uiCss from '../../core/ui/ui.css?inline';
import css from './mortgage-calculator.css?inline';
import { MortgageCalculator } from './mortgage-calculator.view';

export type { MortgageCalculatedDetail } from '../../core/mortgage/use-mortgage-calculator';

export const mortgageCalculatorAttributes = {
  price: numberAttr(300_000, 0, MAX_PRICE_DOLLARS),
  downPayment: downPaymentAttr({ kind: 'percent', percent: 20 }),
  rate: numberAttr(6, 0, MAX_RATE_PERCENT),
  term: enumAttr(['15', '20', '30'], '30'),
  taxes: numberAttr(0, 0, MAX_PRICE_DOLLARS),
  insurance: numberAttr(0, 0, MAX_PRICE_DOLLARS),
  hoa: numberAttr(0, 0, MAX_PRICE_DOLLARS),
  currency: enumAttr(Object.keys(CURRENCY_SYMBOLS) as (keyof typeof CURRENCY_SYMBOLS)[], 'USD'),
};

defineElement<typeof mortgageCalculatorAttributes>({
  tag: 'hearth-mortgage-calculator',
  attributes: mortgageCalculatorAttributes,
  styles: [uiCss, css],
  view: MortgageCalculator,
});

export interface HearthMortgageCalculatorElement extends HTMLElement, ElementProperties<typeof mortgageCalculatorAttributes> {}
