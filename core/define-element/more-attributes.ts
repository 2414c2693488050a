/**
 * Attribute kinds only a few elements take (a number, a link, a date): apart from attributes.ts, which every element loads
 * in the shared runtime chunk, so that chunk does not carry them (cdn/vite.shared.ts, `FEW_ELEMENTS`).
 */
import { bad, ok, type AttributeSpec } from './attributes';

/** A number within bounds; absent → `fallback`. */
export function numberAttr(fallback: number, min = -Infinity, max = Infinity): AttributeSpec<number> {
  return {
    type: 'number',
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return ok(fallback);
      const value = Number(raw);
      if (!Number.isFinite(value)) return bad(fallback, 'must be a number');
      if (value < min || value > max) return bad(fallback, `must be between ${min} and ${max}`);
      return ok(value);
    },
  };
}

/**
 * A link the element puts on the page: an http(s) or a relative URL (never `javascript:` and the like), at most
 * 2000 characters; absent or empty → null (the element's own default).
 */
export function urlAttr(): AttributeSpec<string | null> {
  return {
    type: 'string',
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return ok(null);
      const text = raw.trim();
      if (text.length > 2000) return bad(null, 'must be at most 2000 characters');
      let url: URL;
      try {
        url = new URL(text, 'https://hearth.invalid/');
      } catch {
        return bad(null, 'must be a URL');
      }
      return url.protocol === 'http:' || url.protocol === 'https:' ? ok(text) : bad(null, 'must be an http(s) or relative URL');
    },
  };
}

/** A calendar date written YYYY-MM-DD (a real day); absent or empty → null. */
export function dateAttr(): AttributeSpec<string | null> {
  return {
    type: 'string',
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return ok(null);
      const text = raw.trim();
      const real = /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
      return real ? ok(text) : bad(null, 'must be a date written YYYY-MM-DD, like "2026-07-04"');
    },
  };
}
