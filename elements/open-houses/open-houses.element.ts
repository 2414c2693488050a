/**
 * @summary A listing's open houses. For the listing's seller: every open house (date, start–end in the
 * listing's time zone, Active or Cancelled) with Edit, Cancel or Activate — each behind a confirm step or
 * the open house dialog (18 days, 30-minute steps from 9:30 am) — and Add Open House. For anyone else,
 * signed in or not: the listing's active upcoming open houses, read-only. The server decides who the
 * seller is.
 * @tag hearth-open-houses
 * @attr {number} listing-id - The listing whose open houses to show (required).
 * @attr {number} case-id - The listing's seller case (as the home detail sets it): Add Open House adds through the case, for its owner or agents, once the listing is published.
 * @attr {boolean} route-sync - The element owns the URL: the seller's open house dialog is the page's path plus `seller-edit-open-house/{id}` (or `/new` to add one), a history entry; closing goes up two levels, and such a URL opens it for the listing's seller.
 * @event {OpenHouseSavedDetail} hearth-open-house-saved - The seller created, changed, cancelled or re-activated an open house; `detail` = `{ listingId, openHouseId, change: 'created' | 'updated' | 'cancelled' | 'activated', startDateTime, endDateTime, isActive }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole panel; `data-state` is `loading`, `failed`, `missing`, `seller` or `public`.
 * @csspart heading - The 'Open houses' heading.
 * @csspart view-listing - The 'View Listing' link to the listing's page on the hosted site (also in the dialog); the panel leaves it out on the listing's own page (its path, or a dialog over it, ends with /listing/{slugId}/{listingCodeId}).
 * @csspart list - The list of open houses.
 * @csspart open-house - One open house; `data-state` is `active`, `cancelled` or `ended`.
 * @csspart when - Its date and start–end time.
 * @csspart status - Its 'Active', 'Cancelled' or 'Ended' label (seller view).
 * @csspart actions - Its buttons (seller view).
 * @csspart edit - The Edit button.
 * @csspart cancel - The Cancel button (active open houses).
 * @csspart activate - The Activate button (cancelled open houses).
 * @csspart add - The 'Add Open House' button.
 * @csspart add-to-calendar - The 'Add to calendar' link of an open house (public view; the calendar file).
 * @csspart empty - The text shown when there are no open houses.
 * @csspart zone - The 'Times in …' line naming the listing's time zone.
 * @csspart message - The loading-failed or not-available message.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart open-house-dialog - The open house dialog (a native modal <dialog>).
 * @csspart day - The dialog's date select.
 * @csspart start - The dialog's start time select.
 * @csspart end - The dialog's end time select.
 * @csspart confirm-selection - The dialog's 'Confirm Selection' button.
 * @csspart confirm-dialog - The confirm step of Cancel and Activate.
 * @csspart open-house-error - Why a save failed, inside the open dialog.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons and links.
 * @cssproperty --hearth-color-on-primary - Text on primary buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text.
 * @cssproperty --hearth-color-surface - Panel and dialog background.
 * @cssproperty --hearth-color-border - Borders.
 * @cssproperty --hearth-color-success - The 'Active' label.
 * @cssproperty --hearth-color-error - The 'Cancelled' label and errors.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { booleanAttr, idAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import dialogCss from '../_shared/seller-open-house/seller-open-house.css?inline';
import uiCss from '../../core/ui/ui.css?inline';
import css from './open-houses.css?inline';
import { OpenHouses } from './open-houses.view';

export const openHousesAttributes = {
  listingId: idAttr(),
  caseId: idAttr(),
  routeSync: booleanAttr(),
};

defineElement<typeof openHousesAttributes>({
  tag: 'hearth-open-houses',
  attributes: openHousesAttributes,
  styles: [uiCss, dialogCss, css],
  view: OpenHouses,
});

export interface HearthOpenHousesElement extends HTMLElement, ElementProperties<typeof openHousesAttributes> {}
