import { describe, expect, it } from 'vitest';
import { checkQueryName, operationLabel, readQueryName } from './query-name';

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

  it('accepts a request without queryName, named or anonymous (standard clients send none)', () => {
    expect(() => checkQueryName('query a { x }', null)).not.toThrow();
    expect(() => checkQueryName('query a { x }', '')).not.toThrow();
    expect(() => checkQueryName('{ x }', null)).not.toThrow();
  });

  it('refuses a queryName that differs from the operation names', () => {
    expect(() => checkQueryName('query a { x } query b { y }', 'b+a')).toThrow('queryName "b+a" does not match the document\'s operations "a+b".');
  });

  it('refuses a queryName for an anonymous operation, and says how to fix it', () => {
    expect(() => checkQueryName('{ x }', 'a')).toThrow('queryName "a" names operations, but the document\'s operation has none');
  });

  it('leaves documents that do not parse to the GraphQL syntax error', () => {
    expect(() => checkQueryName('query a {', 'a')).not.toThrow();
  });
});

describe('operationLabel', () => {
  it('is the queryName, else the operation names, else anonymous', () => {
    expect(operationLabel('query a { x }', 'a')).toBe('a');
    expect(operationLabel('query a { x } query b { y }', null)).toBe('a+b');
    expect(operationLabel('{ x }', null)).toBe('anonymous');
    expect(operationLabel('query a {', null)).toBe('anonymous');
    expect(operationLabel(undefined, null)).toBe('anonymous');
  });
});
