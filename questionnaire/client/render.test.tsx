// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testRoot } from '../../core/testing/react-root';
import { renderTree, safeTree } from './render';


const dom = testRoot();

beforeEach(() => {
  (window as unknown as { pwned: number }).pwned = 0;
});


function render(markup: string) {
  dom.render(<div>{renderTree(safeTree(markup), (el) => <span data-widget={el.tag} />)}</div>);
  return dom.container;
}

describe('screen markup rendering (allowlist, never innerHTML)', () => {
  it('renders allowed text markup and hands widget tags to the widget renderer', () => {
    const view = render('<h2 class="t">Hello</h2><p>a <strong>b</strong></p><hu-text hu-key="k"></hu-text>');
    expect(view.querySelector('h2')!.className).toBe('t');
    expect(view.querySelector('strong')!.textContent).toBe('b');
    expect(view.querySelector('[data-widget="hu-text"]')).not.toBeNull();
  });

  it('renders hostile markup as nothing executable', () => {
    const view = render(
      [
        '<script>window.pwned = 1</script>',
        '<img src="x" onerror="window.pwned = 2">',
        '<a href="javascript:window.pwned = 3">link</a>',
        '<p onclick="window.pwned = 4" style="position:fixed">text</p>',
        '<iframe srcdoc="<script>parent.pwned = 5</script>"></iframe>',
        '<svg onload="window.pwned = 6"></svg>',
        '<style>* { display: none }</style>',
        '<form action="https://evil.example"><button>Go</button></form>',
      ].join(''),
    );
    expect(view.querySelector('script, iframe, svg, style, form, button')).toBeNull();
    for (const el of view.querySelectorAll('*')) {
      for (const attribute of el.getAttributeNames()) {
        expect(attribute.startsWith('on')).toBe(false);
        expect(attribute).not.toBe('style');
      }
    }
    expect(view.querySelector('a')!.getAttribute('href')).toBeNull();
    (view.querySelector('a') as HTMLAnchorElement).click();
    (view.querySelector('p') as HTMLParagraphElement).click();
    expect((window as unknown as { pwned: number }).pwned).toBe(0);
  });

  it('shows script-looking text as text', () => {
    const view = render('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(view.textContent).toBe('<script>alert(1)</script>');
    expect(view.querySelector('script')).toBeNull();
  });
});
