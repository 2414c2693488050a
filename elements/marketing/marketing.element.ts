/**
 * @summary Marketing materials for a seller's home: a gallery of templates (flyer, square social post, story,
 * open-house sign, just-listed postcard) with preview images, then an editor for the chosen one — its text
 * fields (each with its length limit), a keyboard-accessible photo picker of the listing's photos, the open
 * house it announces — with a live preview drawn from the template's layout, 'Save', and downloads of the
 * print-ready PDF and the PNG at the template's size (signed links that last 5 minutes; each saved version is rendered
 * once on the server, the downloads showing the progress until it is ready). The material is filled
 * from the listing (price, facts, address, photos), the partner's agent branding and a QR code to the listing
 * page. For the case's owner and its agents and managers; signed out, it asks to sign in.
 * @tag hearth-marketing
 * @attr {number} case-id - The seller case (an application case id, e.g. "900000020"); required.
 * @event {MarketingSavedDetail} hearth-marketing-saved - A material was saved; `detail` = `{ caseId, materialId, templateId }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole element.
 * @csspart message - Loading, empty, error and sign-in messages.
 * @csspart sign-in - The sign-in button shown when signed out.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart template - Each template of the gallery.
 * @csspart use-template - A template's 'Create …' button.
 * @csspart create-error - Why a material could not be created.
 * @csspart material - Each saved material's button.
 * @csspart back - 'Back to templates'.
 * @csspart form - The editor's form.
 * @csspart field - Each text field with its label.
 * @csspart input - Each text input.
 * @csspart open-house - The open house choice.
 * @csspart photos - The photo picker.
 * @csspart photo - Each photo of the picker.
 * @csspart save - 'Save'.
 * @csspart download-pdf - 'Download PDF'.
 * @csspart download-png - 'Download PNG'.
 * @csspart render-status - While the saved version's PDF and PNG are being prepared (the downloads wait), or why not.
 * @csspart save-status - Saved, unsaved changes or the refusal.
 * @csspart preview - The live preview.
 * @csspart preview-image - The preview's SVG.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons and the chosen photos.
 * @cssproperty --hearth-color-on-primary - Text on buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Hints and messages.
 * @cssproperty --hearth-color-surface - Card background.
 * @cssproperty --hearth-color-border - Card borders.
 * @cssproperty --hearth-color-error - Refusals.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { idAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import css from './marketing.css?inline';
import { Marketing } from './marketing.view';

export const marketingAttributes = {
  caseId: idAttr(),
};

defineElement<typeof marketingAttributes>({
  tag: 'hearth-marketing',
  attributes: marketingAttributes,
  styles: [uiCss, css],
  view: Marketing,
});

export interface HearthMarketingElement extends HTMLElement, ElementProperties<typeof marketingAttributes> {}
