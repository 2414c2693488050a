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

/** The toaster's chunk while it loads (null before the first toast). */
let toasterLoad: Promise<void> | null = null;

function ensureToaster(): void {
  if (typeof document === 'undefined' || document.querySelector('hearth-toaster')) return;
  toasterLoad = import('../../elements/toaster/toaster.element').then(() => {
    if (typeof document !== 'undefined' && !document.querySelector('hearth-toaster')) document.body.append(document.createElement('hearth-toaster'));
  });
}

/**
 * Settles once the toaster a toast asked for is on the page (at once if none was asked for). A DOM unit test
 * file waits for it before it ends (vitest.setup.ts): on a loaded machine the chunk's import could resolve
 * after the file's DOM was gone, and the toaster then rendered into nothing ("window is not defined").
 */
export function toasterSettled(): Promise<void> {
  return toasterLoad ?? Promise.resolve();
}
