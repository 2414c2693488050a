/**
 * Showing a toast (spec §8): adds it to the page's toast state (toast-state.ts) and creates
 * `<hearth-toaster>` on the first toast of the page (its chunk loads then).
 */
import { addToast, type NewToast, type Toast } from './toast-state';

export function showToast(toast: NewToast): Toast {
  const created = addToast(toast);
  ensureToaster();
  return created;
}

function ensureToaster(): void {
  if (typeof document === 'undefined' || document.querySelector('hearth-toaster')) return;
  void import('../../elements/toaster/toaster.element').then(() => {
    if (!document.querySelector('hearth-toaster')) document.body.append(document.createElement('hearth-toaster'));
  });
}
