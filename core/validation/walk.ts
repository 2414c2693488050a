/**
 * The one way to walk untrusted input — a request's JSON body, GraphQL variables — for every reader that
 * visits all of it (the text rule, the response cache's key): depth first without recursion, into arrays and
 * plain objects only, and at most MAX_INPUT_NODES values and MAX_INPUT_NESTING levels (past either:
 * InputTooLarge, which callers answer 400).
 *
 * Anything but an array or a plain object is a leaf and never enumerated: a File or Blob that Yoga's multipart
 * parser puts into the variables (its own properties hold every byte of the upload: walking them blocked the
 * server for minutes, issue 33), a Buffer, a typed array, an ArrayBuffer, a Date. JSON.parse makes nothing
 * else, so the rule loses nothing of a JSON body.
 */

/** Values in one request's body or variables; the largest honest one (a questionnaire's answers) holds a few thousand. */
export const MAX_INPUT_NODES = 100_000;
/** Arrays and objects inside one another; no request of ours nests more than a few levels. */
export const MAX_INPUT_NESTING = 64;

/** Whether a walk goes into `value`: an array, or an object made by JSON.parse or a literal (prototype Object or null). */
export function isJsonContainer(value: unknown): value is unknown[] | Record<string, unknown> {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** An object a walk does not go into: in request input, an uploaded file (or another binary value). */
export const isOpaqueObject = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && !isJsonContainer(value);

/** The input holds more values than MAX_INPUT_NODES, or nests deeper than MAX_INPUT_NESTING. */
export class InputTooLarge extends Error {
  constructor(
    readonly limit: 'nodes' | 'nesting',
    /** Where the walk stopped (for nesting: the container that went too deep). */
    readonly path: string,
  ) {
    super(
      limit === 'nodes'
        ? `holds more than ${MAX_INPUT_NODES.toLocaleString('en-US')} values`
        : `nests arrays and objects more than ${MAX_INPUT_NESTING} levels deep`,
    );
    this.name = 'InputTooLarge';
  }
}

/** Where a visited value sits. */
export interface InputPlace {
  /** Its key in the object above it, its index in the array above it, or null for the root. */
  readonly key: string | number | null;
  /** `variables.input.tags[2]`: built only when asked for. */
  path(): string;
  /** The path of the container above it (the root's own path for the root). */
  parentPath(): string;
}

interface Frame extends InputPlace {
  readonly value: unknown;
  readonly parent: Frame | null;
  /** Arrays and objects above it. */
  readonly nesting: number;
}

const step = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

function frame(value: unknown, key: string | number | null, parent: Frame | null, rootPath: string): Frame {
  const place: Frame = {
    value,
    key,
    parent,
    nesting: parent ? parent.nesting + 1 : 0,
    path: () => (parent === null || key === null ? rootPath : step(parent.path(), key)),
    parentPath: () => (parent ? parent.path() : rootPath),
  };
  return place;
}

/**
 * Visits `root` and every value inside it, in document order, each once; `visit` returns a result to stop
 * the walk with, or undefined to go on. Throws InputTooLarge past the limits, before allocating for what is
 * past them.
 */
export function walkInput<T>(root: unknown, rootPath: string, visit: (value: unknown, place: InputPlace) => T | undefined): T | undefined {
  const stack: Frame[] = [frame(root, null, null, rootPath)];
  let nodes = 1;
  while (stack.length > 0) {
    const current = stack.pop()!;
    const found = visit(current.value, current);
    if (found !== undefined) return found;
    const { value } = current;
    if (!isJsonContainer(value)) continue;
    if (current.nesting + 1 > MAX_INPUT_NESTING) throw new InputTooLarge('nesting', current.path());
    const keys: (string | number)[] = Array.isArray(value) ? [] : Object.keys(value);
    const count = Array.isArray(value) ? value.length : keys.length;
    nodes += count;
    if (nodes > MAX_INPUT_NODES) throw new InputTooLarge('nodes', rootPath);
    for (let i = count - 1; i >= 0; i--) {
      const key = Array.isArray(value) ? i : (keys[i] as string);
      stack.push(frame(Array.isArray(value) ? value[i] : value[key as string], key, current, rootPath));
    }
  }
  return undefined;
}

/**
 * JSON of untrusted input with every object's keys sorted, so `{a, b}` and `{b, a}` give one text; null when
 * the input is past the walk's limits or holds anything but JSON values (a file, a function).
 */
export function sortedJson(value: unknown): string | null {
  try {
    const foreign = walkInput(value, '', (item) =>
      isOpaqueObject(item) || typeof item === 'function' || typeof item === 'symbol' || typeof item === 'bigint' ? true : undefined,
    );
    if (foreign) return null;
  } catch (error) {
    if (error instanceof InputTooLarge) return null;
    throw error;
  }
  // Bounded now: at most MAX_INPUT_NESTING levels of recursion, MAX_INPUT_NODES values.
  return write(value);
}

function write(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(write).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${write(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
