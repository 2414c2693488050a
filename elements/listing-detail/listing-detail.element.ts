/**
 * @summary A listing's page: a photo lightbox (thumbnails beside a large photo) with a full-screen photo
 * gallery and a showcase (photos, video tour, street view — with a partner maps key and a panorama within 200 m), the price with its MLS attribution, every fact
 * (beds, baths, area, lot, year built, garage, HOA, rental terms…), amenities, price history, location, driving directions, open
 * houses in the listing's time zone, similar homes, related posts, a heart to save it to favourites, and buttons to request a tour, make an
 * offer or contact the agent (an inline contact form). Works from a `listing-id`, a `slug-id` +
 * `listing-code-id`, or listing data set as the `listing` property.
 * @tag hearth-listing-detail
 * @attr {number} listing-id - The listing to show (loaded from the API).
 * @attr {string} slug-id - With `listing-code-id`: the listing of the route /listing/{slugId}/{listingCodeId}.
 * @attr {string} listing-code-id - With `slug-id`.
 * @attr {number} photo-index - The photo shown first (0 = the first), and where the gallery opens.
 * @attr {'none' | 'gallery' | 'showcase'} open-dialog - Opens the photo gallery (at `photo-index`) or the showcase at once; removed when the dialog closes.
 * @attr {'photos' | 'video' | 'street'} showcase-tab - The showcase tab to open on, when that tab exists.
 * @attr {boolean} route-sync - The element owns the URL: the open gallery is the page's path plus `gallery/{index}` (moving replaces the index), the showcase `showcase/{photos|video|street}` (a history entry each; back and Escape go up two levels), and such a URL opens it.
 * @attr {boolean} owns-page - The element owns the page: sets the document title and meta description from the listing.
 * @attr {boolean} external-actions - The page shows 'Request a Tour', 'Make an Offer' and the open houses itself (`<hearth-request-tour>`, `<hearth-make-offer>` and `<hearth-open-houses>` beside it, as the hosted listing page's side panel and phone bar do): the element leaves its own out, so each shows once.
 * @attr {string} check-in - A stay: with `check-out`, the dates the guest chose in a stay search (YYYY-MM-DD), chosen on its availability calendar.
 * @attr {string} check-out - A stay: the day the guest leaves (YYYY-MM-DD).
 * @attr {number} guests - A stay: how many people are coming (a stay search's), the booking form's Guests.
 * @prop {DetailListing} listing - Listing data the page already has, instead of loading it.
 * @prop {OpenGallery} openGallery - A method: opens the photo gallery at a photo (default: the one shown).
 * @prop {OpenShowcase} openShowcase - A method: opens the showcase on a tab.
 * @event {ListingActionDetail} hearth-tour-request-started - 'Request a tour' was pressed (only shown when the listing allows tours); `detail` = `{ listingId }`. A `<hearth-request-tour>` of the same listing on the page opens its dialog.
 * @event {ListingActionDetail} hearth-offer-started - 'Make an offer' was pressed (only shown when the listing takes offers); `detail` = `{ listingId }`. A `<hearth-make-offer>` of the same listing on the page opens its dialog.
 * @event {ListingActionDetail} hearth-contact-started - 'Contact agent' opened the inline contact form; `detail` = `{ listingId }`.
 * @event {PhotoSelectedDetail} hearth-photo-selected - The showcase's main photo was clicked: the showcase closes and the gallery opens there; `detail` = `{ photoId, redirectType: 'gallery' }` (photoId = the photo index).
 * @event {FavoriteChangedDetail} hearth-favorite-changed - The heart was toggled (after sign-in when needed); `detail` = `{ listingId, favorited }`.
 * @event {ListingSelectedDetail} hearth-listing-selected - A similar home was opened; `detail` = `{ listingId, slugId, listingCodeId }`.
 * @event {ListingSelectedDetail} hearth-listing-viewed - A listing is shown (once per listing, when it has loaded); `detail` = `{ listingId, slugId, listingCodeId }`.
 * @event {ContactSubmittedDetail} hearth-contact-submitted - From the inline contact form: the lead was stored.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed.
 * @csspart base - The listing page.
 * @csspart lightbox - The photo lightbox.
 * @csspart main-photo - The large photo of the lightbox.
 * @csspart thumbnails - The lightbox's thumbnail list.
 * @csspart pager - The lightbox's 'n / total' index.
 * @csspart arrow - Every previous/next arrow; also `lightbox-previous`, `lightbox-next`, `gallery-previous`, `gallery-next`, `showcase-previous`, `showcase-next`.
 * @csspart showcase-button - Opens the showcase.
 * @csspart summary - Price, address, attribution and the facts line.
 * @csspart favorite - The heart beside the listing's kind: its name says what pressing it does ('Save … to favourites', once saved 'Remove … from favourites'); `data-state` is `favorited` or `idle`. The same favourites as every card on the page.
 * @csspart favorite-count - How many people saved the listing.
 * @csspart price - The price.
 * @csspart address - The address.
 * @csspart title - The listing's title, when it has one.
 * @csspart attribution - Brokerage, agent and source, next to the price (MLS display rules).
 * @csspart facts-line - '3 bd · 2 ba · 1,850 sq ft'.
 * @csspart actions - 'Request a tour' and 'Make an offer' (a group 'Next steps'): after the summary; on a narrow element (700 px or less) a bar along the bottom of the screen while the listing is on it. Left out with `external-actions`.
 * @csspart request-tour - 'Request a tour'.
 * @csspart make-offer - 'Make an offer'.
 * @csspart contact-agent - 'Contact agent'.
 * @csspart contact-form - The inline `<hearth-contact-form>`.
 * @csspart facts - The facts and features.
 * @csspart rental-details - Rentals and stays: the 'Rental details' list (room type, tenants, food).
 * @csspart availability-calendar - A stay's `<hearth-availability-calendar>`.
 * @csspart overview - The description.
 * @csspart amenities - The amenities.
 * @csspart price-history - The price history table.
 * @csspart location - The address and the 'View on map' link.
 * @csspart view-on-map - The 'View on map' link.
 * @csspart driving-directions - The 'Driving directions' section (plain text, line breaks kept), when the listing has directions.
 * @csspart open-houses - The open houses (left out with `external-actions`).
 * @csspart similar-homes - The similar homes list.
 * @csspart similar-home - Each similar home.
 * @csspart related-posts - The 'Related articles' section (up to 3 posts of the resource centre).
 * @csspart related-post - Each related article: its picture and title link.
 * @csspart gallery - The photo gallery dialog.
 * @csspart gallery-photo - The gallery's large photo.
 * @csspart gallery-counter - The gallery's 'n / total' counter.
 * @csspart gallery-thumbnails - The gallery's thumbnail strip.
 * @csspart gallery-close - The gallery's close button.
 * @csspart showcase - The showcase dialog.
 * @csspart tabs - The showcase's tab list.
 * @csspart tab - Each showcase tab (`aria-disabled` for 3D Walkthrough and Floor Plans).
 * @csspart showcase-photo - The showcase's main photo (opens the gallery).
 * @csspart showcase-counter - The showcase's 'n of total' counter.
 * @csspart showcase-rows - The showcase's rows of one or two photos.
 * @csspart showcase-close - The showcase's close button.
 * @csspart street-view - The Street View panorama (Google's, with a partner maps key and a panorama within 200 m).
 * @csspart video - The video tour panel.
 * @csspart video-play - Plays the video in an embedded frame.
 * @csspart video-link - The link to the video (always there: the page's CSP may forbid frames).
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons, links and the selected photo.
 * @cssproperty --hearth-color-on-primary - Text on primary buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text.
 * @cssproperty --hearth-color-surface - Background.
 * @cssproperty --hearth-color-border - Borders.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { booleanAttr, enumAttr, idAttr, stringAttr } from '../../core/define-element/attributes';
import { dateAttr, numberAttr } from '../../core/define-element/more-attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import { startAnalytics } from '../../core/analytics/start';
import type { DetailListing } from '../../core/listings/listing-detail-data';
import uiCss from '../../core/ui/ui.css?inline';
import favoriteCss from '../_shared/favorite-button/favorite-button.css?inline';
import css from './listing-detail.css?inline';
import { ListingDetail, type ListingDetailMethods } from './listing-detail.view';

export const listingDetailAttributes = {
  listingId: idAttr(),
  slugId: stringAttr('', 300),
  listingCodeId: stringAttr('', 100),
  photoIndex: numberAttr(0, 0, 9999),
  openDialog: enumAttr(['none', 'gallery', 'showcase'], 'none'),
  showcaseTab: enumAttr(['photos', 'video', 'street'], 'photos'),
  routeSync: booleanAttr(),
  ownsPage: booleanAttr(),
  externalActions: booleanAttr(),
  checkIn: dateAttr(),
  checkOut: dateAttr(),
  guests: numberAttr(0, 0, 100),
};

/** What the element takes as properties only (rich data, DESIGN §1). */
type ListingDetailProperties = { listing: DetailListing | null };

defineElement<typeof listingDetailAttributes, ListingDetailProperties>({
  tag: 'hearth-listing-detail',
  attributes: listingDetailAttributes,
  properties: ['listing'],
  styles: [uiCss, favoriteCss, css],
  view: ListingDetail,
});
startAnalytics();

export interface HearthListingDetailElement
  extends HTMLElement, ListingDetailMethods,
    ElementProperties<typeof listingDetailAttributes, ListingDetailProperties> {}
