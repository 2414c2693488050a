// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INPUT_DEBOUNCE_MS } from '../../client/debounce';
import { loadWidget } from '../../client/widget-loader';
import type { WidgetEnvironment, WidgetModule } from '../../client/widget-module';
import { specOf } from '../test-spec';
import type { Values } from '../widget';
import { widgetTexts as w } from '../texts';


let container: HTMLDivElement;
let root: ReturnType<typeof createRoot>;
let currency: WidgetModule;
const env = {} as WidgetEnvironment;

beforeEach(async () => {
    currency = await loadWidget('currency');
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

function Form({ markup, initial, seen }: { markup: string; initial: Values; seen: Values[] }) {
  const spec = specOf(markup);
  const [values, setValues] = useState(initial);
  const { Widget, rules } = currency;
  const errors = rules.validate(spec, rules.normalize(spec, values));
  return (
    <Widget
      spec={spec}
      values={values}
      errors={errors}
      showErrors
      env={env}
      onChange={(changed) => {
        seen.push(changed);
        setValues({ ...values, ...changed });
      }}
    />
  );
}

let renders = 0;
function render(markup: string, initial: Values = {}) {
  const seen: Values[] = [];
  // A new key per render: a fresh form, not the last one's state.
  act(() => root.render(<Form key={++renders} markup={markup} initial={initial} seen={seen} />));
  return { seen, input: () => container.querySelector('input')!, error: () => container.querySelector('[part="widget-error"]')?.textContent ?? null };
}

function type(input: HTMLInputElement, text: string) {
  act(() => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const pause = () => act(() => vi.advanceTimersByTime(INPUT_DEBOUNCE_MS));

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
