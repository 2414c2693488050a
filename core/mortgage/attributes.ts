/** Attribute parsers of the mortgage elements, with the contract of core/define-element/attributes.ts. */
import type { AttributeSpec, Parsed } from '../define-element/attributes';
import type { DownPayment } from './calculator';

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(value: T, message: string): Parsed<T> => ({ ok: false, value, message });

/** `down-payment="60000"` (an amount in whole currency units) or `down-payment="20%"`; absent → `fallback`. */
export function downPaymentAttr(fallback: DownPayment): AttributeSpec<DownPayment> {
  return {
    type: 'string',
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return ok(fallback);
      const text = raw.trim();
      const percent = /^(\d+(?:\.\d+)?)\s*%$/.exec(text);
      if (percent) {
        const value = Number(percent[1]);
        return value <= 100 ? ok({ kind: 'percent', percent: value }) : bad(fallback, 'must be a percentage from 0% to 100%');
      }
      if (/^\d+(\.\d{1,2})?$/.test(text)) return ok({ kind: 'amount', pennies: Math.round(Number(text) * 100) });
      return bad(fallback, 'must be an amount like "60000" or a percentage like "20%"');
    },
  };
}

/**
 * A link template with `{id}` where the id goes, e.g. `/account/pre-qualification-edit/{id}` or
 * `https://example.com/prequal/{id}`: only http(s) and relative URLs, so no `javascript:` link can be
 * made of it; absent → '' (the caller's default).
 */
export function urlTemplateAttr(): AttributeSpec<string> {
  return {
    type: 'string',
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return ok('');
      const text = raw.trim();
      if (text.length > 500) return bad('', 'must be at most 500 characters');
      if (!text.includes('{id}')) return bad('', 'must contain "{id}" where the request id goes');
      let url: URL;
      try {
        url = new URL(text.replaceAll('{id}', 'id'), 'https://relative.invalid/');
      } catch {
        return bad('', 'must be a URL');
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return bad('', 'must be an http(s) or relative URL');
      return ok(text);
    },
  };
}

/** Fills a template from `urlTemplateAttr` with an id. */
export const fillUrlTemplate = (template: string, id: string) => template.replaceAll('{id}', encodeURIComponent(id));
