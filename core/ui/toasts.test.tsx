// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hearthStore } from '../state/store';
import { ToastItem } from '../../elements/toaster/toaster.view';
import { dismissToast, TOAST_TIMEOUT_MS, toastsAtom, toastTimer, type Toast } from './toast-state';
import { showToast } from './toasts';


vi.mock('../config/config', () => ({ ensureAppContext: () => Promise.resolve() }));

const flush = () => new Promise((resolve) => setTimeout(resolve, 30));

afterEach(() => {
  hearthStore.set(toastsAtom, []);
  vi.useRealTimers();
});

describe('toasts (spec §8)', () => {
  it('last 5000 ms unless told otherwise', () => {
    expect(TOAST_TIMEOUT_MS).toBe(5000);
    expect(showToast({ message: 'Saved.' }).timeoutMs).toBe(5000);
    expect(showToast({ message: 'Tour Requested', timeoutMs: 8000 }).timeoutMs).toBe(8000);
  });

  it('appear in one <hearth-toaster> region added to the page, with a close button', async () => {
    showToast({ message: 'Something went wrong', tone: 'error' });
    showToast({ message: 'Second' });
    await vi.waitFor(() => expect(document.querySelector('hearth-toaster')?.shadowRoot?.querySelectorAll('[part="toast"]')).toHaveLength(2), {
      timeout: 5000,
    });
    expect(document.querySelectorAll('hearth-toaster')).toHaveLength(1);
    const root = document.querySelector('hearth-toaster')!.shadowRoot!;
    const items = root.querySelectorAll('[part="toast"]');
    expect([...items].map((i) => i.querySelector('.toast-message')!.textContent)).toEqual(['Something went wrong', 'Second']);
    expect(items[0]!.getAttribute('role')).toBe('alert');
    (items[0]!.querySelector('button') as HTMLButtonElement).click();
    await flush();
    expect(root.querySelectorAll('[part="toast"]')).toHaveLength(1);
  });

  it('dismisses itself after its timeout', async () => {
    const toast = showToast({ message: 'Short', timeoutMs: 20 });
    await vi.waitFor(() => expect(hearthStore.get(toastsAtom).some((t) => t.id === toast.id)).toBe(false), { timeout: 5000 });
  });

  it('can be dismissed by id', () => {
    const toast = showToast({ message: 'Bye' });
    dismissToast(toast.id);
    expect(hearthStore.get(toastsAtom)).toEqual([]);
  });
});

describe('toast timing with pointer and focus (spec §8: 8000 ms, extended 5000 ms)', () => {
  const tourRequested = { timeoutMs: 8000, extendedTimeoutMs: 5000 };

  it('dismisses after its timeout when left alone', () => {
    vi.useFakeTimers();
    const dismiss = vi.fn();
    toastTimer(tourRequested, dismiss).start();
    vi.advanceTimersByTime(7999);
    expect(dismiss).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(dismiss).toHaveBeenCalledTimes(1);
  });

  it('waits while held, then lasts the extended time after release', () => {
    vi.useFakeTimers();
    const dismiss = vi.fn();
    const life = toastTimer(tourRequested, dismiss);
    life.start();
    vi.advanceTimersByTime(7000);
    life.hold();
    vi.advanceTimersByTime(60_000);
    expect(dismiss).not.toHaveBeenCalled();
    life.release();
    vi.advanceTimersByTime(4999);
    expect(dismiss).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(dismiss).toHaveBeenCalledTimes(1);
  });

  it('without an extended time, release gives the full timeout again', () => {
    vi.useFakeTimers();
    const dismiss = vi.fn();
    const life = toastTimer({ timeoutMs: TOAST_TIMEOUT_MS }, dismiss);
    life.start();
    life.hold();
    life.release();
    vi.advanceTimersByTime(4999);
    expect(dismiss).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(dismiss).toHaveBeenCalledTimes(1);
  });

  function renderItem(toast: Toast) {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() => root.render(<ToastItem toast={toast} />));
    return {
      item: container.querySelector<HTMLLIElement>('[part="toast"]')!,
      unmount: () => {
        act(() => root.unmount());
        container.remove();
      },
    };
  }

  const present = (id: number) => hearthStore.get(toastsAtom).some((t) => t.id === id);
  // Straight into the store (not showToast): the page's <hearth-toaster> would run its own timers.
  let ids = 1000;
  const put = (toast: Omit<Toast, 'id' | 'tone'>): Toast => {
    document.querySelector('hearth-toaster')?.remove();
    const made: Toast = { tone: 'success', ...toast, id: ids++ };
    hearthStore.set(toastsAtom, (list) => [...list, made]);
    return made;
  };

  it('the rendered toast: 8000 ms, paused under the pointer, 5000 ms more after it leaves', () => {
    vi.useFakeTimers();
    const toast = put({ message: 'Tour Requested', timeoutMs: 8000, extendedTimeoutMs: 5000 });
    const { item, unmount } = renderItem(toast);
    act(() => vi.advanceTimersByTime(6000));
    act(() => {
      item.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }));
    });
    act(() => vi.advanceTimersByTime(20_000));
    expect(present(toast.id)).toBe(true);
    act(() => {
      item.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
    });
    act(() => vi.advanceTimersByTime(4999));
    expect(present(toast.id)).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(present(toast.id)).toBe(false);
    unmount();
  });

  it('focus inside holds it too; blur releases it', () => {
    vi.useFakeTimers();
    const toast = put({ message: 'Tour Requested', timeoutMs: 8000, extendedTimeoutMs: 5000, link: { label: 'View requested tour', action: () => {} } });
    const { item, unmount } = renderItem(toast);
    const link = item.querySelector<HTMLButtonElement>('[part="toast-link"]')!;
    act(() => link.focus());
    act(() => vi.advanceTimersByTime(30_000));
    expect(present(toast.id)).toBe(true);
    act(() => link.blur());
    act(() => vi.advanceTimersByTime(5000));
    expect(present(toast.id)).toBe(false);
    unmount();
  });

  it('a link with an action is a button that runs it and dismisses the toast; an href link stays a link', () => {
    const action = vi.fn();
    const toast = put({ message: 'Tour Requested', timeoutMs: 8000, link: { label: 'View requested tour', action } });
    const { item, unmount } = renderItem(toast);
    const button = item.querySelector<HTMLButtonElement>('button[part="toast-link"]')!;
    expect(button.textContent).toBe('View requested tour');
    act(() => button.click());
    expect(action).toHaveBeenCalledTimes(1);
    expect(present(toast.id)).toBe(false);
    unmount();
    const linked = renderItem(put({ message: 'Saved.', timeoutMs: 5000, link: { label: 'Open', href: 'https://hearth.test/account' } }));
    expect(linked.item.querySelector<HTMLAnchorElement>('a[part="toast-link"]')!.href).toBe('https://hearth.test/account');
    linked.unmount();
  });
});
