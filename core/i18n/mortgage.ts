/**
 * Every text of the mortgage elements (spec §1 mortgage offering, §2 mortgage page and 'Mortgage status'
 * dialog, §4 mortgage status): <hearth-mortgage-calculator> and <hearth-mortgage-prequal>. The views and
 * the tests import these.
 */
export const MAX_PRICE_DOLLARS = 1_000_000_000;
export const MAX_RATE_PERCENT = 50;

export const mortgageCalculatorTexts = {
  heading: 'Mortgage calculator',
  intro: 'Estimate your monthly payment. Figures are estimates, not a loan offer.',
  labels: {
    price: 'Home price',
    downPayment: 'Down payment',
    rate: 'Interest rate (%)',
    term: 'Loan term',
    taxes: 'Property taxes (per year)',
    insurance: 'Home insurance (per year)',
    hoa: 'HOA dues (per month)',
  },
  downPaymentMode: 'Down payment as',
  downPaymentAmount: 'Amount',
  downPaymentPercentOption: 'Percent',
  downPaymentPercentHint: (amount: string) => `That is ${amount}.`,
  downPaymentAmountHint: (percent: string) => `That is ${percent} % of the price.`,
  termOption: (years: number) => `${years} years`,
  monthlyHeading: 'Your monthly payment',
  parts: {
    principalAndInterest: 'Principal & interest',
    taxes: 'Property taxes',
    insurance: 'Home insurance',
    hoa: 'HOA dues',
  },
  total: 'Total per month',
  loanAmount: 'Loan amount',
  totalInterest: 'Total interest',
  totalPaid: 'Total of payments',
  payoff: (months: number) => `Paid off after ${months} ${months === 1 ? 'payment' : 'payments'}`,
  noLoan: 'Nothing to borrow: the down payment covers the whole price.',
  fixFields: 'Fix the highlighted fields to see your payment.',
  announcement: (total: string) => `Estimated monthly payment ${total}.`,
  chartHeading: 'Amortization',
  chartTitle: 'Loan balance and yearly principal and interest',
  chartDescription: (years: number, startBalance: string, firstInterest: string, firstPrincipal: string, lastInterest: string, lastPrincipal: string) =>
    `Over ${years} ${years === 1 ? 'year' : 'years'} the balance falls from ${startBalance} to $0. ` +
    `Year 1 pays ${firstInterest} interest and ${firstPrincipal} principal; ` +
    `year ${years} pays ${lastInterest} interest and ${lastPrincipal} principal. The table below lists every year.`,
  legendPrincipal: 'Principal paid',
  legendInterest: 'Interest paid',
  legendBalance: 'Remaining balance',
  axisYear: 'Year',
  tableCaption: 'Amortization by year',
  columns: { year: 'Year', month: 'Month', principal: 'Principal', interest: 'Interest', balance: 'Balance at end' },
  showMonths: (year: number) => `Show the months of year ${year}`,
  hideMonths: (year: number) => `Hide the months of year ${year}`,
  errors: {
    priceRequired: 'Enter the home price.',
    amountInvalid: 'Enter an amount in numbers, like 350,000.',
    amountTooLarge: 'Enter an amount up to 1,000,000,000.',
    downPaymentTooLarge: 'The down payment cannot be more than the price.',
    percentInvalid: 'Enter a percentage from 0 to 100.',
    rateRequired: 'Enter the interest rate.',
    rateInvalid: `Enter a rate from 0 to ${MAX_RATE_PERCENT} %.`,
  },
} as const;

export type MortgageKind = 'prequalification' | 'refinance';

export const mortgagePrequalTexts = {
  /** Spec §2 mortgage page: 'Get Prequalified', 'Ready to Refinance?', 'Get Started'. */
  heading: { prequalification: 'Get Prequalified', refinance: 'Ready to Refinance?' },
  intro: {
    prequalification: 'Answer a few questions, one at a time, and a loan officer reviews your pre-qualification request.',
    refinance: 'Answer a few questions, one at a time, and a loan officer reviews your refinance request.',
  },
  start: { prequalification: 'Get Prequalified', refinance: 'Get Started' },
  signInNote: 'You sign in first, so you can come back to your answers.',
  starting: 'Starting…',
  loading: 'Loading your request…',
  loadFailed: 'We could not load your mortgage request.',
  retry: 'Try again',
  /** Spec §8: a failed creation shows this toast. */
  createFailed: 'Something went wrong.',
  /** Spec §2 'Mortgage status' dialog and §4: the status and its 'Edit Request' link. */
  dialogTitle: 'Mortgage status',
  statusLabel: 'Status',
  underReview: 'Under Review',
  /** Spec §4: 'Under Review' says the request was submitted and an approval letter is awaited. */
  underReviewMessage: {
    prequalification: 'Your pre-qualification request was submitted. A loan officer is reviewing it, and your approval letter will follow.',
    refinance: 'Your refinance request was submitted. A loan officer is reviewing it, and your approval letter will follow.',
  },
  editRequest: 'Edit Request',
  /** Spec §9: the contact address for mortgage help appears in the text as {email}. */
  helpContact: 'Questions about your request? Write to {email}.',
  helpSubject: { prequalification: 'Help with my pre-qualification', refinance: 'Help with my refinance' },
  viewStatus: 'View status',
  close: 'Close',
} as const;
