/**
 * Toast state (spec §8): bottom right, 5000 ms unless said otherwise, each with a close button.
 * Pure state in the shared store, read by `<hearth-toaster>` (elements/toaster/toaster.view.tsx); showing a toast (toasts.ts)
 * also creates the toaster, so the toaster's view reads this module and not that one.
 *
 * A toast waits while the pointer is on it or focus is in it (so its link can be read and reached), and
 * once both leave it lasts `extendedTimeoutMs` more (spec §8 'Tour Requested': 8000 ms, extended 5000 ms);
 * without `extendedTimeoutMs` it gets its full `timeoutMs` again.
 */
import { atom } from 'jotai/vanilla';
import { hearthStore } from '../state/store';

export const TOAST_TIMEOUT_MS = 5000;

/** A link that navigates, or one that runs an action (e.g. opens a dialog of the element that made the toast). */
export type ToastLink = { label: string; href: string; action?: undefined } | { label: string; action: () => void; href?: undefined };

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'success' | 'error';
  timeoutMs: number;
  /** How long the toast stays after the pointer or focus leaves it. */
  extendedTimeoutMs?: number;
  link?: ToastLink;
}

export const toastsAtom = atom<readonly Toast[]>([]);

/** What a new toast says; tone and timeout have their defaults (info, 5000 ms). */
export type NewToast = Omit<Toast, 'id' | 'timeoutMs' | 'tone'> & Partial<Pick<Toast, 'timeoutMs' | 'tone'>>;

let nextId = 1;

/** Adds a toast to the page's state (toasts.ts `showToast` also makes sure a toaster shows it). */
export function addToast(toast: NewToast): Toast {
  const created: Toast = { tone: 'info', timeoutMs: TOAST_TIMEOUT_MS, ...toast, id: nextId++ };
  hearthStore.set(toastsAtom, (list) => [...list, created]);
  return created;
}

export function dismissToast(id: number): void {
  hearthStore.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}

/**
 * The life of one toast: `start` on show; `hold` while pointer or focus is on it (the countdown stops);
 * `release` when they leave (the countdown restarts at `extendedTimeoutMs`, else `timeoutMs`); `stop` on unmount.
 */
export function toastTimer(toast: Pick<Toast, 'timeoutMs' | 'extendedTimeoutMs'>, dismiss: () => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const clear = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const run = (ms: number) => {
    clear();
    timer = setTimeout(dismiss, ms);
  };
  return {
    start: () => run(toast.timeoutMs),
    hold: clear,
    release: () => run(toast.extendedTimeoutMs ?? toast.timeoutMs),
    stop: clear,
  };
}
