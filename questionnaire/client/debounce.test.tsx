// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INPUT_DEBOUNCE_MS, useDebouncedInput } from './debounce';


let api: ReturnType<typeof useDebouncedInput>;
function Probe({ commit }: { commit: (v: string) => void }) {
  api = useDebouncedInput('', commit);
  return null;
}

let root: ReturnType<typeof createRoot>;
beforeEach(() => {
  vi.useFakeTimers();
  root = createRoot(document.createElement('div'));
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('text input debounce (widget spec §2, §9)', () => {
  it('is 200 ms', () => {
    expect(INPUT_DEBOUNCE_MS).toBe(200);
  });

  it('commits after a 200 ms pause, once, with the last text', () => {
    const commit = vi.fn();
    act(() => root.render(<Probe commit={commit} />));
    act(() => api.onInput('a'));
    act(() => vi.advanceTimersByTime(150));
    act(() => api.onInput('ab'));
    act(() => vi.advanceTimersByTime(199));
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(commit).toHaveBeenCalledExactlyOnceWith('ab');
    expect(api.draft).toBe('ab');
  });

  it('commits at once on blur, even right after a keystroke', () => {
    const commit = vi.fn();
    act(() => root.render(<Probe commit={commit} />));
    act(() => {
      api.onInput('abc');
      api.flush();
    });
    expect(commit).toHaveBeenCalledExactlyOnceWith('abc');
    act(() => vi.advanceTimersByTime(500));
    expect(commit).toHaveBeenCalledTimes(1);
  });
});
