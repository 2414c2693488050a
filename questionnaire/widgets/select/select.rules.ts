/**
 * Select one and searchable select (widget spec §3, §5): the value must equal one of the options; empty
 * is allowed when not required; required and empty is invalid. Error keys `selectOneWidget` and
 * `selectWidget`, value 'invalid'. Choosing an option sets that option's flag variable to Yes and all
 * others to Off.
 */
import { isRequired, OFF, valueOf, variablesOf, YES, type OptionSpec, type Values, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

export const optionValue = (option: OptionSpec) => option.value || option.label;
export const errorKeyOf = (spec: WidgetSpec) => (spec.tag === 'hu-searchable-select' ? 'selectWidget' : 'selectOneWidget');

/** The values after choosing `value` ('' clears). */
export function chooseOption(spec: WidgetSpec, value: string): Values {
  const out: Values = {};
  const variable = variablesOf(spec)[0];
  if (variable) out[variable] = value;
  for (const option of spec.options) if (option.variable) out[option.variable] = optionValue(option) === value && value !== '' ? YES : OFF;
  return out;
}

export const selectRules: WidgetRules = {
  variables: (spec) => [...new Set([...variablesOf(spec).slice(0, 1), ...spec.options.map((o) => o.variable).filter(Boolean)])],
  normalize: (spec, values) => {
    const value = valueOf(values, variablesOf(spec)[0]);
    const listed = spec.options.some((o) => optionValue(o) === value);
    // Flags follow the value; an unlisted value is kept so that validation can name it.
    return { ...chooseOption(spec, listed ? value : ''), ...(variablesOf(spec)[0] ? { [variablesOf(spec)[0]!]: value } : {}) };
  },
  validate: (spec, values): WidgetErrors | null => {
    const value = valueOf(values, variablesOf(spec)[0]);
    if (value === '') return isRequired(spec) ? { [errorKeyOf(spec)]: 'invalid' } : null;
    return spec.options.some((o) => optionValue(o) === value) ? null : { [errorKeyOf(spec)]: 'invalid' };
  },
  hasValue: (spec, values) => valueOf(values, variablesOf(spec)[0]) !== '',
  display: (spec, values) => {
    const value = valueOf(values, variablesOf(spec)[0]);
    return spec.options.find((o) => optionValue(o) === value)?.label ?? value;
  },
};
