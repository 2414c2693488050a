import { describe, expect, it } from 'vitest';
import { addressRules, apartmentFlags } from './address/address.rules';
import { ALIEN_NUMBER_MAX_LENGTH, alienNumberRules, formatAlienNumber } from './alien-number/alien-number.rules';
import { currencyValue, devanagariWords, formatCurrency } from './currency/currency-format';
import { currencyRules } from './currency/currency.rules';
import { fullNameRules } from './full-name/full-name.rules';
import { integerRules } from './integer/integer.rules';
import { decimalStep, formatPercentage, integerDigits, nonNegativeInteger, percentageValue, step, stepperState } from './integer/numbers';
import { addCountry, multiCountryRules, removeCountry } from './multi-country/multi-country.rules';
import { formatSsn, ssnRules } from './ssn/ssn.rules';
import { specOf } from './test-spec';
import { COUNTRIES } from '../reference/countries';
import { US_STATES } from '../reference/us-states';
import { APARTMENT_TYPES, LOCATION_TYPES, SUPPORTED_LOCALES } from '../reference/lists';

describe('reference data (widget spec §3)', () => {
  it('about 250 countries with 3-letter codes; 50 states, DC and territories; the small lists', () => {
    expect(COUNTRIES().length).toBe(249);
    expect(COUNTRIES().every((c) => /^[A-Z]{3}$/.test(c.code))).toBe(true);
    expect(US_STATES().length).toBe(57);
    expect(US_STATES().map((s) => s.code)).toEqual(expect.arrayContaining(['DC', 'PR', 'GU', 'VI', 'AS', 'MP']));
    expect(APARTMENT_TYPES).toEqual(['Apartment', 'Suite', 'Floor']);
    expect(LOCATION_TYPES).toEqual(['Parent', 'Branch', 'Subsidiary']);
    expect(SUPPORTED_LOCALES).toEqual(['en-US', 'en-GB', 'en-SE', 'pt-MZ', 'en-IN']);
  });
});

describe('social security number (widget spec §5)', () => {
  it('only digits are kept, shown 3-2-4, stored without dashes', () => {
    const spec = specOf('<hu-ssn variables="s" required>');
    expect(ssnRules.normalize(spec, { s: '123-45-6789' })).toEqual({ s: '123456789' });
    expect(formatSsn('123456789')).toBe('123-45-6789');
    expect(ssnRules.validate(spec, { s: '12345' })).toEqual({ invalid: 'true' });
    expect(ssnRules.validate(spec, { s: '' })).toEqual({ required: 'true' });
  });
});

describe('alien registration number (widget spec §5, §9)', () => {
  it('digits only, shown A#ddd-ddd-ddd, maximum length 13', () => {
    expect(formatAlienNumber('A 123 456 789 0')).toBe('A#123-456-789');
    expect(formatAlienNumber('A#123-456-789').length).toBe(ALIEN_NUMBER_MAX_LENGTH);
    expect(formatAlienNumber('1234')).toBe('A#123-4');
    const spec = specOf('<hu-alien-number variables="a" required>');
    expect(alienNumberRules.normalize(spec, { a: 'A#123-456-789' })).toEqual({ a: '123456789' });
  });

  it('pattern A#ddd-ddd-d{0,3}', () => {
    const spec = specOf('<hu-alien-number variables="a">');
    expect(alienNumberRules.validate(spec, { a: '123456' })).toBeNull();
    expect(alienNumberRules.validate(spec, { a: '1234567' })).toBeNull();
    expect(alienNumberRules.validate(spec, { a: '12345' })).toEqual({ pattern: 'true' });
    expect(alienNumberRules.validate(spec, { a: '' })).toBeNull();
  });
});

describe('integer, non-negative integer, percentage, decimal (widget spec §4, §5, §9)', () => {
  it('integer: non-digits stripped', () => {
    expect(integerDigits('1,2a3')).toBe('123');
  });
  it('non-negative integer gives nothing when empty or non-numeric', () => {
    expect(nonNegativeInteger('')).toBe('');
    expect(nonNegativeInteger('abc')).toBe('');
    expect(nonNegativeInteger('-3')).toBe('');
    expect(nonNegativeInteger('007')).toBe('7');
  });
  it('percentage keeps digits, point and separators, appends %, stores only digits and point', () => {
    expect(percentageValue('1,234.5%')).toBe('1234.5');
    expect(formatPercentage('1234.5')).toBe('1,234.5%');
  });
  it('decimal strips non-numeric characters', () => {
    const spec = specOf('<hu-decimal variables="d">');
    expect(integerRules.normalize(spec, { d: 'about 2.5 baths' })).toEqual({ d: '2.5' });
  });
  it('integer stepper: starts at 1 when empty; minus disabled at or below 1; plus unbounded; wrap off', () => {
    expect(step('', 1)).toBe('1');
    expect(stepperState('1')).toEqual({ value: 1, canDecrease: false, canIncrease: true });
    expect(step('1', -1)).toBe('1');
    expect(step('4', 1)).toBe('5');
    expect(stepperState('5', { max: 5 })).toMatchObject({ canIncrease: false });
    expect(stepperState('5', { max: 5, wrap: true })).toMatchObject({ canIncrease: true });
    expect(step('5', 1, { max: 5, wrap: true })).toBe('1');
  });
  it('decimal stepper: starts at 1, minimum 0, steps by its step', () => {
    expect(decimalStep('', 1, 0.5)).toBe('1');
    expect(decimalStep('0.5', -1, 0.5)).toBe('0');
    expect(decimalStep('0', -1, 0.5)).toBe('0');
    expect(decimalStep('0.1', 1, 0.2)).toBe('0.3');
  });
  it('min and max attributes', () => {
    const spec = specOf('<hu-integer variables="y" min="1600" max="2100">');
    expect(integerRules.validate(spec, { y: '1500' })).toEqual({ min: '1600' });
    expect(integerRules.validate(spec, { y: '2200' })).toEqual({ max: '2100' });
  });
});

describe('currency (widget spec §5)', () => {
  it('strips non-numeric characters except dot and minus; a lone minus with a dollar sign gives empty', () => {
    expect(currencyValue('$1,234.50')).toBe('1234.50');
    expect(currencyValue('-$')).toBe('');
    expect(currencyValue('$-')).toBe('');
    expect(currencyValue('-1,000')).toBe('-1000');
  });
  it('formats with the symbol and thousands grouping by locale', () => {
    expect(formatCurrency('1234567.5')).toBe('$1,234,567.5');
    expect(formatCurrency('1234567', 'GBP', 'en-GB')).toBe('£1,234,567');
    expect(formatCurrency('1234567', 'INR', 'en-IN')).toBe('₹12,34,567');
    expect(formatCurrency('12345678', 'NPR', 'en-IN')).toBe('Rs 12,34,56,78');
    expect(formatCurrency('1234567', 'SEK', 'en-SE')).toBe('kr 1\u00a0234\u00a0567');
  });
  it('shows Devanagari words for the Indian locale', () => {
    expect(devanagariWords('125000')).toBe('एक लाख पच्चीस हज़ार रुपये');
    expect(devanagariWords('10000000')).toBe('एक करोड़ रुपये');
    expect(devanagariWords('99')).toBe('निन्यानबे रुपये');
    expect(devanagariWords('')).toBe('');
  });
  it('required and stored as plain number text', () => {
    const spec = specOf('<hu-currency variables="c" required>');
    expect(currencyRules.normalize(spec, { c: '$489,000' })).toEqual({ c: '489000' });
    expect(currencyRules.validate(spec, { c: '' })).toEqual({ required: 'true' });
  });
});

describe('full name (widget spec §5)', () => {
  it('middle name never required; first letters capitalised', () => {
    const spec = specOf('<hu-full-name variables="f,m,l" required>');
    expect(fullNameRules.normalize(spec, { f: 'ada', m: '', l: "o'neil-smith" })).toEqual({ f: 'Ada', m: '', l: "O'Neil-Smith" });
    expect(fullNameRules.validate(spec, { f: 'Ada', m: '', l: 'Lovelace' })).toBeNull();
    expect(fullNameRules.validate(spec, { f: '', m: '', l: '' })).toEqual({ required: 'first,last' });
  });
});

describe('multi-country picker (widget spec §3, §4)', () => {
  it('choosing adds, delete removes, the value is a comma list of codes', () => {
    let value = addCountry('', 'Nepal');
    value = addCountry(value, 'usa');
    value = addCountry(value, 'Nepal');
    expect(value).toBe('NPL,USA');
    expect(removeCountry(value, 'NPL')).toBe('USA');
    expect(addCountry('USA', 'Atlantis')).toBe('USA');
    const spec = specOf('<hu-multi-country variables="c" required>');
    expect(multiCountryRules.validate(spec, { c: '' })).toEqual({ required: 'true' });
    expect(multiCountryRules.validate(spec, { c: 'XXX' })).toEqual({ listedValue: 'true' });
  });
});

describe('address (widget spec §3–§5)', () => {
  const spec = (attrs: string) => specOf(`<hu-address ${attrs}>`);

  it('apartment type sets the matching flag Yes and the others Off', () => {
    expect(apartmentFlags(spec('prefix="h_"'), 'Suite')).toEqual({ h_aptTypeApartment: 'Off', h_aptTypeFloor: 'Off', h_aptTypeSuite: 'Yes' });
    const s = spec('fields="street,apartmentType,apt"');
    expect(addressRules.normalize(s, { street: '1 Main', apartmentType: 'floor', apt: '3' })).toMatchObject({
      apartmentType: 'Floor',
      aptTypeFloor: 'Yes',
      aptTypeSuite: 'Off',
      aptTypeApartment: 'Off',
    });
  });

  it('state and country by name or code resolve to codes; a plain state with no US-state field keeps the raw text', () => {
    const s = spec('fields="state,usstate,country"');
    expect(addressRules.normalize(s, { state: 'Utah', usstate: 'new york', country: 'Nepal' })).toEqual({ state: 'UT', usstate: 'NY', country: 'NPL' });
    expect(addressRules.normalize(s, { state: 'Bagmati', usstate: '', country: '' })).toMatchObject({ state: '' });
    expect(addressRules.normalize(spec('fields="state"'), { state: 'Bagmati' })).toEqual({ state: 'Bagmati' });
  });

  it('apartment type, US state and country must match a listed value: listedValue', () => {
    const s = spec('fields="apartmentType,apt,usstate,country"');
    const values = addressRules.normalize(s, { apartmentType: 'Penthouse', apt: '1', usstate: 'Narnia', country: 'Atlantis' });
    expect(addressRules.validate(s, values)).toEqual({ listedValue: 'apartmentType,usstate,country' });
  });

  it('required-opts lists the required parts, otherwise required applies to all; apt required with a type', () => {
    const some = spec('fields="street,city,postal" required-opts="street,city"');
    expect(addressRules.validate(some, {})).toEqual({ required: 'street,city' });
    const all = spec('fields="street,city,postal" required');
    expect(addressRules.validate(all, {})).toEqual({ required: 'street,city,postal' });
    const apt = spec('fields="street,apartmentType,apt"');
    expect(addressRules.validate(apt, { apartmentType: 'Suite' })).toEqual({ required: 'apt' });
    expect(addressRules.validate(apt, { apartmentType: 'Suite', apt: '4' })).toBeNull();
  });
});
