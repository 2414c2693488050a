// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INPUT_DEBOUNCE_MS } from '../../client/debounce';
import { loadWidget } from '../../client/widget-loader';
import type { WidgetEnvironment, WidgetModule } from '../../client/widget-module';
import { specOf } from '../test-spec';
import type { Values } from '../widget';


let container: HTMLDivElement;
let root: ReturnType<typeof createRoot>;
let phone: WidgetModule;
const env = {} as WidgetEnvironment;

beforeEach(async () => {
  // The loader joins the widget chunk and the lazily imported metadata.
  phone = await loadWidget('phone');
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
  const { Widget, rules } = phone;
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
    expect(container.querySelector('.widget-preview')!.textContent).toBe('+44 20 7946 0958');
  });
});
