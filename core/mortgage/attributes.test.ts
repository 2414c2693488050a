import { describe, expect, it } from 'vitest';
import { downPaymentAttr, fillUrlTemplate, urlTemplateAttr } from './attributes';

const fallback = { kind: 'percent', percent: 20 } as const;

describe('downPaymentAttr', () => {
  const attr = downPaymentAttr(fallback);

  it('reads an amount in whole units or a percentage', () => {
    expect(attr.parse('60000')).toEqual({ ok: true, value: { kind: 'amount', pennies: 6_000_000 } });
    expect(attr.parse('12.5%')).toEqual({ ok: true, value: { kind: 'percent', percent: 12.5 } });
    expect(attr.parse(null)).toEqual({ ok: true, value: fallback });
  });

  it('reports a malformed value and keeps the fallback', () => {
    expect(attr.parse('lots')).toMatchObject({ ok: false, value: fallback, message: expect.stringContaining('"20%"') });
    expect(attr.parse('120%')).toMatchObject({ ok: false, value: fallback });
    expect(attr.parse('-5')).toMatchObject({ ok: false });
  });
});

describe('urlTemplateAttr', () => {
  const attr = urlTemplateAttr();

  it('accepts relative and http(s) templates with {id}', () => {
    expect(attr.parse('/account/pre-qualification-edit/{id}')).toEqual({ ok: true, value: '/account/pre-qualification-edit/{id}' });
    expect(attr.parse('https://homes.example/prequal?id={id}')).toMatchObject({ ok: true });
    expect(attr.parse(null)).toEqual({ ok: true, value: '' });
  });

  it('refuses a template without {id} or with another scheme', () => {
    expect(attr.parse('/account/edit')).toMatchObject({ ok: false, value: '', message: expect.stringContaining('{id}') });
    expect(attr.parse('javascript:alert({id})')).toMatchObject({ ok: false, message: 'must be an http(s) or relative URL' });
  });

  it('fills the id, encoded', () => {
    expect(fillUrlTemplate('/edit/{id}', 'a b')).toBe('/edit/a%20b');
  });
});
