/**
 * What a phone field says about a number it cannot take (core/format/phone-rules.ts), in every phone field but the
 * questionnaire's (its spec keeps 'Invalid number'). The first sentence is spec §5's text for the contact form;
 * the second says what is wrong, so a visitor can fix it.
 */
export const phoneTexts = {
  /** Spec §5 (contact form): kept exactly, and the start of every message below. */
  invalid: 'Phone number is invalid.',
  letters: 'Phone number is invalid. Use digits only: it has letters in it.',
  symbols: (symbol: string) => `Phone number is invalid. Remove “${symbol}”: a number has digits, spaces and ( ) - . only, and may start with +.`,
  noDigits: 'Phone number is invalid. It has no digits.',
  countryCode: (code: string) => `Phone number is invalid. +${code} is not a country calling code.`,
  tooShort: (country: string) => `Phone number is invalid. It has too few digits for a number in ${country}.`,
  tooLong: (country: string) => `Phone number is invalid. It has too many digits for a number in ${country}.`,
  /** Typed without a country code: the number is read as one of the partner's country. */
  notInCountry: (country: string) =>
    `Phone number is invalid. It is not a number in ${country}; for another country, start with + and its code.`,
  /** Typed with a country code. */
  notInCountryInternational: (country: string, code: string) => `Phone number is invalid. It is not a number in ${country} (+${code}).`,
  /** A console or form field that must hold a number (spec §5's required text is the contact form's own). */
  required: 'Please enter a phone number.',
} as const;

/** Names a country takes 'the' before: 'a number in the United States'. */
const WITH_THE = new Set(['US', 'GB', 'AE', 'NL', 'PH', 'BS', 'GM', 'CF', 'DO', 'MH', 'SB', 'KY', 'FK', 'FO', 'TC', 'VG', 'VI', 'MV', 'KM']);

let regionNames: Intl.DisplayNames | null | undefined;

/** A country's English name as it reads in a sentence ('the United States', 'Nepal'); its code when unknown. */
export function countryInText(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  let name: string | undefined;
  try {
    name = regionNames?.of(code);
  } catch {
    name = undefined;
  }
  if (!name || name === code) return code;
  return WITH_THE.has(code) ? `the ${name}` : name;
}
