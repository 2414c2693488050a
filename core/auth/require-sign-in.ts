/**
 * For element actions that need an account (favourite, save a search, request a tour): resolves with the
 * user at once when signed in; otherwise opens <hearth-sign-in dialog> and resolves when it closes — with
 * the user if they signed in, so the action continues, or null. Focus returns to what had it.
 */
import { hearthStore } from '../state/store';
import { ensureSession, sessionAtom } from './session';
import type { User } from './user';

function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

export async function requireSignIn(): Promise<User | null> {
  await ensureSession();
  const current = hearthStore.get(sessionAtom);
  if (current.status === 'authenticated') return current.user;
  const trigger = deepActiveElement();
  await import('../../elements/sign-in/sign-in.element');
  const dialog = document.createElement('hearth-sign-in');
  dialog.setAttribute('dialog', '');
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener(
      'hearth-sign-in-closed',
      () => {
        dialog.remove();
        trigger?.focus();
        resolve(hearthStore.get(sessionAtom).user);
      },
      { once: true },
    );
  });
}
