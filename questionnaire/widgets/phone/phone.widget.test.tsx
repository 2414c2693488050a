// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../core/testing/react-root';
import { loadWidget } from '../../client/widget-loader';
import type { WidgetModule } from '../../client/widget-module';
import { pauseTyping as pause, renderWidget, typeText as type } from '../testing';
import type { Values } from '../widget';

let phone: WidgetModule;

beforeEach(async () => {
  // The loader joins the widget chunk and the lazily imported phone rules.
  phone = await loadWidget('phone');
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const dom = testRoot();

function render(markup: string, initial: Values = {}) {
  const { seen } = renderWidget(dom, phone, markup, { initial, showErrors: true });
  return { seen, input: () => dom.container.querySelector('input')!, error: () => dom.container.querySelector('[part="widget-error"]')?.textContent ?? null };
}

describe('<hu-phone> widget view (widget spec §4, §5)', () => {
  it('reformats as typed, stores digits only, shows the national format', () => {
    const view = render('<hu-phone hu-title="Phone" variables="phone" required>');
    expect(view.input().type).toBe('tel');
    type(view.input(), '8015550');
    expect(view.input().value).toBe('(801) 555-0');
    type(view.input(), '(801) 555-0142');
    pause();
    expect(view.seen.at(-1)).toEqual({ phone: '8015550142' });
    expect(view.input().value).toBe('(801) 555-0142');
    expect(view.error()).toBeNull();
  });

  it("says 'Invalid number' and keeps what was typed", () => {
    const view = render('<hu-phone hu-title="Phone" variables="phone">');
    type(view.input(), '555-01');
    pause();
    expect(view.seen.at(-1)).toEqual({ phone: '55501' });
    expect(view.error()).toBe('Invalid number');
  });

  it('international: a + number in progress keeps its +, then shows the international format', () => {
    const view = render('<hu-phone hu-title="Phone" variables="phone" international>');
    type(view.input(), '+44');
    pause();
    expect(view.seen.at(-1)).toEqual({ phone: '44' });
    expect(view.input().value).toBe('+44');
    type(view.input(), '+44 2079460958');
    pause();
    expect(view.seen.at(-1)).toEqual({ phone: '442079460958' });
    expect(view.input().value).toBe('+44 20 7946 0958');
    expect(view.error()).toBeNull();
  });

  it('deleting a bracket is not undone by the formatting', () => {
    const view = render('<hu-phone hu-title="Phone" variables="phone">');
    type(view.input(), '801');
    expect(view.input().value).toBe('(801)');
    type(view.input(), '(801');
    expect(view.input().value).toBe('(801');
  });

  it('shows a stored number formatted, and read-only with preview-only', () => {
    expect(render('<hu-phone hu-title="Phone" variables="phone">', { phone: '8015550142' }).input().value).toBe('(801) 555-0142');
    render('<hu-phone hu-title="Phone" variables="phone" preview-only international>', { phone: '442079460958' });
    expect(dom.container.querySelector('.widget-preview')!.textContent).toBe('+44 20 7946 0958');
  });
});
