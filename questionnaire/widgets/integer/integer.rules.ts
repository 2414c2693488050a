/** Rules of hu-integer, hu-non-negative-integer, hu-percentage and hu-decimal (widget spec §5). */
import { attr, isRequired, valueOf, variablesOf, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';
import { decimalValue, formatPercentage, integerDigits, nonNegativeInteger, percentageValue } from './numbers';

const keep = (spec: WidgetSpec, text: string): string => {
  switch (spec.tag) {
    case 'hu-non-negative-integer':
      return nonNegativeInteger(text);
    case 'hu-percentage':
      return percentageValue(text);
    case 'hu-decimal':
      return decimalValue(text);
    default:
      return integerDigits(text);
  }
};

const bound = (spec: WidgetSpec, name: 'min' | 'max') => {
  const value = attr(spec, name);
  return value !== undefined && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null;
};

export const integerRules: WidgetRules = {
  variables: (spec) => variablesOf(spec).slice(0, 1),
  normalize: (spec, values) => {
    const variable = variablesOf(spec)[0];
    return variable ? { [variable]: keep(spec, valueOf(values, variable)) } : {};
  },
  validate: (spec, values): WidgetErrors | null => {
    const value = valueOf(values, variablesOf(spec)[0]);
    if (value === '' || value === '-' || value === '.') return isRequired(spec) ? { required: 'true' } : null;
    const number = Number(value);
    if (!Number.isFinite(number)) return { invalid: 'true' };
    const [min, max] = [bound(spec, 'min'), bound(spec, 'max')];
    if (min !== null && number < min) return { min: String(min) };
    if (max !== null && number > max) return { max: String(max) };
    return null;
  },
  hasValue: (spec, values) => valueOf(values, variablesOf(spec)[0]) !== '',
  display: (spec, values) => {
    const value = valueOf(values, variablesOf(spec)[0]);
    return spec.tag === 'hu-percentage' ? formatPercentage(value) : value;
  },
};
