/**
 * @summary The signed-in person's own account, profile and settings, and deleting it: their photo (upload with a
 * preview and progress, change, remove), first and last name, legal name, email (a new one is confirmed by mail),
 * phone and whether they work as a real estate agent; then notification settings, the password (the current one, then a new one checked
 * against the server's password rules as it is typed; every other device is signed out), whether Google sign-in
 * is linked, and deleting the account — it says what is removed and what is kept and why, asks to type DELETE and
 * the password, then removes or anonymises the person's data, signs the page out and says goodbye. Signed out, it
 * asks to sign in. Everything is reached by keyboard; each save says how it went where it happened.
 * @tag hearth-account
 * @attr {'all' | 'profile' | 'settings'} section - Which part to show: both under tabs (default), or the profile or the settings alone (the hosted site's /account/profile and /account/settings).
 * @event {AccountUpdatedDetail} hearth-account-updated - The profile, photo, notification settings or password was saved; `detail` = `{ userId, change: 'profile' | 'photo' | 'notifications' | 'password' }`.
 * @event {AccountDeletedDetail} hearth-account-deleted - The account was deleted; `detail` = `{ userId }`. `hearth-logout` follows, and `hearth-forget-me` on the document.
 * @event {{}} hearth-logout - The page was signed out after the account was deleted.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed; `detail` = `{ tag, kind, attribute, value, message }`.
 * @csspart base - The whole element; `data-state` is `loading`, `signed-out`, `failed`, `loaded` or `deleted`.
 * @csspart message - Loading, error and sign-in messages.
 * @csspart sign-in - The sign-in button shown when signed out.
 * @csspart retry - The 'Try again' button after a failed load.
 * @csspart tabs - The Profile and Settings tabs (section 'all').
 * @csspart tab - Each tab.
 * @csspart tab-panel - The selected tab's content.
 * @csspart profile - The profile section.
 * @csspart photo - The profile's card (photo, name, email, photo buttons); `data-state` is `idle`, `uploading`, `removing`, `done` or `failed`.
 * @csspart name - The person's name (their email when they gave none).
 * @csspart photo-image - The photo, the preview while uploading, or the initials when there is none.
 * @csspart photo-input - The hidden file input the upload button opens.
 * @csspart photo-upload - 'Upload a photo' / 'Change photo'.
 * @csspart photo-remove - 'Remove photo'.
 * @csspart photo-cancel - 'Cancel upload'.
 * @csspart photo-progress - The upload's progress bar.
 * @csspart photo-status - The upload's progress, outcome or refusal.
 * @csspart form - The profile form.
 * @csspart field - Each field with its label.
 * @csspart label - Each field's label.
 * @csspart input - Each text input.
 * @csspart error - A field's error message.
 * @csspart agent - The 'I am a real estate agent' checkbox.
 * @csspart save - 'Save profile'.
 * @csspart save-status - Saved, or why not.
 * @csspart settings - The settings section.
 * @csspart notifications - The notification settings.
 * @csspart notification - Each notification setting.
 * @csspart notification-toggle - Each setting's checkbox; `data-setting` names it.
 * @csspart notifications-status - Saved, or why not.
 * @csspart password - The password block.
 * @csspart password-form - The password form.
 * @csspart password-rules - The server's password rules, met or not.
 * @csspart change-password - 'Change password' / 'Set password'.
 * @csspart password-status - Changed (and how many devices were signed out), or why not.
 * @csspart google - Whether Google sign-in is linked; `data-state` is `linked` or `not-linked`.
 * @csspart danger-zone - The 'Delete your account' block.
 * @csspart delete-open - 'Delete account…'.
 * @csspart delete-dialog - The confirmation dialog.
 * @csspart delete-form - Its form.
 * @csspart delete-error - Why the account could not be deleted.
 * @csspart delete-cancel - 'Cancel'.
 * @csspart delete-confirm - 'Delete my account'.
 * @csspart goodbye - What shows once the account is deleted.
 * @csspart home-link - 'Go to the home page'.
 * @csspart dialog-close - The dialog's × button.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons, links and focus.
 * @cssproperty --hearth-color-on-primary - Text on buttons.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-muted - Hints and messages.
 * @cssproperty --hearth-color-surface - Background.
 * @cssproperty --hearth-color-border - Borders.
 * @cssproperty --hearth-color-error - Errors and the danger zone.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 * @cssproperty --hearth-space - Spacing unit.
 */
import { enumAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import css from './account.css?inline';
import { Account } from './account.view';

export const accountAttributes = {
  section: enumAttr(['all', 'profile', 'settings'], 'all'),
};

defineElement<typeof accountAttributes>({
  tag: 'hearth-account',
  attributes: accountAttributes,
  styles: [uiCss, css],
  view: Account,
});

export interface HearthAccountElement extends HTMLElement, ElementProperties<typeof accountAttributes> {}
