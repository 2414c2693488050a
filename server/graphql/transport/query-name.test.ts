import { describe, expect, it } from 'vitest';
import { checkQueryName, readQueryName } from './query-name';

describe('readQueryName', () => {
  it("keeps '+' literal (URLSearchParams would make it a space) and decodes %2B", () => {
    expect(readQueryName('http://h/graphql/?queryName=a+b')).toBe('a+b');
    expect(readQueryName('http://h/graphql/?partner=acme&queryName=a%2Bb')).toBe('a+b');
    expect(readQueryName('http://h/graphql/?partner=acme')).toBeNull();
    expect(readQueryName('http://h/graphql/?queryName=%E0%A4%A')).toBeNull();
  });
});

describe('checkQueryName', () => {
  it('accepts the operation names joined by +', () => {
    expect(() => checkQueryName('query a { x } mutation b { y }', 'a+b')).not.toThrow();
  });

  it('refuses a missing, empty or different queryName', () => {
    expect(() => checkQueryName('query a { x }', null)).toThrow('Add ?queryName=a to the URL');
    expect(() => checkQueryName('query a { x }', '')).toThrow('Add ?queryName=a to the URL');
    expect(() => checkQueryName('query a { x } query b { y }', 'b+a')).toThrow('does not match');
  });

  it('leaves documents that do not parse to the GraphQL syntax error', () => {
    expect(() => checkQueryName('query a {', 'a')).not.toThrow();
  });
});
