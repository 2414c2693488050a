/**
 * @summary Mortgage pre-qualification (or refinance): 'Get Prequalified' signs the visitor in when needed
 * and starts their request; the questionnaire follows one question at a time and resumes where they left
 * off; once submitted the request shows its status ('Under Review') with an 'Edit Request' link, in a
 * panel and, right after submitting, in the 'Mortgage status' dialog.
 * @tag hearth-mortgage-prequal
 * @attr {'prequalification' | 'refinance'} kind - Which request: `prequalification` (questionnaire `mortgage-prequalification`, the default) or `refinance` (`mortgage-refinance`).
 * @attr {boolean} autostart - The page was opened by a 'Get Prequalified' (or 'Get Started') of its own: the request starts at once — sign-in first when needed, then the questionnaire (or the request in progress, or its status) — with no second button to press; the page's heading names it, so the element shows none. If sign-in is abandoned, the button shows.
 * @attr {string} edit-url - Where 'Edit Request' goes, with `{id}` for the request's questionnaire response id, e.g. `/my-account/prequal/{id}`; http(s) or relative. Default: `/account/pre-qualification-edit/{id}` on the hosted site (the partner's `siteUrl`, else the API origin).
 * @attr {boolean} route-sync - The element owns the URL: the open 'Mortgage status' dialog is the page's path plus `status/{case id}` (a history entry; closing goes up two levels), and such a URL opens it over that case's status.
 * @event {MortgageSubmittedDetail} hearth-mortgage-submitted - The request was submitted and the server confirmed its status; `detail` = `{ caseId, responseId, questionnaire, mortgageStatus }`.
 * @event {QuestionnaireCompletedDetail} hearth-questionnaire-completed - From the inner questionnaire, when it is submitted.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole element.
 * @csspart heading - The heading before the request starts ('Get Prequalified', 'Ready to Refinance?'); none with `autostart`.
 * @csspart start - The 'Get Prequalified' / 'Get Started' button.
 * @csspart message - The loading message.
 * @csspart failure - The message and retry button when the request could not be loaded.
 * @csspart retry - The retry button.
 * @csspart questionnaire - The inner `<hearth-questionnaire>` (style it further through its own parts).
 * @csspart status - The status panel.
 * @csspart status-heading - The status, e.g. 'Under Review'.
 * @csspart status-message - What the status means.
 * @csspart edit-request - The 'Edit Request' link.
 * @csspart open-status - The status panel's 'Mortgage status' button, which opens the dialog.
 * @csspart status-dialog - The 'Mortgage status' dialog.
 * @csspart dialog-close - The dialog's × button.
 * @csspart close - The dialog's Close button.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons and links.
 * @cssproperty --hearth-color-on-primary - Text on buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text colour.
 * @cssproperty --hearth-color-surface - Panel background.
 * @cssproperty --hearth-color-border - Panel border.
 * @cssproperty --hearth-color-error - The failure message.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { booleanAttr, enumAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import { urlTemplateAttr } from '../../core/mortgage/attributes';
import uiCss from '../../core/ui/ui.css?inline';
import css from './mortgage-prequal.css?inline';
import { MortgagePrequal } from './mortgage-prequal.view';

export type { MortgageSubmittedDetail } from '../../core/mortgage/use-mortgage-prequal';

export const mortgagePrequalAttributes = {
  kind: enumAttr(['prequalification', 'refinance'], 'prequalification'),
  autostart: booleanAttr(),
  editUrl: urlTemplateAttr(),
  routeSync: booleanAttr(),
};

defineElement<typeof mortgagePrequalAttributes>({
  tag: 'hearth-mortgage-prequal',
  attributes: mortgagePrequalAttributes,
  styles: [uiCss, css],
  view: MortgagePrequal,
});

export interface HearthMortgagePrequalElement extends HTMLElement, ElementProperties<typeof mortgagePrequalAttributes> {}
