/**
 * The machine-readable zone of a passport (ICAO 9303 TD3: two lines of 44 characters) read from OCR text,
 * parsed and checksum-verified with the `mrz` package, and mapped onto the questionnaire's passport
 * variables (widget spec §3: app_first_name_passport, app_last_name_passport, app_birth_date,
 * app_passport_number, app_passport_expire_date). Pure: server/passport/ocr.ts supplies the text.
 */
import { parse, type ParseResult } from 'mrz';
import { joinDate } from '../../questionnaire/widgets/date/date.rules';
import { PASSPORT_VARIABLES, type PassportValues } from '../../questionnaire/widgets/upload-document/upload-document.rules';

export const TD3_LINE_LENGTH = 44;
const MRZ_CHARACTERS = /^[A-Z0-9<]+$/;

/** Why an MRZ could not be used: shown to the user as it is. */
export const passportMessages = {
  notFound: 'No machine-readable zone was found. Upload a sharp, well-lit photo of the whole photo page, the two lines at the bottom included.',
  invalid: 'The machine-readable zone could not be verified (its check digits do not match). Upload a sharper photo of the photo page.',
  notPassport: 'This is not the photo page of a passport. Upload the page with your photo and the two lines of characters at the bottom.',
} as const;

export type PassportReading = { ok: true; values: PassportValues; documentNumber: string } | { ok: false; message: string };

/**
 * The two TD3 lines in OCR text: lines of MRZ characters only (spaces dropped, as OCR puts them inside
 * filler runs), the last two of at least 30 characters. A line that OCR cut short loses filler characters
 * at its end only (names are padded on the right), so it is padded back to 44 with '<'.
 */
export function mrzLinesFrom(text: string): [string, string] | null {
  const candidates = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, '').toUpperCase().replace(/[«‹]/g, '<'))
    .filter((line) => line.length >= 30 && MRZ_CHARACTERS.test(line));
  if (candidates.length < 2) return null;
  const [first, second] = candidates.slice(-2) as [string, string];
  const pad = (line: string) => (line.length < TD3_LINE_LENGTH ? line.padEnd(TD3_LINE_LENGTH, '<') : line.slice(0, TD3_LINE_LENGTH));
  return [pad(first), pad(second)];
}

/** YYMMDD → month/day/year as the date widget stores it. Birth dates lie in the past; expiry dates within 50 years of now. */
export function mrzDate(yymmdd: string, kind: 'birth' | 'expiry', now = new Date()): string | null {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(yymmdd);
  if (!match) return null;
  const [, yy, mm, dd] = match as unknown as [string, string, string, string];
  const century = Math.floor(now.getUTCFullYear() / 100) * 100;
  let year = century + Number(yy);
  if (kind === 'birth' && year > now.getUTCFullYear()) year -= 100;
  if (kind === 'expiry' && year > now.getUTCFullYear() + 50) year -= 100;
  return joinDate({ month: mm, day: dd, year: String(year) });
}

/** Names in the MRZ are upper case with '<' between parts: "ANNA MARIA" → "Anna Maria". */
const nameCase = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .map((part) => part.charAt(0) + part.slice(1).toLowerCase())
    .join(' ');

/** The passport variables from two MRZ lines, or why not. Every check digit must hold. */
export function readPassportMrz(lines: readonly [string, string], now = new Date()): PassportReading {
  let result: ParseResult;
  try {
    result = parse(lines, { autocorrect: true });
  } catch {
    return { ok: false, message: passportMessages.notFound };
  }
  if (result.format !== 'TD3' || result.fields.documentCode?.charAt(0) !== 'P') return { ok: false, message: passportMessages.notPassport };
  const f = result.fields;
  // Every check digit and every field must hold (the parser's autocorrection fixes only O/0-style confusions
  // in fields of one kind). A state code unknown to the parser's list (ICAO's own specimen state UTO) is not
  // a misreading: the check digits cover the rest.
  const failed = result.details.filter((d) => !d.valid && !(d.field === 'issuingState' || d.field === 'nationality'));
  if (failed.length > 0 || !f.documentNumber || !f.birthDate || !f.expirationDate || !f.lastName) return { ok: false, message: passportMessages.invalid };
  const birthDate = mrzDate(f.birthDate, 'birth', now);
  const expireDate = mrzDate(f.expirationDate, 'expiry', now);
  if (!birthDate || !expireDate) return { ok: false, message: passportMessages.invalid };
  return {
    ok: true,
    documentNumber: f.documentNumber,
    values: {
      [PASSPORT_VARIABLES.firstName]: nameCase(f.firstName ?? ''),
      [PASSPORT_VARIABLES.lastName]: nameCase(f.lastName),
      [PASSPORT_VARIABLES.birthDate]: birthDate,
      [PASSPORT_VARIABLES.passportNumber]: f.documentNumber,
      [PASSPORT_VARIABLES.expireDate]: expireDate,
    },
  };
}

/** OCR text → the passport variables, or the message for the user. */
export function readPassportText(text: string, now = new Date()): PassportReading {
  const lines = mrzLinesFrom(text);
  return lines ? readPassportMrz(lines, now) : { ok: false, message: passportMessages.notFound };
}
