/**
 * Radio/checkbox group (widget spec §3–§5): each option writes its own variable — checked: the option's
 * value or the true value (default 'Yes'); unchecked: the false value (default 'Off'). `checkbox="false"`
 * is radio mode: one option at most. Required: at least one option true, else `radioCheckbox: 'invalid'`.
 */
import { attr, flag, isRequired, joinWithAnd, OFF, valueOf, YES, type OptionSpec, type Values, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

export const trueValue = (spec: WidgetSpec, option: OptionSpec) => option.value || attr(spec, 'true-value') || YES;
export const falseValue = (spec: WidgetSpec) => attr(spec, 'false-value') || OFF;
export const isRadioMode = (spec: WidgetSpec) => !flag(spec, 'checkbox', true);
export const isChecked = (spec: WidgetSpec, option: OptionSpec, values: Values) => valueOf(values, option.variable) === trueValue(spec, option);

/** The values after toggling one option: in radio mode choosing one clears the others. */
export function toggleOption(spec: WidgetSpec, values: Values, index: number): Values {
  const out: Values = { ...values };
  spec.options.forEach((option, i) => {
    const checked = isChecked(spec, option, values);
    if (i === index) out[option.variable] = checked && !isRadioMode(spec) ? falseValue(spec) : trueValue(spec, option);
    else if (isRadioMode(spec)) out[option.variable] = falseValue(spec);
    else out[option.variable] = checked ? trueValue(spec, option) : falseValue(spec);
  });
  return out;
}

const checkedLabels = (spec: WidgetSpec, values: Values) => spec.options.filter((o) => isChecked(spec, o, values)).map((o) => o.label);

export const radioCheckboxRules: WidgetRules = {
  variables: (spec) => [...new Set(spec.options.map((o) => o.variable).filter(Boolean))],
  normalize: (spec, values) => {
    const out: Values = {};
    for (const option of spec.options) {
      if (!option.variable) continue;
      out[option.variable] = isChecked(spec, option, values) ? trueValue(spec, option) : falseValue(spec);
    }
    return out;
  },
  validate: (spec, values): WidgetErrors | null => {
    const checked = checkedLabels(spec, values).length;
    if (isRadioMode(spec) && checked > 1) return { radioCheckbox: 'invalid' };
    if (isRequired(spec) && checked === 0) return { radioCheckbox: 'invalid' };
    return null;
  },
  hasValue: (spec, values) => checkedLabels(spec, values).length > 0,
  /** 'a, b and c' (widget spec §4). */
  display: (spec, values) => joinWithAnd(checkedLabels(spec, values)),
};
