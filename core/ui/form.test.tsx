// @vitest-environment happy-dom
import { act, createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testRoot } from '../testing/react-root';
import { Form } from './form';

const dom = testRoot();

describe('Form', () => {
  it('renders a novalidate form with the attributes it is given, and hands its ref on', () => {
    const ref = createRef<HTMLFormElement>();
    const view = dom.render(
      <Form ref={ref} className="ask" part="form" aria-busy onSubmit={() => undefined}>
        <input name="email" type="email" required />
      </Form>,
    );
    const form = view.querySelector('form')!;
    expect(form.noValidate).toBe(true);
    expect(form.className).toBe('ask');
    expect(form.getAttribute('part')).toBe('form');
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect(ref.current).toBe(form);
  });

  it('runs onSubmit with the event, whose default (sending the form) is prevented', () => {
    const onSubmit = vi.fn();
    const view = dom.render(
      <Form onSubmit={onSubmit}>
        <button type="submit">Send</button>
      </Form>,
    );
    const event = new Event('submit', { bubbles: true, cancelable: true });
    act(() => void view.querySelector('form')!.dispatchEvent(event));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
  });
});
