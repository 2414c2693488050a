/**
 * Repeating-entries grid (widget spec §2–§5, §8, §9): `<hu-entries-grid>` holds an entry form of other
 * widgets whose variables contain the row placeholder `{r}`; each entry is flattened into numbered
 * variables (`addr_city_{r}` → `addr_city_1`, `addr_city_2`, …), rows 1..n with nothing after them.
 *
 * Attributes: `column-titles`, `column-vars` (entry variables with `{r}`), `column-weights`,
 * `column-filters` (`full country`: a country code shown by name; `current date`: an empty date shown as
 * today), `sort-by` (keys with + / - direction, see sort.ts), `all-variables` (entry variables beyond the
 * entry form's own), `required` (at least one entry), `custom-validation` (`addressHistory`,
 * `employmentHistory`, `tripHistory`, see history.ts) with `start-variable` / `end-variable` (default: the
 * first variables of the first two date widgets of the entry form).
 *
 * The rules need the rules of the entry form's widgets: the server passes its registry (rules.ts), the
 * client the rules of the widget chunks it has loaded.
 */
import { countryName } from '../../reference/countries';
import type { WidgetTag } from '../tags';
import { attr, isRequired, list, valueOf, type Values, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';
import { formatEntryDate, historyErrors, isHistoryKind, today, type DatedEntry, type HistoryKind } from './history';
import { parseSortBy, sortEntries, type Entry } from './sort';

export const ROW = '{r}';
/** Ours: the most entries one grid holds (every row's variables are listed, so the server knows them). */
export const MAX_ENTRIES = 20;
/** Widget spec §4, §9: the dialog renders 50 ms after it opens. */
export const DIALOG_RENDER_DELAY_MS = 50;

export type RulesOf = (tag: WidgetTag) => WidgetRules | undefined;

export const rowVariable = (pattern: string, row: number) => pattern.split(ROW).join(String(row));

/** The entry form's widgets for one row: every `{r}` in their attributes and options is the row number. */
export function rowSpecs(spec: WidgetSpec, row: number): WidgetSpec[] {
  const fill = (text: string) => rowVariable(text, row);
  const instantiate = (child: WidgetSpec): WidgetSpec => ({
    ...child,
    key: fill(child.key),
    attributes: Object.fromEntries(Object.entries(child.attributes).map(([name, value]) => [name, fill(value)])),
    options: child.options.map((o) => ({ ...o, variable: fill(o.variable), label: fill(o.label) })),
    text: fill(child.text),
    ...(child.children ? { children: child.children } : {}),
  });
  return (spec.children ?? []).map(instantiate);
}

/** The entry variables (with `{r}`): the entry form's own, then `all-variables`. */
export function entryPatterns(spec: WidgetSpec, rulesOf: RulesOf): string[] {
  const patterns = new Set<string>();
  for (const child of spec.children ?? []) {
    for (const variable of rulesOf(child.tag)?.variables(child) ?? []) if (variable.includes(ROW)) patterns.add(variable);
  }
  for (const variable of list(attr(spec, 'all-variables'))) if (variable.includes(ROW)) patterns.add(variable);
  return [...patterns];
}

const isBlank = (entry: Entry) => Object.values(entry).every((v) => v.trim() === '');

/** The entries held in `values` (rows without any value are skipped), keyed by pattern. */
export function readEntries(patterns: readonly string[], values: Values): Entry[] {
  const entries: Entry[] = [];
  for (let row = 1; row <= MAX_ENTRIES; row++) {
    const entry: Record<string, string> = {};
    for (const pattern of patterns) entry[pattern] = valueOf(values, rowVariable(pattern, row));
    if (!isBlank(entry)) entries.push(entry);
  }
  return entries;
}

/** Entries → numbered variables, rows 1..n, and every later row emptied. */
export function flattenEntries(patterns: readonly string[], entries: readonly Entry[]): Values {
  const out: Values = {};
  for (let row = 1; row <= MAX_ENTRIES; row++) {
    const entry = entries[row - 1];
    for (const pattern of patterns) out[rowVariable(pattern, row)] = entry?.[pattern] ?? '';
  }
  return out;
}

/** One entry's variables as the entry form of `row` sees them (concrete names). */
export function entryValues(entry: Entry, row: number): Values {
  const out: Values = {};
  for (const [pattern, value] of Object.entries(entry)) out[rowVariable(pattern, row)] = value;
  return out;
}

/** Concrete values of `row` → an entry keyed by pattern. */
export function entryFromValues(patterns: readonly string[], values: Values, row: number): Entry {
  const entry: Record<string, string> = {};
  for (const pattern of patterns) entry[pattern] = valueOf(values, rowVariable(pattern, row));
  return entry;
}

/** The entry form's values of `row`, normalized by each widget's rules. */
export function normalizeEntry(spec: WidgetSpec, rulesOf: RulesOf, values: Values, row: number): Values {
  const out: Values = { ...values };
  for (const child of rowSpecs(spec, row)) {
    const rules = rulesOf(child.tag);
    if (!rules) continue;
    const own: Values = {};
    for (const variable of rules.variables(child)) own[variable] = valueOf(values, variable);
    Object.assign(out, rules.normalize(child, own));
  }
  return out;
}

/** Each entry-form widget's errors for `row` (key → errors); empty when the entry may be added. */
export function entryFormErrors(spec: WidgetSpec, rulesOf: RulesOf, values: Values, row: number): Record<string, WidgetErrors> {
  const errors: Record<string, WidgetErrors> = {};
  for (const child of rowSpecs(spec, row)) {
    const rules = rulesOf(child.tag);
    if (!rules) {
      errors[child.key] = { invalid: 'unknown widget' };
      continue;
    }
    const own: Values = {};
    for (const variable of rules.variables(child)) own[variable] = valueOf(values, variable);
    const childErrors = rules.validate(child, rules.normalize(child, own));
    if (childErrors) errors[child.key] = childErrors;
  }
  return errors;
}

/** `custom-validation`, matched without regard to case, dashes or spaces; undefined without one. */
export function historyKindOf(spec: WidgetSpec): HistoryKind | 'unknown' | undefined {
  const name = attr(spec, 'custom-validation')?.trim();
  if (!name) return undefined;
  const wanted = name.replace(/[^a-z]/gi, '').toLowerCase();
  const kinds = ['addressHistory', 'employmentHistory', 'tripHistory'] as const;
  return kinds.find((k) => k.toLowerCase() === wanted) ?? (isHistoryKind(name) ? name : 'unknown');
}

/** The start and end date variables (with `{r}`) the history rules read. */
export function dateVariables(spec: WidgetSpec): { start: string; end: string } {
  const dates = (spec.children ?? []).filter((c) => c.tag === 'hu-date').map((c) => list(c.attributes.variables)[0] ?? '');
  return { start: attr(spec, 'start-variable') ?? dates[0] ?? '', end: attr(spec, 'end-variable') ?? dates[1] ?? '' };
}

export function datedEntries(spec: WidgetSpec, entries: readonly Entry[]): DatedEntry[] {
  const { start, end } = dateVariables(spec);
  return entries.map((e) => ({ start: e[start] ?? '', end: e[end] ?? '' }));
}

// ---- columns ----

export type ColumnFilter = 'fullCountry' | 'currentDate' | null;

export interface Column {
  title: string;
  variable: string;
  weight: number;
  filter: ColumnFilter;
}

export function parseFilter(text: string | undefined): ColumnFilter {
  const name = (text ?? '').replace(/[^a-z]/gi, '').toLowerCase();
  if (name === 'fullcountry') return 'fullCountry';
  if (name === 'currentdate') return 'currentDate';
  return null;
}

export function columnsOf(spec: WidgetSpec): Column[] {
  const titles = list(attr(spec, 'column-titles'));
  // Filters and weights keep empty slots ("full country,,current date").
  const filters = (attr(spec, 'column-filters') ?? '').split(',');
  const weights = (attr(spec, 'column-weights') ?? '').split(',');
  return list(attr(spec, 'column-vars')).map((variable, i) => {
    const weight = Number(weights[i]);
    return { title: titles[i] ?? variable, variable, weight: Number.isFinite(weight) && weight > 0 ? weight : 1, filter: parseFilter(filters[i]) };
  });
}

/** A cell's text: a country code by its full name, an empty current-date cell as today (MM/dd/yyyy). */
export function cellText(column: Column, entry: Entry, now: number = today()): string {
  const value = entry[column.variable] ?? '';
  if (column.filter === 'fullCountry') return value ? countryName(value) : '';
  if (column.filter === 'currentDate' && value.trim() === '') return formatEntryDate(now);
  return value;
}

export function entriesGridRules(rulesOf: RulesOf): WidgetRules {
  const entriesOf = (spec: WidgetSpec, values: Values) => readEntries(entryPatterns(spec, rulesOf), values);
  return {
    variables: (spec) => {
      const patterns = entryPatterns(spec, rulesOf);
      return Array.from({ length: MAX_ENTRIES }, (_, i) => patterns.map((p) => rowVariable(p, i + 1))).flat();
    },
    // Each entry normalized by its widgets, the entries sorted, then flattened again from row 1: a request
    // with holes or out of order is stored as the grid would have stored it.
    normalize: (spec, values) => {
      const patterns = entryPatterns(spec, rulesOf);
      const entries = readEntries(patterns, values).map((entry, i) =>
        entryFromValues(patterns, normalizeEntry(spec, rulesOf, entryValues(entry, i + 1), i + 1), i + 1),
      );
      return flattenEntries(patterns, sortEntries(entries, parseSortBy(attr(spec, 'sort-by') ?? attr(spec, 'sortby'))));
    },
    validate: (spec, values) => {
      const entries = entriesOf(spec, values);
      if (entries.length === 0) return isRequired(spec) ? { required: 'true' } : null;
      const errors: WidgetErrors = {};
      const incomplete = entries.findIndex((entry, i) => Object.keys(entryFormErrors(spec, rulesOf, entryValues(entry, i + 1), i + 1)).length > 0);
      if (incomplete >= 0) errors.entryInvalid = String(incomplete + 1);
      const kind = historyKindOf(spec);
      if (kind === 'unknown') errors.customValidation = attr(spec, 'custom-validation') ?? '';
      else if (kind) for (const key of historyErrors(kind, datedEntries(spec, entries))) errors[key] = 'true';
      return Object.keys(errors).length ? errors : null;
    },
    hasValue: (spec, values) => entriesOf(spec, values).length > 0,
    display: (spec, values) => {
      const columns = columnsOf(spec);
      return entriesOf(spec, values)
        .map((entry) => columns.map((c) => cellText(c, entry)).filter(Boolean).join(', '))
        .join('; ');
    },
  };
}
