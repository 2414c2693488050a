/**
 * Nesting limits checked on the raw text, before anything parses or walks it: a 100,000-deep array or
 * query overflows the stack of every recursive reader after it (a stable JSON key, a validation rule, a
 * GraphQL visitor). Both scans are linear and iterative, and skip the insides of strings and comments.
 */
import { MAX_INPUT_NESTING } from '../../core/validation/walk';

/** No request of ours nests data deeper than a few levels; 64 leaves room for any honest JSON value (the walk's limit too). */
export const MAX_JSON_NESTING = MAX_INPUT_NESTING;
/** A query's selections, lists and objects together; the deepest spec query (with fragments) needs ~15. */
export const MAX_GRAPHQL_NESTING = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/** True when the JSON text `raw` nests arrays and objects at most `max` deep (it need not be valid JSON). */
export function jsonNestingWithin(raw: Uint8Array, max = MAX_JSON_NESTING): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i]!;
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPENERS.has(byte)) {
      if (++depth > max) return false;
    } else if (CLOSERS.has(byte)) {
      depth--;
    }
  }
  return true;
}

/** True when the GraphQL document `source` nests `{`, `[` and `(` at most `max` deep. */
export function graphqlNestingWithin(source: string, max = MAX_GRAPHQL_NESTING): boolean {
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '#') {
      while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++;
    } else if (char === '"') {
      if (source.startsWith('"""', i)) {
        const end = source.indexOf('"""', i + 3);
        // Inside a block string only \""" escapes the closing quotes.
        let close = end;
        while (close > 0 && source[close - 1] === '\\') close = source.indexOf('"""', close + 3);
        if (close < 0) return true; // unterminated: the parser reports it
        i = close + 2;
      } else {
        for (i++; i < source.length && source[i] !== '"' && source[i] !== '\n'; i++) if (source[i] === '\\') i++;
      }
    } else if (char === '{' || char === '[' || char === '(') {
      if (++depth > max) return false;
    } else if (char === '}' || char === ']' || char === ')') {
      depth--;
    }
  }
  return true;
}
