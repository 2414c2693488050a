/** Currency (widget spec §3, §5): stored as plain number text; optional required, min and max. */
import { attr, isRequired, valueOf, variablesOf, type WidgetErrors, type WidgetRules } from '../widget';
import { DEFAULT_CURRENCY_CODE, DEFAULT_LOCALE } from '../../reference/lists';
import { currencyValue, formatCurrency } from './currency-format';

export const currencyRules: WidgetRules = {
  variables: (spec) => variablesOf(spec).slice(0, 1),
  normalize: (spec, values) => {
    const variable = variablesOf(spec)[0];
    return variable ? { [variable]: currencyValue(valueOf(values, variable)) } : {};
  },
  validate: (spec, values): WidgetErrors | null => {
    const value = valueOf(values, variablesOf(spec)[0]);
    if (value === '') return isRequired(spec) ? { required: 'true' } : null;
    if (!Number.isFinite(Number(value))) return { invalid: 'true' };
    const min = attr(spec, 'min');
    if (min !== undefined && Number.isFinite(Number(min)) && Number(value) < Number(min)) return { min };
    const max = attr(spec, 'max');
    if (max !== undefined && Number.isFinite(Number(max)) && Number(value) > Number(max)) return { max };
    return null;
  },
  hasValue: (spec, values) => valueOf(values, variablesOf(spec)[0]) !== '',
  display: (spec, values) =>
    formatCurrency(valueOf(values, variablesOf(spec)[0]), attr(spec, 'currency-code') || DEFAULT_CURRENCY_CODE, attr(spec, 'locale') || DEFAULT_LOCALE),
};
