import { describe, expect, it } from 'vitest';
import { isSafeUrl, sanitizeMarkup, serializeMarkup } from './allowlist';
import { parseMarkup } from './parse';

const clean = (markup: string) => serializeMarkup(sanitizeMarkup(parseMarkup(markup)));

describe('questionnaire markup allowlist', () => {
  it('keeps text tags, widget tags and their hu-* attributes', () => {
    expect(clean('<h2 class="t">Hi</h2><p>a <strong>b</strong></p><hu-text hu-key="k" variables="v" required hu-show="x"></hu-text>')).toBe(
      '<h2 class="t">Hi</h2><p>a <strong>b</strong></p><hu-text hu-key="k" variables="v" required hu-show="x"></hu-text>',
    );
  });

  it.each([
    ['<script>alert(1)</script>ok', 'ok'],
    ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok', 'ok'],
    ['<style>*{display:none}</style>ok', 'ok'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<p onclick="alert(1)" style="color:red">t</p>', '<p>t</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['<a href="https://example.com/">x</a>', '<a href="https://example.com/" rel="noopener noreferrer">x</a>'],
    ['<hu-text helplink="javascript:alert(1)" onfocus="x" variables="v"></hu-text>', '<hu-text variables="v"></hu-text>'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<form action="https://evil.example"><input name="x"></form>ok', 'ok'],
    ['<object data="x"></object><embed src="x">ok', 'ok'],
    ['<font color="red">kept</font>', 'kept'],
    ['<p>unclosed <b>bold', '<p>unclosed <b>bold</b></p>'],
    ['<!-- <script>alert(1)</script> -->ok', 'ok'],
    ['a < b & c', 'a &lt; b &amp; c'],
    ['<textarea><script>alert(1)</script></textarea>ok', 'ok'],
    ['<hu-text variables="a&quot; onmouseover=&quot;alert(1)"></hu-text>', '<hu-text variables="a&quot; onmouseover=&quot;alert(1)"></hu-text>'],
  ])('%s → %s', (input, output) => {
    expect(clean(input)).toBe(output);
  });

  it('leaves no executable thing in a pile of hostile markup', () => {
    const hostile = [
      '<script>1</script>', '<img src=x onerror=1>', '<a href="javascript:1">', '<iframe srcdoc="<script>1</script>">', '<body onload=1>',
      '<svg onload=1>', '<math><mtext><script>1</script>', '<style>@import "x"</style>', '<base href="//evil">', '<meta http-equiv=refresh>',
      '<link rel=import href=x>', '<hu-text on-load="x" onclick="1" style="x">', '<div style="background:url(javascript:1)">',
    ].join('');
    const tree = sanitizeMarkup(parseMarkup(hostile));
    const out = serializeMarkup(tree);
    expect(out).not.toMatch(/<(script|iframe|style|svg|math|base|meta|link|body)\b/i);
    expect(out).not.toMatch(/\son[a-z-]*=/i);
    expect(out).not.toMatch(/javascript:/i);
    expect(out).not.toMatch(/style=/i);
  });

  it('accepts http(s), mailto, tel and relative URLs only', () => {
    for (const url of ['https://a.example', 'http://a.example', 'mailto:a@b.c', 'tel:+1', '/help', 'help.png']) expect(isSafeUrl(url)).toBe(true);
    for (const url of ['javascript:x', 'vbscript:x', 'data:image/png;base64,x', 'java\nscript:x', 'file:///etc/passwd']) expect(isSafeUrl(url)).toBe(false);
  });
});
