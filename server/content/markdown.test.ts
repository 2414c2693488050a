/** Post Markdown rendering (markdown.ts): hostile HTML and URLs never survive, ordinary Markdown does. */
import { describe, expect, it } from 'vitest';
import { bodyOnOrigin, htmlToText, readingMinutes, renderMarkdown } from './markdown';

/** Whatever a hostile post tries, none of these may appear in its HTML. */
const FORBIDDEN = [/<script/i, /<style/i, /<iframe/i, /<object/i, /<embed/i, /<svg/i, /<form/i, /<input/i, /\son[a-z]+\s*=/i, /javascript:/i, /vbscript:/i, /data:/i, /<meta/i, /<link/i, /<base/i, /srcdoc/i, /style=/i];

const expectClean = (html: string) => {
  for (const pattern of FORBIDDEN) expect(html, `${pattern} in ${html}`).not.toMatch(pattern);
};

describe('renderMarkdown: hostile input', () => {
  it.each([
    ['a script tag', 'Hello <script>alert(1)</script> world'],
    ['a script tag in upper case with attributes', '<SCRIPT type="text/javascript" src="https://evil.example/x.js"></SCRIPT>'],
    ['an onerror image', '<img src="x" onerror="alert(1)">'],
    ['an event handler on allowed markup', '<p onclick="alert(1)" onmouseover=alert(2)>text</p>'],
    ['a javascript: Markdown link', '[click](javascript:alert(1))'],
    ['a javascript: link with entities', '<a href="jav&#x09;ascript:alert(1)">x</a> <a href="&#106;avascript:alert(1)">y</a>'],
    ['a javascript: link with mixed case and spaces', '<a href=" JaVaScRiPt:alert(1)">x</a>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['an iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['a style element', '<style>body { display: none }</style>text'],
    ['a style attribute', '<p style="background: url(javascript:alert(1))">x</p>'],
    ['a data: image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
    ['an svg with onload', '<svg onload="alert(1)"><circle r="1"/></svg>'],
    ['an object and embed', '<object data="x.swf"></object><embed src="x.swf">'],
    ['a form', '<form action="https://evil.example"><input name="password"></form>'],
    ['meta refresh and base', '<meta http-equiv="refresh" content="0;url=https://evil.example"><base href="https://evil.example/">'],
    ['nested script tricks', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
    ['a broken-up tag', '<<script>script>alert(1)<</script>/script>'],
    ['an image in a link with javascript', '[![x](https://example.com/a.png)](javascript:alert(1))'],
    ['a vbscript: link', '[x](vbscript:msgbox(1))'],
    ['a protocol-relative image', '![x](//evil.example/track.png)'],
    ['html comments hiding a script', '<!-- --><script>alert(1)</script><!-- -->'],
    ['a math element', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ])('%s', (_name, markdown) => {
    const html = renderMarkdown(markdown);
    expectClean(html);
    expect(html).not.toContain('alert(1)</');
  });

  it('keeps the text around a dropped script and says nothing of its contents', () => {
    const html = renderMarkdown('Hello <script>alert("x")</script> world');
    expect(html).toContain('Hello');
    expect(html).toContain('world');
    expect(html).not.toContain('alert');
  });

  it('drops a protocol-relative image source rather than leave our origin unseen', () => {
    expect(renderMarkdown('![x](//evil.example/track.png)')).not.toContain('evil.example');
  });
});

describe('renderMarkdown: ordinary Markdown', () => {
  it('renders headings (h1 becomes h2), lists, emphasis, code, quotes and tables', () => {
    const html = renderMarkdown(`# Title

## Section

Some **bold**, *italic* and \`code\`.

- one
- two

1. first
2. second

> A quote

\`\`\`ts
const x = 1 < 2;
\`\`\`

| A | B |
|:--|--:|
| 1 | 2 |
`);
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<h2>Section</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>italic</em>');
    expect(html).toContain('<ul>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<code class="language-ts">const x = 1 &lt; 2;');
    expect(html).toContain('<table>');
    expect(html).toContain('<th align="left">A</th>');
    expect(html).toContain('<td align="right">2</td>');
    expect(html).not.toContain('<h1');
  });

  it('gives external links rel="noopener noreferrer" and leaves site links alone', () => {
    const html = renderMarkdown('[out](https://example.com/page) and [in](/mortgage/calculator) and [mail](mailto:a@example.com)');
    expect(html).toContain('<a href="https://example.com/page" rel="noopener noreferrer">out</a>');
    expect(html).toContain('<a href="/mortgage/calculator">in</a>');
    expect(html).toContain('<a href="mailto:a@example.com">mail</a>');
  });

  it('keeps pictures of our own media with their alt text, lazily loaded, and drops those of other hosts', () => {
    const html = renderMarkdown('![A porch](/media/posts/porch-960.webp "Porch")');
    expect(html).toContain('src="/media/posts/porch-960.webp"');
    expect(html).toContain('alt="A porch"');
    expect(html).toContain('loading="lazy"');
    // A partner's CSP allows images from our origin only: another host's picture would be blocked there.
    for (const src of ['https://example.com/porch.jpg', 'http://example.com/porch.jpg', '/search', '//example.com/media/x.webp', '/media//example.com/x']) {
      expect(renderMarkdown(`before ![x](${src}) after`), src).not.toContain('<img');
    }
  });

  it('keeps only pictures stored for the blog: a path that leaves /media/posts/ once normalised is dropped (issue 33)', () => {
    expect(renderMarkdown('![x](/media/posts/seed/first-home-6a1f-960.webp)')).toContain('src="/media/posts/seed/first-home-6a1f-960.webp"');
    expect(renderMarkdown('![x](/media/posts/uploads/0a1b2c3d4e5f-1600.webp)')).toContain('<img');
    const escapes = [
      '/media/posts/../../log-out',
      '/media/posts/../../../log-out?next=/',
      '/media/posts/%2e%2e/%2e%2e/log-out',
      '/media/posts/%2E%2E/x-960.webp',
      '/media/posts/..%2f..%2flog-out',
      '/media/posts/..%2F..%2Flog-out-960.webp',
      '/media/posts/a%2fb-960.webp',
      '/media/posts/a%5cb-960.webp',
      '/media/posts/..\\..\\log-out',
      '/media/posts/a\\..\\..\\log-out-960.webp',
      '/media/posts/./a-960.webp',
      '/media/posts//a-960.webp',
      '/media/posts/a-960.webp?next=/log-out',
      '/media/posts/a-960.webp#x',
      '/media/posts/A-960.webp',
      '/media/listing-photos/1/a-800.webp',
      '/media/partners/logo.png',
      '/media/posts/a.svg',
      '/log-out',
    ];
    for (const src of escapes) {
      expect(renderMarkdown(`before ![x](${src}) after`), src).not.toContain('<img');
      expect(renderMarkdown(`<img src="${src}" alt="x">`), src).not.toContain('<img');
    }
    // Entities are decoded before the check.
    expect(renderMarkdown('<img src="/media/posts/&#46;&#46;/&#46;&#46;/log-out" alt="">')).not.toContain('<img');
  });

  it('escapes text that looks like markup inside code', () => {
    expect(renderMarkdown('`<script>`')).toContain('<code>&lt;script&gt;</code>');
  });
});

describe('bodyOnOrigin', () => {
  it('hands out a body stored before the stricter check without its pictures from elsewhere', () => {
    const stored = '<p>a</p><img src="/media/posts/../../log-out" alt="" loading="lazy" /><img src="/media/posts/a-480.webp" alt="ok" /><p>b</p>';
    expect(bodyOnOrigin(stored, 'https://homes.example')).toBe('<p>a</p><img src="https://homes.example/media/posts/a-480.webp" alt="ok" /><p>b</p>');
  });

  it('makes site-relative href and src absolute, and leaves absolute and protocol-relative ones', () => {
    const body = '<a href="/search">s</a><img src="/media/posts/a-480.webp" alt=""><a href="https://x.example/">x</a><a href="//x.example/">y</a>';
    expect(bodyOnOrigin(body, 'https://homes.example')).toBe(
      '<a href="https://homes.example/search">s</a><img src="https://homes.example/media/posts/a-480.webp" alt=""><a href="https://x.example/">x</a><a href="//x.example/">y</a>',
    );
  });
});

describe('reading time', () => {
  it('counts the words of the text, at least one minute', () => {
    expect(readingMinutes('<p>Short.</p>')).toBe(1);
    expect(readingMinutes(`<p>${'word '.repeat(660)}</p>`)).toBe(3);
    expect(htmlToText('<p>A &amp; B</p><ul><li>c</li></ul>')).toBe('A & B c');
  });
});
