/**
 * A listing's heart (spec §3 favoriteCount, isFavorite; §7 saveFavorite), for every element that shows one (cards,
 * the listing page): what the page knows of it (favorites.ts, shared by every element on the page), busy while a
 * toggle is on its way, and `toggle`, which signs the visitor in first when needed (favorite-actions.ts, loaded on
 * first use) and reports the change through `onChanged` for the element's `hearth-favorite-changed`.
 */
import { useEffect, useRef, useState } from 'react';
import { useHearthValue } from '../state/hooks';
import { favoritesAtom, seedFavorite, type FavoriteChangedDetail, type FavoriteState } from './favorites';

export interface FavoriteListing {
  id: string;
  isFavorite: boolean;
  favoriteCount: number;
}

export interface Favorite {
  /** null until the listing is known. */
  favorite: FavoriteState | null;
  busy: boolean;
  toggle: () => void;
}

export function useFavorite(listing: FavoriteListing | null, onChanged: (detail: FavoriteChangedDetail) => void): Favorite {
  const favorites = useHearthValue(favoritesAtom);
  const [busy, setBusy] = useState(false);
  const changed = useRef(onChanged);
  changed.current = onChanged;

  useEffect(() => {
    if (!listing) return;
    seedFavorite(listing.id, listing.isFavorite, listing.favoriteCount);
    void import('./favorite-actions').then((actions) => actions.followSessionForFavorites());
  }, [listing]);

  const favorite = listing ? (favorites[listing.id] ?? { favorited: listing.isFavorite, count: listing.favoriteCount }) : null;
  const toggle = () => {
    if (busy || !listing) return;
    setBusy(true);
    void import('./favorite-actions')
      .then((actions) => actions.toggleFavorite(listing.id))
      .then((favorited) => {
        setBusy(false);
        if (favorited !== null) changed.current({ listingId: listing.id, favorited });
      });
  };
  return { favorite, busy, toggle };
}
