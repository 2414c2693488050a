// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testRoot } from '../testing/react-root';
import { useInTurns, useTurn } from './use-in-turns';

const dom = testRoot();

function Probe({ total, first }: { total: number; first: number }) {
  const shown = useInTurns(total, first);
  return <p data-shown={shown} />;
}

const shown = () => Number(dom.container.querySelector('p')!.dataset.shown);

afterEach(() => vi.useRealTimers());

describe('useInTurns', () => {
  it('shows the first items at once, then one more a task until all are there, and starts over for a new total', () => {
    vi.useFakeTimers();
    dom.render(<Probe total={4} first={2} />);
    expect(shown()).toBe(2);
    act(() => void vi.advanceTimersToNextTimer());
    expect(shown()).toBe(3);
    act(() => void vi.advanceTimersToNextTimer());
    expect(shown()).toBe(4);
    expect(vi.getTimerCount()).toBe(0);
    dom.render(<Probe total={6} first={1} />);
    expect(shown()).toBe(1);
    for (let turn = 0; turn < 5; turn++) act(() => void vi.advanceTimersToNextTimer());
    expect(shown()).toBe(6);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never shows more than there are', () => {
    dom.render(<Probe total={1} first={3} />);
    expect(shown()).toBe(1);
  });
});

function Waiter({ wait }: { wait: boolean }) {
  return <i data-ready={String(useTurn(wait))} />;
}

const ready = () => [...dom.container.querySelectorAll('i')].filter((i) => i.dataset.ready === 'true').length;

describe('useTurn', () => {
  it('renders at once what need not wait, and the waiting views three a task, first come first served', () => {
    vi.useFakeTimers();
    dom.render(
      <>
        <Waiter wait={false} />
        {Array.from({ length: 7 }, (_, i) => (
          <Waiter key={i} wait />
        ))}
      </>,
    );
    expect(ready()).toBe(1);
    act(() => void vi.advanceTimersToNextTimer());
    expect(ready()).toBe(4);
    expect([...dom.container.querySelectorAll('i')].map((i) => i.dataset.ready).slice(0, 5)).toEqual(['true', 'true', 'true', 'true', 'false']);
    act(() => void vi.advanceTimersToNextTimer());
    expect(ready()).toBe(7);
    act(() => void vi.advanceTimersToNextTimer());
    expect(ready()).toBe(8);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lets a view gone before its turn leave the line: the next ones get its place', () => {
    vi.useFakeTimers();
    const line = (ids: number[]) => (
      <>
        {ids.map((id) => (
          <Waiter key={id} wait />
        ))}
      </>
    );
    dom.render(line([1, 2, 3, 4, 5]));
    dom.render(line([4, 5]));
    act(() => void vi.advanceTimersToNextTimer());
    expect(ready()).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});
