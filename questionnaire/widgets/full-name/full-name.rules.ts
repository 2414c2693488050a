/** Full name (widget spec §2, §5): First, Middle, Last; middle never required; first letters capitalised. */
import { textErrors } from '../text/text.rules';
import { isRequired, valueOf, variablesOf, type Values, type WidgetErrors, type WidgetRules } from '../widget';

export const capitalizeName = (text: string) => text.replace(/(^|[\s'-])(\p{Ll})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase());

export const fullNameRules: WidgetRules = {
  variables: (spec) => variablesOf(spec).slice(0, 3),
  normalize: (spec, values) => {
    const out: Values = {};
    for (const variable of variablesOf(spec).slice(0, 3)) out[variable] = capitalizeName(valueOf(values, variable));
    return out;
  },
  validate: (spec, values): WidgetErrors | null => {
    const [first, middle, last] = variablesOf(spec);
    const parts: [string, string | undefined, boolean][] = [
      ['first', first, isRequired(spec)],
      ['middle', middle, false],
      ['last', last, isRequired(spec)],
    ];
    const errors: Record<string, string[]> = {};
    for (const [part, variable, required] of parts) {
      const error = textErrors(spec, valueOf(values, variable), required);
      for (const key of Object.keys(error ?? {})) (errors[key] ??= []).push(part);
    }
    const entries = Object.entries(errors);
    return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, v.join(',')])) : null;
  },
  hasValue: (spec, values) => {
    const [first, , last] = variablesOf(spec);
    return valueOf(values, first).trim() !== '' && valueOf(values, last).trim() !== '';
  },
  display: (spec, values) =>
    variablesOf(spec)
      .slice(0, 3)
      .map((v) => valueOf(values, v).trim())
      .filter(Boolean)
      .join(' '),
};
