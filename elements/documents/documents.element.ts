/**
 * @summary The signed-in viewer's documents, grouped by case: each document slot of the case (required or
 * optional) with its files — preview (PDFs in a frame, images inline), download, delete — and an upload or
 * replace control that names the file in any refusal (wrong type, too large, PDFs with JavaScript…). Per
 * case, 'Generate PDF' shows the server's progress ('Generating...' then each step), then a preview and a
 * download (download-{year}.{month}.{day}.pdf) of the answers with the documents appended, which the
 * viewer can sign electronically by typing their name (an audit page with date, IP and SHA-256 is appended). With `case-id`
 * it shows that one case (its owner, or the case's agents and managers). Signed out, it asks to sign in.
 * Showing a PDF inside the page needs `frame-src` for the API origin in the page's CSP; without it the
 * preview offers a link that opens the PDF in a new tab. Links to files are signed and last 5 minutes.
 * @tag hearth-documents
 * @attr {number} case-id - Only this case (an application case id, e.g. "1001").
 * @event {DocumentChangedDetail} hearth-document-uploaded - A file was uploaded or replaced; `detail` = `{ caseId, componentId, documentId, fileName }`.
 * @event {DocumentChangedDetail} hearth-document-deleted - A file was deleted; `detail` = `{ caseId, componentId, documentId, fileName }`.
 * @event {PdfGeneratedDetail} hearth-pdf-generated - A case's PDF is ready; `detail` = `{ caseId, generatedPdfId }`.
 * @event {PdfSignedDetail} hearth-pdf-signed - A case's PDF was signed electronically; `detail` = `{ caseId, generatedPdfId, signedAt }`.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole element.
 * @csspart message - Loading, empty, error and sign-in messages.
 * @csspart sign-in - The sign-in button shown when signed out.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart case - Each case.
 * @csspart slot - Each document slot.
 * @csspart document - Each uploaded file.
 * @csspart upload - A slot's file chooser and upload button.
 * @csspart file-input - The file chooser.
 * @csspart upload-button - 'Upload File' / 'Update File'.
 * @csspart slot-status - A slot's upload progress, success or refusal.
 * @csspart preview-button - A file's 'Preview'.
 * @csspart download - A file's 'Download'.
 * @csspart delete - A file's 'Delete'.
 * @csspart delete-confirm - The confirming 'Delete'.
 * @csspart preview - The open preview.
 * @csspart preview-frame - The frame showing a PDF.
 * @csspart preview-image - The image shown.
 * @csspart preview-link - 'Open … in a new tab'.
 * @csspart pdf - A case's generated PDF area.
 * @csspart generate - 'Generate PDF'.
 * @csspart pdf-status - The generation progress text.
 * @csspart pdf-preview-button - The generated PDF's 'Preview'.
 * @csspart pdf-download - 'Download PDF'.
 * @csspart sign - The electronic signature form of a ready PDF.
 * @csspart signer-name - The typed name of the signer.
 * @csspart sign-button - 'Sign PDF'.
 * @csspart signed-download - 'Download signed PDF'.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons and links.
 * @cssproperty --hearth-color-on-primary - Text on buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Labels and messages.
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
import css from './documents.css?inline';
import { Documents } from './documents.view';

export const documentsAttributes = {
  caseId: idAttr(),
};

defineElement<typeof documentsAttributes>({
  tag: 'hearth-documents',
  attributes: documentsAttributes,
  styles: [uiCss, css],
  view: Documents,
});

export interface HearthDocumentsElement extends HTMLElement, ElementProperties<typeof documentsAttributes> {}
