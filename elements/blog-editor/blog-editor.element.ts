/**
 * @summary Writing the resource centre, for editors: their posts with status badges (Draft, Scheduled,
 * Published, Unpublished), a form (title, slug, subtitle, Markdown body, highlights, meta description,
 * image URL, YouTube video code, tags, publish date and time) with inline errors, a live preview of the
 * Markdown as the server renders it, and Save draft / Save changes, Publish now, Schedule and Unpublish.
 * Signing in uses the page's Hearth session; visitors see a sign-in prompt, accounts without the editor
 * role a message saying so. The server decides who is an editor.
 * @tag hearth-blog-editor
 * @event {PostSavedDetail} hearth-post-saved - A post was saved, published, scheduled or unpublished; `detail` = `{ id, slug, status }` (status `DRAFT`, `SCHEDULED`, `PUBLISHED` or `UNPUBLISHED`).
 * @csspart base - The whole editor; `data-state` is `loading`, `signed-out`, `forbidden`, `failed` or `ready`.
 * @csspart heading - The 'Blog editor' heading.
 * @csspart message - The sign-in prompt, the no-editor-role or the loading-failed message.
 * @csspart sign-in - The 'Sign In' button.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart posts - The list of posts with the 'New post' button.
 * @csspart new-post - The 'New post' button.
 * @csspart post-list - The posts.
 * @csspart post-item - One post; `data-state` is its status in lower case.
 * @csspart edit-post - The button that opens a post in the form.
 * @csspart status - A post's status badge.
 * @csspart empty - 'No posts yet'.
 * @csspart paging - Previous and Next under the list.
 * @csspart form - The post form; `data-state` is `new` or the post's status in lower case.
 * @csspart form-status - The status badge of the post in the form.
 * @csspart field - A labelled field (with `label`, `input` and `error` parts inside).
 * @csspart preview-pane - The live preview beside the Markdown.
 * @csspart preview - The previewed post text.
 * @csspart form-error - Why a save failed, when no one field is to blame.
 * @csspart actions - The buttons.
 * @csspart save - 'Save draft' (new, draft and unpublished posts) or 'Save changes' (live and scheduled ones).
 * @csspart publish - 'Publish now'.
 * @csspart schedule - 'Schedule' (at the publish date and time).
 * @csspart unpublish - 'Unpublish'.
 * @csspart confirmation - The last save's confirmation ('Post published.').
 * @csspart image-upload - The 'Upload an image' group: a picture file and its description, stored in sizes by uploadPostImage; `data-state` is `idle`, `uploading`, `failed` or `uploaded`.
 * @csspart image-file - Its file input (JPEG, PNG, WebP or GIF).
 * @csspart image-upload-button - 'Upload image'.
 * @csspart image-status - What the upload did: uploading, the server's refusal, or uploaded.
 * @csspart image-preview - The post's picture: the one just uploaded (with its sizes) or the one Image URL names.
 * @cssproperty --hearth-color-primary - Buttons and the current post.
 * @cssproperty --hearth-color-on-primary - Text on primary buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Hints and dates.
 * @cssproperty --hearth-color-surface - Background.
 * @cssproperty --hearth-color-surface-alt - The preview pane.
 * @cssproperty --hearth-color-border - Borders.
 * @cssproperty --hearth-color-success - The Published badge and confirmations.
 * @cssproperty --hearth-color-error - Errors.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { defineElement } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import postCss from '../blog/post-body.css?inline';
import css from './blog-editor.css?inline';
import { BlogEditor } from './blog-editor.view';

export const blogEditorAttributes = {};

defineElement<typeof blogEditorAttributes>({
  tag: 'hearth-blog-editor',
  attributes: blogEditorAttributes,
  styles: [uiCss, postCss, css],
  view: BlogEditor,
});

export type HearthBlogEditorElement = HTMLElement;
