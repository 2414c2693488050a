/**
 * @summary The page's toast region (spec §8: bottom right, 5000 ms, close button). Created by the runtime
 * on the first toast. A toast waits while the pointer or focus is on it. A page written by a server may place
 * it with a `message` to show one toast at once (the hosted site says 'You've been successfully logged out.' on
 * the page a log-out went to, whatever that page holds).
 * @tag hearth-toaster
 * @attr {string} message - A toast shown as soon as the element starts, once (a new message is another toast).
 * @attr {'info' | 'success' | 'error'} tone - That toast's tone (default info).
 * @csspart toasts - The list of toasts.
 * @csspart toast - One toast.
 * @csspart toast-link - The link inside a toast (a button when it opens something on the page, e.g. 'View requested tour').
 */
import { enumAttr, stringAttr } from '../../core/define-element/attributes';
import { defineElement, type ElementProperties } from '../../core/define-element/define-element';
import css from './toaster.css?inline';
import { Toaster } from './toaster.view';

export const toasterAttributes = {
  message: stringAttr('', 500),
  tone: enumAttr(['info', 'success', 'error'], 'info'),
};

defineElement<typeof toasterAttributes>({ tag: 'hearth-toaster', attributes: toasterAttributes, styles: [css], view: Toaster });

export interface HearthToasterElement extends HTMLElement, ElementProperties<typeof toasterAttributes> {}
