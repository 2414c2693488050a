/**
 * @summary A seller's photos of one home (the photo management page of a seller case): drag photos in or choose
 * them (many at once), each upload with its progress, Retry and Cancel — a file that is not a usable photo is
 * refused with a message naming it while the others go on; then the photos in order, the first being the
 * cover: reorder by drag and drop or by keyboard (Alt + arrow keys on a photo's number, or Earlier/Later), set
 * the cover, edit captions, delete after a confirm step. Photos are stored in responsive sizes, location data
 * stripped. Only the case's owner (or an administrator) sees them; the server decides.
 * @tag hearth-photo-management
 * @attr {number} case-id - The seller case whose listing's photos to manage (required).
 * @event {PhotosChangedDetail} hearth-photos-changed - A change was saved; `detail` = `{ caseId, change: 'uploaded' | 'reordered' | 'cover' | 'caption' | 'deleted', photoIds, coverId }` (photoIds in order, cover first).
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole panel; `data-state` is `no-case`, `loading`, `signed-out`, `not-found`, `failed` or `ready`.
 * @csspart heading - The 'Photos' heading.
 * @csspart message - The loading, sign-in, not-found or loading-failed message.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart drop-zone - Where files are dropped; `data-state` is `idle` or `over`.
 * @csspart choose - The 'Choose photos' button (opens the file picker).
 * @csspart file-input - The file picker's input (visually hidden).
 * @csspart uploads - The list of uploads under way or stopped.
 * @csspart upload - One upload; `data-state` is `queued`, `uploading`, `failed`, `refused` or `cancelled`.
 * @csspart progress - Its progress bar.
 * @csspart upload-message - Why it was refused, failed or cancelled.
 * @csspart retry-upload - Its Retry button (failed or cancelled).
 * @csspart cancel-upload - Its Cancel button (waiting or uploading).
 * @csspart dismiss-upload - Its Dismiss button (refused, failed or cancelled).
 * @csspart empty - The text shown when there are no photos yet.
 * @csspart grid - The ordered list of photos.
 * @csspart photo - One photo; `data-state` holds `cover` or `photo`, and `dragging` / `drop-target` during a drag.
 * @csspart image - Its picture.
 * @csspart cover-badge - The 'Cover' label of the first photo.
 * @csspart handle - Its number: focus it and press Alt + arrow keys to move the photo.
 * @csspart move-earlier - The 'Earlier' button.
 * @csspart move-later - The 'Later' button.
 * @csspart set-cover - The 'Set as cover' button.
 * @csspart delete - The 'Delete' button (asks first).
 * @csspart caption - The caption form of a photo.
 * @csspart caption-input - Its text field.
 * @csspart save-caption - Its 'Save caption' button.
 * @csspart announcer - The visually hidden live region announcing moves and saves.
 * @csspart confirm-dialog - The delete confirm step (a native modal <dialog>).
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons, focus and the drop zone while dragging.
 * @cssproperty --hearth-color-on-primary - Text on primary buttons and the cover label.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Secondary text.
 * @cssproperty --hearth-color-surface - Panel background.
 * @cssproperty --hearth-color-border - Borders.
 * @cssproperty --hearth-color-error - Refusals and failures.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { idAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import css from './photo-management.css?inline';
import { PhotoManagement } from './photo-management.view';

export type { PhotosChangedDetail } from '../../core/listing-photos/use-photo-management';

export const photoManagementAttributes = {
  caseId: idAttr(),
};

defineElement<typeof photoManagementAttributes>({
  tag: 'hearth-photo-management',
  attributes: photoManagementAttributes,
  styles: [uiCss, css],
  view: PhotoManagement,
});

export interface HearthPhotoManagementElement extends HTMLElement, ElementProperties<typeof photoManagementAttributes> {}
