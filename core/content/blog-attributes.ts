/**
 * Attribute parsers of <hearth-blog> (core/define-element/attributes.ts shape): a malformed value yields
 * the attribute's default and a message, which defineElement shows inline and sends in `hearth-error`.
 */
import type { AttributeSpec, Parsed } from '../define-element/attributes';
import { isPostSlug, POST_PAGE_SIZE } from './post-rules';

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = <T>(value: T, message: string): Parsed<T> => ({ ok: false, value, message });

/** A post or tag slug (`first-home-guide`); absent or empty → null. */
export function slugAttr(): AttributeSpec<string | null> {
  return {
    type: 'string',
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return ok(null);
      const text = raw.trim();
      return isPostSlug(text) ? ok(text) : bad(null, 'must be a slug of lower-case letters and digits joined by hyphens, like "first-home-guide"');
    },
  };
}

/** How many posts a page shows: a whole number from 1 to 50; absent → 12. */
export function pageSizeAttr(): AttributeSpec<number> {
  return {
    type: 'number',
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return ok(POST_PAGE_SIZE.default);
      const text = raw.trim();
      const value = Number(text);
      if (!/^[0-9]+$/.test(text) || value < POST_PAGE_SIZE.min || value > POST_PAGE_SIZE.max) {
        return bad(POST_PAGE_SIZE.default, `must be a whole number from ${POST_PAGE_SIZE.min} to ${POST_PAGE_SIZE.max}`);
      }
      return ok(value);
    },
  };
}

/** An absolute http(s) URL, without a trailing slash; absent → null. */
export function baseUrlAttr(): AttributeSpec<string | null> {
  return {
    type: 'string',
    parse: (raw) => {
      if (raw === null || raw.trim() === '') return ok(null);
      try {
        const url = new URL(raw.trim());
        if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http');
        url.search = '';
        url.hash = '';
        return ok(url.href.replace(/\/+$/, ''));
      } catch {
        return bad(null, 'must be an absolute http(s) address, like "https://example.com/resources"');
      }
    },
  };
}
