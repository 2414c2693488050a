/**
 * The one rule for an address a person types to start a listing (the sell page's box, the start form's
 * fields): what characters an address may hold and how long it may be. Applied by the start form before it
 * asks, and by the server (sellerAddress, createSeller) to whatever arrives. No DOM, no zod: both sides import it.
 */

/** Longer than any US street address with its city, state and ZIP. */
export const TYPED_ADDRESS_MAX = 200;

/** Letters (any script, with their accents), digits, spaces and the punctuation addresses use. */
const ADDRESS_CHARACTERS = /^[\p{L}\p{M}\p{N} .,#'’/&-]*$/u;

/** What is wrong with a typed address (or one part of it), as a sentence; null when it is fine. */
export function addressTextProblem(text: string, max = TYPED_ADDRESS_MAX): string | null {
  if ([...text].length > max) return `The address must be at most ${max} characters.`;
  if (!ADDRESS_CHARACTERS.test(text.replace(/\s/g, ' '))) return "An address holds letters, digits, spaces and . , # ' / - & only.";
  return null;
}
