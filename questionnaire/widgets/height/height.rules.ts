/**
 * Height (widget spec §2, §5, §9): two dropdowns, Feet and Inches, each with a blank disabled first
 * option; each required when required. The option lists currently contain only '10' (spec §9).
 */
import { isRequired, valueOf, variablesOf, type WidgetErrors, type WidgetRules } from '../widget';

export const FEET_OPTIONS = ['10'] as const;
export const INCH_OPTIONS = ['10'] as const;

export const heightRules: WidgetRules = {
  variables: (spec) => variablesOf(spec).slice(0, 2),
  normalize: (spec, values) => Object.fromEntries(variablesOf(spec).slice(0, 2).map((v) => [v, valueOf(values, v).trim()])),
  validate: (spec, values): WidgetErrors | null => {
    const [feet, inches] = variablesOf(spec);
    const parts: [string, string, readonly string[]][] = [
      ['feet', valueOf(values, feet), FEET_OPTIONS],
      ['inches', valueOf(values, inches), INCH_OPTIONS],
    ];
    const missing = parts.filter(([, value]) => value === '' && isRequired(spec)).map(([p]) => p);
    const unlisted = parts.filter(([, value, options]) => value !== '' && !options.includes(value)).map(([p]) => p);
    if (unlisted.length) return { listedValue: unlisted.join(',') };
    return missing.length ? { required: missing.join(',') } : null;
  },
  hasValue: (spec, values) => variablesOf(spec).slice(0, 2).every((v) => valueOf(values, v) !== ''),
  display: (spec, values) => {
    const [feet, inches] = variablesOf(spec);
    const [f, i] = [valueOf(values, feet), valueOf(values, inches)];
    return f || i ? `${f || 0} ft ${i || 0} in` : '';
  },
};
