/**
 * The one rule every text that reaches us must pass, whatever field it fills (the server applies it to
 * every REST body, GraphQL variable and literal, and URL parameter before anything reads them): Unicode
 * scalar values only (no lone surrogate, which no database column and no UTF-8 can hold), no NUL, no other
 * C0 control character but tab, line feed and carriage return, and at most TEXT_MAX_LENGTH characters.
 * Field-specific limits stay with their fields (contact.ts); this is the floor under all of them.
 */

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
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/**
 * The first string (value or object key) anywhere in `value` that breaks the rule, or null. JSON values
 * only: the caller has bounded their nesting before (json-nesting.ts), so the walk cannot run deep.
 */
export function findTextFault(value: unknown, path = ''): TextFault | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path, problem } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const fault = findTextFault(value[i], `${path}[${i}]`);
      if (fault) return fault;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: join(path, key.replace(/[^\x20-\x7e]/g, '?')), problem: `has a key that ${keyProblem}` };
    const fault = findTextFault(item, join(path, key));
    if (fault) return fault;
  }
  return null;
}

/** `The field "x" contains a NUL character.` */
export const textFaultMessage = (fault: TextFault) => `The field "${fault.path || '(body)'}" ${fault.problem}.`;
