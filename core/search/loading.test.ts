import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingFlag, LOADING_CLEAR_MS } from './loading';

describe('loading flag (spec §9: cleared 5000 ms after page cursors arrive)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clears 5000 ms after the cursors arrive when nothing else settles it', () => {
    const changes: boolean[] = [];
    const flag = createLoadingFlag((loading) => changes.push(loading));
    flag.start();
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(20_000);
    expect(changes).toEqual([true]);
    flag.cursorsArrived();
    vi.advanceTimersByTime(LOADING_CLEAR_MS - 1);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true, false]);
    expect(LOADING_CLEAR_MS).toBe(5000);
  });

  it('clears at once when the search settles first, and the timer does nothing later', () => {
    const changes: boolean[] = [];
    const flag = createLoadingFlag((loading) => changes.push(loading));
    flag.start();
    flag.cursorsArrived();
    vi.advanceTimersByTime(1200);
    flag.settled();
    expect(changes).toEqual([true, false]);
    vi.advanceTimersByTime(LOADING_CLEAR_MS);
    expect(changes).toEqual([true, false]);
  });

  it('a new search restarts the wait', () => {
    const changes: boolean[] = [];
    const flag = createLoadingFlag((loading) => changes.push(loading));
    flag.start();
    flag.cursorsArrived();
    vi.advanceTimersByTime(4000);
    flag.start();
    vi.advanceTimersByTime(4000);
    expect(changes).toEqual([true]);
    flag.cursorsArrived();
    vi.advanceTimersByTime(LOADING_CLEAR_MS);
    expect(changes).toEqual([true, false]);
    flag.dispose();
  });
});
