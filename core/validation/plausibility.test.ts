import { describe, expect, it } from 'vitest';
import {
  bathrooms,
  bedrooms,
  downPayment,
  earnestMoney,
  figureOf,
  hoaFee,
  HOA_MONTHLY_MAX,
  homePrice,
  livingArea,
  lotSize,
  monthlyDebts,
  monthlyIncome,
  monthsPerPayment,
  offerPrice,
  PLAUSIBILITY_RULES,
  securityDeposit,
  sellerConcessions,
  upcomingDate,
  yearBuilt,
} from './plausibility';

const usd = { currencyCode: 'USD' };
const today = new Date('2026-11-28T12:00:00Z');

describe('plausible answers (issue 36), the rules both sides apply', () => {
  it('HOA fee: $320,000 a month is refused, $12,000 a month is asked about, $350 passes; the frequency counts', () => {
    expect(hoaFee(320_000, 'Monthly', usd)).toEqual({
      level: 'refuse',
      message: 'An HOA fee of $320,000 a month is more than any HOA charges (at most $25,000 a month). Check the amount and how often it is paid.',
    });
    expect(hoaFee(12_000, 'Monthly', usd)).toEqual({ level: 'confirm', message: '$12,000 a month is an unusually high HOA fee. Is that right?' });
    expect(hoaFee(350, 'Monthly', usd)).toBeNull();
    // A yearly $3,600 is $300 a month; a quarterly $36,000 is $12,000 a month.
    expect(hoaFee(3_600, 'Annually', usd)).toBeNull();
    expect(hoaFee(36_000, 'Quarterly', usd)?.message).toBe('$36,000 a quarter ($12,000 a month) is an unusually high HOA fee. Is that right?');
    expect(hoaFee(HOA_MONTHLY_MAX * 12 + 12, 'Annually', usd)?.level).toBe('refuse');
    expect(hoaFee(-1, 'Monthly', usd)?.level).toBe('refuse');
    expect(monthsPerPayment('Annually').months).toBe(12);
    expect(monthsPerPayment('').months).toBe(1);
  });

  it('seller-paid closing costs and earnest money: at or above the price refused, above their usual share asked about', () => {
    expect(sellerConcessions(400_000, 330_000, usd)).toEqual({ level: 'refuse', message: 'Seller-paid closing costs must be less than the offer price ($330,000).' });
    expect(sellerConcessions(330_000, 330_000, usd)?.level).toBe('refuse');
    // Issue 36's $320,000 on a $330,000 offer is not closing costs at all: refused, not asked about.
    expect(sellerConcessions(320_000, 330_000, usd)).toEqual({
      level: 'refuse',
      message: 'Seller-paid closing costs must be at most 15% of the offer price ($49,500); closing costs are a few percent of a price.',
    });
    expect(sellerConcessions(49_500, 330_000, usd)?.level).toBe('confirm');
    expect(sellerConcessions(30_000, 330_000, usd)).toEqual({
      level: 'confirm',
      message: '$30,000 is 9% of the offer price; seller-paid closing costs are usually at most 6% of the price. Is that right?',
    });
    expect(sellerConcessions(9_900, 330_000, usd)).toBeNull();
    expect(earnestMoney(330_000, 330_000, usd)?.message).toBe('The earnest money deposit must be less than the offer price ($330,000).');
    expect(earnestMoney(50_000, 330_000, usd)?.level).toBe('confirm');
    expect(earnestMoney(10_000, 330_000, usd)).toBeNull();
    // Without a price to compare with, only the absolute bound applies.
    expect(earnestMoney(10_000, null, usd)).toBeNull();
  });

  it('an offer price far from the list price is asked about; zero or a billion and more is refused', () => {
    expect(offerPrice(330_000, 330_000, usd)).toBeNull();
    expect(offerPrice(300_000, 330_000, usd)).toBeNull();
    expect(offerPrice(200_000, 330_000, usd)).toEqual({ level: 'confirm', message: '$200,000 is 39% below the list price of $330,000. Is that right?' });
    expect(offerPrice(500_000, 330_000, usd)?.message).toBe('$500,000 is 52% above the list price of $330,000. Is that right?');
    expect(offerPrice(0, 330_000, usd)?.level).toBe('refuse');
    expect(offerPrice(2_000_000_000, 330_000, usd)?.level).toBe('refuse');
  });

  it('a down payment is at most the price', () => {
    expect(downPayment(400_000, 330_000, usd)).toEqual({ level: 'refuse', message: 'The down payment cannot be more than the price ($330,000).' });
    expect(downPayment(330_000, 330_000, usd)).toBeNull();
    expect(downPayment(66_000, 330_000, usd)).toBeNull();
  });

  it('year built: from 1700 to next year', () => {
    expect(yearBuilt(2090, { today })).toEqual({ level: 'refuse', message: 'The year built must be from 1700 to 2027.' });
    expect(yearBuilt(2027, { today })).toBeNull();
    expect(yearBuilt(1699, { today })?.level).toBe('refuse');
    expect(yearBuilt(1905, { today })).toBeNull();
  });

  it('rooms, areas and lots: ranges, and a detached home’s lot at least its living area (asked about)', () => {
    expect(bedrooms(3)).toBeNull();
    expect(bedrooms(14)?.level).toBe('confirm');
    expect(bedrooms(400)?.level).toBe('refuse');
    expect(bathrooms(2.5, 3)).toBeNull();
    expect(bathrooms(2.3, 3)?.level).toBe('refuse');
    expect(bathrooms(8, 2)?.message).toBe('8 bathrooms for 2 bedrooms is unusual. Is that right?');
    expect(livingArea(1_850)).toBeNull();
    expect(livingArea(20)?.level).toBe('refuse');
    expect(livingArea(40_000)?.level).toBe('confirm');
    expect(lotSize(0.02, 2_400, true)?.message).toBe(
      "A lot of 0.02 acres (871 square feet) is smaller than the home's 2,400 square feet of living area. Is that right?",
    );
    // A condo's lot is the building's, so no comparison; a large enough lot passes.
    expect(lotSize(0.02, 2_400, false)).toBeNull();
    expect(lotSize(0.25, 2_400, true)).toBeNull();
    expect(lotSize(200_000, null, true)?.level).toBe('refuse');
  });

  it('prices, rents and deposits', () => {
    expect(homePrice(450_000, usd)).toBeNull();
    expect(homePrice(5_000, usd)?.level).toBe('confirm');
    expect(homePrice(0, usd)?.level).toBe('refuse');
    expect(securityDeposit(2_000, 2_000, usd)).toBeNull();
    expect(securityDeposit(10_000, 2_000, usd)?.level).toBe('confirm');
    expect(securityDeposit(30_000, 2_000, usd)?.level).toBe('refuse');
  });

  it('income: a yearly figure typed as monthly is asked about; debts above income too', () => {
    expect(monthlyIncome(8_500, usd)).toBeNull();
    expect(monthlyIncome(85_000, usd)).toEqual({ level: 'confirm', message: '$85,000 a month is $1,020,000 a year. Is that your monthly income?' });
    expect(monthlyIncome(20_000_000, usd)?.level).toBe('refuse');
    expect(monthlyDebts(900, 8_500, usd)).toBeNull();
    expect(monthlyDebts(9_000, 8_500, usd)?.level).toBe('confirm');
  });

  it('a date that has passed is refused, with a day of grace for another time zone', () => {
    expect(upcomingDate('2026-11-26', { today }, 'The closing date')).toEqual({ level: 'refuse', message: 'The closing date has passed; choose today or a later date.' });
    expect(upcomingDate('2026-11-27', { today }, 'The closing date')).toBeNull();
    expect(upcomingDate('2027-01-15', { today }, 'The closing date')).toBeNull();
  });

  it('the rules by name read their inputs as text', () => {
    const judgement = { today, currencyCode: 'USD' };
    expect(PLAUSIBILITY_RULES['seller-concessions'].check(30_000, { price: '330,000' }, judgement)?.level).toBe('confirm');
    expect(PLAUSIBILITY_RULES['seller-concessions'].check(320_000, { price: '330,000' }, judgement)?.level).toBe('refuse');
    expect(PLAUSIBILITY_RULES['hoa-fee'].check(320_000, { frequency: 'Monthly' }, judgement)?.level).toBe('refuse');
    expect(PLAUSIBILITY_RULES['lot-size'].check(0.02, { area: '2400', detached: 'Yes' }, judgement)?.level).toBe('confirm');
    expect(PLAUSIBILITY_RULES['lot-size'].check(0.02, { area: '2400' }, judgement)).toBeNull();
    expect(figureOf('$1,250.50')).toBe(1250.5);
    expect(figureOf('abc')).toBeNull();
  });
});
