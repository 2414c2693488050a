/** Multi-country picker (widget spec §3, §4): a comma-separated list of country codes. */
import { countryName, resolveCountry } from '../../reference/countries';
import { isRequired, list, valueOf, variablesOf, type WidgetErrors, type WidgetRules } from '../widget';

export const countryCodes = (stored: string) => list(stored);

/** Adds a country (name or code) to the list; unknown names and duplicates change nothing. */
export function addCountry(stored: string, text: string): string {
  const code = resolveCountry(text);
  const codes = countryCodes(stored);
  return code && !codes.includes(code) ? [...codes, code].join(',') : codes.join(',');
}

export const removeCountry = (stored: string, code: string) =>
  countryCodes(stored)
    .filter((c) => c !== code)
    .join(',');

export const multiCountryRules: WidgetRules = {
  variables: (spec) => variablesOf(spec).slice(0, 1),
  normalize: (spec, values) => {
    const variable = variablesOf(spec)[0];
    if (!variable) return {};
    const codes = countryCodes(valueOf(values, variable)).map((c) => resolveCountry(c) || c);
    return { [variable]: [...new Set(codes)].join(',') };
  },
  validate: (spec, values): WidgetErrors | null => {
    const codes = countryCodes(valueOf(values, variablesOf(spec)[0]));
    if (codes.length === 0) return isRequired(spec) ? { required: 'true' } : null;
    return codes.every((c) => resolveCountry(c) === c) ? null : { listedValue: 'true' };
  },
  hasValue: (spec, values) => countryCodes(valueOf(values, variablesOf(spec)[0])).length > 0,
  display: (spec, values) => countryCodes(valueOf(values, variablesOf(spec)[0])).map(countryName).join(', '),
};
