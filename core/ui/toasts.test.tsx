// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hearthStore } from '../state/store';
import { dismissToast, showToast, TOAST_TIMEOUT_MS, toastsAtom } from './toasts';

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
