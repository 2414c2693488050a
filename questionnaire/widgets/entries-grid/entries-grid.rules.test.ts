import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { answerScreen, screenWidgets } from '../../engine/flow';
import { rulesFor } from '../rules';
import { specOf } from '../test-spec';
import { widgetTexts } from '../texts';
import {
  cellText,
  columnsOf,
  DIALOG_RENDER_DELAY_MS,
  entriesGridRules,
  entryFormErrors,
  entryPatterns,
  historyKindOf,
  MAX_ENTRIES,
  rowSpecs,
  rowVariable,
} from './entries-grid.rules';
import { formatEntryDate, today, utcDay } from './history';

const rules = entriesGridRules((tag) => rulesFor(tag));
const GRID = `<hu-entries-grid hu-key="addresses" hu-title="Addresses" required custom-validation="addressHistory"
  column-titles="City,Country,From,To" column-vars="city_{r},country_{r},from_{r},to_{r}" column-weights="2,2,1"
  column-filters=",full country,,current date" sort-by="-from_{r}">
  <hu-text hu-key="city" hu-title="City {r}" variables="city_{r}"></hu-text>
  <hu-address hu-key="place" prefix="p_{r}_" fields="country" required-opts="country"></hu-address>
  <hu-date hu-key="from" hu-title="From" variables="from_{r}" required></hu-date>
  <hu-date hu-key="to" hu-title="To" variables="to_{r}"></hu-date>
</hu-entries-grid>`;
const grid = specOf(GRID);
const year = new Date().getFullYear();
const month = new Date().getMonth() + 1;

describe('repeating-entries grid rules (widget spec §2–§5, §9)', () => {
  it('the dialog render delay is 50 ms', () => {
    expect(DIALOG_RENDER_DELAY_MS).toBe(50);
  });

  it('reads its entry form from its children and fills {r} with the row number', () => {
    expect(grid.children?.map((c) => c.tag)).toEqual(['hu-text', 'hu-address', 'hu-date', 'hu-date']);
    const row2 = rowSpecs(grid, 2);
    expect(row2[0]!.attributes).toMatchObject({ variables: 'city_2', 'hu-title': 'City 2' });
    expect(row2[1]!.attributes.prefix).toBe('p_2_');
    expect(rowVariable('a_{r}_b_{r}', 7)).toBe('a_7_b_7');
  });

  it('the screen holds the grid only: its entry form belongs to it', () => {
    expect(screenWidgets(`<p>x</p>${GRID}<hu-text hu-key="after" variables="after"></hu-text>`).map((w) => w.key)).toEqual(['addresses', 'after']);
  });

  it('writes every row of every entry variable, up to its maximum', () => {
    expect(entryPatterns(grid, rulesFor)).toEqual(['city_{r}', 'p_{r}_country', 'from_{r}', 'to_{r}']);
    const variables = rules.variables(grid);
    expect(variables).toHaveLength(4 * MAX_ENTRIES);
    expect(variables.slice(0, 5)).toEqual(['city_1', 'p_1_country', 'from_1', 'to_1', 'city_2']);
    const extra = specOf('<hu-entries-grid hu-key="g" all-variables="note_{r},shared"><hu-text hu-key="t" variables="t_{r}"></hu-text></hu-entries-grid>');
    expect(entryPatterns(extra, rulesFor)).toEqual(['t_{r}', 'note_{r}']);
  });

  it('normalizes: each entry by its widgets, entries sorted (-from: newest first), flattened from row 1 without holes', () => {
    const out = rules.normalize(grid, {
      city_1: 'Ogden', p_1_country: 'usa', from_1: '01/05/2015', to_1: '2/1/2019',
      city_3: 'Provo', p_3_country: 'Canada', from_3: '2/1/2019', to_3: '',
    });
    expect(out).toMatchObject({
      city_1: 'Provo', p_1_country: 'CAN', from_1: '2/1/2019', to_1: '',
      city_2: 'Ogden', p_2_country: 'USA', from_2: '1/5/2015', to_2: '2/1/2019',
      city_3: '', p_3_country: '', from_3: '', to_3: '',
    });
    expect(Object.keys(out)).toHaveLength(4 * MAX_ENTRIES);
  });

  it('required means at least one entry', () => {
    expect(rules.validate(grid, rules.normalize(grid, {}))).toEqual({ required: 'true' });
    const optional = specOf(GRID.replace(' required custom-validation="addressHistory"', ''));
    expect(rules.validate(optional, rules.normalize(optional, {}))).toBeNull();
    expect(rules.hasValue(grid, {})).toBe(false);
    expect(rules.hasValue(grid, { city_1: 'x' })).toBe(true);
  });

  it('an incomplete entry (the dialog would not add it) is refused', () => {
    const errors = rules.validate(grid, rules.normalize(grid, { city_1: 'Provo', p_1_country: 'USA', from_1: '', to_1: '' }));
    expect(errors).toMatchObject({ entryInvalid: '1' });
    expect(entryFormErrors(grid, rulesFor, { city_1: 'Provo', p_1_country: 'USA', from_1: '1/1/2020' }, 1)).toEqual({});
    expect(Object.keys(entryFormErrors(grid, rulesFor, { city_1: 'Provo', p_1_country: 'Atlantis', from_1: '1/1/2020' }, 1))).toEqual(['place']);
  });

  it('runs the named custom validation: an address history', () => {
    const entry = (row: number, from: string, to: string) => ({ [`city_${row}`]: 'Provo', [`p_${row}_country`]: 'USA', [`from_${row}`]: from, [`to_${row}`]: to });
    const valid = { ...entry(1, `1/1/${year - 2}`, ''), ...entry(2, `1/1/${year - 7}`, `1/1/${year - 2}`) };
    expect(rules.validate(grid, rules.normalize(grid, valid))).toBeNull();
    const overlapping = { ...entry(1, `1/1/${year - 2}`, ''), ...entry(2, `1/1/${year - 7}`, `6/1/${year - 2}`) };
    expect(rules.validate(grid, rules.normalize(grid, overlapping))).toEqual({ overlap: 'true' });
    const gapped = { ...entry(1, `1/1/${year - 2}`, ''), ...entry(2, `1/1/${year - 7}`, `10/1/${year - 3}`) };
    expect(rules.validate(grid, rules.normalize(grid, gapped))).toEqual({ gap: 'true' });
    const old = entry(1, `1/1/${year - 9}`, `1/1/${year - 1}`);
    expect(rules.validate(grid, rules.normalize(grid, old))).toEqual({ currentYear: 'true' });
  });

  it('custom validation names: the three histories, and a clear error for an unknown one', () => {
    const named = (name: string) => specOf(`<hu-entries-grid hu-key="g" custom-validation="${name}"></hu-entries-grid>`);
    expect(historyKindOf(named('addressHistory'))).toBe('addressHistory');
    expect(historyKindOf(named('employment-history'))).toBe('employmentHistory');
    expect(historyKindOf(named('TripHistory'))).toBe('tripHistory');
    expect(historyKindOf(named('nonsense'))).toBe('unknown');
    expect(historyKindOf(specOf('<hu-entries-grid hu-key="g"></hu-entries-grid>'))).toBeUndefined();
    const broken = specOf(GRID.replace('addressHistory', 'nonsense'));
    expect(rules.validate(broken, rules.normalize(broken, { city_1: 'Provo', p_1_country: 'USA', from_1: '1/1/2020' }))).toEqual({ customValidation: 'nonsense' });
    expect(widgetTexts.errors.customValidation).toBeTruthy();
  });

  it('columns: titles, vars, weights and filters (full country, current date)', () => {
    const columns = columnsOf(grid);
    expect(columns.map((c) => [c.title, c.variable, c.weight, c.filter])).toEqual([
      ['City', 'city_{r}', 2, null],
      ['Country', 'country_{r}', 2, 'fullCountry'],
      ['From', 'from_{r}', 1, null],
      ['To', 'to_{r}', 1, 'currentDate'],
    ]);
    expect(cellText(columns[1]!, { 'country_{r}': 'DEU' })).toBe('Germany');
    expect(cellText(columns[3]!, { 'to_{r}': '' }, utcDay(2026, 3, 4))).toBe('03/04/2026');
    expect(cellText(columns[3]!, { 'to_{r}': '5/6/2020' })).toBe('5/6/2020');
    expect(cellText(columns[3]!, {})).toBe(formatEntryDate(today()));
  });

  it('displays the entries for the summary', () => {
    const spec = specOf(GRID.replace('country_{r}', 'p_{r}_country'));
    expect(rules.display(spec, { city_1: 'Provo', p_1_country: 'USA', from_1: '1/1/2020', to_1: '2/1/2020' })).toBe(
      'Provo, United States, 1/1/2020, 2/1/2020',
    );
  });
});

describe('the server validates the grid with the same rules (answerScreen, the Next path)', () => {
  const sink = JSON.parse(readFileSync(join(__dirname, '../../definitions/kitchen-sink.json'), 'utf8')) as { screens: { id: string; markup: string }[] };
  const histories = sink.screens.find((s) => s.id === 'histories')!;
  // The screen's other widgets (the overview) write variables of their own.
  const widgets = screenWidgets(histories.markup).filter((w) => w.tag === 'hu-entries-grid');
  const place = (row: number, from: string, to: string) => ({
    [`addr_${row}_street`]: `${row} Main St`, [`addr_${row}_city`]: 'Provo', [`addr_${row}_country`]: 'USA', [`addr_from_${row}`]: from, [`addr_to_${row}`]: to,
  });

  it('the kitchen sink has an address history grid and an employment history grid', () => {
    expect(widgets.map((w) => [w.tag, w.attributes['custom-validation']])).toEqual([
      ['hu-entries-grid', 'addressHistory'],
      ['hu-entries-grid', 'employmentHistory'],
    ]);
  });

  it('a crafted request cannot store an overlapping, gapped or short address history', () => {
    const overlapping = answerScreen(widgets, {}, { ...place(1, `1/1/${year - 2}`, ''), ...place(2, `1/1/${year - 8}`, `3/1/${year - 2}`) });
    expect(overlapping.errors).toEqual({ 'address-history': { overlap: 'true' } });
    expect(overlapping.values.addr_from_1).toBeUndefined();
    const gapped = answerScreen(widgets, {}, { ...place(1, `1/1/${year - 2}`, ''), ...place(2, `1/1/${year - 8}`, `11/1/${year - 3}`) });
    expect(gapped.errors).toEqual({ 'address-history': { gap: 'true' } });
    const short = answerScreen(widgets, {}, place(1, `1/1/${year - 2}`, ''));
    expect(short.errors).toEqual({ 'address-history': { fiveYears: 'true' } });
    const none = answerScreen(widgets, {}, {});
    expect(none.errors).toEqual({ 'address-history': { required: 'true' } });
    const beyond = answerScreen(widgets, {}, { ...place(1, `1/1/${year - 6}`, ''), [`addr_from_${MAX_ENTRIES + 1}`]: '1/1/2000' });
    expect(beyond.unknown).toEqual([`addr_from_${MAX_ENTRIES + 1}`]);
  });

  it('a valid history is stored sorted (newest first) and flattened; employment only checks order', () => {
    const answers = answerScreen(widgets, {}, {
      ...place(1, `1/1/${year - 7}`, `${month}/1/${year - 2}`), ...place(2, `${month}/1/${year - 2}`, ''),
      emp_employer_1: 'Acme', emp_title_1: 'Clerk', emp_start_1: '1/1/2001', emp_end_1: '1/1/2003',
      emp_employer_2: 'Beta', emp_title_2: 'Boss', emp_start_2: '1/1/2010', emp_end_2: '',
    });
    expect(answers.errors).toEqual({});
    expect(answers.values).toMatchObject({ addr_from_1: `${month}/1/${year - 2}`, addr_to_1: '', addr_from_2: `1/1/${year - 7}`, addr_3_street: '' });
    expect(answers.values).toMatchObject({ emp_employer_1: 'Beta', emp_employer_2: 'Acme' });
    const backwards = answerScreen(widgets, {}, { ...place(1, `1/1/${year - 7}`, ''), emp_employer_1: 'Acme', emp_title_1: 'Clerk', emp_start_1: '1/1/2005', emp_end_1: '1/1/2003' });
    expect(backwards.errors).toEqual({ 'employment-history': { startBeforeEnd: 'true' } });
  });
});
