/**
 * Workforce table (widget spec §3, §5, §9): male and female counts per category (6), per location type
 * (Foreign, Local) and per location (5 by default, or the `locations` attribute). The Foreign cells of
 * Unskilled and Semi-Skilled are disabled (a dash, no variable). Every count is required, a number and
 * not negative (minimum 0); the whole table must be valid ('Form is not valid').
 * Each cell writes `<prefix><category>_<type>_<location>_<gender>` in lower case with underscores.
 */
import { cellTableRules } from '../cell-table.rules';
import { attr, flag, list, valueOf, type Values, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

export const WORKFORCE_CATEGORIES = ['Unskilled', 'Semi-Skilled', 'Skilled', 'Supervisory', 'Professional', 'Senior Management'] as const;
export const WORKFORCE_LOCATION_TYPES = ['Foreign', 'Local'] as const;
export const WORKFORCE_DEFAULT_LOCATIONS = ['Afungi', 'Palma', 'Mocimboa', 'Rest of Cabo Delgado', 'Rest of Mozambique'] as const;
export const WORKFORCE_GENDERS = ['Male', 'Female'] as const;
/** Spec §9: the table's height in pixels. */
export const WORKFORCE_TABLE_HEIGHT_PX = 800;
export const WORKFORCE_MINIMUM = 0;
/** Spec §5: the Foreign cells of these categories are disabled and show a dash. */
const NO_FOREIGN = new Set<string>(['Unskilled', 'Semi-Skilled']);

export type WorkforceCategory = (typeof WORKFORCE_CATEGORIES)[number];
export type WorkforceLocationType = (typeof WORKFORCE_LOCATION_TYPES)[number];
export type WorkforceGender = (typeof WORKFORCE_GENDERS)[number];

/** Cell error key → message key of the texts ('Input must be a value', …). */
export type CellError = 'value' | 'positive' | 'number';

export interface WorkforceCell {
  category: WorkforceCategory;
  type: WorkforceLocationType;
  location: string;
  gender: WorkforceGender;
  /** Null for a disabled cell. */
  variable: string | null;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

export const isDisabledCell = (category: string, type: string) => type === 'Foreign' && NO_FOREIGN.has(category);

export const workforceLocations = (spec: WidgetSpec): string[] => {
  const own = list(attr(spec, 'locations'));
  return own.length > 0 ? own : [...WORKFORCE_DEFAULT_LOCATIONS];
};

export const isReadOnly = (spec: WidgetSpec) => flag(spec, 'read-only') || flag(spec, 'readonly');

export function cellVariable(spec: WidgetSpec, category: string, type: string, location: string, gender: string): string {
  return `${attr(spec, 'prefix') ?? ''}${slug(category)}_${slug(type)}_${slug(location)}_${slug(gender)}`;
}

/** Every cell in table order: category, gender, then location type and location. */
export function workforceCells(spec: WidgetSpec): WorkforceCell[] {
  const locations = workforceLocations(spec);
  const cells: WorkforceCell[] = [];
  for (const category of WORKFORCE_CATEGORIES) {
    for (const gender of WORKFORCE_GENDERS) {
      for (const type of WORKFORCE_LOCATION_TYPES) {
        for (const location of locations) {
          const variable = isDisabledCell(category, type) ? null : cellVariable(spec, category, type, location, gender);
          cells.push({ category, type, location, gender, variable });
        }
      }
    }
  }
  return cells;
}

/** Spec §5: required ('Input must be a value'), a number ('Input must be a number'), not negative ('Input must be positive'). */
export function cellError(value: string): CellError | null {
  const text = value.trim();
  if (text === '') return 'value';
  if (!/^-?(?:\d+(?:\.\d*)?|\.\d+)$/.test(text)) return 'number';
  if (Number(text) < WORKFORCE_MINIMUM) return 'positive';
  return null;
}

/** Variable → error of each invalid cell. */
export function cellErrors(spec: WidgetSpec, values: Values): Record<string, CellError> {
  const errors: Record<string, CellError> = {};
  for (const cell of workforceCells(spec)) {
    if (!cell.variable) continue;
    const error = cellError(valueOf(values, cell.variable));
    if (error) errors[cell.variable] = error;
  }
  return errors;
}

const variables = (spec: WidgetSpec) => workforceCells(spec).flatMap((c) => (c.variable ? [c.variable] : []));

export const workforceTableRules: WidgetRules = {
  ...cellTableRules(variables),
  validate: (spec, values): WidgetErrors | null => {
    const cells = cellErrors(spec, values);
    // The table's message first (the frame shows the first key), then each cell's error by variable.
    return Object.keys(cells).length === 0 ? null : { workforceForm: 'true', ...cells };
  },
  display: (spec, values) => {
    const total = (type: WorkforceLocationType) =>
      workforceCells(spec)
        .filter((c) => c.variable && c.type === type)
        .reduce((sum, c) => sum + (Number(valueOf(values, c.variable!)) || 0), 0);
    const foreign = total('Foreign');
    const local = total('Local');
    return `${foreign + local} (Foreign ${foreign}, Local ${local})`;
  },
};
