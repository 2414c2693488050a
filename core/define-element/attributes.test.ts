import { describe, expect, it } from 'vitest';
import { booleanAttr, enumAttr, idAttr, stringAttr, toKebab } from './attributes';
import { dateAttr, numberAttr, urlAttr } from './more-attributes';

describe('attribute parsers', () => {
  it('boolean: presence is true, even "false" (HTML semantics); absence is false', () => {
    expect(booleanAttr().parse('')).toEqual({ ok: true, value: true });
    expect(booleanAttr().parse('false')).toEqual({ ok: true, value: true });
    expect(booleanAttr().parse(null)).toEqual({ ok: true, value: false });
  });

  it('enum: known values pass, absent gives the default, unknown reports and falls back', () => {
    const variant = enumAttr(['default', 'small'], 'default');
    expect(variant.parse('small')).toEqual({ ok: true, value: 'small' });
    expect(variant.parse(null)).toEqual({ ok: true, value: 'default' });
    expect(variant.parse('huge')).toEqual({ ok: false, value: 'default', message: 'must be one of "default", "small"' });
  });

  it('id: digits only, positive, safe', () => {
    expect(idAttr().parse('1001')).toEqual({ ok: true, value: 1001 });
    expect(idAttr().parse(null)).toEqual({ ok: true, value: null });
    expect(idAttr().parse('abc').ok).toBe(false);
    expect(idAttr().parse('0').ok).toBe(false);
    expect(idAttr().parse('-3').ok).toBe(false);
    expect(idAttr().parse('1e3').ok).toBe(false);
    expect(idAttr().parse('99999999999999999').ok).toBe(false);
  });

  it('number: bounds and garbage', () => {
    expect(numberAttr(5, 0, 10).parse('7')).toEqual({ ok: true, value: 7 });
    expect(numberAttr(5, 0, 10).parse('11').ok).toBe(false);
    expect(numberAttr(5, 0, 10).parse('seven')).toEqual({ ok: false, value: 5, message: 'must be a number' });
  });

  it('date: a real day written YYYY-MM-DD; absent or empty is null', () => {
    expect(dateAttr().parse('2026-07-04')).toEqual({ ok: true, value: '2026-07-04' });
    expect(dateAttr().parse(null)).toEqual({ ok: true, value: null });
    expect(dateAttr().parse('')).toEqual({ ok: true, value: null });
    expect(dateAttr().parse('2026-02-30').ok).toBe(false);
    expect(dateAttr().parse('7/4/2026')).toEqual({ ok: false, value: null, message: 'must be a date written YYYY-MM-DD, like "2026-07-04"' });
  });

  it('string: length limit', () => {
    expect(stringAttr('x', 3).parse('abcd')).toEqual({ ok: false, value: 'x', message: 'must be at most 3 characters' });
  });

  it('url: http(s) and relative links; javascript: and other schemes are refused; absent is null', () => {
    const url = urlAttr();
    expect(url.parse(null)).toEqual({ ok: true, value: null });
    expect(url.parse('  ')).toEqual({ ok: true, value: null });
    expect(url.parse('/homes/search?x=1')).toEqual({ ok: true, value: '/homes/search?x=1' });
    expect(url.parse('https://homes.example/search')).toEqual({ ok: true, value: 'https://homes.example/search' });
    expect(url.parse('javascript:alert(1)')).toMatchObject({ ok: false, value: null, message: 'must be an http(s) or relative URL' });
    expect(url.parse('data:text/html,x')).toMatchObject({ ok: false, value: null });
    expect(url.parse(`/${'a'.repeat(2000)}`)).toMatchObject({ ok: false, message: 'must be at most 2000 characters' });
  });

  it('kebab-cases prop names', () => {
    expect(toKebab('listingId')).toBe('listing-id');
    expect(toKebab('hideAgent')).toBe('hide-agent');
  });
});
