/** Social security number (widget spec §2, §3, §5): only digits kept, shown 3-2-4, stored without dashes. */
import { isRequired, valueOf, variablesOf, type WidgetErrors, type WidgetRules } from '../widget';

export const SSN_DIGITS = 9;

export const ssnDigits = (text: string) => text.replace(/\D/g, '').slice(0, SSN_DIGITS);

/** '123456789' → '123-45-6789'; partial input is shown as far as it goes ('1234' → '123-4'). */
export function formatSsn(digits: string): string {
  const d = ssnDigits(digits);
  return [d.slice(0, 3), d.slice(3, 5), d.slice(5, 9)].filter(Boolean).join('-');
}

export const ssnRules: WidgetRules = {
  variables: (spec) => variablesOf(spec).slice(0, 1),
  normalize: (spec, values) => {
    const variable = variablesOf(spec)[0];
    return variable ? { [variable]: ssnDigits(valueOf(values, variable)) } : {};
  },
  validate: (spec, values): WidgetErrors | null => {
    const digits = valueOf(values, variablesOf(spec)[0]);
    if (digits === '') return isRequired(spec) ? { required: 'true' } : null;
    return digits.length === SSN_DIGITS ? null : { invalid: 'true' };
  },
  hasValue: (spec, values) => valueOf(values, variablesOf(spec)[0]) !== '',
  display: (spec, values) => {
    const digits = valueOf(values, variablesOf(spec)[0]);
    return digits ? `***-**-${digits.slice(5)}` : '';
  },
};
