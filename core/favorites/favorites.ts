/**
 * Favourites shared by every element on the page (one jotai store): a heart toggled in one card fills the
 * same listing's heart in every other element at once. Logged out, the toggle opens sign-in first and
 * continues after it (spec §2, §6). The actions (sign-in, the mutation) are in favorite-actions.ts,
 * loaded on the first click, to keep the card's own chunk small.
 */
import { atom } from 'jotai/vanilla';
import { hearthStore } from '../state/store';

export interface FavoriteState {
  favorited: boolean;
  count: number;
}

/** Detail of `hearth-favorite-changed`: a heart was toggled (after sign-in when needed). */
export interface FavoriteChangedDetail {
  listingId: string;
  favorited: boolean;
}

export const favoritesAtom = atom<Readonly<Record<string, FavoriteState>>>({});

/** Records what a loaded listing says, unless this page already knows better. */
export function seedFavorite(listingId: string, favorited: boolean, count: number): void {
  const known = hearthStore.get(favoritesAtom)[listingId];
  if (!known) hearthStore.set(favoritesAtom, (all) => ({ ...all, [listingId]: { favorited, count } }));
}

export function setFavorite(listingId: string, favorited: boolean): void {
  hearthStore.set(favoritesAtom, (all) => {
    const known = all[listingId] ?? { favorited: !favorited, count: favorited ? 0 : 1 };
    if (known.favorited === favorited) return all;
    return { ...all, [listingId]: { favorited, count: Math.max(0, known.count + (favorited ? 1 : -1)) } };
  });
}
