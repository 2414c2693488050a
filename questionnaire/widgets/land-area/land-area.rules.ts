/**
 * Land-area fields (widget spec §3, §5, §9): ten units of one area. Editing one unit converts it to
 * every other unit with the §9 factors (square feet per unit, square metres per unit, acre = square feet
 * × 0.00002295684), each result rounded to 2 decimals. A value must start with a digit or a point.
 * Each unit writes `<prefix><unit>`; `required` asks for every unit, `required-opts` for the listed ones.
 */
import { attr, isRequired, list, valueOf, type Values, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

export const LAND_UNITS = ['ropani', 'aana', 'paisa', 'daam', 'bigha', 'katha', 'dhur', 'sqfeet', 'sqmeter', 'acre'] as const;
export type LandUnit = (typeof LAND_UNITS)[number];
type TraditionalUnit = Exclude<LandUnit, 'sqfeet' | 'sqmeter' | 'acre'>;

/** Spec §9: square feet in one unit. */
export const SQUARE_FEET_PER_UNIT: Readonly<Record<TraditionalUnit, number>> = {
  ropani: 5476,
  aana: 342.25,
  paisa: 85.5625,
  daam: 21.390625,
  bigha: 72900,
  katha: 3645,
  dhur: 182.25,
};
/** Spec §9: square metres in one unit. */
export const SQUARE_METRES_PER_UNIT: Readonly<Record<TraditionalUnit, number>> = {
  ropani: 508.72,
  aana: 31.8,
  paisa: 7.95,
  daam: 1.99,
  bigha: 6772.6316,
  katha: 338.6316,
  dhur: 16.931579,
};
/** Spec §9: acres = square feet × this. */
export const ACRES_PER_SQUARE_FOOT = 0.00002295684;
/** Not in the spec (it converts square feet and metres only through the units): the international foot. */
export const SQUARE_METRES_PER_SQUARE_FOOT = 0.09290304;
export const LAND_DECIMALS = 2;

const TRADITIONAL = LAND_UNITS.filter((u): u is TraditionalUnit => u in SQUARE_FEET_PER_UNIT);

/** Spec §5: starts with a digit or a point; then a plain decimal number. */
const LAND_VALUE = /^(?:\d+(?:\.\d*)?|\.\d+)$/;
export const isLandValue = (text: string) => LAND_VALUE.test(text);

/** Rounds to 2 decimals and drops trailing zeros ('12.50' → '12.5', '3.00' → '3'). */
export function roundLand(value: number): string {
  const rounded = Math.round((value + Number.EPSILON) * 10 ** LAND_DECIMALS) / 10 ** LAND_DECIMALS;
  return String(rounded);
}

/**
 * Every unit's value after `unit` was set to `typed`: the typed text is kept as it is, the other nine
 * are converted and rounded. Not a number (empty, or not starting with a digit or point): the others
 * are cleared.
 */
export function convertLand(unit: LandUnit, typed: string): Record<LandUnit, string> {
  const text = typed.trim();
  const out = {} as Record<LandUnit, string>;
  if (!isLandValue(text)) {
    for (const u of LAND_UNITS) out[u] = u === unit ? text : '';
    return out;
  }
  const amount = Number(text);
  let squareFeet: number;
  let squareMetres: number;
  const fromMetres = unit === 'sqmeter';
  if (unit === 'sqfeet') {
    squareFeet = amount;
    squareMetres = amount * SQUARE_METRES_PER_SQUARE_FOOT;
  } else if (unit === 'sqmeter') {
    squareMetres = amount;
    squareFeet = amount / SQUARE_METRES_PER_SQUARE_FOOT;
  } else if (unit === 'acre') {
    squareFeet = amount / ACRES_PER_SQUARE_FOOT;
    squareMetres = squareFeet * SQUARE_METRES_PER_SQUARE_FOOT;
  } else {
    squareFeet = amount * SQUARE_FEET_PER_UNIT[unit];
    squareMetres = amount * SQUARE_METRES_PER_UNIT[unit];
  }
  for (const u of TRADITIONAL) {
    // Typed in square metres: the traditional units follow the metre table of §9, otherwise the foot table.
    out[u] = roundLand(fromMetres ? squareMetres / SQUARE_METRES_PER_UNIT[u] : squareFeet / SQUARE_FEET_PER_UNIT[u]);
  }
  out.sqfeet = roundLand(squareFeet);
  out.sqmeter = roundLand(squareMetres);
  out.acre = roundLand(squareFeet * ACRES_PER_SQUARE_FOOT);
  out[unit] = text;
  return out;
}

export const landVariable = (spec: WidgetSpec, unit: LandUnit) => `${attr(spec, 'prefix') ?? ''}${unit}`;

export function requiredUnits(spec: WidgetSpec): LandUnit[] {
  const opts = attr(spec, 'required-opts');
  if (opts !== undefined) return list(opts).filter((u): u is LandUnit => (LAND_UNITS as readonly string[]).includes(u));
  return isRequired(spec) ? [...LAND_UNITS] : [];
}

export const landAreaRules: WidgetRules = {
  variables: (spec) => LAND_UNITS.map((u) => landVariable(spec, u)),
  normalize: (spec, values) => {
    const out: Values = {};
    for (const u of LAND_UNITS) out[landVariable(spec, u)] = valueOf(values, landVariable(spec, u)).trim();
    return out;
  },
  validate: (spec, values): WidgetErrors | null => {
    const required = new Set(requiredUnits(spec));
    const errors: WidgetErrors = {};
    for (const u of LAND_UNITS) {
      const value = valueOf(values, landVariable(spec, u));
      if (value === '') {
        if (required.has(u)) errors.required ??= u;
      } else if (!isLandValue(value)) errors.landValue ??= u;
    }
    // One message at a time: the value error first, as it names what to fix.
    if (errors.landValue) return { landValue: errors.landValue };
    return errors.required ? { required: errors.required } : null;
  },
  hasValue: (spec, values) => LAND_UNITS.some((u) => valueOf(values, landVariable(spec, u)) !== ''),
  display: (spec, values) =>
    LAND_UNITS.filter((u) => valueOf(values, landVariable(spec, u)) !== '')
      .map((u) => `${valueOf(values, landVariable(spec, u))} ${u}`)
      .join(', '),
};
