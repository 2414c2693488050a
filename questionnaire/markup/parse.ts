/**
 * A small HTML tokenizer for questionnaire markup, shared by the server (which validates answers against
 * the widgets a screen holds) and the client (which renders through the allowlist in `allowlist.ts`).
 * One parser on both sides means both see the same widgets; the browser never parses server text as
 * HTML (no innerHTML, no DOMParser), so nothing in it can execute.
 */

export interface MarkupElement {
  type: 'element';
  tag: string;
  attributes: Record<string, string>;
  children: MarkupNode[];
}

export interface MarkupText {
  type: 'text';
  text: string;
}

export type MarkupNode = MarkupElement | MarkupText;

const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
/** Their content is never markup; dropped whole (and the tags are not in the allowlist anyway). */
const RAW_TEXT_TAGS = new Set(['script', 'style', 'iframe', 'noscript', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'template']);

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '\ufffd';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const TAG_NAME = /^[a-zA-Z][a-zA-Z0-9-]*/;
const ATTRIBUTE = /^([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/;

/** Parses markup into a tree. Never throws: unbalanced or broken markup degrades to text or is closed. */
export function parseMarkup(markup: string): MarkupNode[] {
  const root: MarkupElement = { type: 'element', tag: '#root', attributes: {}, children: [] };
  const stack: MarkupElement[] = [root];
  const current = () => stack[stack.length - 1]!;
  const pushText = (text: string) => {
    if (!text) return;
    const decoded = decodeEntities(text);
    const siblings = current().children;
    const last = siblings[siblings.length - 1];
    if (last?.type === 'text') last.text += decoded;
    else siblings.push({ type: 'text', text: decoded });
  };

  let i = 0;
  while (i < markup.length) {
    const lt = markup.indexOf('<', i);
    if (lt === -1) {
      pushText(markup.slice(i));
      break;
    }
    pushText(markup.slice(i, lt));
    i = lt;
    if (markup.startsWith('<!--', i)) {
      const end = markup.indexOf('-->', i + 4);
      i = end === -1 ? markup.length : end + 3;
      continue;
    }
    if (markup.startsWith('<!', i) || markup.startsWith('<?', i)) {
      const end = markup.indexOf('>', i);
      i = end === -1 ? markup.length : end + 1;
      continue;
    }
    if (markup[i + 1] === '/') {
      const name = TAG_NAME.exec(markup.slice(i + 2));
      const end = markup.indexOf('>', i);
      i = end === -1 ? markup.length : end + 1;
      if (!name) continue;
      const tag = name[0].toLowerCase();
      const open = stack.findLastIndex((el) => el.tag === tag);
      if (open > 0) stack.length = open;
      continue;
    }
    const name = TAG_NAME.exec(markup.slice(i + 1));
    if (!name) {
      pushText('<');
      i += 1;
      continue;
    }
    const tag = name[0].toLowerCase();
    let j = i + 1 + name[0].length;
    const attributes: Record<string, string> = {};
    let selfClosing = false;
    for (;;) {
      while (j < markup.length && /\s/.test(markup[j]!)) j++;
      if (j >= markup.length) break;
      if (markup[j] === '>') {
        j++;
        break;
      }
      if (markup.startsWith('/>', j)) {
        selfClosing = true;
        j += 2;
        break;
      }
      const attribute = ATTRIBUTE.exec(markup.slice(j));
      if (!attribute) {
        j++;
        continue;
      }
      const key = attribute[1]!.toLowerCase();
      if (!(key in attributes)) attributes[key] = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
      j += attribute[0].length;
    }
    i = j;
    if (RAW_TEXT_TAGS.has(tag)) {
      const close = markup.toLowerCase().indexOf(`</${tag}`, i);
      if (close === -1) {
        i = markup.length;
      } else {
        const end = markup.indexOf('>', close);
        i = end === -1 ? markup.length : end + 1;
      }
      current().children.push({ type: 'element', tag, attributes, children: [] });
      continue;
    }
    const element: MarkupElement = { type: 'element', tag, attributes, children: [] };
    current().children.push(element);
    if (!selfClosing && !VOID_TAGS.has(tag)) stack.push(element);
  }
  return root.children;
}

/** Depth-first walk over the elements of a tree. */
export function* walkElements(nodes: readonly MarkupNode[]): Generator<MarkupElement> {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    yield node;
    yield* walkElements(node.children);
  }
}

export function textContent(nodes: readonly MarkupNode[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.text : textContent(n.children))).join('');
}
