/**
 * @summary A seller's home (a seller case): its progress through the queues (intake, photos, pricing, review,
 * published) with the step to do now — the intake questionnaire inline while it is open — the listing's facts,
 * the publish controls (publish now, on a date, or not; tour requests and offers on or off), the description
 * composed from the facts with its translation, a link to photo management, and the listing's open houses,
 * tour requests and offers. Signed out, it asks the visitor to sign in; other people's cases read as not found.
 * @tag hearth-home-detail
 * @attr {number} case-id - The seller case to show (required).
 * @attr {boolean} route-sync - The element owns the URL: the open house dialog of its listing is the page's path plus `seller-edit-open-house/{id}` (or `/new`), a tour's editor `seller-edit-tour/{tourId}`, each a history entry (the `route-sync` of `<hearth-open-houses>` and `<hearth-tours>` inside it).
 * @event {SellerListingChangedDetail} hearth-seller-listing-changed - The seller published, scheduled or took down the listing, or changed its flags; `detail` = `{ caseId, listingId, listingStatus, publishAt }`.
 * @event {QueueChangedDetail} hearth-queue-changed - The case moved on to its next queue; `detail` = `{ caseId, queue }`.
 * @event {QuestionnaireCompletedDetail} hearth-questionnaire-completed - The intake questionnaire was submitted (from the inline questionnaire); `detail` = `{ responseId, questionnaire, flow, exitTo }`.
 * @event {TierChosenDetail} hearth-tier-chosen - The seller chose an application tier (applied at once when free, else once paid); `detail` = `{ caseId, tierId, orderId, status }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole element; `data-state` is `checking`, `signed-out`, `loading`, `failed`, `missing` or `loaded`.
 * @csspart heading - The home's address.
 * @csspart status - The listing's status: 'Not published', 'Scheduled' or 'Published'.
 * @csspart steps - The progress steps.
 * @csspart step - One step; `data-state` is `DONE`, `CURRENT` or `UPCOMING`.
 * @csspart current - The current step's panel.
 * @csspart continue - The button that moves the case on to its next queue.
 * @csspart questionnaire - The inline intake questionnaire.
 * @csspart facts - The listing facts.
 * @csspart publish - The publish controls.
 * @csspart publish-save - The publish 'Save' button.
 * @csspart description - The description and its translation.
 * @csspart photos-link - The 'Manage photos' link.
 * @csspart view-listing - The 'View Listing' link (once published).
 * @csspart open-houses - The listing's <hearth-open-houses>.
 * @csspart tours - The listing's <hearth-tours>.
 * @csspart offers - The listing's <hearth-offers>.
 * @csspart tiers - The application tier section; `tiers-retry` its 'Try again' button.
 * @csspart tier - One tier (`tier-badge`, `tier-price`, `tier-current`, `tier-check` inside); `tier-list` holds them.
 * @csspart tier-open - The button that opens the tier dialog; `tier-dialog` / `tier-modal` the dialog, `tier-confirm` and `tier-cancel` its buttons.
 * @csspart tier-pending - An order awaiting payment; `tier-message` the tier section's messages; `tier-pay` its 'Pay now' button (card).
 * @csspart tier-checkout - Back from Stripe Checkout: 'Confirming your payment…', then paid, cancelled or not completed (data-state); `tier-redirecting` while the page goes to Checkout.
 * @csspart marketing - The marketing materials section (its <hearth-marketing>); `marketing-toggle` the button that opens it.
 * @csspart message - Loading, error, saved and sign-in messages.
 * @csspart sign-in - The sign-in button shown when signed out.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons, links and the current step.
 * @cssproperty --hearth-color-on-primary - Text on primary buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text.
 * @cssproperty --hearth-color-surface - Panel background.
 * @cssproperty --hearth-color-border - Borders.
 * @cssproperty --hearth-color-success - Done steps and saved messages.
 * @cssproperty --hearth-color-error - Errors.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { booleanAttr, idAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import css from './home-detail.css?inline';
import { HomeDetail } from './home-detail.view';

export const homeDetailAttributes = {
  caseId: idAttr(),
  routeSync: booleanAttr(),
};

defineElement<typeof homeDetailAttributes>({
  tag: 'hearth-home-detail',
  attributes: homeDetailAttributes,
  styles: [uiCss, css],
  view: HomeDetail,
});

export interface HearthHomeDetailElement extends HTMLElement, ElementProperties<typeof homeDetailAttributes> {}
