// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../core/testing/react-root';
import { loadWidget } from '../../client/widget-loader';
import type { WidgetModule } from '../../client/widget-module';
import { pauseTyping as pause, renderWidget, typeText as type } from '../testing';
import { widgetTexts as w } from '../texts';
import type { Values } from '../widget';

let currency: WidgetModule;

beforeEach(async () => {
  currency = await loadWidget('currency');
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});
const dom = testRoot();

function render(markup: string, initial: Values = {}) {
  const { seen } = renderWidget(dom, currency, markup, { initial, showErrors: true });
  return { seen, input: () => dom.container.querySelector('input')!, error: () => dom.container.querySelector('[part="widget-error"]')?.textContent ?? null };
}

describe('<hu-currency> widget view (widget spec §5: stored only when valid)', () => {
  const markup = '<hu-currency hu-title="Offer" variables="offer" min="1000" max="5000000">';

  it('stores a valid amount as plain number text and shows it formatted', () => {
    const view = render(markup);
    type(view.input(), '$450,000');
    pause();
    expect(view.seen.at(-1)).toEqual({ offer: '450000' });
    expect(view.input().value).toBe('$450,000');
    expect(view.error()).toBeNull();
  });

  it('stores nothing for an amount the rules refuse: the typed text stays with its message', () => {
    const view = render(markup);
    type(view.input(), '999');
    pause();
    expect(view.seen).toEqual([]);
    expect(view.input().value).toBe('999');
    expect(view.error()).toBe(w.errors.invalid);
    expect(view.input().getAttribute('aria-invalid')).toBe('true');
  });

  it('clears a value stored earlier when it is replaced by a refused one, and stores again once valid', () => {
    const view = render(markup, { offer: '2000' });
    expect(view.input().value).toBe('$2,000');
    type(view.input(), '9000000');
    pause();
    expect(view.seen.at(-1)).toEqual({ offer: '' });
    expect(view.input().value).toBe('9000000');
    expect(view.error()).toBe(w.errors.invalid);
    type(view.input(), '3000');
    pause();
    expect(view.seen.at(-1)).toEqual({ offer: '3000' });
    expect(view.error()).toBeNull();
  });
});
