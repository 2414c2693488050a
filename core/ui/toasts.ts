/**
 * Showing a toast (spec §8): adds it to the page's toast state (toast-state.ts) and creates
 * `<hearth-toaster>` on the first toast of the page (its chunk loads then).
 */
import { hearthStore } from '../state/store';
import { TOAST_TIMEOUT_MS, toastsAtom, type Toast } from './toast-state';

let nextId = 1;

export function showToast(
  toast: Omit<Toast, 'id' | 'timeoutMs' | 'tone'> & Partial<Pick<Toast, 'timeoutMs' | 'tone'>>,
): Toast {
  const created: Toast = { tone: 'info', timeoutMs: TOAST_TIMEOUT_MS, ...toast, id: nextId++ };
  hearthStore.set(toastsAtom, (list) => [...list, created]);
  ensureToaster();
  return created;
}

function ensureToaster(): void {
  if (typeof document === 'undefined' || document.querySelector('hearth-toaster')) return;
  void import('../../elements/toaster/toaster.element').then(() => {
    if (!document.querySelector('hearth-toaster')) document.body.append(document.createElement('hearth-toaster'));
  });
}
