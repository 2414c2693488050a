/**
 * Phone (widget spec §2 `international`, §3, §4, §5, §8, §9): one variable, stored as digits only;
 * default region US; with `international` numbers of other countries are allowed too. A non-empty
 * number that is not valid gives the error 'Invalid number' (key `invalidNumber`); an empty required one
 * gives `required`. Shown in national format (US) or international format (other countries) when valid.
 *
 * Shared by the client widget and the server, over the phone rules of every phone field (core/format/phone-rules.ts)
 * passed in: the browser loads them lazily (`widget-loader.ts`, core/format/phone-load.ts), the server binds them
 * statically (`phone.rules.static.ts`). Nothing here imports libphonenumber's metadata, so the widget chunk stays small.
 *
 * Stored digits: a US number as its 10-digit national number; any other number as its E.164 digits
 * (country calling code first, no '+'), so the stored value reads back unambiguously in either mode
 * (a valid US reading wins, the default region being US).
 */
import type { PhoneNumber } from 'libphonenumber-js/core';
import type { PhoneRules } from '../../../core/format/phone-rules';
import { flag, isRequired, valueOf, variablesOf, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

/** Widget spec §9: default region US (whatever the partner's country). */
export const PHONE_DEFAULT_COUNTRY = 'US';
/** Error key of a number that is not valid; its message is 'Invalid number' (widget spec §5, §8). */
export const INVALID_NUMBER = 'invalidNumber';

export const phoneDigits = (text: string): string => text.replace(/\D/g, '');
export const isInternational = (spec: WidgetSpec): boolean => flag(spec, 'international');

/**
 * Reads typed text ('(801) 555-0142', '+44 20 7946 0958', '011 44 …') or stored digits: as a number of the
 * default region first, else as an international number (the digits with a '+'). Undefined when there is
 * nothing to read; otherwise the best reading, valid or not.
 */
export function parsePhone(text: string, rules: PhoneRules): PhoneNumber | undefined {
  return phoneDigits(text) ? rules.parse(text, PHONE_DEFAULT_COUNTRY) : undefined;
}

/** Digits only: a valid number canonically (see above), anything else as the digits typed. */
export function phoneValue(text: string, rules: PhoneRules): string {
  const number = parsePhone(text, rules);
  if (!number?.isValid()) return phoneDigits(text);
  return number.country === PHONE_DEFAULT_COUNTRY ? number.nationalNumber : number.number.slice(1);
}

/** Whether a number may be the answer: valid, and of the US unless the widget is international. */
export function isAllowedPhone(number: PhoneNumber | undefined, international: boolean): boolean {
  return number !== undefined && number.isValid() && (international || number.country === PHONE_DEFAULT_COUNTRY);
}

/** A valid number in national format (US) or international format (other countries); else the text as is. */
export const formatPhone = (text: string, rules: PhoneRules): string => rules.format(text, PHONE_DEFAULT_COUNTRY);

/** Reformatting as typed (spec §4): '8015550' → '(801) 555-0', '+4420' → '+44 20'. */
export const formatAsTyped = (text: string, rules: PhoneRules): string => rules.asTyped(text, PHONE_DEFAULT_COUNTRY);

export function phoneRulesWith(phone: PhoneRules): WidgetRules {
  const valueIn = (spec: WidgetSpec, values: Record<string, string>) => valueOf(values, variablesOf(spec)[0]);
  return {
    variables: (spec) => variablesOf(spec).slice(0, 1),
    normalize: (spec, values) => {
      const variable = variablesOf(spec)[0];
      return variable ? { [variable]: phoneValue(valueOf(values, variable), phone) } : {};
    },
    validate: (spec, values): WidgetErrors | null => {
      const value = valueIn(spec, values);
      if (value.trim() === '') return isRequired(spec) ? { required: 'true' } : null;
      return isAllowedPhone(parsePhone(value, phone), isInternational(spec)) ? null : { [INVALID_NUMBER]: 'true' };
    },
    hasValue: (spec, values) => valueIn(spec, values).trim() !== '',
    display: (spec, values) => formatPhone(valueIn(spec, values), phone),
  };
}
