/** Work done ahead while the page waits: in an idle callback where the browser has them, else a timer. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmIntl, whenIdle } from './when-idle';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('runs the work in an idle callback, with a deadline, where the browser has them', () => {
    const callbacks: (() => void)[] = [];
    const idle = vi.fn((callback: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBeGreaterThan(0);
      callbacks.push(callback);
      return callbacks.length;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    callbacks.forEach((callback) => callback());
    expect(work).toHaveBeenCalledOnce();
  });

  it('falls back to a timer (Safari has no idle callbacks), never running the work in the caller’s task', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledOnce();
  });

  it('warmIntl makes a number and a date format in two tasks of their own, right after the caller’s', () => {
    vi.useFakeTimers();
    const made: string[] = [];
    const NumberFormat = Intl.NumberFormat;
    const DateTimeFormat = Intl.DateTimeFormat;
    vi.stubGlobal('Intl', {
      ...Intl,
      NumberFormat: function (locale: string) {
        made.push(`number ${locale}`);
        return new NumberFormat(locale);
      },
      DateTimeFormat: function (locale: string) {
        made.push(`date ${locale}`);
        return new DateTimeFormat(locale);
      },
    });
    warmIntl();
    expect(made).toEqual([]);
    expect(vi.getTimerCount()).toBe(2);
    vi.runAllTimers();
    expect(made).toEqual(['number en-US', 'date en-US']);
  });
});
