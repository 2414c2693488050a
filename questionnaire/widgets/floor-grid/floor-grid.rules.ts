/**
 * Spreadsheet-style floor grid (widget spec §3, §9): one row per `row-keys` entry (titled by
 * `row-titles`), one column per floor ('1st Floor', '2nd Floor', …; `floors`, default 1) plus a Basement
 * column first with `basement`. Each cell writes the variable `pattern` with its row placeholder `{r}`
 * replaced by the row key and its floor placeholder `{f}` by the floor number, or `b` for the basement.
 * A cell holds a count: digits, optionally with a decimal point; `required` asks for every cell.
 */
import { cellTableRules } from '../cell-table.rules';
import { attr, flag, isRequired, list, valueOf, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

export const ROW_PLACEHOLDER = '{r}';
export const FLOOR_PLACEHOLDER = '{f}';
/** Spec §3: the basement column is marked b. */
export const BASEMENT_FLOOR = 'b';
export const DEFAULT_FLOOR_PATTERN = `${ROW_PLACEHOLDER}_floor_${FLOOR_PLACEHOLDER}`;
/** Ours: a building taller than this is a typo. */
export const MAX_FLOORS = 100;

/** 1 → '1st', 2 → '2nd', 3 → '3rd', 11 → '11th', 21 → '21st', 112 → '112th'. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

export const floorCount = (spec: WidgetSpec): number => {
  const text = attr(spec, 'floors')?.trim() ?? '';
  const n = /^\d{1,3}$/.test(text) ? Number(text) : 1;
  return Math.min(Math.max(n, 1), MAX_FLOORS);
};

/** The columns: 'b' first when there is a basement, then '1', '2', … */
export function floorsOf(spec: WidgetSpec): string[] {
  const floors = Array.from({ length: floorCount(spec) }, (_, i) => String(i + 1));
  return flag(spec, 'basement') ? [BASEMENT_FLOOR, ...floors] : floors;
}

export interface FloorRow {
  key: string;
  title: string;
}

export function floorRows(spec: WidgetSpec): FloorRow[] {
  const titles = list(attr(spec, 'row-titles'));
  return list(attr(spec, 'row-keys'))
    .filter((key) => /^[A-Za-z0-9_-]{1,64}$/.test(key))
    .map((key, i) => ({ key, title: titles[i] ?? key }));
}

export function floorVariable(spec: WidgetSpec, row: string, floor: string): string {
  const pattern = attr(spec, 'pattern') || DEFAULT_FLOOR_PATTERN;
  return pattern.split(ROW_PLACEHOLDER).join(row).split(FLOOR_PLACEHOLDER).join(floor);
}

const FLOOR_VALUE = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

const variables = (spec: WidgetSpec) => floorRows(spec).flatMap((row) => floorsOf(spec).map((floor) => floorVariable(spec, row.key, floor)));

export const floorGridRules: WidgetRules = {
  ...cellTableRules(variables),
  validate: (spec, values): WidgetErrors | null => {
    let missing: string | undefined;
    for (const variable of variables(spec)) {
      const value = valueOf(values, variable);
      if (value === '') missing ??= variable;
      else if (!FLOOR_VALUE.test(value)) return { invalid: variable };
    }
    return missing && isRequired(spec) ? { required: missing } : null;
  },
  display: (spec, values) =>
    floorRows(spec)
      .map((row) => `${row.title}: ${floorsOf(spec).map((f) => valueOf(values, floorVariable(spec, row.key, f)) || '-').join(' / ')}`)
      .join('; '),
};
