/**
 * @summary The 'Make an Offer' button of a listing: the buyer signs in if needed, confirms in a dialog that
 * explains what happens, and fills in the offer (price, cash or financed, pre-qualification, contingencies,
 * closing date) right here — or on your own buyer-offer page with `offer-url`. Listings that do not take
 * offers show a note instead of the button. A `<hearth-listing-detail>` of the same home on the page hands its
 * 'Make an offer' button to this element (it answers `hearth-offer-started` for its listing).
 * @tag hearth-make-offer
 * @attr {number} listing-id - The listing the offer is for (required).
 * @attr {boolean} route-sync - The element owns the URL: the open confirmation dialog is the page's path plus `/make-offer` (a history entry; back closes it), and such a URL opens it (after sign-in).
 * @attr {string} offer-url - Where to go once the offer is created, instead of continuing inline: a URL template with `{offerId}` and `{caseResponseId}`, e.g. `/account/buyer-offer/{offerId}`. http(s) or relative URLs only.
 * @event {OfferCreatedDetail} hearth-offer-created - The offer was created (a draft until its questionnaire is submitted); `detail` = `{ offerId, caseResponseId, listingId }`.
 * @event {QuestionnaireCompletedDetail} hearth-questionnaire-completed - The inline offer questionnaire was submitted; `detail` = `{ responseId, questionnaire, flow, exitTo }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole element.
 * @csspart button - The 'Make an Offer' button.
 * @csspart not-accepting - The note shown when the listing does not take offers.
 * @csspart message - Loading and missing-listing messages.
 * @csspart confirm-dialog - The confirmation dialog.
 * @csspart confirm-steps - The numbered steps in the dialog.
 * @csspart confirm-cancel - The dialog's Cancel button.
 * @csspart confirm-confirm - The dialog's confirm button.
 * @csspart dialog-close - The dialog's × button.
 * @csspart questionnaire - The region holding the offer questionnaire.
 * @csspart submitted - The confirmation shown once the offer was submitted: to whom it went, until when it stands, what happens next.
 * @csspart see-offers - The confirmation's link to the buyer's offers on the site ('See your offers').
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Button colour.
 * @cssproperty --hearth-color-on-primary - Text on the button.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text colour.
 * @cssproperty --hearth-color-surface - Dialog and panel background.
 * @cssproperty --hearth-color-border - Borders.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { booleanAttr, idAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import { offerUrlAttr } from '../../core/offers/offer-url';
import uiCss from '../../core/ui/ui.css?inline';
import css from './make-offer.css?inline';
import { MakeOffer } from './make-offer.view';

export type { OfferCreatedDetail } from '../../core/offers/use-make-offer';

export const makeOfferAttributes = {
  listingId: idAttr(),
  offerUrl: offerUrlAttr(),
  routeSync: booleanAttr(),
};

defineElement<typeof makeOfferAttributes>({
  tag: 'hearth-make-offer',
  attributes: makeOfferAttributes,
  styles: [uiCss, css],
  view: MakeOffer,
});

export interface HearthMakeOfferElement extends HTMLElement, ElementProperties<typeof makeOfferAttributes> {}
