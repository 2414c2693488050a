/**
 * The account email rule, one for every path that takes an email (sign-up, log-in, reset request, Google
 * sign-in, settings): what an email may hold, and the form two emails are compared in.
 *
 * Two addresses that look the same must be the same account (issue 13): `seller@hearth.example` followed
 * by a zero-width space, or spelt in fullwidth letters, must not open a second account that displays like
 * the seller's. So every email is compared in its NFKC form (fullwidth and other compatibility letters
 * fold to plain ones; case is compared by `lower(email)` in SQL), and invisible characters, which NFKC
 * keeps, are refused outright.
 */

export const EMAIL_MAX = 254;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The text every account form answers for an empty field. */
export const REQUIRED = 'This field is required.';
export const EMAIL_INVALID = 'Email is invalid.';
export const EMAIL_INVISIBLE_CHARACTERS =
  'Email contains an invisible or control character (such as a zero-width space or a text-direction mark). Type it again without it.';

/**
 * Control, format (zero-width, bidi controls, soft hyphen, …), private-use, unassigned and surrogate code
 * points (category C), whatever else Unicode says to draw as nothing (fillers, variation selectors, the
 * combining grapheme joiner, tags), and the braille blank, which draws as a space but is none.
 */
const INVISIBLE_OR_CONTROL = /[\p{C}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** Spaces around a pasted email go; U+FEFF is a space to String.trim, but here an invisible character. */
const SURROUNDING_SPACE = /^[^\S\uFEFF]+|[^\S\uFEFF]+$/g;

/** The email as accounts store and compare it: NFKC, without surrounding spaces. */
export const normalizeEmail = (email: string) => email.normalize('NFKC').replace(SURROUNDING_SPACE, '');

/** The key of an account in rate-limit windows: the compared form, in lower case. */
export const emailKey = (email: string) => normalizeEmail(email).toLowerCase();

/** What is wrong with an email as typed, or null when it may name an account. */
export function emailProblem(email: string): string | null {
  const normalized = normalizeEmail(email);
  if (normalized === '') return REQUIRED;
  if (INVISIBLE_OR_CONTROL.test(normalized)) return EMAIL_INVISIBLE_CHARACTERS;
  if (normalized.length > EMAIL_MAX || !EMAIL_SHAPE.test(normalized)) return EMAIL_INVALID;
  return null;
}
