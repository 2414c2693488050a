/**
 * @summary Sign in, sign up (email and password, or Google), log out, and sign out other devices. With Google
 * only when configured; the devices are listed once signed in. The session is shared by every Hearth element on the page and kept across reloads. Elements whose actions need an
 * account open this as a dialog and continue the action after sign-in.
 * @tag hearth-sign-in
 * @attr {'sign-in' | 'sign-up'} tab - The tab shown first.
 * @attr {boolean} dialog - Shows the panel as a modal dialog, open at once; closing it emits `hearth-sign-in-closed`.
 * @attr {boolean} route-sync - With `dialog`: the element owns the URL: the open dialog is the page's path plus `/log-in` (a history entry; closing goes back up one level and keeps the element), and back and forward close and open it again.
 * @attr {string} reset-token - The token of a password-reset link: shows 'Choose a new password' first (the hosted site's /reset/<token> page sets it).
 * @event {LoginDetail} hearth-login - A user signed in or signed up; `detail` = `{ userId, email }`.
 * @event {{}} hearth-logout - The user logged out (the token is revoked on the server).
 * @event {SignInClosedDetail} hearth-sign-in-closed - The dialog closed.
 * @event {HearthErrorDetail} hearth-error - An attribute was malformed.
 * @csspart base - The panel (not in dialog mode).
 * @csspart dialog - The dialog (in dialog mode).
 * @csspart tabs - The tab list.
 * @csspart tab - Each tab.
 * @csspart tab-panel - The selected tab's panel.
 * @csspart form - Each form.
 * @csspart input - Each input.
 * @csspart error - Each field's error.
 * @csspart message - The form's error message, e.g. 'Unable to login with that email/password'.
 * @csspart submit - The submit button.
 * @csspart google - The Google button.
 * @csspart password-rules - The live password rules while signing up.
 * @csspart forgot-link - The forgotten-password link.
 * @csspart forgot - The forgotten-password panel.
 * @csspart reset - The 'Choose a new password' panel.
 * @csspart reset-done - The message after the password was changed.
 * @csspart signed-in - What shows once signed in.
 * @csspart log-out - The Log Out button.
 * @csspart devices - The 'Signed-in devices' section (once signed in): this device and the others.
 * @csspart device - Each signed-in device.
 * @csspart device-sign-out - The 'Sign out' button of another device.
 * @csspart sign-out-others - The 'Sign out everywhere else' button.
 * @csspart attribute-error - The message shown for a malformed attribute.
 * @cssproperty --hearth-color-primary - Buttons, links and the selected tab.
 * @cssproperty --hearth-color-text - Text colour.
 * @cssproperty --hearth-color-surface - Background.
 * @cssproperty --hearth-color-error - Error messages.
 * @cssproperty --hearth-font-family - Font.
 * @cssproperty --hearth-radius - Corner radius.
 */
import { booleanAttr, enumAttr, stringAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import uiCss from '../../core/ui/ui.css?inline';
import css from './sign-in.css?inline';
import { SignIn } from './sign-in.view';

export const signInAttributes = {
  tab: enumAttr(['sign-in', 'sign-up'], 'sign-in'),
  dialog: booleanAttr(),
  resetToken: stringAttr('', 200),
  routeSync: booleanAttr(),
};

defineElement({ tag: 'hearth-sign-in', attributes: signInAttributes, styles: [uiCss, css], view: SignIn });

export interface HearthSignInElement extends HTMLElement, ElementProperties<typeof signInAttributes> {}
