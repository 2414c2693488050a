/**
 * @summary A stay's availability calendar: months side by side (one on phones) as keyboard grids, days that
 * cannot be booked disabled with the reason in their name, check-in then check-out highlighting the stay,
 * the minimum and maximum nights of the check-in day, nights × nightly price and the total, and 'Request to
 * book', a form (guests, name, email, phone, message; prefilled when signed in) that sends the owner a booking
 * request with the dates and guests. Previous and next load more months.
 * @tag hearth-availability-calendar
 * @attr {number} listing-id - The stay's listing id (required; a listing in stay classification).
 * @attr {number} months - How many months side by side: 1, 2 (default) or 3. Phones show one.
 * @attr {string} check-in - With `check-out`: dates the guest already chose (YYYY-MM-DD, e.g. in a stay search); the calendar opens on that month with them chosen when the stay's rules allow them.
 * @attr {string} check-out - With `check-in`: the day the guest leaves (YYYY-MM-DD).
 * @attr {number} guests - How many people are coming, as chosen before (e.g. in a stay search): the booking form's Guests opens with it when the stay takes that many (else 1).
 * @event {DatesSelectedDetail} hearth-dates-selected - The guest chose dates the calendar accepts; `detail` = `{ checkIn, checkOut, nights, totalInPennies }` (dates YYYY-MM-DD).
 * @event {BookingRequestedDetail} hearth-booking-requested - The booking request was stored; `detail` = `{ listingId, checkIn, checkOut, guests }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole calendar; `data-state` is `loading`, `failed`, `missing` or `ready`.
 * @csspart heading - The 'Availability' heading with the stay's name.
 * @csspart previous - The previous-month button.
 * @csspart next - The next-month button.
 * @csspart month - One month: its title and grid.
 * @csspart grid - A month's grid (role grid: arrow keys, Home, End, PageUp, PageDown; Enter or Space chooses).
 * @csspart day - A day's button; `data-state` is `available`, `check-in`, `check-out`, `in-range`, `past` or `unavailable`.
 * @csspart footer - The nightly price, the chosen dates, the total and the buttons; `data-state` is `choose-check-in`, `choose-check-out`, `invalid` or `valid`.
 * @csspart nightly-price - The price of one night.
 * @csspart summary - The chosen dates and the total or the message (a live region).
 * @csspart dates - The chosen check-in and check-out.
 * @csspart stay-message - Why the chosen dates cannot be booked, e.g. 'Minimum stay is 3 nights'.
 * @csspart total - Nights × nightly price and the total.
 * @csspart clear - The 'Clear dates' button.
 * @csspart request-to-book - The 'Request to book' button.
 * @csspart booking-dialog - The booking request dialog (a native modal <dialog>).
 * @csspart booking-form - Its form.
 * @csspart guests - The booking form's Guests list (1 to what the stay sleeps).
 * @csspart send-request - The 'Send request' button.
 * @csspart booking-error - Why the request could not be sent.
 * @csspart booking-sent - The confirmation after the request was stored.
 * @csspart booking-summary - What was asked, under the confirmation: the stay, the dates and the guests.
 * @csspart message - The loading, failed or not-a-stay message.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Chosen days, buttons.
 * @cssproperty --hearth-color-on-primary - Text on chosen days and primary buttons.
 * @cssproperty --hearth-color-surface-alt - Days inside the chosen stay.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Disabled days and secondary text.
 * @cssproperty --hearth-color-surface - Background.
 * @cssproperty --hearth-color-border - Borders.
 * @cssproperty --hearth-color-error - The min/max nights message.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { idAttr } from '../../core/define-element/attributes';
import { dateAttr, numberAttr } from '../../core/define-element/more-attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import css from './availability-calendar.css?inline';
import { AvailabilityCalendar } from './availability-calendar.view';

export const availabilityCalendarAttributes = {
  listingId: idAttr(),
  months: numberAttr(2, 1, 3),
  checkIn: dateAttr(),
  checkOut: dateAttr(),
  guests: numberAttr(0, 0, 100),
};

defineElement<typeof availabilityCalendarAttributes>({
  tag: 'hearth-availability-calendar',
  attributes: availabilityCalendarAttributes,
  styles: [uiCss, css],
  view: AvailabilityCalendar,
});

export interface HearthAvailabilityCalendarElement extends HTMLElement, ElementProperties<typeof availabilityCalendarAttributes> {}
