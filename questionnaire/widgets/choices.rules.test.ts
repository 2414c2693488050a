import { describe, expect, it } from 'vitest';
import { booleanRules } from './boolean/boolean.rules';
import { choosePair } from './boolean/pair';
import { genderRules } from './gender/gender.rules';
import { heightRules } from './height/height.rules';
import { radioCheckboxRules, toggleOption } from './radio-checkbox/radio-checkbox.rules';
import { chooseOption, selectRules } from './select/select.rules';
import { specOf } from './test-spec';

const GROUP = '<hu-radio-checkbox %><hu-option variable="a">Apples</hu-option><hu-option variable="b">Bananas</hu-option><hu-option variable="c" value="C!">Cherries</hu-option></hu-radio-checkbox>';
const group = (attrs: string) => specOf(GROUP.replace('%', attrs));

describe('boolean and gender (widget spec §3)', () => {
  it('Yes sets Yes/Off, No sets Off/Yes; Female sets Yes/Off, Male the opposite', () => {
    expect(choosePair(0)).toEqual(['Yes', 'Off']);
    expect(choosePair(1)).toEqual(['Off', 'Yes']);
    expect(booleanRules.display(specOf('<hu-boolean variables="y,n">'), { y: 'Off', n: 'Yes' })).toBe('No');
    expect(genderRules.display(specOf('<hu-gender variables="f,m">'), { f: 'Yes', m: 'Off' })).toBe('Female');
  });

  it('required means one of the two is Yes', () => {
    const spec = specOf('<hu-boolean variables="y,n" required>');
    expect(booleanRules.validate(spec, { y: '', n: '' })).toEqual({ required: 'true' });
    expect(booleanRules.validate(spec, { y: 'Yes', n: 'Off' })).toBeNull();
    expect(booleanRules.validate(spec, { y: 'Yes', n: 'Yes' })).toEqual({ invalid: 'true' });
  });
});

describe('radio/checkbox group (widget spec §3–§5)', () => {
  it('checked writes the value or the true value (Yes); unchecked writes the false value (Off)', () => {
    const spec = group('');
    let values = toggleOption(spec, {}, 0);
    values = toggleOption(spec, values, 2);
    expect(values).toEqual({ a: 'Yes', b: 'Off', c: 'C!' });
    const custom = group('true-value="true" false-value="false"');
    expect(toggleOption(custom, {}, 1)).toEqual({ a: 'false', b: 'true', c: 'false' });
  });

  it('checkbox mode: options are independent; toggling unchecks', () => {
    const spec = group('');
    const values = toggleOption(spec, toggleOption(spec, {}, 0), 1);
    expect(values).toMatchObject({ a: 'Yes', b: 'Yes' });
    expect(toggleOption(spec, values, 0)).toMatchObject({ a: 'Off', b: 'Yes' });
  });

  it('radio mode (checkbox="false"): selecting one clears the others', () => {
    const spec = group('checkbox="false"');
    const values = toggleOption(spec, toggleOption(spec, {}, 0), 1);
    expect(values).toEqual({ a: 'Off', b: 'Yes', c: 'Off' });
    expect(radioCheckboxRules.validate(spec, { a: 'Yes', b: 'Yes', c: 'Off' })).toEqual({ radioCheckbox: 'invalid' });
  });

  it('required: at least one option true, else radioCheckbox invalid', () => {
    const spec = group('required');
    expect(radioCheckboxRules.validate(spec, { a: 'Off', b: 'Off', c: 'Off' })).toEqual({ radioCheckbox: 'invalid' });
    expect(radioCheckboxRules.validate(spec, { a: 'Off', b: 'Off', c: 'C!' })).toBeNull();
    expect(radioCheckboxRules.validate(group(''), {})).toBeNull();
  });

  it("preview text lists the selected labels with commas and 'and' before the last", () => {
    const spec = group('');
    expect(radioCheckboxRules.display(spec, { a: 'Yes', b: 'Off', c: 'Off' })).toBe('Apples');
    expect(radioCheckboxRules.display(spec, { a: 'Yes', b: 'Yes', c: 'Off' })).toBe('Apples and Bananas');
    expect(radioCheckboxRules.display(spec, { a: 'Yes', b: 'Yes', c: 'C!' })).toBe('Apples, Bananas and Cherries');
  });

  it('options default to the thumbnail default.png', () => {
    expect(group('').options[0]!.thumbnail).toBe('default.png');
  });
});

describe('select one and searchable select (widget spec §5)', () => {
  const one = (attrs = '') => specOf(`<hu-select-one variables="s" ${attrs}><hu-option variable="x">X</hu-option><hu-option variable="y">Y</hu-option></hu-select-one>`);

  it('choosing an option sets its flag to Yes and all others to Off', () => {
    expect(chooseOption(one(), 'Y')).toEqual({ s: 'Y', x: 'Off', y: 'Yes' });
    expect(chooseOption(one(), '')).toEqual({ s: '', x: 'Off', y: 'Off' });
  });

  it('the value must equal one of the options; empty allowed unless required', () => {
    expect(selectRules.validate(one(), { s: 'X' })).toBeNull();
    expect(selectRules.validate(one(), { s: '' })).toBeNull();
    expect(selectRules.validate(one(), { s: 'Z' })).toEqual({ selectOneWidget: 'invalid' });
    expect(selectRules.validate(one('required'), { s: '' })).toEqual({ selectOneWidget: 'invalid' });
  });

  it('searchable select reports selectWidget', () => {
    const spec = specOf('<hu-searchable-select variables="s" options="A,B" required>');
    expect(selectRules.validate(spec, { s: '' })).toEqual({ selectWidget: 'invalid' });
    expect(selectRules.validate(spec, { s: 'B' })).toBeNull();
  });
});

describe('height (widget spec §5, §9)', () => {
  it('feet and inches each required when required; the lists hold only 10', () => {
    const spec = specOf('<hu-height variables="f,i" required>');
    expect(heightRules.validate(spec, { f: '', i: '' })).toEqual({ required: 'feet,inches' });
    expect(heightRules.validate(spec, { f: '10', i: '' })).toEqual({ required: 'inches' });
    expect(heightRules.validate(spec, { f: '10', i: '10' })).toBeNull();
    expect(heightRules.validate(spec, { f: '5', i: '10' })).toEqual({ listedValue: 'feet' });
  });
});
