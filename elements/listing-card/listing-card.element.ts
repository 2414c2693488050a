/**
 * @summary One listing at a glance: photo, price, beds, baths, area, address, badges (new, price drop,
 * under contract, sold), the favourite heart with its count, the next open house and the brokerage
 * attribution. Works from a `listing-id` or from listing data set as the `listing` property.
 * @tag hearth-listing-card
 * @attr {number} listing-id - The listing to show (loaded from the API).
 * @attr {string} check-in - A stay found for dates (YYYY-MM-DD): with `check-out`, its link carries them (`?checkIn=…&checkOut=…`) so its page opens with them chosen.
 * @attr {string} check-out - With `check-in`: the day the guest leaves (YYYY-MM-DD).
 * @attr {number} guests - A stay found for guests: its link carries them (`guests=…`) so its booking form opens with them.
 * @prop {CardListing} listing - Listing data the page already has, instead of loading it.
 * @event {ListingSelectedDetail} hearth-listing-selected - The visitor opened the listing; `detail` = `{ listingId, slugId, listingCodeId }`.
 * @event {FavoriteChangedDetail} hearth-favorite-changed - The heart was toggled (after sign-in when needed); `detail` = `{ listingId, favorited }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed.
 * @csspart base - The card.
 * @csspart photo - The photo (a stock image when the listing has none).
 * @csspart badges - The list of badges.
 * @csspart badge - Each badge; also `badge-new`, `badge-price-drop`, `badge-under-contract`, `badge-sold`.
 * @csspart favorite - The heart button: its name says what pressing it does ('Save … to favourites', once saved 'Remove … from favourites'); `data-state` is `favorited` or `idle`.
 * @csspart favorite-count - How many people saved the listing.
 * @csspart price - The price.
 * @csspart facts - Beds, baths and area.
 * @csspart rental - Rentals and stays: room type, tenants, gender preference, food (when the search row has them).
 * @csspart address - The address (links to the listing page).
 * @csspart open-house - The next open house.
 * @csspart attribution - The brokerage attribution.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Links and the filled heart.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-surface - Card background.
 * @cssproperty --hearth-radius - Corner radius.
 */
import { idAttr } from '../../core/define-element/attributes';
import { dateAttr, numberAttr } from '../../core/define-element/more-attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import { startAnalytics } from '../../core/analytics/start';
import type { CardListing } from '../../core/listings/listing-card-data';
import uiCss from '../../core/ui/ui.css?inline';
import favoriteCss from '../_shared/favorite-button/favorite-button.css?inline';
import css from './listing-card.css?inline';
import { ListingCard } from './listing-card.view';

export const listingCardAttributes = { listingId: idAttr(), checkIn: dateAttr(), checkOut: dateAttr(), guests: numberAttr(0, 0, 100) };

/** What the element takes as properties only (rich data, DESIGN §1). */
type ListingCardProperties = { listing: CardListing | null };

defineElement<typeof listingCardAttributes, ListingCardProperties>({
  tag: 'hearth-listing-card',
  attributes: listingCardAttributes,
  properties: ['listing'],
  styles: [uiCss, favoriteCss, css],
  view: ListingCard,
});
startAnalytics();

export interface HearthListingCardElement
  extends HTMLElement,
    ElementProperties<typeof listingCardAttributes, ListingCardProperties> {}
