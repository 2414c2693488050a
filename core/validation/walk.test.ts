import { describe, expect, it } from 'vitest';
import { findTextFault, textFaultMessage } from './text';
import { InputTooLarge, MAX_INPUT_NESTING, MAX_INPUT_NODES, sortedJson, walkInput } from './walk';

/** Every value `walkInput` visits in `value`. */
const visited = (value: unknown) => {
  const seen: unknown[] = [];
  walkInput(value, '', (item) => void seen.push(item));
  return seen;
};

/** `levels` arrays inside one another, `leaf` in the innermost. */
const nested = (levels: number, leaf: unknown = 'x') => {
  let value: unknown = leaf;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

/** An upload as Yoga's multipart parser hands it over: a class instance whose own properties hold its bytes. */
class Upload {
  readonly blobParts: Uint8Array[];
  constructor(bytes: Uint8Array) {
    this.blobParts = [bytes];
  }
}

describe('walkInput', () => {
  it('visits arrays and plain objects in document order, and never goes into a file, a blob or binary data', () => {
    const bytes = new Uint8Array(10 * 1024 * 1024);
    const file = new File([bytes], 'photo.jpg');
    const values = {
      a: ['x', { b: 'y' }],
      file,
      blob: new Blob([bytes]),
      upload: new Upload(bytes),
      buffer: Buffer.from(bytes.buffer, 0, 1024),
      bytes,
      arrayBuffer: bytes.buffer,
      view: new DataView(bytes.buffer),
      nothing: Object.create(null) as object,
    };
    const seen = visited(values);
    // The root, `a`, its two items and `b`, and each of the eight other values once, none of them inside.
    expect(seen).toHaveLength(1 + 4 + 8);
    expect(seen.slice(0, 5)).toEqual([values, values.a, 'x', { b: 'y' }, 'y']);
    expect(seen).toContain(file);
  });

  it('reads nothing of a file: not one of its own properties', () => {
    const file = new File([new Uint8Array(1024)], 'photo.jpg');
    let reads = 0;
    // A property that counts its reads, as Object.entries over Yoga's File read `_buffer` and `blobParts`.
    Object.defineProperty(file, 'parts', { enumerable: true, get: () => ++reads });
    expect(findTextFault({ variables: { file, list: [file] } })).toBeNull();
    expect(reads).toBe(0);
  });

  it(`stops past ${MAX_INPUT_NODES.toLocaleString('en-US')} values, before visiting them`, () => {
    expect(visited(new Array(MAX_INPUT_NODES - 1).fill(0))).toHaveLength(MAX_INPUT_NODES);
    let visits = 0;
    const wide = { a: new Array(MAX_INPUT_NODES).fill(0) };
    expect(() => walkInput(wide, 'variables', () => void visits++)).toThrow(InputTooLarge);
    expect(visits).toBe(2);
    const fault = findTextFault(wide, 'variables');
    expect(fault).toEqual({ path: 'variables', problem: 'holds more than 100,000 values', limit: 'nodes' });
    expect(textFaultMessage(fault!)).toBe('The field "variables" holds more than 100,000 values.');
  });

  it(`stops past ${MAX_INPUT_NESTING} levels of nesting, without recursion however deep the input`, () => {
    expect(findTextFault(nested(MAX_INPUT_NESTING))).toBeNull();
    expect(findTextFault(nested(MAX_INPUT_NESTING + 1), 'variables')).toMatchObject({ limit: 'nesting', problem: 'nests arrays and objects more than 64 levels deep' });
    // Deeper than any call stack: a recursive walk would overflow it.
    expect(findTextFault(nested(200_000), 'body')).toMatchObject({ limit: 'nesting' });
  });
});

describe('findTextFault over the walk', () => {
  it('names the first text that breaks the rule, values and keys', () => {
    expect(findTextFault({ input: { tags: ['ok', 'bad\u0000'] } }, 'variables')).toEqual({ path: 'variables.input.tags[1]', problem: 'contains a NUL character' });
    expect(findTextFault({ input: { 'k\u0001ey': 1 } }, 'variables')).toEqual({ path: 'variables.input.k?ey', problem: 'has a key that contains a control character' });
    expect(findTextFault(['\ud800'])).toEqual({ path: '[0]', problem: 'contains an unpaired surrogate (not valid Unicode text)' });
    expect(findTextFault({ fine: ['text', 1, null, true] })).toBeNull();
  });
});

describe('sortedJson', () => {
  it('writes JSON with sorted keys, and nothing for what is not plain JSON or is too large', () => {
    expect(sortedJson({ b: [1, { d: 2, c: 3 }], a: null })).toBe('{"a":null,"b":[1,{"c":3,"d":2}]}');
    expect(sortedJson({ b: 1, a: 2 })).toBe(sortedJson({ a: 2, b: 1 }));
    expect(sortedJson({ file: new File([new Uint8Array(8)], 'x') })).toBeNull();
    expect(sortedJson(new Array(MAX_INPUT_NODES + 1).fill(0))).toBeNull();
    expect(sortedJson(nested(MAX_INPUT_NESTING + 1))).toBeNull();
  });
});
