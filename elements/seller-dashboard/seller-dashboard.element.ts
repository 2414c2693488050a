/**
 * @summary The seller's Owner Dashboard: the homes the signed-in viewer sells or rents out (myListings), by
 * sale or rent, publication status and address text, ten a page, each linking to its home detail. With `lat`
 * and `lng` it starts a listing instead: the home at that point (looked up from our own addresses, editable);
 * with `address`, from a typed address read in parts for the seller to confirm; then sale or rent, sign-in if needed, then the new case's home detail. Signed out, it asks the visitor to sign in.
 * @tag hearth-seller-dashboard
 * @attr {number} lat - Start a listing for the home at this latitude (with `lng`; the sell page's /selling/listing-detail).
 * @attr {number} lng - Start a listing for the home at this longitude (with `lat`).
 * @attr {string} address - Start a listing for the home at this typed address (without `lat` and `lng`): read in parts for the seller to confirm, matched to our places when it can be (the sell page's Start Listing with text nobody chose from the suggestions).
 * @attr {'sale' | 'rent'} classification - With `lat` and `lng`: the listing starts as for sale (default) or for rent ('List My Home For Rent').
 * @attr {string} home-detail-url - Where a home's detail is: a URL template with `{caseId}`; default the hosted site's /account/home-detail/{caseId}.
 * @event {SellerStartedDetail} hearth-seller-started - A listing was started; `detail` = `{ caseId, listingId, responseId }`. The element then goes to the home detail.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole element; `data-state` is `checking`, `signed-out`, `loading`, `failed`, `empty`, `loaded` or `start`.
 * @csspart heading - The 'Owner Dashboard' (or 'Your home') heading.
 * @csspart filters - The view, status and search controls.
 * @csspart search - The address search field.
 * @csspart list - The list of homes.
 * @csspart home - One home; `data-state` is its status: `DRAFT`, `SCHEDULED` or `PUBLISHED`.
 * @csspart photo - A home's cover photo.
 * @csspart home-link - A home's address, a link to its home detail.
 * @csspart status - A home's status label.
 * @csspart pager - The Previous / Next buttons and the page count.
 * @csspart start-listing - The 'Start Listing' link (to the sell page).
 * @csspart start-form - The start-a-listing form.
 * @csspart pin - The home's pin on a map, under the address fields (when the address was placed somewhere).
 * @csspart pin-precision - How precisely the pin was placed ('Placed at the centre of the ZIP code. …'), or that the seller moved it.
 * @csspart map - The pin's map: drag it, or use the arrow keys while it has focus, to put the pin on the home.
 * @csspart map-pin - The pin, fixed at the map's centre.
 * @csspart submit - The form's 'Start Listing' button.
 * @csspart message - Loading, empty, error and sign-in messages.
 * @csspart sign-in - The sign-in button shown when signed out.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons and links.
 * @cssproperty --hearth-color-on-primary - Text on primary buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text.
 * @cssproperty --hearth-color-surface - Card background.
 * @cssproperty --hearth-color-border - Borders.
 * @cssproperty --hearth-color-error - Errors.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { enumAttr, stringAttr } from '../../core/define-element/attributes';
import { numberAttr } from '../../core/define-element/more-attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import css from './seller-dashboard.css?inline';
import { SellerDashboard } from './seller-dashboard.view';

export const sellerDashboardAttributes = {
  lat: numberAttr(Number.NaN, -90, 90),
  lng: numberAttr(Number.NaN, -180, 180),
  address: stringAttr('', 200),
  homeDetailUrl: stringAttr('', 500),
  classification: enumAttr(['sale', 'rent'] as const, 'sale'),
};

defineElement<typeof sellerDashboardAttributes>({
  tag: 'hearth-seller-dashboard',
  attributes: sellerDashboardAttributes,
  styles: [uiCss, css],
  view: SellerDashboard,
});

export interface HearthSellerDashboardElement extends HTMLElement, ElementProperties<typeof sellerDashboardAttributes> {}
