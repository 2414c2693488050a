/**
 * The one rule every text that reaches us must pass, whatever field it fills (the server applies it to
 * every REST body, GraphQL variable and literal, and URL parameter before anything reads them): Unicode
 * scalar values only (no lone surrogate, which no database column and no UTF-8 can hold), no NUL, no other
 * C0 control character but tab, line feed and carriage return, and at most TEXT_MAX_LENGTH characters.
 * Field-specific limits stay with their fields (contact.ts); this is the floor under all of them.
 */
import { InputTooLarge, walkInput } from './walk';

/** Longer than any text a person types into one field (a questionnaire essay, a listing description). */
export const TEXT_MAX_LENGTH = 100_000;

/** NUL and the C0 controls that no form field produces (tab, LF and CR are fine). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with `text`, or null when it is fine. */
export function textProblem(text: string): string | null {
  if (text.length > TEXT_MAX_LENGTH) return `is longer than ${TEXT_MAX_LENGTH} characters`;
  if (CONTROL.test(text)) return text.includes('\u0000') ? 'contains a NUL character' : 'contains a control character';
  if (LONE_SURROGATE.test(text)) return 'contains an unpaired surrogate (not valid Unicode text)';
  return null;
}

export interface TextFault {
  /** Where the text sits, e.g. `variables.input.firstName` or `searchInput.propertyTypes[2]`. */
  path: string;
  problem: string;
  /** Set when the value as a whole is past the walk's limits (walk.ts) rather than a text breaking the rule. */
  limit?: InputTooLarge['limit'];
}

const printable = (key: string) => key.replace(/[^\x20-\x7e]/g, '?');

/**
 * The first string (value or object key) anywhere in `value` that breaks the rule, or null; a value past the
 * limits of the one walk over untrusted input (walk.ts: values, nesting) is a fault too. Files, blobs and
 * other binary values in it are not looked into.
 */
export function findTextFault(value: unknown, path = ''): TextFault | null {
  try {
    const fault = walkInput<TextFault>(value, path, (item, place) => {
      if (typeof place.key === 'string') {
        const keyProblem = textProblem(place.key);
        if (keyProblem) return { path: step(place.parentPath(), printable(place.key)), problem: `has a key that ${keyProblem}` };
      }
      if (typeof item !== 'string') return undefined;
      const problem = textProblem(item);
      return problem ? { path: place.path(), problem } : undefined;
    });
    return fault ?? null;
  } catch (error) {
    if (error instanceof InputTooLarge) return { path: error.path, problem: error.message, limit: error.limit };
    throw error;
  }
}

const step = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** `The field "x" contains a NUL character.` */
export const textFaultMessage = (fault: TextFault) => `The field "${fault.path || '(body)'}" ${fault.problem}.`;
