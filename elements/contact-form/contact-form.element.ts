/**
 * @summary A lead-capture form: the visitor's name, email, phone and question go to the agent as a lead.
 * With `listing-id` it asks 'Want a closer look?' and names the home; without, 'Connect with me'.
 * @tag hearth-contact-form
 * @attr {number} listing-id - The listing the visitor asks about; shows its address and photo and attaches the lead to it.
 * @attr {'default' | 'small'} variant - `small` is a compact one-column layout without the photo, for sidebars.
 * @attr {boolean} hide-agent - Hides the agent profile card that the partner's configuration otherwise shows.
 * @prop {ListingSummary} listing - Listing data the page already has (id, address, photoUri), instead of fetching it.
 * @event {ContactSubmittedDetail} hearth-contact-submitted - The lead was stored; `detail` = `{ leadId, listingId }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole panel.
 * @csspart photo - The listing photo (a stock image when the listing has none).
 * @csspart heading - The heading.
 * @csspart go-see - The 'Go see {address}' line.
 * @csspart agent-card - The agent profile card.
 * @csspart form - The form.
 * @csspart field - Each labelled field.
 * @csspart label - Each field label.
 * @csspart input - Each input and the text area.
 * @csspart error - Each field's error message.
 * @csspart failure - The message shown when sending failed.
 * @csspart submit - The send button.
 * @csspart consent - The consent text.
 * @csspart thank-you - The 'Thank you' panel shown after a successful send.
 * @csspart thank-you-phone - The phone link in the 'Thank you' panel.
 * @csspart thank-you-contact - The contact-us link in the 'Thank you' panel.
 * @csspart call-line - The toll-free call line with the privacy-policy link.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Button and link colour.
 * @cssproperty --hearth-color-on-primary - Text on the button.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text colour.
 * @cssproperty --hearth-color-surface - Panel background.
 * @cssproperty --hearth-color-border - Field and card borders.
 * @cssproperty --hearth-color-error - Error messages and invalid fields.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import { startAnalytics } from '../../core/analytics/start';
import type { ListingSummary } from '../../core/listings/listing-summary';
import { contactFormAttributes } from './contact-form.attributes';
import { contactFormStyles } from './contact-form.skeleton';
import { ContactForm } from './contact-form.view';

/** What the element takes as properties only (rich data, DESIGN §1). */
type ContactFormProperties = { listing: ListingSummary | null };

defineElement<typeof contactFormAttributes, ContactFormProperties>({
  tag: 'hearth-contact-form',
  attributes: contactFormAttributes,
  properties: ['listing'],
  styles: contactFormStyles,
  view: ContactForm,
});
startAnalytics();

export interface HearthContactFormElement
  extends HTMLElement,
    ElementProperties<typeof contactFormAttributes, ContactFormProperties> {}
