/**
 * A listing's heart with how many people saved it: <hearth-listing-card> on its photo, <hearth-listing-detail> beside
 * the price. Its name says what pressing it does ('Save … to favourites', once saved 'Remove … from favourites', with
 * the count), so it carries no aria-pressed (a toggle whose name changes would announce both); `data-state` is
 * `favorited` or `idle` for styles. Renders only: core/favorites/use-favorite.ts holds the state and the toggle.
 *
 * Render it inside an element whose styles include this folder's favorite-button.css (`?inline`).
 */
import { listingTexts as t } from '../../../core/i18n/listing';
import type { FavoriteState } from '../../../core/favorites/favorites';

export interface FavoriteButtonProps {
  /** The listing as the name says it: its address (or its code when the street is withheld). */
  listingName: string;
  favorite: FavoriteState;
  busy: boolean;
  onToggle: () => void;
  /** Extra class for the element's own placement (e.g. over the card's photo). */
  className?: string;
}

export const favoriteLabel = (listingName: string, favorite: FavoriteState) =>
  `${favorite.favorited ? t.unfavorite(listingName) : t.favorite(listingName)} (${t.favoriteCount(favorite.count)})`;

export function FavoriteButton({ listingName, favorite, busy, onToggle, className }: FavoriteButtonProps) {
  return (
    <button
      type="button"
      className={['favorite', className].filter(Boolean).join(' ')}
      part="favorite"
      aria-label={favoriteLabel(listingName, favorite)}
      aria-busy={busy || undefined}
      data-state={favorite.favorited ? 'favorited' : 'idle'}
      onClick={onToggle}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.2 4.3 2.4.7-1.2 2.2-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
      </svg>
      <span className="favorite-count" part="favorite-count" aria-hidden="true">
        {favorite.count}
      </span>
    </button>
  );
}
