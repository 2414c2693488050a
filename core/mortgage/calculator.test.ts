import { describe, expect, it } from 'vitest';
import { mortgageCalculatorTexts as t } from '../i18n/mortgage';
import { calculatorInputs } from '../testing/calculator-inputs';
import { evaluateCalculator, parseAmount, parsePercent, presetInputs, switchDownPaymentMode } from './calculator';

const inputs = calculatorInputs({ price: '375,000' });

describe('parseAmount', () => {
  it('reads whole units with commas, spaces, a dollar sign and up to two decimals, in pennies', () => {
    expect(parseAmount('300,000')).toEqual({ ok: true, value: 30_000_000 });
    expect(parseAmount(' $1 234.5 ')).toEqual({ ok: true, value: 123_450 });
    expect(parseAmount('0')).toEqual({ ok: true, value: 0 });
  });

  it('tells an empty field from a bad one', () => {
    expect(parseAmount('  ')).toEqual({ ok: 'empty' });
    expect(parseAmount('12a')).toEqual({ ok: false, message: t.errors.amountInvalid });
    expect(parseAmount('-5')).toEqual({ ok: false, message: t.errors.amountInvalid });
    expect(parseAmount('1.234')).toEqual({ ok: false, message: t.errors.amountInvalid });
  });

  it('caps amounts at 1,000,000,000', () => {
    expect(parseAmount('1000000000')).toEqual({ ok: true, value: 100_000_000_000 });
    expect(parseAmount('1000000000.01')).toEqual({ ok: false, message: t.errors.amountTooLarge });
  });
});

describe('parsePercent', () => {
  it('reads decimals with an optional % sign within the maximum', () => {
    expect(parsePercent('6.25 %', 50, 'bad')).toEqual({ ok: true, value: 6.25 });
    expect(parsePercent('50', 50, 'bad')).toEqual({ ok: true, value: 50 });
    expect(parsePercent('50.1', 50, 'bad')).toEqual({ ok: false, message: 'bad' });
    expect(parsePercent('six', 50, 'bad')).toEqual({ ok: false, message: 'bad' });
    expect(parsePercent('', 50, 'bad')).toEqual({ ok: 'empty' });
  });
});

describe('evaluateCalculator', () => {
  it('estimates the monthly payment when every field is valid', () => {
    const result = evaluateCalculator(inputs);
    expect(result.errors).toEqual({});
    expect(result.estimate!.monthly).toEqual({ principalAndInterest: 179_865, taxes: 30_000, insurance: 12_500, hoa: 25_000, total: 247_365 });
  });

  it('takes the down payment as a percentage of the price', () => {
    const result = evaluateCalculator({ ...inputs, price: '300000', downPayment: '20', downPaymentMode: 'percent' });
    expect(result.downPaymentPennies).toBe(6_000_000);
    expect(result.estimate!.loanAmount).toBe(24_000_000);
  });

  it('counts empty optional fields as 0', () => {
    const result = evaluateCalculator({ ...inputs, downPayment: '', taxes: '', insurance: '', hoa: '' });
    expect(result.errors).toEqual({});
    expect(result.estimate!.monthly.total).toBe(result.estimate!.monthly.principalAndInterest);
  });

  it('needs a price and a rate', () => {
    const result = evaluateCalculator({ ...inputs, price: '', rate: '' });
    expect(result.errors).toEqual({ price: t.errors.priceRequired, rate: t.errors.rateRequired });
    expect(result.estimate).toBeNull();
  });

  it('allows a zero rate but not one above 50 %', () => {
    expect(evaluateCalculator({ ...inputs, rate: '0' }).estimate!.monthly.principalAndInterest).toBe(83_334);
    expect(evaluateCalculator({ ...inputs, rate: '51' }).errors).toEqual({ rate: t.errors.rateInvalid });
  });

  it('refuses a down payment above the price, or a percentage above 100', () => {
    expect(evaluateCalculator({ ...inputs, downPayment: '375000.01' }).errors).toEqual({ downPayment: t.errors.downPaymentTooLarge });
    expect(evaluateCalculator({ ...inputs, downPayment: '101', downPaymentMode: 'percent' }).errors).toEqual({ downPayment: t.errors.percentInvalid });
  });

  it('flags each malformed cost field', () => {
    const result = evaluateCalculator({ ...inputs, taxes: 'x', insurance: '1,0,0', hoa: '-1' });
    expect(Object.keys(result.errors).sort()).toEqual(['hoa', 'taxes']);
    expect(result.errors.taxes).toBe(t.errors.amountInvalid);
    expect(result.estimate).toBeNull();
  });

  it('covers the whole price with 100 % down', () => {
    const result = evaluateCalculator({ ...inputs, downPayment: '100', downPaymentMode: 'percent' });
    expect(result.estimate!.loanAmount).toBe(0);
    expect(result.estimate!.monthly.principalAndInterest).toBe(0);
  });
});

describe('switchDownPaymentMode', () => {
  it('keeps the value when switching between amount and percent', () => {
    const percent = switchDownPaymentMode({ ...inputs, price: '300000', downPayment: '60000' }, 'percent');
    expect(percent).toMatchObject({ downPaymentMode: 'percent', downPayment: '20' });
    expect(switchDownPaymentMode(percent, 'amount')).toMatchObject({ downPaymentMode: 'amount', downPayment: '60000' });
  });

  it('keeps an unreadable value as typed', () => {
    expect(switchDownPaymentMode({ ...inputs, downPayment: 'lots' }, 'percent')).toMatchObject({ downPaymentMode: 'percent', downPayment: 'lots' });
  });
});

describe('presetInputs', () => {
  it('turns the presets into field texts', () => {
    expect(
      presetInputs({ price: 450000, downPayment: { kind: 'percent', percent: 10 }, rate: 6.5, term: 15, taxes: 3600, insurance: 1200.5, hoa: 0 }),
    ).toEqual({ price: '450000', downPayment: '10', downPaymentMode: 'percent', rate: '6.5', term: 15, taxes: '3600', insurance: '1200.5', hoa: '0' });
  });
});
