/**
 * Alien registration number (widget spec §3, §5, §9): digits only; shown A# then three, three, three
 * digits with dashes; maximum length 13; pattern A#ddd-ddd-d{0,3}.
 */
import { isRequired, valueOf, variablesOf, type WidgetErrors, type WidgetRules } from '../widget';

export const ALIEN_NUMBER_MAX_LENGTH = 13;
export const ALIEN_NUMBER_PATTERN = /^A#\d{3}-\d{3}-\d{0,3}$/;

export const alienDigits = (text: string) => text.replace(/\D/g, '').slice(0, 9);

/** '123456789' → 'A#123-456-789'; partial input as far as it goes. */
export function formatAlienNumber(text: string): string {
  const d = alienDigits(text);
  if (!d) return '';
  const groups = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)];
  let shown = `A#${groups[0]}`;
  if (d.length > 3) shown += `-${groups[1]}`;
  if (d.length > 6) shown += `-${groups[2]}`;
  return shown.slice(0, ALIEN_NUMBER_MAX_LENGTH);
}

export const alienNumberRules: WidgetRules = {
  variables: (spec) => variablesOf(spec).slice(0, 1),
  normalize: (spec, values) => {
    const variable = variablesOf(spec)[0];
    return variable ? { [variable]: alienDigits(valueOf(values, variable)) } : {};
  },
  validate: (spec, values): WidgetErrors | null => {
    const digits = valueOf(values, variablesOf(spec)[0]);
    if (digits === '') return isRequired(spec) ? { required: 'true' } : null;
    // The pattern needs the trailing dash: at least six digits.
    const shown = formatAlienNumber(digits);
    return ALIEN_NUMBER_PATTERN.test(digits.length === 6 ? `${shown}-` : shown) ? null : { pattern: 'true' };
  },
  hasValue: (spec, values) => valueOf(values, variablesOf(spec)[0]) !== '',
  display: (spec, values) => formatAlienNumber(valueOf(values, variablesOf(spec)[0])),
};
