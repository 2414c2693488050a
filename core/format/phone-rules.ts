/**
 * The phone rule both sides apply (DESIGN §3: libphonenumber-js for every phone field; E.164 stored, formatted
 * shown): a number is read as people type it, for a default country (the partner's: `phoneCountryOf` in
 * ./phone.ts), stored in E.164 and shown in the national format of that country, or the international format
 * when it is another country's. A number it cannot take gets a problem that says what is wrong (core/i18n/phone.ts).
 *
 * libphonenumber-js `core` with its metadata passed in: the browser loads both as one lazy chunk when a phone
 * field is first used (./phone-load.ts, DESIGN §5: never `/max`), the server binds the `min` metadata statically
 * (./phone-static.ts). Nothing here imports metadata.
 *
 * Spec §5's "10 to 15 digits" holds for the number as stored: E.164 has at most 15 digits, and fewer than 10 (with
 * the country code) is too short. Its display rule by digit count (10 digits as (xxx) xxx-xxxx, 11 and 13 as
 * +xxx x-xxxxxxx and +xxx xxx-xxxxxxx) was written for the default brand's two countries, the United States and
 * Nepal: the national format of a US number is exactly its (xxx) xxx-xxxx, Nepal's numbers keep its groups in
 * the international format ('+977 1 4123456', '+977 980 1234567'; libphonenumber separates them with spaces), and
 * every other country gets its own format instead of one made for another's (docs/api.md "Phone numbers").
 */
import {
  AsYouType,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
  type MetadataJson,
  type PhoneNumber,
} from 'libphonenumber-js/core';
import { countryInText, phoneTexts as t } from '../i18n/phone';
import { PHONE_DEFAULT_COUNTRY } from './phone';

/** Spec §5: a stored number (E.164, country code included) has 10 to 15 digits. */
export const PHONE_DIGITS = { min: 10, max: 15 } as const;

export type PhoneProblem =
  | { kind: 'letters' }
  | { kind: 'symbols'; symbol: string }
  | { kind: 'no-digits' }
  | { kind: 'country-code'; code: string }
  | { kind: 'too-short' | 'too-long' | 'not-in-country'; country: string; callingCode: string; international: boolean };

/** A typed number read: its E.164 form and country, or what is wrong with it. */
export type PhoneReading = { ok: true; e164: string; country: string | null } | { ok: false; problem: PhoneProblem };

/** What a form's rules need of a phone: the E.164 number to store, or the message to show. */
export type PhoneCheck = (text: string) => { ok: true; e164: string } | { ok: false; message: string };

export interface PhoneRules {
  /** Typed text read for `country` (null when there is nothing but spaces). */
  read(text: string, country: string): PhoneReading | null;
  /** A stored number (E.164, or digits stored before E.164) as shown: national for `country`, else international; as stored when it does not read. */
  format(stored: string, country: string): string;
  /** A stored number in E.164, null when it does not read as a valid number. */
  e164(stored: string, country: string): string | null;
  /** Typed text reformatted as it is typed ('8013634' → '(801) 363-4'). */
  asTyped(text: string, country: string): string;
  /** The best reading of text, valid or not (the questionnaire's widget judges it by its own spec). */
  parse(text: string, country: string): PhoneNumber | undefined;
  /** The `PhoneCheck` of a form whose default country is `country`. */
  check(country: string): PhoneCheck;
}

const LETTER = /\p{L}/u;
/** What people put between digits: spaces (also no-break), ( ) . - / and dashes of other widths. */
const NOT_IN_A_NUMBER = /[^\d\s().\-/\u2010-\u2015+]/u;

/** The message of a problem (core/i18n/phone.ts). */
export function phoneProblemMessage(problem: PhoneProblem): string {
  switch (problem.kind) {
    case 'letters':
      return t.letters;
    case 'symbols':
      return t.symbols(problem.symbol);
    case 'no-digits':
      return t.noDigits;
    case 'country-code':
      return t.countryCode(problem.code);
    case 'too-short':
      return t.tooShort(countryInText(problem.country));
    case 'too-long':
      return t.tooLong(countryInText(problem.country));
    case 'not-in-country':
      return problem.international
        ? t.notInCountryInternational(countryInText(problem.country), problem.callingCode)
        : t.notInCountry(countryInText(problem.country));
  }
}

export function phoneRulesWith(metadata: MetadataJson): PhoneRules {
  const countryCode = (country: string): CountryCode =>
    (isSupportedCountry(country as CountryCode, metadata) ? country : PHONE_DEFAULT_COUNTRY) as CountryCode;

  const parse = (text: string, defaultCountry?: CountryCode) =>
    defaultCountry ? parsePhoneNumberFromString(text, defaultCountry, metadata) : parsePhoneNumberFromString(text, metadata);

  /**
   * The readings of a text, most likely first: with a '+', as an international number; else as a number of the
   * country, then as digits that start with their country code ('442079460958', digits stored before E.164, a
   * '00' international prefix).
   */
  function candidates(text: string, country: CountryCode): (PhoneNumber | undefined)[] {
    const trimmed = text.trim();
    if (trimmed.startsWith('+')) return [parse(trimmed)];
    const digits = trimmed.replace(/\D/g, '');
    return [parse(trimmed, country), parse(`+${digits}`), ...(digits.startsWith('00') ? [parse(`+${digits.slice(2)}`)] : [])];
  }

  /** The calling code of a '+' number as far as it is typed ('+44 20' → '44'). */
  function typedCallingCode(text: string): string | undefined {
    const typing = new AsYouType(undefined, metadata);
    typing.input(text);
    return typing.getCallingCode();
  }

  const validNumber = (text: string, country: CountryCode) => candidates(text, country).find((n) => n?.isValid());

  function read(text: string, countryText: string): PhoneReading | null {
    const trimmed = text.trim();
    if (trimmed === '') return null;
    const country = countryCode(countryText);
    const fail = (problem: PhoneProblem): PhoneReading => ({ ok: false, problem });
    if (LETTER.test(trimmed)) return fail({ kind: 'letters' });
    const symbol = NOT_IN_A_NUMBER.exec(trimmed) ?? (trimmed.indexOf('+', 1) > 0 ? ['+'] : null);
    if (symbol) return fail({ kind: 'symbols', symbol: symbol[0] });
    const digits = trimmed.replace(/\D/g, '');
    if (digits === '') return fail({ kind: 'no-digits' });
    const international = trimmed.startsWith('+');

    const valid = validNumber(trimmed, country);
    if (valid) {
      const count = valid.number.length - 1;
      const where = { country: valid.country ?? country, callingCode: valid.countryCallingCode, international };
      if (count < PHONE_DIGITS.min) return fail({ kind: 'too-short', ...where });
      if (count > PHONE_DIGITS.max) return fail({ kind: 'too-long', ...where });
      return { ok: true, e164: valid.number, country: valid.country ?? null };
    }

    // What is wrong, judged on the first reading (the one the person most likely meant).
    const best = candidates(trimmed, country)[0];
    const length = international ? validatePhoneNumberLength(trimmed, metadata) : validatePhoneNumberLength(trimmed, country, metadata);
    if (length === 'NOT_A_NUMBER') return fail({ kind: 'no-digits' });
    if (length === 'INVALID_COUNTRY') return fail({ kind: 'country-code', code: digits.slice(0, 3) });
    // The country the number names: its own, else the main country of its calling code, else the partner's.
    const callingCode = best?.countryCallingCode ?? (international ? typedCallingCode(trimmed) : undefined);
    if (international && !callingCode) return fail({ kind: 'too-short', country, callingCode: getCountryCallingCode(country, metadata), international });
    const where = callingCode
      ? { country: best?.country ?? (metadata.country_calling_codes[callingCode]?.[0] as string | undefined) ?? country, callingCode }
      : { country, callingCode: getCountryCallingCode(country, metadata) };
    const kind = length === 'TOO_SHORT' ? 'too-short' : length === 'TOO_LONG' ? 'too-long' : 'not-in-country';
    return fail({ kind, ...where, international });
  }

  return {
    read,
    parse: (text, country) => candidates(text, countryCode(country)).find((n) => n?.isValid()) ?? candidates(text, countryCode(country))[0],
    e164: (stored, country) => validNumber(stored, countryCode(country))?.number ?? null,
    format(stored, countryText) {
      const country = countryCode(countryText);
      const number = validNumber(stored, country);
      if (!number) return stored;
      return number.country === country ? number.formatNational() : number.formatInternational();
    },
    asTyped: (text, country) => new AsYouType(countryCode(country), metadata).input(text),
    check: (country) => (text) => {
      const reading = read(text, country);
      if (reading === null) return { ok: false, message: t.required };
      return reading.ok ? { ok: true, e164: reading.e164 } : { ok: false, message: phoneProblemMessage(reading.problem) };
    },
  };
}
