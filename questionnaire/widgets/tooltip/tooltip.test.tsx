// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../../../core/testing/react-root';
import { Tooltip, TOOLTIP_SHOW_DELAY_MS, TOOLTIP_TOUCH_HIDE_DELAY_MS } from './tooltip';

const dom = testRoot();

beforeEach(() => {
  vi.useFakeTimers();
  dom.render(<Tooltip text="1 Ropani = 5476 sq ft = 508.72 m²">{(tip) => <input aria-label="Ropani" {...tip} />}</Tooltip>);
});
afterEach(() => {
  vi.useRealTimers();
});

const bubble = () => dom.container.querySelector<HTMLElement>('[role="tooltip"]')!;
const input = () => dom.container.querySelector('input')!;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const fire = (target: Element, type: string, init: EventInit & { key?: string } = {}) =>
  act(() => {
    target.dispatchEvent(type === 'keydown' ? new KeyboardEvent(type, { bubbles: true, ...init }) : new Event(type, { bubbles: true, ...init }));
  });

describe('tooltip (widget spec §9)', () => {
  it('has the delays of the spec', () => {
    expect(TOOLTIP_SHOW_DELAY_MS).toBe(800);
    expect(TOOLTIP_TOUCH_HIDE_DELAY_MS).toBe(800);
  });

  it('describes its control while hidden, and shows 800 ms after focus', () => {
    expect(input().getAttribute('aria-describedby')).toBe(bubble().id);
    expect(bubble().hidden).toBe(true);
    act(() => input().focus());
    wait(TOOLTIP_SHOW_DELAY_MS - 1);
    expect(bubble().hidden).toBe(true);
    wait(1);
    expect(bubble().hidden).toBe(false);
    expect(bubble().textContent).toBe('1 Ropani = 5476 sq ft = 508.72 m²');
    act(() => input().blur());
    expect(bubble().hidden).toBe(true);
  });

  it('hides at once on Escape', () => {
    act(() => input().focus());
    wait(TOOLTIP_SHOW_DELAY_MS);
    expect(bubble().getAttribute('data-state')).toBe('visible');
    fire(input(), 'keydown', { key: 'Escape' });
    expect(bubble().getAttribute('data-state')).toBe('hidden');
  });

  it('after a touch, stays 800 ms once the finger lifts', () => {
    const anchor = dom.container.querySelector('.widget-tooltip-anchor')!;
    fire(anchor, 'touchstart');
    wait(TOOLTIP_SHOW_DELAY_MS);
    expect(bubble().hidden).toBe(false);
    fire(anchor, 'touchend');
    wait(TOOLTIP_TOUCH_HIDE_DELAY_MS - 1);
    expect(bubble().hidden).toBe(false);
    wait(1);
    expect(bubble().hidden).toBe(true);
  });

  it('a touch too short to show it shows nothing', () => {
    const anchor = dom.container.querySelector('.widget-tooltip-anchor')!;
    fire(anchor, 'touchstart');
    wait(100);
    fire(anchor, 'touchend');
    wait(TOOLTIP_SHOW_DELAY_MS * 2);
    expect(bubble().hidden).toBe(true);
  });
});
