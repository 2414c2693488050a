import { describe, expect, it } from 'vitest';
import {
  amortize,
  downPaymentFromPercent,
  downPaymentPercent,
  estimateMortgage,
  monthlyPayment,
  type Amortization,
} from './amortization';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function expectConsistent(schedule: Amortization, principal: number) {
  expect(sum(schedule.months.map((m) => m.principal))).toBe(principal);
  expect(schedule.months.at(-1)?.balance ?? 0).toBe(0);
  for (const row of schedule.months) expect(row.payment).toBe(row.principal + row.interest);
  expect(schedule.totalPaid).toBe(principal + schedule.totalInterest);
}

describe('monthlyPayment', () => {
  it('is 1,798.65 for 300,000 at 6 % over 30 years', () => {
    expect(monthlyPayment({ principal: 30_000_000, annualRatePercent: 6, months: 360 })).toBe(179_865);
  });

  it('matches published values for other loans', () => {
    expect(monthlyPayment({ principal: 20_000_000, annualRatePercent: 5, months: 180 })).toBe(158_159);
    expect(monthlyPayment({ principal: 10_000_000, annualRatePercent: 4, months: 360 })).toBe(47_742);
    expect(monthlyPayment({ principal: 25_000_000, annualRatePercent: 7.25, months: 240 })).toBe(197_594);
  });

  it('spreads the principal evenly with no interest, rounded up to the penny', () => {
    expect(monthlyPayment({ principal: 12_000_000, annualRatePercent: 0, months: 120 })).toBe(100_000);
    expect(monthlyPayment({ principal: 100_000, annualRatePercent: 0, months: 3 })).toBe(33_334);
  });

  it('is 0 when nothing is borrowed', () => {
    expect(monthlyPayment({ principal: 0, annualRatePercent: 6, months: 360 })).toBe(0);
  });

  it('rejects impossible loans', () => {
    expect(() => monthlyPayment({ principal: -1, annualRatePercent: 6, months: 360 })).toThrow(RangeError);
    expect(() => monthlyPayment({ principal: 10.5, annualRatePercent: 6, months: 360 })).toThrow(RangeError);
    expect(() => monthlyPayment({ principal: 100, annualRatePercent: -1, months: 360 })).toThrow(RangeError);
    expect(() => monthlyPayment({ principal: 100, annualRatePercent: Number.NaN, months: 360 })).toThrow(RangeError);
    expect(() => monthlyPayment({ principal: 100, annualRatePercent: 6, months: 0 })).toThrow(RangeError);
  });
});

describe('amortize', () => {
  it('splits the first payment of 300,000 at 6 % into 1,500.00 interest and 298.65 principal', () => {
    const schedule = amortize({ principal: 30_000_000, annualRatePercent: 6, months: 360 });
    expect(schedule.months[0]).toEqual({ month: 1, payment: 179_865, principal: 29_865, interest: 150_000, balance: 29_970_135 });
    expect(schedule.months[1]!.interest).toBe(149_851); // 299,701.35 × 0.5 %, rounded to the penny
  });

  it('repays exactly the principal in 360 payments, the last one absorbing the rounding', () => {
    const schedule = amortize({ principal: 30_000_000, annualRatePercent: 6, months: 360 });
    expect(schedule.months).toHaveLength(360);
    expectConsistent(schedule, 30_000_000);
    const last = schedule.months.at(-1)!;
    // Each regular payment was rounded down by 0.24 pennies; the last one makes up for it.
    expect(last.payment).toBe(180_009);
    expect(last.payment).not.toBe(schedule.monthlyPayment);
    for (const row of schedule.months.slice(0, -1)) expect(row.payment).toBe(179_865);
    expect(schedule.totalInterest).toBe(34_751_544);
  });

  it('groups the months into years with the balance at each year end', () => {
    const schedule = amortize({ principal: 30_000_000, annualRatePercent: 6, months: 360 });
    expect(schedule.years).toHaveLength(30);
    expect(schedule.years[0]).toMatchObject({ year: 1, principal: 368_400, interest: 1_789_980, balance: 29_631_600 });
    expect(schedule.years[0]!.months).toHaveLength(12);
    expect(schedule.years.at(-1)!.balance).toBe(0);
    expect(sum(schedule.years.map((y) => y.interest))).toBe(schedule.totalInterest);
    // Interest falls and principal rises year by year.
    expect(schedule.years[29]!.interest).toBeLessThan(schedule.years[0]!.interest);
    expect(schedule.years[29]!.principal).toBeGreaterThan(schedule.years[0]!.principal);
  });

  it('has no interest at a zero rate and a smaller last payment after rounding up', () => {
    const schedule = amortize({ principal: 100_000, annualRatePercent: 0, months: 3 });
    expect(schedule.months.map((m) => m.payment)).toEqual([33_334, 33_334, 33_332]);
    expect(schedule.totalInterest).toBe(0);
    expectConsistent(schedule, 100_000);
  });

  it('ends early when a tiny interest-free loan is repaid sooner by whole pennies', () => {
    const schedule = amortize({ principal: 100, annualRatePercent: 0, months: 360 });
    expect(schedule.months).toHaveLength(100);
    expectConsistent(schedule, 100);
  });

  it('keeps the schedule consistent for a 15-year loan', () => {
    const schedule = amortize({ principal: 20_000_000, annualRatePercent: 5, months: 180 });
    expect(schedule.months).toHaveLength(180);
    expect(schedule.years).toHaveLength(15);
    expectConsistent(schedule, 20_000_000);
  });

  it('is empty when nothing is borrowed', () => {
    const schedule = amortize({ principal: 0, annualRatePercent: 6, months: 360 });
    expect(schedule).toEqual({ monthlyPayment: 0, months: [], years: [], totalInterest: 0, totalPaid: 0 });
  });
});

describe('down payment', () => {
  it('turns a percentage of the price into pennies', () => {
    expect(downPaymentFromPercent(30_000_000, 20)).toBe(6_000_000);
    expect(downPaymentFromPercent(33_333_333, 3.5)).toBe(1_166_667);
  });

  it('turns an amount into a percentage of the price, to two decimals', () => {
    expect(downPaymentPercent(30_000_000, 6_000_000)).toBe(20);
    expect(downPaymentPercent(30_000_000, 1_000_000)).toBe(3.33);
    expect(downPaymentPercent(0, 0)).toBe(0);
  });
});

describe('estimateMortgage', () => {
  const base = {
    price: 37_500_000,
    downPayment: 7_500_000,
    annualRatePercent: 6,
    termYears: 30,
    taxesYearly: 360_000,
    insuranceYearly: 150_000,
    hoaMonthly: 25_000,
  };

  it('adds taxes, insurance and HOA to principal and interest', () => {
    const estimate = estimateMortgage(base);
    expect(estimate.loanAmount).toBe(30_000_000);
    expect(estimate.monthly).toEqual({ principalAndInterest: 179_865, taxes: 30_000, insurance: 12_500, hoa: 25_000, total: 247_365 });
  });

  it('rounds the monthly share of yearly costs to the penny', () => {
    expect(estimateMortgage({ ...base, taxesYearly: 100_000 }).monthly.taxes).toBe(8_333);
  });

  it('leaves only the running costs with 100 % down', () => {
    const estimate = estimateMortgage({ ...base, downPayment: base.price });
    expect(estimate.loanAmount).toBe(0);
    expect(estimate.monthly).toEqual({ principalAndInterest: 0, taxes: 30_000, insurance: 12_500, hoa: 25_000, total: 67_500 });
    expect(estimate.amortization.years).toEqual([]);
  });

  it('refuses a down payment above the price', () => {
    expect(() => estimateMortgage({ ...base, downPayment: base.price + 1 })).toThrow(RangeError);
  });
});
