/**
 * Text widget (widget spec §2, §5): required unless `required="false"`; ASCII only (0 to 127) unless
 * `asciionly="false"`; a custom `regex` overrides the default pattern (anchored, as HTML `pattern` is);
 * `types="currency"` allows letters, digits and commas only. Capitalisation is applied as typed.
 */
import { attr, flag, MAX_VALUE_LENGTH, valueOf, variablesOf, type Values, type WidgetErrors, type WidgetRules, type WidgetSpec } from '../widget';

export const ASCII_PATTERN = /^[\u0000-\u007f]*$/;
export const CURRENCY_TEXT_PATTERN = /^[A-Za-z0-9,]*$/;
export const TEXTAREA_ROWS = 4;
export const TEXTAREA_COLS = 150;

/** Text widgets are required unless the attribute says otherwise (spec §5). */
export const isTextRequired = (spec: WidgetSpec) => flag(spec, 'required', true);

export function customPattern(spec: WidgetSpec): RegExp | null {
  const source = attr(spec, 'regex');
  if (!source) return null;
  // Unicode-aware when the pattern allows it (as HTML `pattern` is), else as written.
  for (const flags of ['u', '']) {
    try {
      return new RegExp(`^(?:${source})$`, flags);
    } catch {
      // Try the next flags.
    }
  }
  return null;
}

export function capitalize(spec: WidgetSpec, text: string): string {
  if (flag(spec, 'capitalize-words')) return text.replace(/(^|\s)(\p{Ll})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase());
  if (flag(spec, 'capitalize-first')) return text.replace(/^(\s*)(\p{Ll})/u, (_m, space: string, letter: string) => space + letter.toUpperCase());
  return text;
}

/** One text value's errors, by the text rules (also used by double text and full name). */
export function textErrors(spec: WidgetSpec, value: string, required: boolean): WidgetErrors | null {
  if (value.trim() === '') return required ? { required: 'true' } : null;
  if (value.length > MAX_VALUE_LENGTH) return { tooLong: 'true' };
  const custom = customPattern(spec);
  if (custom) return custom.test(value) ? null : { pattern: 'true' };
  if (attr(spec, 'types') === 'currency' && !CURRENCY_TEXT_PATTERN.test(value)) return { pattern: 'true' };
  if (flag(spec, 'asciionly', true) && !ASCII_PATTERN.test(value)) return { pattern: 'true' };
  return null;
}

export const textRules: WidgetRules = {
  variables: (spec) => variablesOf(spec).slice(0, 1),
  normalize: (spec, values) => {
    const variable = variablesOf(spec)[0];
    if (!variable) return {};
    return { [variable]: capitalize(spec, valueOf(values, variable)) };
  },
  validate: (spec, values): WidgetErrors | null => textErrors(spec, valueOf(values, variablesOf(spec)[0]), isTextRequired(spec)),
  hasValue: (spec, values) => valueOf(values, variablesOf(spec)[0]).trim() !== '',
  display: (spec, values: Values) => {
    const value = valueOf(values, variablesOf(spec)[0]);
    return flag(spec, 'secure') && value ? '•'.repeat(8) : value;
  },
};
