/**
 * @summary A multi-step questionnaire (seller intake, mortgage pre-qualification, offers, …): screens of
 * widgets from the server, answered in a whole-form layout or one question at a time. Every Next saves;
 * a reload continues where the visitor left off.
 * @tag hearth-questionnaire
 * @attr {string} questionnaire - The questionnaire slug to start (or resume, from session storage), e.g. `seller-intake-sale`.
 * @attr {string} response-id - Open this response instead (with `pin` for a guest, or as its signed-in owner).
 * @attr {string} pin - The guest PIN of `response-id`, sent as `Authorization: Questionnaire <pin>`.
 * @attr {'form' | 'single'} mode - `form` shows a whole screen; `single` shows one widget at a time.
 * @event {QuestionnaireCompletedDetail} hearth-questionnaire-completed - The response was submitted; `detail` = `{ responseId, questionnaire, flow, exitTo }` (`home-detail` for seller flows, `offers` for buyer flows).
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole questionnaire.
 * @csspart progress - The progress list of categories.
 * @csspart form - The form.
 * @csspart heading - The screen heading.
 * @csspart step - 'Question n of total' in single-question mode.
 * @csspart screen - The screen's widgets.
 * @csspart widget - Each widget.
 * @csspart widget-title - Each widget's title.
 * @csspart widget-error - Each widget's error message.
 * @csspart widget-help - Each widget's help text, link or image.
 * @csspart input - Each text input.
 * @csspart tip-box - A tip box.
 * @csspart summary - The read-only summary list.
 * @csspart acknowledge - The acknowledge button.
 * @csspart next-questionnaire - The link to the next questionnaire.
 * @csspart form-error - The message shown when answers need attention.
 * @csspart actions - The Back and Next / Submit buttons.
 * @csspart back - The Back button.
 * @csspart next - The Next button (single-question mode).
 * @csspart submit - The Next / Submit button.
 * @csspart completed - The panel shown after submitting.
 * @csspart message - Loading, access and configuration messages.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons, links and the active category.
 * @cssproperty --hearth-color-on-primary - Text on buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text colour.
 * @cssproperty --hearth-color-surface - Panel background.
 * @cssproperty --hearth-color-border - Field borders.
 * @cssproperty --hearth-color-error - Error messages and invalid fields.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { enumAttr, stringAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import css from './questionnaire.css?inline';
import { Questionnaire } from './questionnaire.view';

export type { QuestionnaireCompletedDetail } from './use-questionnaire';

export const questionnaireAttributes = {
  questionnaire: stringAttr('', 64),
  responseId: stringAttr('', 64),
  pin: stringAttr('', 32),
  mode: enumAttr(['form', 'single'], 'form'),
};

defineElement<typeof questionnaireAttributes>({
  tag: 'hearth-questionnaire',
  attributes: questionnaireAttributes,
  styles: [uiCss, css],
  view: Questionnaire,
});

export interface HearthQuestionnaireElement extends HTMLElement, ElementProperties<typeof questionnaireAttributes> {}
