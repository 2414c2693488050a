/**
 * Attribute parsers for `defineElement`. Attributes arrive as raw strings (or null when absent) and are
 * parsed here, never by r2wc: a malformed value yields a message instead of an exception.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; value: T; message: string };

export interface AttributeSpec<T> {
  /** The type as documented in the element's JSDoc header. */
  readonly type: string;
  parse(raw: string | null): Parsed<T>;
}

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const bad = <T>(value: T, message: string): Parsed<T> => ({ ok: false, value, message });

/** Free text; absent → `fallback`. */
export function stringAttr(fallback = '', maxLength = 500): AttributeSpec<string> {
  return {
    type: 'string',
    parse: (raw) => {
      if (raw === null) return ok(fallback);
      if (raw.length > maxLength) return bad(fallback, `must be at most ${maxLength} characters`);
      return ok(raw);
    },
  };
}

/** HTML boolean semantics: present (any value, even "false") = true, absent = false. */
export function booleanAttr(): AttributeSpec<boolean> {
  return { type: 'boolean', parse: (raw) => ok(raw !== null) };
}

/** One of a fixed list of values; absent → `fallback`. */
export function enumAttr<const T extends string>(values: readonly T[], fallback: T): AttributeSpec<T> {
  return {
    type: values.map((v) => `'${v}'`).join(' | '),
    parse: (raw) => {
      if (raw === null || raw === '') return ok(fallback);
      return (values as readonly string[]).includes(raw)
        ? ok(raw as T)
        : bad(fallback, `must be one of ${values.map((v) => `"${v}"`).join(', ')}`);
    },
  };
}

/** A database id: a positive whole number written in digits; absent → null. */
export function idAttr(): AttributeSpec<number | null> {
  return {
    type: 'number',
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return ok(null);
      const text = raw.trim();
      if (!/^[1-9][0-9]{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) {
        return bad(null, 'must be a positive whole number, like "1001"');
      }
      return ok(Number(text));
    },
  };
}

/** `listingId` → `listing-id`. */
export const toKebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

// ---- parsing an element's attributes ----

export type AttributeValues<A extends Record<string, AttributeSpec<any>>> = {
  [K in keyof A]: A[K] extends AttributeSpec<infer T> ? T : never;
};

/** A malformed attribute and the message shown for it inline (and in `hearth-error`). */
export interface AttributeProblem {
  attribute: string;
  value: string;
  message: string;
}

const shorten = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}…` : value);

/**
 * Parses every attribute of an element, given how to read each one's raw string by its camelCase name: the
 * values (a malformed attribute gets its fallback) and a problem for each malformed one.
 */
export function parseAttributes<A extends Record<string, AttributeSpec<any>>>(
  specs: A,
  raw: (name: string) => string | null,
): { values: AttributeValues<A>; problems: AttributeProblem[] } {
  const values: Record<string, unknown> = {};
  const problems: AttributeProblem[] = [];
  for (const [name, spec] of Object.entries(specs)) {
    const value = raw(name);
    const parsed = spec.parse(value);
    values[name] = parsed.value;
    if (!parsed.ok) {
      const attribute = toKebab(name);
      problems.push({ attribute, value: value ?? '', message: `The ${attribute} attribute ${parsed.message} (got "${shorten(value ?? '')}").` });
    }
  }
  return { values: values as AttributeValues<A>, problems };
}
