/**
 * The hostile values the fuzz harness sends: the big list of naughty strings (blns.json, MIT, see
 * blns.LICENSE), overlong and control-character strings, lone surrogates, numbers at and past the limits,
 * wrong types, deep and wide JSON, markup markers and forged ids. A value is a JSON value or a `Raw` piece
 * of JSON text (1e309, -0, NaN: what JSON.stringify cannot write), serialised with `toJsonText`.
 */
import { readFileSync } from 'node:fs';

/** JSON text sent as written. */
export class Raw {
  constructor(readonly text: string) {}
}

export type Hostile = null | boolean | number | string | Raw | Hostile[] | { [key: string]: Hostile };

/** The markers that must never come back as markup: an element carrying `data-hearth-fuzz` is an injected node. */
export const MARKERS = [
  '<script data-hearth-fuzz>window.hearthFuzz=1</script>',
  '"><img data-hearth-fuzz src=x onerror=window.hearthFuzz=2>',
  "'><svg data-hearth-fuzz onload=window.hearthFuzz=3>",
] as const;
/** How an unescaped marker is recognised in an answer. */
export const MARKER_PATTERN = /<(script|img|svg) data-hearth-fuzz/i;

/** A small seeded PRNG (mulberry32): the same seed sends the same values in the same order. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[], count: number): T[] {
  if (count >= items.length) return [...items];
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

let naughty: string[] | null = null;
/** The big list of naughty strings (comments and blank lines already dropped by its JSON form). */
export function naughtyStrings(): string[] {
  naughty ??= (JSON.parse(readFileSync(new URL('./blns.json', import.meta.url), 'utf8')) as string[]).filter((s) => s !== '');
  return naughty;
}

const deep = (depth: number, kind: 'array' | 'object'): Hostile => {
  let value: Hostile = 'bottom';
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
};

const wideObject = (keys: number): Hostile => {
  const value: Record<string, Hostile> = {};
  for (let i = 0; i < keys; i++) value[`k${i}`] = i;
  return value;
};

/** Strings of every shape but the naughty list's. */
export function specialStrings(): string[] {
  return [
    ...MARKERS,
    'a'.repeat(1 << 20),
    '\u0000\u0001\u0002\u001b[31m\u007f\r\n\t',
    'nul\u0000inside',
    '\ud800',
    'a\udfffb',
    '\udc00\ud800',
    '\u202e\u2066override',
    '\ufeff\u200b\u00ad',
    '9007199254740993',
    '1e309',
    '-0',
    'NaN',
    'Infinity',
    '',
    ' ',
    '../../../../etc/passwd',
    "'; DROP TABLE users; --",
    '{{7*7}}${7*7}<%= 7*7 %>',
    '%00%0d%0aSet-Cookie:x=1',
  ];
}

/** Numbers and wrong types: sent to every argument whatever its type. */
export function structuralValues(): Hostile[] {
  return [
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    2 ** 31,
    -(2 ** 31) - 1,
    new Raw('1e309'),
    new Raw('-1e309'),
    new Raw('-0'),
    new Raw('1e-400'),
    new Raw('123456789012345678901234567890'),
    0.1,
    -1,
    true,
    null,
    [],
    {},
    [null],
    { __proto__: { polluted: true } } as unknown as Hostile,
    JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as Hostile,
    deep(1000, 'array'),
    deep(1000, 'object'),
    wideObject(10_000),
    Array.from({ length: 50_000 }, (_, i) => i),
  ];
}

/** Every value, in a fixed order: the long run sends them all; the quick run a seeded sample. */
export function allHostileValues(forgedIds: readonly string[]): Hostile[] {
  return [...specialStrings(), ...structuralValues(), ...forgedIds, ...naughtyStrings()];
}

/** JSON text with `Raw` pieces as written (no recursion limit: the deep values are 1,000 levels). */
export function toJsonText(value: Hostile): string {
  const out: string[] = [];
  const stack: Hostile[] = [value];
  while (stack.length) {
    const v = stack.pop()!;
    if (v instanceof Raw) out.push(v.text);
    else if (Array.isArray(v)) {
      out.push('[');
      stack.push(new Raw(']'));
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push(v[i]!);
        if (i > 0) stack.push(new Raw(','));
      }
    } else if (v !== null && typeof v === 'object') {
      out.push('{');
      stack.push(new Raw('}'));
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push(v[keys[i]!]!);
        stack.push(new Raw(`${JSON.stringify(keys[i])}:`));
        if (i > 0) stack.push(new Raw(','));
      }
    } else out.push(JSON.stringify(v));
  }
  return out.join('');
}

/** A short label of a value for the report. */
export function describeValue(value: Hostile): string {
  if (value instanceof Raw) return value.text;
  const text = typeof value === 'string' ? JSON.stringify(value) : Array.isArray(value) ? `array(${value.length})` : value !== null && typeof value === 'object' ? `object(${Object.keys(value).length} keys)` : String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…(${text.length})` : text;
}
