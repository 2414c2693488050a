/**
 * @summary A partner's console (white-label settings, issue 16): Branding (name, web and company name, and how
 * visitors reach the partner — toll-free number, support email, privacy policy — which every element and mail
 * shows instead of ours, and the logo),
 * Theme (colours, font, radius, with a live preview of real elements and the WCAG contrast of text on the
 * background and of button text on the primary colour — an unreadable pair is refused before saving),
 * Agent (name, picture, office and cell phone, email), Site & search (countries, default search location,
 * sell and rental, agent-app mode, maps key, tile source, analytics), Origins (the pages allowed to call
 * the API), Snippets (the two-line embed of each element with Copy), API keys (created, shown once,
 * revoked), Members (owners and admins added by email, removed — never the last owner; a person without an
 * account yet is sent an invitation, listed as pending until they sign up with that address, revocable), Leads, Visitors
 * and Activity (who changed what, when). A signed-in viewer without a partner gets the sign-up
 * form; a visitor, a sign-in button. The server decides who administers which partner. Its one heading is the
 * partner's name; its tabs are a column beside the panel when the console is wide, and one row that scrolls
 * sideways on a phone (arrow keys, Home and End move between them either way).
 * @tag hearth-partner-console
 * @attr {number} partner-id - The partner to manage; absent: the viewer's first partner (or the sign-up form when they have none).
 * @event {PartnerSavedDetail} hearth-partner-saved - Settings were saved (or an image uploaded); `detail` = `{ partnerId, fields }`.
 * @event {PartnerCreatedDetail} hearth-partner-created - The viewer signed up a partner; `detail` = `{ partnerId, slug }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole console; `data-state` is `loading`, `anonymous`, `failed`, `sign-up` or `ready`; `data-layout` (when ready) is `wide` or `narrow`.
 * @csspart heading - The console's heading: the partner's name (before it is known, 'Partner console').
 * @csspart tabs - The tab list (a column when wide, a row that scrolls sideways when narrow).
 * @csspart tab - One tab; `data-state` is `selected` or `idle`.
 * @csspart tab-panel - The selected tab's panel.
 * @csspart form - A tab's settings form.
 * @csspart save - A form's Save button.
 * @csspart save-status - 'Saved.' or why saving failed.
 * @csspart logo - The logo and its 'Choose a logo' button (the chosen file is uploaded at once).
 * @csspart agent-picture - The agent's picture and its 'Choose a picture' button.
 * @csspart choose-image - The button choosing (and uploading) a logo or picture; `data-state` is `busy` while uploading.
 * @csspart brand-contact - The Branding tab's toll-free number, support email and privacy policy address.
 * @csspart contrast - The contrast results of the theme.
 * @csspart contrast-pair - One pair's result; `data-state` is `pass` or `fail`.
 * @csspart preview - The live preview of the theme on real elements.
 * @csspart origins - The list of allowed origins.
 * @csspart origin - One allowed origin with its Remove button.
 * @csspart add-origin - The 'Add origin' button.
 * @csspart snippets - The list of embed snippets.
 * @csspart snippet - One element's snippet; `data-tag` names the element.
 * @csspart copy - A snippet's Copy button.
 * @csspart copy-status - 'Copied', or how to copy the selected snippet by hand.
 * @csspart create-key - The 'Create key' button.
 * @csspart new-key - The new key's secret, shown once.
 * @csspart keys - The list of API keys.
 * @csspart key - One key; `data-state` is `active` or `revoked`.
 * @csspart members - The Members tab; `data-state` is `loading`, `failed` or `loaded`.
 * @csspart member - One owner or admin; `data-role` is `owner` or `admin`.
 * @csspart remove-member - A member's Remove button.
 * @csspart add-member - The form adding a member by email.
 * @csspart invite-offer - Shown when nobody has an account with the email: the offer to invite them.
 * @csspart send-invitation - Its 'Send an invitation' button.
 * @csspart invitations - The list of pending invitations.
 * @csspart invitation - One pending invitation; `data-role` is `owner` or `admin`.
 * @csspart revoke-invitation - An invitation's Revoke button (asks for a confirmation).
 * @csspart audit - The activity table.
 * @csspart audit-entry - One change; `data-action` names it.
 * @csspart sign-up - The partner sign-up form.
 * @csspart sign-up-submit - Its submit button.
 * @csspart sign-in - The sign-in button shown to visitors.
 * @csspart message - Why the console could not load.
 * @csspart retry - The 'Try again' button.
 * @csspart empty - The text shown when there are no origins.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons, links and the selected tab.
 * @cssproperty --hearth-color-on-primary - Text on primary buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text.
 * @cssproperty --hearth-color-surface - Panel background.
 * @cssproperty --hearth-color-surface-alt - Snippet and secret backgrounds.
 * @cssproperty --hearth-color-border - Borders.
 * @cssproperty --hearth-color-success - A passing contrast pair.
 * @cssproperty --hearth-color-error - A failing pair and errors.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { idAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import css from './partner-console.css?inline';
import { PartnerConsole } from './partner-console.view';

export const partnerConsoleAttributes = {
  partnerId: idAttr(),
};

defineElement<typeof partnerConsoleAttributes>({
  tag: 'hearth-partner-console',
  attributes: partnerConsoleAttributes,
  styles: [uiCss, css],
  view: PartnerConsole,
});

export interface HearthPartnerConsoleElement extends HTMLElement, ElementProperties<typeof partnerConsoleAttributes> {}
