/**
 * @summary The signed-in viewer's offers: as a buyer, each offer's status, amount and home, with
 * 'Continue offer' for drafts; as a seller (or the company agent), the submitted offers on their listings
 * with the buyer's name, amount, cash or financed, pre-qualification, closing date and contingencies.
 * Signed out, it asks the visitor to sign in. It refreshes itself when an offer is created or submitted
 * elsewhere on the page (e.g. by a `<hearth-make-offer>`).
 * @tag hearth-offers
 * @attr {number} listing-id - Only the offers on this listing (a seller sees the submitted offers on it; a buyer their own).
 * @attr {number} offer-id - Opens the form of this draft offer of the viewer's at once (the hosted site's /account/buyer-offer/{offerId}).
 * @attr {string} offer-url - Makes 'Continue offer' a link to your own buyer-offer page instead of opening the offer form here: a URL template with `{offerId}` and `{caseResponseId}`.
 * @event {QuestionnaireCompletedDetail} hearth-questionnaire-completed - A continued offer was submitted; `detail` = `{ responseId, questionnaire, flow, exitTo }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole element.
 * @csspart message - Loading, empty, error and sign-in messages.
 * @csspart sign-in - The sign-in button shown when signed out.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart made - The buyer's own offers.
 * @csspart received - The offers received as seller or agent.
 * @csspart offer - Each offer.
 * @csspart photo - Each offer's home photo.
 * @csspart listing-link - Each offer's home address, a link to the listing.
 * @csspart facts - Each offer's details.
 * @csspart confirmation - A submitted offer's confirmation: when and to whom it was sent, what happens next.
 * @csspart continue - 'Continue offer' on a draft.
 * @csspart questionnaire - The region holding a continued offer's questionnaire.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons and links.
 * @cssproperty --hearth-color-on-primary - Text on buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Labels and messages.
 * @cssproperty --hearth-color-surface - Card background.
 * @cssproperty --hearth-color-border - Card borders.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { idAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import { offerUrlAttr } from '../../core/offers/offer-url';
import uiCss from '../../core/ui/ui.css?inline';
import css from './offers.css?inline';
import { Offers } from './offers.view';

export const offersAttributes = {
  listingId: idAttr(),
  offerUrl: offerUrlAttr(),
  offerId: idAttr(),
};

defineElement<typeof offersAttributes>({
  tag: 'hearth-offers',
  attributes: offersAttributes,
  styles: [uiCss, css],
  view: Offers,
});

export interface HearthOffersElement extends HTMLElement, ElementProperties<typeof offersAttributes> {}
