/**
 * Mortgage maths for <hearth-mortgage-calculator>: the fixed-rate monthly payment, the amortisation
 * schedule and the monthly cost breakdown. Money is in pennies (whole numbers) throughout, as everywhere
 * in Hearth; every payment is rounded to the penny and the last one absorbs what rounding left over, as
 * lenders' schedules do. Pure functions, no DOM.
 */

export const MONTHS_PER_YEAR = 12;

/** The loan terms a buyer chooses between, in years. */
export const LOAN_TERMS = [15, 20, 30] as const;
export type LoanTermYears = (typeof LOAN_TERMS)[number];

export interface Loan {
  /** Amount borrowed, in pennies. */
  principal: number;
  /** Yearly interest rate in percent, e.g. 6 for 6 %. */
  annualRatePercent: number;
  /** Number of monthly payments. */
  months: number;
}

/** One monthly payment of the schedule (pennies). */
export interface ScheduleMonth {
  /** 1-based. */
  month: number;
  payment: number;
  principal: number;
  interest: number;
  /** Balance after this payment. */
  balance: number;
}

/** One year of the schedule (pennies). */
export interface ScheduleYear {
  /** 1-based. */
  year: number;
  principal: number;
  interest: number;
  /** Balance at the end of the year. */
  balance: number;
  months: ScheduleMonth[];
}

export interface Amortization {
  /** The regular monthly principal-and-interest payment. */
  monthlyPayment: number;
  months: ScheduleMonth[];
  years: ScheduleYear[];
  totalInterest: number;
  totalPaid: number;
}

const monthlyRate = (annualRatePercent: number) => annualRatePercent / 100 / MONTHS_PER_YEAR;

function assertLoan({ principal, annualRatePercent, months }: Loan): void {
  if (!Number.isSafeInteger(principal) || principal < 0) throw new RangeError('principal must be a whole number of pennies, 0 or more');
  if (!Number.isFinite(annualRatePercent) || annualRatePercent < 0) throw new RangeError('annualRatePercent must be 0 or more');
  if (!Number.isSafeInteger(months) || months < 1) throw new RangeError('months must be a whole number, 1 or more');
}

/**
 * The regular monthly payment of a fixed-rate loan, rounded to the penny:
 * P·r / (1 − (1 + r)^−n); with no interest, the principal spread evenly, rounded up so the loan is
 * repaid within its term.
 */
export function monthlyPayment(loan: Loan): number {
  assertLoan(loan);
  const { principal, annualRatePercent, months } = loan;
  if (principal === 0) return 0;
  const r = monthlyRate(annualRatePercent);
  if (r === 0) return Math.ceil(principal / months);
  return Math.round((principal * r) / (1 - Math.pow(1 + r, -months)));
}

/**
 * The full schedule: each month's interest is the balance times the monthly rate, rounded to the penny;
 * the rest of the payment repays principal. The last payment is whatever clears the balance (it may be a
 * few pennies more or less than the others, or come early when rounding up repaid the loan sooner).
 */
export function amortize(loan: Loan): Amortization {
  const payment = monthlyPayment(loan);
  const r = monthlyRate(loan.annualRatePercent);
  const months: ScheduleMonth[] = [];
  let balance = loan.principal;
  for (let month = 1; month <= loan.months && balance > 0; month++) {
    const interest = Math.round(balance * r);
    const last = month === loan.months || payment - interest >= balance;
    const principal = last ? balance : payment - interest;
    balance -= principal;
    months.push({ month, payment: principal + interest, principal, interest, balance });
  }

  const years: ScheduleYear[] = [];
  for (const row of months) {
    const index = Math.ceil(row.month / MONTHS_PER_YEAR) - 1;
    const year = (years[index] ??= { year: index + 1, principal: 0, interest: 0, balance: 0, months: [] });
    year.principal += row.principal;
    year.interest += row.interest;
    year.balance = row.balance;
    year.months.push(row);
  }

  const totalInterest = months.reduce((sum, row) => sum + row.interest, 0);
  return { monthlyPayment: payment, months, years, totalInterest, totalPaid: loan.principal + totalInterest };
}

// ---------------------------------------------------------------------------------------------------
// The whole monthly cost

export interface HomeCosts {
  /** Purchase price, pennies. */
  price: number;
  /** Down payment, pennies (at most the price). */
  downPayment: number;
  annualRatePercent: number;
  termYears: number;
  /** Property taxes per year, pennies. */
  taxesYearly: number;
  /** Home insurance per year, pennies. */
  insuranceYearly: number;
  /** HOA dues per month, pennies. */
  hoaMonthly: number;
}

/** What the buyer pays each month (pennies): the parts and their sum. */
export interface MonthlyBreakdown {
  principalAndInterest: number;
  taxes: number;
  insurance: number;
  hoa: number;
  total: number;
}

export interface MortgageEstimate {
  loanAmount: number;
  monthly: MonthlyBreakdown;
  amortization: Amortization;
}

/** The down payment for a percentage of the price, rounded to the penny. */
export function downPaymentFromPercent(price: number, percent: number): number {
  return Math.round((price * percent) / 100);
}

/** The down payment as a percentage of the price, to two decimals (0 when the price is 0). */
export function downPaymentPercent(price: number, downPayment: number): number {
  return price > 0 ? Math.round((downPayment / price) * 10_000) / 100 : 0;
}

export function estimateMortgage(costs: HomeCosts): MortgageEstimate {
  if (costs.downPayment < 0 || costs.downPayment > costs.price) throw new RangeError('downPayment must be between 0 and the price');
  const loanAmount = costs.price - costs.downPayment;
  const amortization = amortize({ principal: loanAmount, annualRatePercent: costs.annualRatePercent, months: costs.termYears * MONTHS_PER_YEAR });
  const principalAndInterest = amortization.monthlyPayment;
  const taxes = Math.round(costs.taxesYearly / MONTHS_PER_YEAR);
  const insurance = Math.round(costs.insuranceYearly / MONTHS_PER_YEAR);
  const hoa = costs.hoaMonthly;
  return {
    loanAmount,
    monthly: { principalAndInterest, taxes, insurance, hoa, total: principalAndInterest + taxes + insurance + hoa },
    amortization,
  };
}
