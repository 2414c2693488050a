/** Double text (widget spec §2): two text inputs, each by the text rules. */
import { capitalize, isTextRequired, textErrors } from '../text/text.rules';
import { valueOf, variablesOf, type Values, type WidgetErrors, type WidgetRules } from '../widget';

export const doubleTextRules: WidgetRules = {
  variables: (spec) => variablesOf(spec).slice(0, 2),
  normalize: (spec, values) => {
    const out: Values = {};
    for (const variable of variablesOf(spec).slice(0, 2)) out[variable] = capitalize(spec, valueOf(values, variable));
    return out;
  },
  validate: (spec, values): WidgetErrors | null => {
    const errors: Record<string, string[]> = {};
    variablesOf(spec)
      .slice(0, 2)
      .forEach((variable, i) => {
        const error = textErrors(spec, valueOf(values, variable), isTextRequired(spec));
        for (const key of Object.keys(error ?? {})) (errors[key] ??= []).push(i === 0 ? 'first' : 'second');
      });
    const entries = Object.entries(errors);
    return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, v.join(',')])) : null;
  },
  hasValue: (spec, values) => variablesOf(spec).slice(0, 2).every((v) => valueOf(values, v).trim() !== ''),
  display: (spec, values) =>
    variablesOf(spec)
      .slice(0, 2)
      .map((v) => valueOf(values, v))
      .filter(Boolean)
      .join(' '),
};
