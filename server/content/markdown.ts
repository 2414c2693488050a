/**
 * Blog Markdown → HTML (issue 18): `marked` parses, `sanitize-html` keeps only an allowlist of tags,
 * attributes and URL schemes. Editors are trusted people but their text is not trusted markup: whatever
 * raw HTML a post holds (a pasted <script>, an onerror=, a javascript: link, an <iframe>) is dropped here,
 * on the server, once per save. Videos are not embedded in the body: a post's videoCode is shown in the
 * privacy-enhanced frame by the page and the element.
 *
 * The stored HTML keeps site-relative URLs (`/search`, `/media/posts/…`); `bodyOnOrigin` makes them
 * absolute on our public origin when the HTML is handed out, since a shadow root on a partner's page
 * would resolve them against the partner's origin.
 */
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { isPostImagePath } from './images';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const ABSOLUTE_HTTP = /^https?:\/\//i;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'a', 'strong', 'em', 'del', 's', 'code', 'pre', 'blockquote',
    'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'figure', 'figcaption', 'sup', 'sub',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    th: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
    td: [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }],
    ol: ['start'],
    code: ['class'],
  },
  allowedClasses: { code: ['language-*'] },
  // No javascript:, data:, vbscript: or any scheme not named here; no //host URLs (they leave our origin unseen).
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // Dropped with their contents (not just their tags): their text is code or markup, never prose.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's title is its one <h1>: a heading in the body starts at h2.
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (!ABSOLUTE_HTTP.test(href)) return { tagName, attribs };
      return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async', alt: attribs.alt ?? '' } }),
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'a' && !frame.attribs.href && !frame.text.trim()) ||
    // Pictures only of the blog's own stored ones (a site path, made absolute on our origin when handed out): a
    // partner's CSP names our origin in img-src, so another host's picture would be blocked on their page, and
    // any other path of ours (`/media/posts/../../log-out`) would be a request every reader's browser makes.
    (frame.tag === 'img' && !isPostImagePath(frame.attribs.src ?? '')),
};

/** The sanitised HTML of a post's Markdown. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, SANITIZE).trim();
}

/**
 * Site-relative `href`/`src` of our sanitised HTML made absolute on `publicOrigin` (sanitize-html writes attributes
 * in double quotes). A picture that is not one of the blog's stored ones is dropped here too: bodies saved before
 * the sanitiser checked the path as strictly are handed out as it would write them now.
 */
export function bodyOnOrigin(body: string, publicOrigin: string): string {
  return body
    .replace(/<img\b[^>]*>/g, (tag) => (isPostImagePath(/\ssrc="([^"]*)"/.exec(tag)?.[1] ?? '') ? tag : ''))
    .replace(/(\s(?:href|src)=")\/(?![/\\])/g, `$1${publicOrigin}/`);
}

/** Plain text of our sanitised HTML (word counts): every tag ends a word, the entities sanitize-html writes are undone. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const WORDS_PER_MINUTE = 220;

/** Minutes to read a post, at least 1. */
export function readingMinutes(html: string): number {
  const words = htmlToText(html).split(' ').filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
