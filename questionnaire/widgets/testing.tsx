/**
 * The render harness of the widget view tests (happy-dom): one widget inside a form that holds the values,
 * validates them with the widget's rules (when given) and records every change the widget reports.
 */
import { act, useState } from 'react';
import { vi } from 'vitest';
import type { TestRoot } from '../../core/testing/react-root';
import { INPUT_DEBOUNCE_MS } from '../client/debounce';
import { loadWidget } from '../client/widget-loader';
import type { WidgetEnvironment, WidgetModule } from '../client/widget-module';
import type { WidgetFolder } from './tags';
import { specOf } from './test-spec';
import type { Values } from './widget';

/** A widget to render: a loaded module, or a component alone (its errors are then `null`). */
export type RenderedWidget = Pick<WidgetModule, 'Widget'> & Partial<Pick<WidgetModule, 'rules'>>;

export interface RenderWidgetOptions {
  /** The form's values before the first change. */
  initial?: Values;
  showErrors?: boolean;
  env?: WidgetEnvironment;
}

export interface RenderedForm {
  /** Every change the widget reported, in order. */
  seen: Values[];
  /** The form's values now: the initial ones with every change applied. */
  values(): Values;
}

function Form({ widget, markup, initial, seen, showErrors, env }: { widget: RenderedWidget; markup: string; initial: Values; seen: Values[]; showErrors: boolean; env: WidgetEnvironment }) {
  const spec = specOf(markup);
  const [values, setValues] = useState(initial);
  const { Widget, rules } = widget;
  const errors = rules ? rules.validate(spec, rules.normalize(spec, values)) : null;
  return (
    <Widget
      spec={spec}
      values={values}
      errors={errors}
      showErrors={showErrors}
      env={env}
      onChange={(changed) => {
        seen.push(changed);
        setValues((current) => ({ ...current, ...changed }));
      }}
    />
  );
}

let renders = 0;

/** Renders the widget of `markup` into the test's root; each call is a fresh form, not the last one's state. */
export function renderWidget(root: TestRoot, widget: RenderedWidget, markup: string, options: RenderWidgetOptions = {}): RenderedForm {
  const { initial = {}, showErrors = false, env = {} as WidgetEnvironment } = options;
  const seen: Values[] = [];
  root.render(<Form key={++renders} widget={widget} markup={markup} initial={initial} seen={seen} showErrors={showErrors} env={env} />);
  return { seen, values: () => Object.assign({}, initial, ...seen) as Values };
}

/** Loads a widget module with real timers (its dynamic imports), inside a test that runs on fake ones. */
export async function loadWidgetUnderFakeTimers(folder: WidgetFolder): Promise<WidgetModule> {
  vi.useRealTimers();
  const widget = await loadWidget(folder);
  vi.useFakeTimers();
  return widget;
}

/** Types `text` into an input as one input event (no debounce wait). */
export function typeText(input: HTMLInputElement, text: string): void {
  act(() => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Lets the input debounce pass (fake timers). */
export function pauseTyping(): void {
  act(() => {
    vi.advanceTimersByTime(INPUT_DEBOUNCE_MS);
  });
}
