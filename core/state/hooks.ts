import { useAtomValue } from 'jotai/react';
import type { Atom } from 'jotai/vanilla';
import { hearthStore } from './store';

/** Reads an atom from the page's shared Hearth store. */
export function useHearthValue<T>(atom: Atom<T>): T {
  return useAtomValue(atom, { store: hearthStore });
}
