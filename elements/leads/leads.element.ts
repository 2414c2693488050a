/**
 * @summary A partner's lead inbox, for its owners and admins (and Hearth administrators): every lead from the
 * contact form, tour and stay requests, offers, valuations, pre-qualifications and registrations, newest
 * first, with filters (source, status, listing, date range, name or email), a detail panel (contact, message,
 * the listing's card, stay dates or the home valuation, notes and an add-note form, the status as a select: New, Contacted or Closed),
 * 'Export CSV' with the same filters and 'Load more'. Signed out, it asks the visitor to sign in; an account
 * that works none of the partner's leads is told so. Keyboard: arrow keys move through the list, Enter opens
 * a lead, Escape closes it.
 * @tag hearth-leads
 * @attr {number} partner-id - The partner whose leads to show (its id); default: the partner of the page's loader (`data-partner`).
 * @event {LeadStatusChangedDetail} hearth-lead-status-changed - A lead was marked new, contacted or closed; `detail` = `{ leadId, status: 'NEW' | 'CONTACTED' | 'CLOSED' }`.
 * @event {LeadNoteAddedDetail} hearth-lead-note-added - A note was added to a lead; `detail` = `{ leadId, noteId }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole inbox; `data-state` is `loading`, `signed-out`, `not-allowed`, `failed`, `empty` or `loaded`.
 * @csspart heading - The 'Leads' heading.
 * @csspart message - Loading, error and not-allowed messages.
 * @csspart sign-in-prompt - What shows to a signed-out visitor.
 * @csspart sign-in - The sign-in button shown when signed out.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart count - How many leads are shown of how many match.
 * @csspart export - The 'Export CSV' link (the filters apply).
 * @csspart filters - The filter fields.
 * @csspart filter-source - The source select.
 * @csspart filter-status - The status select.
 * @csspart filter-listing - The listing ID field.
 * @csspart filter-from - The 'From' date.
 * @csspart filter-to - The 'To' date.
 * @csspart filter-search - The name or email search.
 * @csspart notice - What the last action did (a status saved, a note added, an error).
 * @csspart empty - The text shown when no lead matches, with 'Clear filters' when filtered.
 * @csspart clear-filters - The 'Clear filters' button.
 * @csspart list - The list of leads.
 * @csspart lead - One lead; `data-state` is `new`, `contacted` or `closed`.
 * @csspart lead-button - The lead's row, a button that opens its detail.
 * @csspart lead-name - The person's name.
 * @csspart lead-source - The form the lead came from.
 * @csspart lead-listing - The listing's address, or 'No listing'.
 * @csspart lead-date - When the lead arrived.
 * @csspart status-chip - The lead's status; `data-state` is `new`, `contacted` or `closed`.
 * @csspart load-more - The 'Load more' button.
 * @csspart detail - The open lead's panel; `data-state` is `loading`, `failed`, `missing` or `loaded`.
 * @csspart detail-status - The open lead's status: a select (New, Contacted, Closed) that saves the status chosen.
 * @csspart close - The detail's × button ('Close the details'), in its header beside the lead's name.
 * @csspart listing-card - The listing the lead asked about.
 * @csspart listing-photo - Its photo.
 * @csspart listing-link - 'View listing', its page on the hosted site.
 * @csspart activity - What the lead's visitor did before getting in touch (when analytics was on); `data-state` is `loading`, `failed`, `empty` or `loaded`.
 * @csspart activity-item - One thing they did, newest first; `data-kind` is `page_view`, `search`, `listing_view`, `listing_open`, `favorite`, `marker_click` or `click`.
 * @csspart activity-listing - The listing they looked at, a link to its page on the hosted site.
 * @csspart activity-empty - The text shown when no activity was recorded.
 * @csspart activity-retry - 'Try again' after the activity failed to load.
 * @csspart notes - The notes and status changes, oldest first.
 * @csspart note - One note; `data-state` is `note` or `status`.
 * @csspart note-form - The add-note form.
 * @csspart note-input - Its text field.
 * @csspart add-note - The 'Add note' button.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons, links and the selected lead.
 * @cssproperty --hearth-color-on-primary - Text on primary buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Labels and messages.
 * @cssproperty --hearth-color-surface - Panel background.
 * @cssproperty --hearth-color-border - Borders.
 * @cssproperty --hearth-color-success - The 'Contacted' chip.
 * @cssproperty --hearth-color-error - Errors.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { idAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import css from './leads.css?inline';
import { Leads } from './leads.view';

export const leadsAttributes = {
  partnerId: idAttr(),
};

defineElement<typeof leadsAttributes>({
  tag: 'hearth-leads',
  attributes: leadsAttributes,
  styles: [uiCss, css],
  view: Leads,
});

export interface HearthLeadsElement extends HTMLElement, ElementProperties<typeof leadsAttributes> {}
