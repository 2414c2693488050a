/**
 * Plausible answers (issue 36): every money, area, count and date a person gives has a range, or a relation to
 * another answer, that it is judged by. Written once, without DOM or zod, and imported by both sides: the
 * questionnaire widgets show the message as the person types (questionnaire/engine/plausible.ts), the server
 * applies the rule to every saved answer (the questionnaire engine, an offer's submission, a seller's listing).
 *
 * A finding is one of two levels:
 *   refuse   impossible (closing costs at or above the price, a home built in 2090, an HOA fee of $320,000 a
 *            month): the answer is refused with a message naming what is wrong.
 *   confirm  possible but unusual ($12,000 a month of HOA fee, an offer 40 % under the list price): the person
 *            is asked "Is that right?" and the server takes the answer only with its confirmation, which is
 *            stored with it.
 *
 * Figures are in major units (dollars, not pennies), areas in square feet, lots in acres, dates as yyyy-mm-dd.
 * The thresholds are the constants below, named after what they bound.
 */
import { formatMoney } from '../format/money';
import { formatNumber } from '../format/number';

export type FindingLevel = 'refuse' | 'confirm';

export interface Finding {
  level: FindingLevel;
  message: string;
}

/** When and in what currency a rule judges: "today" for dates and years, the currency of its messages. */
export interface Judgement {
  today: Date;
  currencyCode: string;
}

const refuse = (message: string): Finding => ({ level: 'refuse', message });
const confirm = (message: string): Finding => ({ level: 'confirm', message });

// ---------------------------------------------------------------------------------------------------
// Limits

/** No home, offer or loan is worth more than this: above it a figure is a typing slip. */
export const PRICE_MAX = 1_000_000_000;
/** A home price below this or above the high mark is asked about (lots and mansions exist, but rarely). */
export const HOME_PRICE_LOW = 10_000;
export const HOME_PRICE_HIGH = 50_000_000;
/** An offer this far under or over the list price is asked about (a share of the list price). */
export const OFFER_BELOW_LIST = 0.3;
export const OFFER_ABOVE_LIST = 0.3;
/** Earnest money is usually 1 % to 3 % of the price; above this share it is asked about. */
export const EARNEST_MONEY_SHARE = 0.1;
/** Seller-paid closing costs (concessions) are capped at 3 % to 9 % by the loan programs; above 6 % they are asked about. */
export const SELLER_CONCESSIONS_SHARE = 0.06;
/**
 * Closing costs are a few percent of a price (the loan programs let a seller pay at most 9 % of them), so
 * seller-paid closing costs above this share are not closing costs at all: refused, confirmation or not.
 */
export const SELLER_CONCESSIONS_MAX_SHARE = 0.15;
/** An escalation clause's cap above this multiple of the list price is asked about. */
export const ESCALATION_CAP_OF_LIST = 1.5;
/** HOA fees per month: above the soft mark asked about, above the hard mark refused. */
export const HOA_MONTHLY_HIGH = 2_000;
export const HOA_MONTHLY_MAX = 25_000;
/** Rent per month. */
export const RENT_LOW = 200;
export const RENT_HIGH = 30_000;
export const RENT_MAX = 1_000_000;
/** A security deposit above this many months of rent is asked about; above the hard multiple refused. */
export const DEPOSIT_MONTHS_HIGH = 3;
export const DEPOSIT_MONTHS_MAX = 12;
/** The oldest year built taken; the newest is next year (homes sold before they are finished). */
export const YEAR_BUILT_MIN = 1700;
/** Finished living area in square feet. */
export const AREA_MIN = 50;
export const AREA_LOW = 300;
export const AREA_HIGH = 15_000;
export const AREA_MAX = 200_000;
/** Lot size in acres. */
export const LOT_ACRES_HIGH = 1_000;
export const LOT_ACRES_MAX = 100_000;
export const SQ_FT_PER_ACRE = 43_560;
/** Rooms and garage bays. */
export const ROOMS_HIGH = 10;
export const ROOMS_MAX = 50;
export const BATHS_OVER_BEDROOMS = 3;
export const GARAGE_BAYS_HIGH = 6;
export const GARAGE_BAYS_MAX = 50;
/** Days of a contingency period. */
export const CONTINGENCY_DAYS_HIGH = 60;
export const CONTINGENCY_DAYS_MAX = 365;
/** Income per month: above the soft mark it is often a yearly figure typed in the monthly field. */
export const MONTHLY_INCOME_HIGH = 50_000;
export const MONTHLY_INCOME_MAX = 10_000_000;
/** An interest rate in percent. */
export const RATE_HIGH = 15;
export const RATE_MAX = 50;
/** Dependents, years in a line of work. */
export const DEPENDENTS_HIGH = 10;
export const DEPENDENTS_MAX = 30;
export const YEARS_WORKED_MAX = 70;
/** A date typed in another time zone may be a day behind the server's: one day of grace before "in the past". */
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------------
// Formatting

const money = (amount: number, currencyCode: string) => formatMoney(Math.round(amount * 100), currencyCode);
const count = (n: number) => formatNumber(n, 2);
const percent = (share: number) => `${Math.round(share * 100)}%`;
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** A figure as people type it ('450,000', '$450000', '12.5'): its number, or null when it is none. */
export function figureOf(text: string | null | undefined): number | null {
  const plain = (text ?? '').replace(/[\s,$]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(plain)) return null;
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

// ---------------------------------------------------------------------------------------------------
// Prices and money of an offer

/** A home's price: a list or asking price, a purchase price, a home value. */
export function homePrice(amount: number, { currencyCode }: Pick<Judgement, 'currencyCode'>, what = 'The price'): Finding | null {
  if (amount <= 0) return refuse(`${what} must be more than ${money(0, currencyCode)}.`);
  if (amount > PRICE_MAX) return refuse(`${what} must be at most ${money(PRICE_MAX, currencyCode)}.`);
  if (amount < HOME_PRICE_LOW) return confirm(`${money(amount, currencyCode)} is an unusually low price for a home. Is that right?`);
  if (amount > HOME_PRICE_HIGH) return confirm(`${money(amount, currencyCode)} is an unusually high price for a home. Is that right?`);
  return null;
}

/** An offer's price against the list price. */
export function offerPrice(amount: number, listPrice: number | null, judgement: Pick<Judgement, 'currencyCode'>): Finding | null {
  const { currencyCode } = judgement;
  if (amount <= 0) return refuse(`The offer price must be more than ${money(0, currencyCode)}.`);
  if (amount > PRICE_MAX) return refuse(`The offer price must be at most ${money(PRICE_MAX, currencyCode)}.`);
  if (listPrice === null || listPrice <= 0) return homePrice(amount, judgement, 'The offer price');
  const share = amount / listPrice - 1;
  if (share < -OFFER_BELOW_LIST) {
    return confirm(`${money(amount, currencyCode)} is ${percent(-share)} below the list price of ${money(listPrice, currencyCode)}. Is that right?`);
  }
  if (share > OFFER_ABOVE_LIST) {
    return confirm(`${money(amount, currencyCode)} is ${percent(share)} above the list price of ${money(listPrice, currencyCode)}. Is that right?`);
  }
  return null;
}

/** Part of a price paid or asked for (earnest money, seller-paid closing costs): below the price, within its usual share. */
function shareOfPrice(
  amount: number,
  price: number | null,
  { currencyCode }: Pick<Judgement, 'currencyCode'>,
  names: { what: string; usual: string; share: number; max?: { share: number; why: string } },
): Finding | null {
  if (amount < 0) return refuse(`${names.what} cannot be negative.`);
  if (price === null || price <= 0) return amount > PRICE_MAX ? refuse(`${names.what} must be at most ${money(PRICE_MAX, currencyCode)}.`) : null;
  if (amount >= price) return refuse(`${names.what} must be less than the offer price (${money(price, currencyCode)}).`);
  if (names.max && amount > price * names.max.share) {
    return refuse(
      `${names.what} must be at most ${percent(names.max.share)} of the offer price (${money(price * names.max.share, currencyCode)}); ${names.max.why}.`,
    );
  }
  if (amount > price * names.share) {
    return confirm(`${money(amount, currencyCode)} is ${percent(amount / price)} of the offer price; ${names.usual}. Is that right?`);
  }
  return null;
}

export const earnestMoney = (amount: number, price: number | null, judgement: Pick<Judgement, 'currencyCode'>) =>
  shareOfPrice(amount, price, judgement, {
    what: 'The earnest money deposit',
    usual: 'earnest money is usually 1% to 3% of the price',
    share: EARNEST_MONEY_SHARE,
  });

export const sellerConcessions = (amount: number, price: number | null, judgement: Pick<Judgement, 'currencyCode'>) =>
  shareOfPrice(amount, price, judgement, {
    what: 'Seller-paid closing costs',
    usual: `seller-paid closing costs are usually at most ${percent(SELLER_CONCESSIONS_SHARE)} of the price`,
    share: SELLER_CONCESSIONS_SHARE,
    max: { share: SELLER_CONCESSIONS_MAX_SHARE, why: 'closing costs are a few percent of a price' },
  });

/** A down payment is at most the price. */
export function downPayment(amount: number, price: number | null, { currencyCode }: Pick<Judgement, 'currencyCode'>): Finding | null {
  if (amount < 0) return refuse('The down payment cannot be negative.');
  if (price !== null && price > 0 && amount > price) return refuse(`The down payment cannot be more than the price (${money(price, currencyCode)}).`);
  if (amount > PRICE_MAX) return refuse(`The down payment must be at most ${money(PRICE_MAX, currencyCode)}.`);
  return null;
}

/** The highest price of an escalation clause: at least the offer, unusual far above the list price. */
export function escalationCap(amount: number, price: number | null, listPrice: number | null, { currencyCode }: Pick<Judgement, 'currencyCode'>): Finding | null {
  if (amount > PRICE_MAX) return refuse(`The highest price must be at most ${money(PRICE_MAX, currencyCode)}.`);
  if (price !== null && amount < price) return refuse(`The highest price you would pay must be at least your offer price (${money(price, currencyCode)}).`);
  if (listPrice !== null && listPrice > 0 && amount > listPrice * ESCALATION_CAP_OF_LIST) {
    return confirm(`${money(amount, currencyCode)} is ${percent(amount / listPrice - 1)} above the list price of ${money(listPrice, currencyCode)}. Is that right?`);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// A home's running costs

/** How many months one payment of a frequency covers ('Monthly', 'Quarterly', 'Annually'; RESO spellings too). */
export function monthsPerPayment(frequency: string | null | undefined): { months: number; per: string } {
  const f = (frequency ?? '').trim().toLowerCase();
  if (f.startsWith('quarter')) return { months: 3, per: 'a quarter' };
  if (f.startsWith('annual') || f.startsWith('year')) return { months: 12, per: 'a year' };
  if (f.startsWith('semi')) return { months: 6, per: 'every six months' };
  return { months: 1, per: 'a month' };
}

/** An HOA fee, per the frequency it is paid at. */
export function hoaFee(amount: number, frequency: string | null, { currencyCode }: Pick<Judgement, 'currencyCode'>): Finding | null {
  if (amount < 0) return refuse('The HOA fee cannot be negative.');
  const { months, per } = monthsPerPayment(frequency);
  const monthly = amount / months;
  const said = months === 1 ? `${money(amount, currencyCode)} a month` : `${money(amount, currencyCode)} ${per} (${money(monthly, currencyCode)} a month)`;
  if (monthly > HOA_MONTHLY_MAX) {
    return refuse(`An HOA fee of ${said} is more than any HOA charges (at most ${money(HOA_MONTHLY_MAX, currencyCode)} a month). Check the amount and how often it is paid.`);
  }
  if (monthly > HOA_MONTHLY_HIGH) return confirm(`${said} is an unusually high HOA fee. Is that right?`);
  return null;
}

export function monthlyRent(amount: number, { currencyCode }: Pick<Judgement, 'currencyCode'>): Finding | null {
  if (amount <= 0) return refuse(`The rent must be more than ${money(0, currencyCode)}.`);
  if (amount > RENT_MAX) return refuse(`The monthly rent must be at most ${money(RENT_MAX, currencyCode)}.`);
  if (amount < RENT_LOW) return confirm(`${money(amount, currencyCode)} a month is an unusually low rent. Is that right?`);
  if (amount > RENT_HIGH) return confirm(`${money(amount, currencyCode)} a month is an unusually high rent. Is that right?`);
  return null;
}

export function securityDeposit(amount: number, rent: number | null, { currencyCode }: Pick<Judgement, 'currencyCode'>): Finding | null {
  if (amount < 0) return refuse('The security deposit cannot be negative.');
  if (rent === null || rent <= 0) return amount > RENT_MAX ? refuse(`The security deposit must be at most ${money(RENT_MAX, currencyCode)}.`) : null;
  if (amount > rent * DEPOSIT_MONTHS_MAX) {
    return refuse(`The security deposit must be at most ${DEPOSIT_MONTHS_MAX} months of rent (${money(rent * DEPOSIT_MONTHS_MAX, currencyCode)}).`);
  }
  if (amount > rent * DEPOSIT_MONTHS_HIGH) {
    return confirm(`A deposit of ${money(amount, currencyCode)} is more than ${DEPOSIT_MONTHS_HIGH} months of rent (${money(rent, currencyCode)} a month). Is that right?`);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// The home itself

export function yearBuilt(year: number, { today }: Pick<Judgement, 'today'>): Finding | null {
  const latest = today.getUTCFullYear() + 1;
  if (!Number.isInteger(year) || year < YEAR_BUILT_MIN || year > latest) return refuse(`The year built must be from ${YEAR_BUILT_MIN} to ${latest}.`);
  return null;
}

/** Finished living area in square feet. */
export function livingArea(squareFeet: number): Finding | null {
  if (squareFeet < AREA_MIN || squareFeet > AREA_MAX) {
    return refuse(`The living area must be from ${count(AREA_MIN)} to ${count(AREA_MAX)} square feet.`);
  }
  if (squareFeet < AREA_LOW) return confirm(`${count(squareFeet)} square feet is an unusually small home. Is that right?`);
  if (squareFeet > AREA_HIGH) return confirm(`${count(squareFeet)} square feet is an unusually large home. Is that right?`);
  return null;
}

/** Lot size in acres; a detached home's lot is normally larger than its living area. */
export function lotSize(acres: number, livingSquareFeet: number | null, detached: boolean): Finding | null {
  if (acres <= 0 || acres > LOT_ACRES_MAX) return refuse(`The lot size must be more than 0 and at most ${count(LOT_ACRES_MAX)} acres.`);
  if (acres > LOT_ACRES_HIGH) return confirm(`${plural(acres, 'acre', 'acres')} is an unusually large lot. Is that right?`);
  const lotSquareFeet = acres * SQ_FT_PER_ACRE;
  if (detached && livingSquareFeet !== null && livingSquareFeet > 0 && lotSquareFeet < livingSquareFeet) {
    return confirm(
      `A lot of ${plural(acres, 'acre', 'acres')} (${count(Math.round(lotSquareFeet))} square feet) is smaller than the home's ${count(livingSquareFeet)} square feet of living area. Is that right?`,
    );
  }
  return null;
}

export function bedrooms(n: number): Finding | null {
  if (!Number.isInteger(n) || n < 0 || n > ROOMS_MAX) return refuse(`Bedrooms must be a whole number from 0 to ${ROOMS_MAX}.`);
  if (n > ROOMS_HIGH) return confirm(`${n} bedrooms is unusually many for one home. Is that right?`);
  return null;
}

export function bathrooms(n: number, bedroomCount: number | null): Finding | null {
  if (n < 0 || n > ROOMS_MAX || !Number.isInteger(n * 2)) return refuse(`Bathrooms must be from 0 to ${ROOMS_MAX}, in halves.`);
  if (n > ROOMS_HIGH) return confirm(`${count(n)} bathrooms is unusually many for one home. Is that right?`);
  if (bedroomCount !== null && bedroomCount > 0 && n > bedroomCount + BATHS_OVER_BEDROOMS) {
    return confirm(`${count(n)} bathrooms for ${plural(bedroomCount, 'bedroom', 'bedrooms')} is unusual. Is that right?`);
  }
  return null;
}

export function garageBays(n: number): Finding | null {
  if (!Number.isInteger(n) || n < 0 || n > GARAGE_BAYS_MAX) return refuse(`Garage bays must be a whole number from 0 to ${GARAGE_BAYS_MAX}.`);
  if (n > GARAGE_BAYS_HIGH) return confirm(`${n} garage bays is unusually many. Is that right?`);
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Dates and periods of an offer

/** yyyy-mm-dd of `today` (UTC), one day earlier: a date before it has passed wherever the person is. */
const earliestToday = (today: Date) => new Date(today.getTime() - DAY_MS).toISOString().slice(0, 10);

/** A date that must not have passed (a closing date, an offer's expiry), as yyyy-mm-dd. */
export function upcomingDate(iso: string, { today }: Pick<Judgement, 'today'>, what: string): Finding | null {
  if (iso < earliestToday(today)) return refuse(`${what} has passed; choose today or a later date.`);
  return null;
}

export function contingencyDays(days: number): Finding | null {
  if (!Number.isInteger(days) || days < 0 || days > CONTINGENCY_DAYS_MAX) return refuse(`A contingency period must be from 0 to ${CONTINGENCY_DAYS_MAX} days.`);
  if (days > CONTINGENCY_DAYS_HIGH) return confirm(`${days} days is an unusually long contingency period. Is that right?`);
  return null;
}

// ---------------------------------------------------------------------------------------------------
// A borrower's finances

export function monthlyIncome(amount: number, { currencyCode }: Pick<Judgement, 'currencyCode'>): Finding | null {
  if (amount < 0) return refuse('The monthly income cannot be negative.');
  if (amount > MONTHLY_INCOME_MAX) return refuse(`The monthly income must be at most ${money(MONTHLY_INCOME_MAX, currencyCode)}.`);
  if (amount > MONTHLY_INCOME_HIGH) {
    return confirm(`${money(amount, currencyCode)} a month is ${money(amount * 12, currencyCode)} a year. Is that your monthly income?`);
  }
  return null;
}

export function monthlyDebts(amount: number, income: number | null, { currencyCode }: Pick<Judgement, 'currencyCode'>): Finding | null {
  if (amount < 0) return refuse('Monthly debt payments cannot be negative.');
  if (amount > MONTHLY_INCOME_MAX) return refuse(`Monthly debt payments must be at most ${money(MONTHLY_INCOME_MAX, currencyCode)}.`);
  if (income !== null && income > 0 && amount > income) {
    return confirm(`Debt payments of ${money(amount, currencyCode)} a month are more than your income of ${money(income, currencyCode)} a month. Is that right?`);
  }
  return null;
}

/** A figure of money with only a hard bound (savings, a loan balance, a gift). */
export function amountOfMoney(amount: number, { currencyCode }: Pick<Judgement, 'currencyCode'>, what = 'The amount'): Finding | null {
  if (amount < 0) return refuse(`${what} cannot be negative.`);
  if (amount > PRICE_MAX) return refuse(`${what} must be at most ${money(PRICE_MAX, currencyCode)}.`);
  return null;
}

export function interestRate(percentRate: number): Finding | null {
  if (percentRate < 0 || percentRate > RATE_MAX) return refuse(`The interest rate must be from 0% to ${RATE_MAX}%.`);
  if (percentRate > RATE_HIGH) return confirm(`${count(percentRate)}% is an unusually high mortgage rate. Is that right?`);
  return null;
}

export function dependents(n: number): Finding | null {
  if (!Number.isInteger(n) || n < 0 || n > DEPENDENTS_MAX) return refuse(`The number of dependents must be from 0 to ${DEPENDENTS_MAX}.`);
  if (n > DEPENDENTS_HIGH) return confirm(`${n} dependents is unusually many. Is that right?`);
  return null;
}

export function yearsWorked(years: number): Finding | null {
  if (years < 0 || years > YEARS_WORKED_MAX) return refuse(`Years in this line of work must be from 0 to ${YEARS_WORKED_MAX}.`);
  return null;
}

// ---------------------------------------------------------------------------------------------------
// The rules by name, for answers that name theirs (a questionnaire widget's `plausible` attribute)

/** How a rule reads its answer: a figure (money, a count, an area, a year) or a date (yyyy-mm-dd). */
export type AnswerKind = 'figure' | 'date';

export interface PlausibilityRule {
  kind: AnswerKind;
  /** The other answers the rule is judged with, by name; each given as text (a figure, a frequency, 'Yes'). */
  inputs: readonly string[];
  check(answer: number | string, inputs: Readonly<Record<string, string>>, judgement: Judgement): Finding | null;
}

const figure = (check: (n: number, inputs: Readonly<Record<string, string>>, j: Judgement) => Finding | null, inputs: readonly string[] = []): PlausibilityRule => ({
  kind: 'figure',
  inputs,
  check: (answer, given, judgement) => check(answer as number, given, judgement),
});
const date = (what: string): PlausibilityRule => ({ kind: 'date', inputs: [], check: (answer, _given, judgement) => upcomingDate(answer as string, judgement, what) });
const input = (inputs: Readonly<Record<string, string>>, name: string) => figureOf(inputs[name]);

export const PLAUSIBILITY_RULES = {
  'home-price': figure((n, _i, j) => homePrice(n, j)),
  'offer-price': figure((n, i, j) => offerPrice(n, input(i, 'list'), j), ['list']),
  'earnest-money': figure((n, i, j) => earnestMoney(n, input(i, 'price'), j), ['price']),
  'seller-concessions': figure((n, i, j) => sellerConcessions(n, input(i, 'price'), j), ['price']),
  'down-payment': figure((n, i, j) => downPayment(n, input(i, 'price'), j), ['price']),
  'escalation-cap': figure((n, i, j) => escalationCap(n, input(i, 'price'), input(i, 'list'), j), ['price', 'list']),
  'hoa-fee': figure((n, i, j) => hoaFee(n, i.frequency ?? null, j), ['frequency']),
  'monthly-rent': figure((n, _i, j) => monthlyRent(n, j)),
  'security-deposit': figure((n, i, j) => securityDeposit(n, input(i, 'rent'), j), ['rent']),
  'year-built': figure((n, _i, j) => yearBuilt(n, j)),
  'living-area': figure((n) => livingArea(n)),
  'lot-size': figure((n, i) => lotSize(n, input(i, 'area'), i.detached === 'Yes'), ['area', 'detached']),
  bedrooms: figure((n) => bedrooms(n)),
  bathrooms: figure((n, i) => bathrooms(n, input(i, 'bedrooms')), ['bedrooms']),
  'garage-bays': figure((n) => garageBays(n)),
  'closing-date': date('The closing date'),
  'offer-expiry': date('The expiry date'),
  'contingency-days': figure((n) => contingencyDays(n)),
  'monthly-income': figure((n, _i, j) => monthlyIncome(n, j)),
  'monthly-debts': figure((n, i, j) => monthlyDebts(n, input(i, 'income'), j), ['income']),
  money: figure((n, _i, j) => amountOfMoney(n, j)),
  'interest-rate': figure((n) => interestRate(n)),
  dependents: figure((n) => dependents(n)),
  'years-worked': figure((n) => yearsWorked(n)),
} as const satisfies Record<string, PlausibilityRule>;

export type PlausibilityRuleName = keyof typeof PLAUSIBILITY_RULES;

export const isPlausibilityRule = (name: string): name is PlausibilityRuleName => Object.hasOwn(PLAUSIBILITY_RULES, name);
