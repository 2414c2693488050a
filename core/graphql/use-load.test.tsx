// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from './call';
import { useLoad, type Load } from './use-load';


/** Answers the loads by hand, in any order. */
function answers() {
  const pending: { key: string; answer: (result: Result<string>) => void; fail: (error: Error) => void }[] = [];
  const load = (key: string) => () =>
    new Promise<Result<string>>((answer, fail) => {
      pending.push({ key, answer, fail });
    });
  return { pending, load };
}

let container: HTMLDivElement;
let root: ReturnType<typeof createRoot>;
let seen: Load<string>[];
let loads: ReturnType<typeof answers>;

function Probe({ loadKey, delay }: { loadKey: string | null; delay?: number }) {
  seen.push(useLoad(loadKey, loads.load(loadKey ?? ''), { delay }));
  return null;
}

const latest = () => seen.at(-1)!;
const render = (loadKey: string | null, delay?: number) => act(() => root.render(<Probe loadKey={loadKey} delay={delay} />));
const settle = (index: number, result: Result<string>) => act(async () => loads.pending[index]!.answer(result));

beforeEach(() => {
  container = document.createElement('div');
  root = createRoot(container);
  seen = [];
  loads = answers();
});

afterEach(() => {
  act(() => root.unmount());
});

describe('useLoad', () => {
  it('loads nothing without a key', () => {
    render(null);
    expect(loads.pending).toHaveLength(0);
    expect(latest()).toMatchObject({ result: undefined, loading: false });
  });

  it('is loading from the first render of a key, then holds its answer', async () => {
    render('a');
    expect(seen[0]).toMatchObject({ result: undefined, loading: true });
    await settle(0, { ok: true, value: 'A' });
    expect(latest()).toMatchObject({ result: { ok: true, value: 'A' }, loading: false });
  });

  it('drops the answer of a key it has left, and shows nothing of it meanwhile', async () => {
    render('a');
    await settle(0, { ok: true, value: 'A' });
    render('b');
    expect(latest()).toMatchObject({ result: undefined, loading: true });
    render('c');
    await settle(1, { ok: true, value: 'B, too late' });
    expect(latest()).toMatchObject({ result: undefined, loading: true });
    await settle(2, { ok: true, value: 'C' });
    expect(latest().result).toEqual({ ok: true, value: 'C' });
  });

  it('keeps the answer on screen while reload asks again, then takes the new one', async () => {
    render('a');
    await settle(0, { ok: true, value: 'first' });
    await act(async () => latest().reload());
    expect(loads.pending).toHaveLength(2);
    expect(latest()).toMatchObject({ result: { ok: true, value: 'first' }, loading: true });
    await settle(1, { ok: true, value: 'second' });
    expect(latest()).toMatchObject({ result: { ok: true, value: 'second' }, loading: false });
  });

  it('a load that throws is a failure, not a crash', async () => {
    render('a');
    await act(async () => loads.pending[0]!.fail(new TypeError('Failed to fetch')));
    expect(latest().result).toEqual({ ok: false, failure: { kind: 'network', message: null, code: null, argument: null } });
  });

  it('an answer after the component went away is dropped', async () => {
    render('a');
    act(() => root.unmount());
    const count = seen.length;
    await settle(0, { ok: true, value: 'A' });
    expect(seen).toHaveLength(count);
    root = createRoot(container);
  });

  it('offers the last answer of any key, for a view that keeps its results while a new search loads', async () => {
    render('a');
    await settle(0, { ok: true, value: 'A' });
    render('b');
    expect(latest()).toMatchObject({ result: undefined, latest: { ok: true, value: 'A' }, loading: true });
    await settle(1, { ok: false, failure: { kind: 'server', message: null, code: null, argument: null } });
    expect(latest().latest).toEqual(latest().result);
  });

  it('with a delay, asks once the key has stopped changing', async () => {
    vi.useFakeTimers();
    try {
      render('a', 250);
      await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
      render('ab', 250);
      await act(async () => void (await vi.advanceTimersByTimeAsync(200)));
      expect(loads.pending).toHaveLength(0);
      expect(latest().loading).toBe(true);
      await act(async () => void (await vi.advanceTimersByTimeAsync(50)));
      expect(loads.pending.map((p) => p.key)).toEqual(['ab']);
    } finally {
      vi.useRealTimers();
    }
  });
});
