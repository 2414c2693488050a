/**
 * @summary What is my home worth: an owner types the address (the place search's suggestions), optionally
 * the home's type, bedrooms, bathrooms, living area and year built, and gets an estimate from comparable sales
 * nearby (same type, similar size and age, sold in the last 24 months, each adjusted to the home), with a range
 * that holds 8 in 10 sales like it, the comparables listed plainly (sold when and for what, how far, what it is;
 * demo data marked as such) and the method stated, or a clear 'Not enough sales nearby'. A home that is for sale
 * leans on its own list price, and says so. 'Get a precise valuation'
 * then asks for name, email and phone (and, optionally, a monthly estimate by mail) and makes the owner a
 * seller lead of the partner's agent.
 * @tag hearth-home-value
 * @attr {string} address - An address to start with (the owner can change it).
 * @attr {number} listing-id - The home is this listing of ours: its facts fill the ones the owner leaves empty.
 * @event {HomeValueEstimatedDetail} hearth-home-value-estimated - An estimate arrived; `detail` = `{ address, status: 'ESTIMATED' | 'NOT_ENOUGH_SALES', currencyCode, lowInPennies, estimateInPennies, highInPennies, confidence, comparableCount }`.
 * @event {ValuationRequestedDetail} hearth-valuation-requested - A precise valuation was requested; `detail` = `{ id, address, optIn }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole panel; `data-state` is `idle`, `loading`, `estimated`, `not-enough-sales` or `failed`; `data-request` is `closed`, `open`, `sending` or `sent`.
 * @csspart heading - The 'What is my home worth?' heading.
 * @csspart form - The address and facts form.
 * @csspart address - The address box with its suggestions.
 * @csspart input - The address input (and the facts' inputs).
 * @csspart options - The address suggestions.
 * @csspart option - Each suggestion.
 * @csspart facts - The optional facts.
 * @csspart get-estimate - The 'Get estimate' button.
 * @csspart status - The loading or failed message.
 * @csspart retry - The 'Try again' button after a failed estimate.
 * @csspart result - The estimate; `data-state` is `estimated` or `not-enough-sales`.
 * @csspart range - The range: the estimate, the bar and low/high.
 * @csspart estimate - The estimate figure.
 * @csspart bar - The bar from low to high with the estimate's marker.
 * @csspart low - The low end.
 * @csspart high - The high end.
 * @csspart range-likely - How likely the range is: '8 in 10 homes like this sell between … and ….'
 * @csspart listed - 'Listed for …: the estimate leans on this price.', when the home is for sale.
 * @csspart confidence - 'High confidence', 'Medium confidence' or 'Low confidence'.
 * @csspart method - How the estimate was computed.
 * @csspart comparables - The list of comparable sales.
 * @csspart comparable - One comparable sale: photo, address, when and for what it sold, distance, facts, and its price adjusted to the home.
 * @csspart demo-sale - The 'Demo sale' mark of a comparable that is demo data, not a sale that happened.
 * @csspart comparable-photo - Its photo.
 * @csspart precise - The 'Get a precise valuation' button.
 * @csspart request-form - The precise valuation form.
 * @csspart opt-in - The monthly updates checkbox with its label.
 * @csspart send - The 'Request valuation' button.
 * @csspart thanks - The thank-you message after a request.
 * @csspart error - A message about the address or a failed request.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons, the bar and the focus ring.
 * @cssproperty --hearth-color-on-primary - Text on primary buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text.
 * @cssproperty --hearth-color-surface - Background.
 * @cssproperty --hearth-color-surface-alt - The bar's ends, photo placeholders, the thank-you panel.
 * @cssproperty --hearth-color-border - Borders.
 * @cssproperty --hearth-color-error - Errors.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { idAttr, stringAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import fieldCss from '../search-box/search-field.css?inline';
import css from './home-value.css?inline';
import { HomeValue } from './home-value.view';

export const homeValueAttributes = {
  address: stringAttr('', 200),
  listingId: idAttr(),
};

defineElement<typeof homeValueAttributes>({
  tag: 'hearth-home-value',
  attributes: homeValueAttributes,
  styles: [uiCss, fieldCss, css],
  view: HomeValue,
});

export interface HearthHomeValueElement extends HTMLElement, ElementProperties<typeof homeValueAttributes> {}
