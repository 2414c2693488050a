/**
 * The tag-and-attribute allowlist every screen passes through, on the server before it is sent and on
 * the client before it is rendered (DESIGN §4: server-provided markup is never trusted). What is not
 * listed is dropped: scripts, styles, frames, forms, event handlers, inline styles, `javascript:` and
 * `data:` URLs. Unknown harmless tags are unwrapped (their text stays).
 */
import { isWidgetTag, OPTION_TAG } from '../widgets/tags';
import type { MarkupElement, MarkupNode } from './parse';

const TEXT_TAGS = new Set([
  'p', 'div', 'span', 'section', 'h2', 'h3', 'h4', 'strong', 'em', 'b', 'i', 'u', 'small', 'br', 'ul', 'ol', 'li', 'a', 'img',
  'blockquote',
]);

/** Dropped with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'form', 'input', 'button',
  'select', 'textarea', 'template', 'noscript', 'link', 'meta', 'base', 'head', 'title', 'video', 'audio', 'canvas',
  'xmp', 'noembed', 'noframes', 'portal', 'dialog',
]);

const GLOBAL_TEXT_ATTRIBUTES = new Set(['title', 'lang', 'dir', 'class']);
const TEXT_TAG_ATTRIBUTES: Record<string, Set<string>> = {
  a: new Set(['href']),
  img: new Set(['src', 'alt', 'width', 'height']),
};
/** Widget attributes that hold a URL (widget spec §2 helpimg, helplink; option thumbnails). */
const URL_ATTRIBUTES = new Set(['href', 'src', 'helpimg', 'helplink', 'thumbnail']);
const WIDGET_ATTRIBUTE = /^[a-z][a-z0-9-]*$/;

/** http(s), mailto, tel, or a relative path; anything else (javascript:, data:, vbscript:) is refused. */
export function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return true;
  return ['http', 'https', 'mailto', 'tel'].includes(scheme[1]!.toLowerCase());
}

function allowedAttribute(tag: string, name: string, value: string): boolean {
  if (name.startsWith('on') || name === 'style' || name === 'srcdoc' || name === 'formaction') return false;
  if (URL_ATTRIBUTES.has(name) && !isSafeUrl(value)) return false;
  if (isWidgetTag(tag) || tag === OPTION_TAG) return WIDGET_ATTRIBUTE.test(name);
  return GLOBAL_TEXT_ATTRIBUTES.has(name) || (TEXT_TAG_ATTRIBUTES[tag]?.has(name) ?? false);
}

function sanitizeElement(element: MarkupElement): MarkupNode[] {
  const { tag } = element;
  if (DROP_WITH_CONTENT.has(tag)) return [];
  const children = sanitizeMarkup(element.children);
  if (!TEXT_TAGS.has(tag) && !isWidgetTag(tag) && tag !== OPTION_TAG) return children;
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(element.attributes)) {
    if (allowedAttribute(tag, name, value)) attributes[name] = value;
  }
  if (tag === 'a' && attributes.href !== undefined) attributes.rel = 'noopener noreferrer';
  return [{ type: 'element', tag, attributes, children }];
}

/** The allowlisted copy of a tree. */
export function sanitizeMarkup(nodes: readonly MarkupNode[]): MarkupNode[] {
  return nodes.flatMap((node) => (node.type === 'text' ? [node] : sanitizeElement(node)));
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
const VOID = new Set(['br', 'img']);

/** Markup text of a (sanitized) tree; every text and attribute value escaped. */
export function serializeMarkup(nodes: readonly MarkupNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return escapeText(node.text);
      const attributes = Object.entries(node.attributes)
        .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
        .join('');
      if (VOID.has(node.tag)) return `<${node.tag}${attributes}>`;
      return `<${node.tag}${attributes}>${serializeMarkup(node.children)}</${node.tag}>`;
    })
    .join('');
}
