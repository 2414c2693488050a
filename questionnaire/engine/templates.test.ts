import { describe, expect, it } from 'vitest';
import { parseMarkup, textContent } from '../markup/parse';
import { escapeHtml, lookup, renderTemplate } from './templates';

const HOSTILE = [
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "' onmouseover='alert(1)", '{{ secret }}', '&lt;b&gt;', '</hu-text><script>',
  'javascript:alert(1)', '\u0000\u2028<', '{{price(x)}}', '`${x}`', '&#x3C;script&#x3E;',
];

/** A small deterministic generator: strings built from the characters that matter to HTML. */
function* hostileStrings(count: number): Generator<string> {
  const alphabet = ['<', '>', '"', "'", '&', '/', '=', ' ', 'a', 'script', 'on', '{{', '}}', '#', ';', '\n', 'é', '💥'];
  let seed = 42;
  for (let i = 0; i < count; i++) {
    let s = '';
    const length = (i % 17) + 1;
    for (let j = 0; j < length; j++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      s += alphabet[seed % alphabet.length];
    }
    yield s;
  }
}

describe('questionnaire text templates (marketplace §5)', () => {
  it('fills dotted paths from the context', () => {
    expect(renderTemplate('Hi {{ first_name }} from {{ listing.address.city }}', { first_name: 'Ada', listing: { address: { city: 'Provo' } } })).toBe(
      'Hi Ada from Provo',
    );
  });

  it('prefers a flat key that contains dots or dashes', () => {
    expect(renderTemplate('{{ street-address }} {{ a.b }}', { 'street-address': '1 Main', 'a.b': 'flat', a: { b: 'nested' } })).toBe('1 Main flat');
  });

  it('renders missing values, objects and non-paths as empty', () => {
    expect(renderTemplate('[{{ nope }}][{{ a.b.c }}][{{ obj }}][{{ constructor }}][{{ __proto__ }}][{{ a + b }}]', { obj: { x: 1 }, a: {} })).toBe(
      '[][][][][][]',
    );
  });

  it('formats prices with the price function', () => {
    expect(renderTemplate('{{ price(p) }} {{ price(q) }} {{ price(r, "INR") }} {{ price(missing) }}', { p: '489000', q: 1234.5, r: '12500000' })).toBe(
      '$489,000 $1,235 ₹1,25,00,000 ',
    );
  });

  it.each(HOSTILE)('escapes a hostile value: %s', (value) => {
    const out = renderTemplate('<p title="{{ v }}">{{ v }}</p>', { v: value });
    const [p] = parseMarkup(out);
    expect(p).toMatchObject({ type: 'element', tag: 'p', attributes: { title: value.replace(/\u0000/g, '\u0000') } });
    expect(textContent(parseMarkup(out))).toBe(value);
  });

  it('property: for any string, the rendered value parses back to exactly that text and adds no element', () => {
    for (const value of hostileStrings(500)) {
      const out = renderTemplate('<p title="{{ v }}">{{ v }}</p>', { v: value });
      const nodes = parseMarkup(out);
      expect(nodes).toHaveLength(1);
      const p = nodes[0]!;
      expect(p.type === 'element' && p.children.every((c) => c.type === 'text')).toBe(true);
      expect(p.type === 'element' && p.attributes.title).toBe(value);
      expect(textContent(nodes)).toBe(value);
    }
  });

  it('property: a value is never re-expanded as a template', () => {
    for (const value of hostileStrings(200)) {
      expect(renderTemplate('{{ v }}', { v: value, secret: 'LEAK' })).toBe(escapeHtml(value));
    }
  });

  it('looks up own properties only', () => {
    expect(lookup({}, 'toString')).toBeUndefined();
  });
});
