/**
 * Toast state (spec §8): bottom right, 5000 ms unless said otherwise, each with a close button.
 * Pure state in the shared store; `<hearth-toaster>` renders it, created on the first toast of the page.
 */
import { atom } from 'jotai/vanilla';
import { hearthStore } from '../state/store';

export const TOAST_TIMEOUT_MS = 5000;

export interface ToastLink {
  label: string;
  href: string;
}

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'success' | 'error';
  timeoutMs: number;
  link?: ToastLink;
}

export const toastsAtom = atom<readonly Toast[]>([]);

let nextId = 1;

export function showToast(toast: Omit<Toast, 'id' | 'timeoutMs' | 'tone'> & Partial<Pick<Toast, 'timeoutMs' | 'tone'>>): Toast {
  const created: Toast = { tone: 'info', timeoutMs: TOAST_TIMEOUT_MS, ...toast, id: nextId++ };
  hearthStore.set(toastsAtom, (list) => [...list, created]);
  ensureToaster();
  return created;
}

export function dismissToast(id: number): void {
  hearthStore.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}

function ensureToaster(): void {
  if (typeof document === 'undefined' || document.querySelector('hearth-toaster')) return;
  void import('./toaster.element').then(() => {
    if (!document.querySelector('hearth-toaster')) document.body.append(document.createElement('hearth-toaster'));
  });
}
