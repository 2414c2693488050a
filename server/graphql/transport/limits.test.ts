import { buildSchema, parse, validate } from '../graphql-js';
import { describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS, queryLimitsRule } from './limits';

// A recursive schema, so depth can grow without limit (the listing schema cannot yet).
const schema = buildSchema(`
  type Query { node: Node }
  type Node { id: ID, child: Node, children: [Node] }
`);

const check = (query: string) =>
  validate(schema, parse(query), [queryLimitsRule(GRAPHQL_LIMITS)]).map((error) => error.message);

/** The selection inside `node { … }` that makes the whole operation `depth` levels deep. */
const nested = (depth: number) => `${'child { '.repeat(depth - 2)}id${' }'.repeat(depth - 2)}`;

describe('queryLimitsRule', () => {
  it('allows 10 levels and refuses 11', () => {
    expect(check(`query ok { node { ${nested(10)} } }`)).toEqual([]);
    expect(check(`query deep { node { ${nested(11)} } }`)).toEqual([
      'Operation "deep" is nested 11 levels deep; the limit is 10.',
    ]);
  });

  it('counts depth through fragments and inline fragments', () => {
    const query = `query viaFragments { node { ...A } }
      fragment A on Node { child { ... on Node { child { ...B } } } }
      fragment B on Node { child { child { child { child { child { child { child { id } } } } } } } }`;
    expect(check(query)).toEqual(['Operation "viaFragments" is nested 11 levels deep; the limit is 10.']);
  });

  it('counts a fragment once per use, so a fragment bomb is refused quickly', () => {
    const levels = 30;
    const fragments = Array.from({ length: levels }, (_, i) =>
      i < levels - 1 ? `fragment F${i} on Node { ...F${i + 1} ...F${i + 1} }` : `fragment F${i} on Node { id }`,
    ).join('\n');
    const messages = check(`query bomb { node { ...F0 } }\n${fragments}`);
    expect(messages).toEqual([`Operation "bomb" selects ${2 ** (levels - 1) + 1} fields; the limit is 300.`]);
  });

  it('allows 300 fields and refuses 301', () => {
    const ids = (n: number) => Array.from({ length: n }, () => 'id').join(' ');
    expect(check(`query ok { node { ${ids(299)} } }`)).toEqual([]);
    expect(check(`query wide { node { ${ids(300)} } }`)).toEqual(['Operation "wide" selects 301 fields; the limit is 300.']);
  });

  it('allows 20 aliases and refuses 21', () => {
    const aliases = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: node { id }`).join(' ');
    expect(check(`query ok { ${aliases(20)} }`)).toEqual([]);
    expect(check(`query aliased { ${aliases(21)} }`)).toEqual(['Operation "aliased" uses 21 aliases; the limit is 20.']);
  });

  it('checks each operation of a document on its own', () => {
    expect(check(`query a { node { id } } query b { node { ${nested(11)} } }`)).toEqual([
      'Operation "b" is nested 11 levels deep; the limit is 10.',
    ]);
  });

  it('does not measure introspection, which production turns off as a whole', () => {
    const typeRef = `${'ofType { '.repeat(12)}name${' }'.repeat(12)}`;
    expect(check(`query schema { __schema { types { fields { type { ${typeRef} } } } } }`)).toEqual([]);
  });

  it('survives fragment cycles (the standard rules report them)', () => {
    expect(check(`query loop { node { ...A } } fragment A on Node { child { ...B } } fragment B on Node { ...A }`)).toEqual([]);
  });
});
