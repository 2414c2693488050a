/**
 * Whether a statement only reads: the change feed's barrier after a write (postgres.ts) and a request's commit
 * point (cancellation.ts beginWrite) both ask.
 */

/** A SELECT or WITH (after an optional leading comment such as the generic-plan hint)… */
const READ_START = /^\s*(?:\/\*[^*]*\*\/\s*)?(?:select|with)\b/i;
/** …that names no writing command anywhere (a WITH may hold an INSERT): it changes nothing. */
const WRITE_WORD = /\b(?:insert|update|delete|merge|truncate|copy|call)\b/i;
const readOnlyTexts = new Map<string, boolean>();
export function isReadOnlySql(sql: string): boolean {
  let known = readOnlyTexts.get(sql);
  if (known === undefined) {
    known = READ_START.test(sql) && !WRITE_WORD.test(sql);
    if (readOnlyTexts.size >= 1_000) readOnlyTexts.clear();
    readOnlyTexts.set(sql, known);
  }
  return known;
}
