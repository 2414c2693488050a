/**
 * <hearth-listing-card>: photo, price, beds, baths, area, address, badges, favourite heart with count,
 * the next open house and the brokerage attribution (MLS display rules).
 * `ListingCardView` only renders; `ListingCard` connects it to data, favourites and events.
 */
import { stayDatesQuery } from '../../core/stays/stay-link';
import { useEffect, useState } from 'react';
import { appContextAtom, assetUrl, siteUrl } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import { favoritesAtom, seedFavorite, type FavoriteState } from '../../core/favorites/favorites';
import { factsLine, nextOpenHouse } from '../../core/format/listing-facts';
import { formatMoney } from '../../core/format/money';
import { pricePeriod } from '../../core/listings/price-period';
import { rentalLine, type RentalFields } from '../../core/stays/rental-facts';
import { listingTexts as t } from '../../core/i18n/listing';
import { useCardListing, type CardListing } from '../../core/listings/listing-card-data';
import { formatAddress } from '../../core/format/address';
import { useHearthValue } from '../../core/state/hooks';
import { ListingPlaceholder } from '../../core/ui/listing-placeholder';

/** The card is at most 400 px wide alone and fills its cell in the search's grid (one column on a phone). */
const PHOTO_SIZES = '(max-width: 600px) 100vw, 400px';

export interface ListingCardViewProps {
  listing: CardListing;
  href: string;
  favorite: FavoriteState;
  favoriteBusy: boolean;
  stockPhoto: string;
  now?: Date;
  onFavorite: () => void;
  onSelect: () => void;
}

export function ListingCardView({ listing, href, favorite, favoriteBusy, stockPhoto, now, onFavorite, onSelect }: ListingCardViewProps) {
  const address = formatAddress(listing.address);
  const photo = listing.photoUri ?? stockPhoto;
  const openHouse = nextOpenHouse(listing.openHouse, listing.timeZone, now);
  const brokerage = listing.listingBy?.brokerage?.name;
  // A search's rows carry the rental fields (core/search/api.ts); a card loaded by id does not.
  const rental = listing.classification === 'RENT' || listing.classification === 'STAY' ? rentalLine(listing as RentalFields) : null;
  const state = listing.sold ? 'sold' : listing.underContract ? 'under-contract' : 'active';
  const badges = [
    listing.newListing && { key: 'new', label: t.badges.new },
    listing.lastPriceUpdate && {
      key: 'price-drop',
      label: t.badges.priceDrop(formatMoney(listing.lastPriceUpdate.priceDropAmountInPennies, listing.priceCurrencyCode, { abbreviate: true, thousands: true })),
    },
    listing.underContract && !listing.sold && { key: 'under-contract', label: t.badges.underContract },
    listing.sold && { key: 'sold', label: t.badges.sold },
  ].filter((b): b is { key: string; label: string } => Boolean(b));

  return (
    <article className="card" part="base" data-state={state}>
      <a className="photo-link" href={href} tabIndex={-1} aria-hidden="true" onClick={onSelect}>
        <img
          className="photo"
          part="photo"
          srcSet={listing.photoUri ? (listing.photoSrcset ?? undefined) : undefined}
          sizes={PHOTO_SIZES}
          src={photo}
          alt=""
          width={400}
          height={260}
          loading="lazy"
        />
      </a>
      {badges.length > 0 && (
        <ul className="badges inline-list" part="badges">
          {badges.map((badge) => (
            <li key={badge.key} className="badge" part={`badge badge-${badge.key}`} data-badge={badge.key}>
              {badge.label}
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="favorite"
        part="favorite"
        aria-pressed={favorite.favorited}
        aria-label={`${t.favorite(address || listing.listingCodeId)} (${t.favoriteCount(favorite.count)})`}
        aria-busy={favoriteBusy || undefined}
        data-state={favorite.favorited ? 'favorited' : 'idle'}
        onClick={onFavorite}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.2 4.3 2.4.7-1.2 2.2-2.4 4.3-2.4 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
        </svg>
        <span className="favorite-count" part="favorite-count" aria-hidden="true">
          {favorite.count}
        </span>
      </button>
      <div className="body">
        <p className="price" part="price">
          {formatMoney(listing.priceInPennies, listing.priceCurrencyCode)}
          {pricePeriod(listing)}
        </p>
        <p className="facts" part="facts">
          {factsLine(listing)}
        </p>
        {rental && (
          <p className="rental" part="rental">
            {rental}
          </p>
        )}
        <h3 className="address" part="address">
          <a href={href} onClick={onSelect}>
            {address || listing.listingCodeId}
          </a>
        </h3>
        {openHouse && (
          <p className="open-house" part="open-house">
            {t.openHouse(openHouse)}
          </p>
        )}
        {brokerage && (
          <p className="attribution" part="attribution">
            {t.courtesyOf(brokerage)}
          </p>
        )}
      </div>
    </article>
  );
}

export interface ListingSelectedDetail {
  listingId: string;
  slugId: string;
  listingCodeId: string;
}

export interface FavoriteChangedDetail {
  listingId: string;
  favorited: boolean;
}

export interface ListingCardProps {
  listingId: number | null;
  checkIn: string | null;
  checkOut: string | null;
  listing?: CardListing | null;
  element: ElementHandle;
}

export function ListingCard({ listingId, checkIn, checkOut, listing: given, element }: ListingCardProps) {
  const state = useCardListing(listingId, given);
  const favorites = useHearthValue(favoritesAtom);
  const context = useHearthValue(appContextAtom)?.context;
  const [busy, setBusy] = useState(false);
  const listing = state.status === 'loaded' ? state.listing : null;

  useEffect(() => {
    if (!listing) return;
    seedFavorite(listing.id, listing.isFavorite, listing.favoriteCount);
    void import('../../core/favorites/favorite-actions').then((actions) => actions.followSessionForFavorites());
  }, [listing]);

  if (!listing) return <ListingPlaceholder status={state.status} />;

  const base = context ? siteUrl(context) : '';
  const favorite = favorites[listing.id] ?? { favorited: listing.isFavorite, count: listing.favoriteCount };
  return (
    <ListingCardView
      listing={listing}
      href={`${base}/listing/${listing.slugId}/${listing.listingCodeId}${listing.classification === 'STAY' ? stayDatesQuery({ checkIn, checkOut }) : ''}`}
      favorite={favorite}
      favoriteBusy={busy}
      stockPhoto={assetUrl('stock-home.svg')}
      onSelect={() => element.emit<ListingSelectedDetail>('listing-selected', { listingId: listing.id, slugId: listing.slugId, listingCodeId: listing.listingCodeId })}
      onFavorite={() => {
        if (busy) return;
        setBusy(true);
        void import('../../core/favorites/favorite-actions')
          .then((actions) => actions.toggleFavorite(listing.id))
          .then((favorited) => {
            setBusy(false);
            if (favorited !== null) element.emit<FavoriteChangedDetail>('favorite-changed', { listingId: listing.id, favorited });
          });
      }}
    />
  );
}
