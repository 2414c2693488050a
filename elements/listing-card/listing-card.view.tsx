/**
 * <hearth-listing-card>: photo, price, beds, baths, area, address, badges, favourite heart with count,
 * the next open house and the brokerage attribution (MLS display rules).
 * `ListingCardView` only renders; `ListingCard` connects it to data, favourites and events.
 */
import { useMemo, useState } from 'react';
import { stayDatesQuery } from '../../core/stays/stay-link';
import { appContextAtom, assetUrl, siteUrl, STOCK_PHOTO } from '../../core/config/config';
import type { ElementHandle } from '../../core/define-element/define-element';
import type { FavoriteChangedDetail, FavoriteState } from '../../core/favorites/favorites';
import { useFavorite } from '../../core/favorites/use-favorite';
import { factsLine, nextOpenHouse } from '../../core/format/listing-facts';
import { formatMoney } from '../../core/format/money';
import { pricePeriod } from '../../core/listings/price-period';
import { rentalLine, type RentalFields } from '../../core/stays/rental-facts';
import { listingTexts as t } from '../../core/i18n/listing';
import { servedCardListing, servedCardScript, useCardListing, type CardListing } from '../../core/listings/listing-card-data';
import { formatAddress } from '../../core/format/address';
import { useHearthValue } from '../../core/state/hooks';
import { CARD_PHOTO_SIZES } from '../../core/listings/listing-card-fields';
import { ListingPlaceholder } from '../../core/ui/listing-placeholder';
import { useTurn } from '../../core/ui/use-in-turns';
import { FavoriteButton } from '../_shared/favorite-button/favorite-button';

/** The card is at most 400 px wide alone and fills its cell in the search's grid (one column on a phone). */

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
          loading="lazy"
          width={400}
          height={260}
          alt=""
          sizes={CARD_PHOTO_SIZES}
          srcSet={listing.photoUri ? (listing.photoSrcset ?? undefined) : undefined}
          src={photo}
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
      <FavoriteButton className="favorite-on-photo" listingName={address || listing.listingCodeId} favorite={favorite} busy={favoriteBusy} onToggle={onFavorite} />
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

export type { FavoriteChangedDetail };

export interface ListingCardProps {
  listingId: number | null;
  checkIn: string | null;
  checkOut: string | null;
  guests?: number;
  listing?: CardListing | null;
  element: ElementHandle;
}

export function ListingCard({ listingId, checkIn, checkOut, guests, listing: given, element }: ListingCardProps) {
  // A hosted page's card carries its listing (server/site/card-data.ts) and shows the page's own card (the same boxes,
  // site.css) until its turn: it then reads and checks that listing and draws, with no request. Many cards never
  // hold the page up together (the check and the drawing were ~1 ms a card at full speed, in the task of the upgrade).
  const [serving] = useState(() => !given && servedCardScript(element.host) !== null);
  const turn = useTurn(serving);
  const served = useMemo(() => (serving && turn ? servedCardListing(element.host) : null), [serving, turn, element.host]);
  const state = useCardListing(turn ? listingId : null, given ?? (served && served.id === String(listingId) ? served : null));
  const context = useHearthValue(appContextAtom)?.context;
  const listing = state.status === 'loaded' ? state.listing : null;
  const heart = useFavorite(listing, (detail) => element.emit<FavoriteChangedDetail>('favorite-changed', detail));

  if (!turn) return <slot />;

  if (!listing || !heart.favorite) return <ListingPlaceholder status={state.status} />;

  const base = context ? siteUrl(context) : '';
  return (
    <ListingCardView
      listing={listing}
      href={`${base}/listing/${listing.slugId}/${listing.listingCodeId}${listing.classification === 'STAY' ? stayDatesQuery({ checkIn, checkOut, guests: guests ?? null }) : ''}`}
      favorite={heart.favorite}
      favoriteBusy={heart.busy}
      stockPhoto={assetUrl(STOCK_PHOTO)}
      onSelect={() => element.emit<ListingSelectedDetail>('listing-selected', { listingId: listing.id, slugId: listing.slugId, listingCodeId: listing.listingCodeId })}
      onFavorite={heart.toggle}
    />
  );
}
