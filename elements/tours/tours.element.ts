/**
 * @summary The signed-in viewer's tours: their own tour requests and the requests on their listings, each
 * with the home's photo, address, status and the requested or scheduled time in the listing's time zone.
 * Opening one shows the buyer tour details (own requests: while the request is open and its time has not begun, Cancel
 * Request after a confirm step, or Reschedule with new times on the request's grid) or the seller tour editor
 * (requests on the viewer's listing, or for a company agent): pick one of the requested times and confirm it, cancel
 * with a reason, or mark a scheduled tour completed. Signed out, it asks the visitor to sign in.
 * @tag hearth-tours
 * @attr {number} listing-id - Shows only the tours of this listing (all of them for its seller, the viewer's own otherwise).
 * @attr {number} tour-id - Opens this tour's dialog at once (the hosted site's edit-tour and seller-edit-tour routes); removed when the dialog closes.
 * @attr {boolean} route-sync - The element owns the URL: an open tour is the page's path plus `edit-tour/{tourId}` (buyer details) or `seller-edit-tour/{tourId}` (seller editor), a history entry; closing goes up two levels, and such a URL opens the tour.
 * @event {TourSelectedDetail} hearth-tour-selected - A tour of the list was opened; `detail` = `{ tourId, viewerRole }` (`BUYER`, `SELLER` or `AGENT`).
 * @event {TourUpdatedDetail} hearth-tour-updated - A tour was changed in its dialog. By the seller: `detail` = `{ id, tourStatus: 'SCHEDULED', start, end }`, `{ id, tourStatus: 'CANCELLED', cancellationReason }` or `{ id, tourStatus: 'COMPLETED' }`; by the buyer: `{ id, tourStatus: 'CANCELLED' }` or `{ id, tourStatus: 'REQUESTED', scheduledDateTimes }` (new times).
 * @event {TourClosedDetail} hearth-tour-closed - A tour dialog closed (a route-driven page goes back up); `detail` = `{ tourId }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed.
 * @csspart base - The list panel.
 * @csspart heading - The heading.
 * @csspart sign-in-prompt - What shows to a signed-out visitor.
 * @csspart sign-in - Its Sign In button.
 * @csspart loading - The loading message.
 * @csspart failure - The message when the tours could not be loaded, with its retry button.
 * @csspart retry - The retry button.
 * @csspart empty - The message when there are no tours.
 * @csspart tour-problem - The message when `tour-id` names a tour that cannot be shown.
 * @csspart list - The list of tours.
 * @csspart tour - Each tour (a button; `data-state` is its status, `data-tour-id` its id).
 * @csspart thumbnail - The home's photo (a stock image when there is none).
 * @csspart address - The home's address.
 * @csspart role - 'Your request' or 'A request on your listing'.
 * @csspart time - The requested or scheduled time.
 * @csspart status - The status badge.
 * @csspart seller-tour-editor - The seller tour editor dialog.
 * @csspart tour-details - The buyer tour details dialog.
 * @csspart view-listing - The 'View Listing' link of a dialog.
 * @csspart requested-times - The requested times of a dialog.
 * @csspart requested-time - Each requested time in the seller tour editor.
 * @csspart time-error - 'Invalid date and time selection.' when the seller picks a past time.
 * @csspart clear-selection - 'Clear Selection'.
 * @csspart confirm-selection - 'Confirm Selection'.
 * @csspart mark-completed - 'Mark Completed'.
 * @csspart cancel-tour - 'Cancel Tour'.
 * @csspart reason - The cancellation reason box.
 * @csspart reason-counter - Its 'n/200' counter.
 * @csspart confirm-cancel - The button that cancels the tour with the reason.
 * @csspart schedule - The scheduled start and end.
 * @csspart download-event - 'Download Event' (the calendar file).
 * @csspart cancellation-reason - The reason of a cancelled tour.
 * @csspart cancelled-by - 'You cancelled this request.' / 'The buyer cancelled this request.' on a tour the buyer cancelled.
 * @csspart tour-changes - The buyer's 'Reschedule' and 'Cancel Request' buttons (an open request whose time has not begun).
 * @csspart reschedule - 'Reschedule': new times on the request's grid.
 * @csspart cancel-request - 'Cancel Request' (a confirm step follows).
 * @csspart confirm-dialog - The confirm step of Cancel Request.
 * @csspart gives-up - Rescheduling a scheduled tour: the line saying its time is given up.
 * @csspart grid - The time grid of Reschedule (`slot` each time, `another-day` the dropdown of days 4 to 15, `chosen-times` the chosen ones).
 * @csspart slot - Each time button of the grid (`data-state` = open, chosen or past).
 * @csspart another-day - The dropdown of days 4 to 15.
 * @csspart chosen-times - The chosen new times.
 * @csspart send-times - 'Send New Times'.
 * @csspart back - 'Back' from Reschedule to the tour.
 * @csspart change-failure - Why a cancellation or new times could not be saved (nothing was changed).
 * @csspart buyer - The buyer's agent and pre-qualification (seller tour editor).
 * @cssproperty --hearth-color-primary - Buttons, links and the selected time.
 * @cssproperty --hearth-color-on-primary - Text on primary buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text colour.
 * @cssproperty --hearth-color-surface - Panel and dialog background.
 * @cssproperty --hearth-color-border - Row and field borders.
 * @cssproperty --hearth-color-error - Errors.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { booleanAttr, idAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import buyerTourDetailsCss from '../_shared/buyer-tour-details/buyer-tour-details.css?inline';
import sellerTourEditorCss from '../_shared/seller-tour-editor/seller-tour-editor.css?inline';
import pickerCss from '../_shared/tour-time-picker/tour-time-picker.css?inline';
import uiCss from '../../core/ui/ui.css?inline';
import css from './tours.css?inline';
import { Tours } from './tours.view';

export const toursAttributes = {
  listingId: idAttr(),
  tourId: idAttr(),
  routeSync: booleanAttr(),
};

defineElement<typeof toursAttributes>({
  tag: 'hearth-tours',
  attributes: toursAttributes,
  styles: [uiCss, pickerCss, buyerTourDetailsCss, sellerTourEditorCss, css],
  view: Tours,
});

export interface HearthToursElement extends HTMLElement, ElementProperties<typeof toursAttributes> {}
