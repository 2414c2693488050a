/**
 * @summary A 'Request a Tour' button for one home. It signs the visitor in first when needed, then opens a
 * two-step dialog: 'Tour Time' (the next 3 days as a grid, or one day among days 4–15 from a dropdown;
 * hour slots 9 am to 9 pm in the home's time zone, past ones disabled, several may be chosen) and
 * 'More Info' (the buyer's agent and pre-qualification). On success the dialog closes, a 'Tour Requested'
 * toast offers 'View requested tour' (the buyer tour details dialog), and `hearth-tour-requested` fires.
 * If the send fails, the dialog stays open with every choice kept, explains why, and Request Tour can be
 * pressed again (a deliberate improvement: the original stayed stuck in its submitting state).
 * A `<hearth-listing-detail>` of the same home on the page hands its 'Request a tour' button to this element
 * (it answers `hearth-tour-request-started` for its listing by opening the dialog).
 * A buyer who already has an open tour of the home also sees 'View requested tour' (where they can cancel it or
 * offer new times while it is open). Homes that do not take
 * tour requests (enableRequestTour false) show a note instead of the button. Links in the tour details
 * point at the hosted site (the partner's siteUrl, else the API origin).
 * @tag hearth-request-tour
 * @attr {number} listing-id - The home to tour.
 * @attr {boolean} route-sync - The element owns the URL: the open dialog is the page's path plus `/request-tour` (a history entry; back closes it), and such a URL opens it (after sign-in).
 * @event {TourRequestedDetail} hearth-tour-requested - The tour request was stored; `detail` = `{ tourId, listingId, scheduledDateTimes }` (ISO 8601, UTC).
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The wrapper of the button and notes.
 * @csspart button - The 'Request a Tour' button.
 * @csspart note - Why there is no button (no tour requests for this home, listing missing, no listing-id).
 * @csspart open-tour - The line about the buyer's open tour of this home.
 * @csspart view-tour - Its 'View requested tour' link.
 * @csspart dialog - The request-tour dialog.
 * @csspart steps - The step list ('Tour Time', 'More Info').
 * @csspart another-day - The dropdown of days 4 to 15.
 * @csspart grid - The table of tour times.
 * @csspart slot - Each time button (`data-state` = open, chosen or past).
 * @csspart chosen-times - The list of chosen times.
 * @csspart continue - The Continue button.
 * @csspart question - Each yes/no question of 'More Info'.
 * @csspart field - Each labelled field.
 * @csspart label - Each field label.
 * @csspart input - Each input.
 * @csspart error - Each field's error message.
 * @csspart failure - Why the request could not be sent.
 * @csspart back - The Back button.
 * @csspart submit - The Request Tour button.
 * @csspart tour-details - The buyer tour details dialog.
 * @csspart tour-status-message - Its status message.
 * @csspart download-event - Its 'Download Event' link.
 * @csspart toggle-requested - Its Show/Hide button of the requested times.
 * @csspart requested-times - Its list of requested times.
 * @csspart cancellation-reason - Its cancellation reason.
 * @csspart cancelled-by - Its 'You cancelled this request.' on a request the buyer cancelled.
 * @csspart tour-changes - Its 'Reschedule' and 'Cancel Request' buttons (an open request whose time has not begun).
 * @csspart reschedule - 'Reschedule': new times on the request's grid, then 'Send New Times' (`send-times`).
 * @csspart cancel-request - 'Cancel Request' (a confirm step follows: `confirm-dialog`).
 * @csspart confirm-dialog - The confirm step of Cancel Request.
 * @csspart gives-up - Rescheduling a scheduled tour: the line saying its time is given up.
 * @csspart send-times - 'Send New Times'.
 * @csspart change-failure - Why a cancellation or new times could not be saved (nothing was changed).
 * @csspart view-listing - Its 'View' link to the listing.
 * @csspart guide-link - Its link to the buying guide.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons, chosen times and links.
 * @cssproperty --hearth-color-on-primary - Text on primary buttons and chosen times.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text colour.
 * @cssproperty --hearth-color-surface - Dialog background.
 * @cssproperty --hearth-color-border - Borders of time buttons and fields.
 * @cssproperty --hearth-color-error - Error messages.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { booleanAttr, idAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import detailsCss from '../_shared/buyer-tour-details/buyer-tour-details.css?inline';
import pickerCss from '../_shared/tour-time-picker/tour-time-picker.css?inline';
import uiCss from '../../core/ui/ui.css?inline';
import css from './request-tour.css?inline';
import { RequestTour } from './request-tour.view';

export type { TourRequestedDetail } from '../../core/tours/requests';

export const requestTourAttributes = {
  listingId: idAttr(),
  routeSync: booleanAttr(),
};

defineElement({
  tag: 'hearth-request-tour',
  attributes: requestTourAttributes,
  styles: [uiCss, pickerCss, detailsCss, css],
  view: RequestTour,
});

export interface HearthRequestTourElement extends HTMLElement, ElementProperties<typeof requestTourAttributes> {}
