/**
 * @summary The page's toast region (spec §8: bottom right, 5000 ms, close button). Created by the runtime
 * on the first toast; not meant to be placed by hand. A toast waits while the pointer or focus is on it.
 * @tag hearth-toaster
 * @csspart toasts - The list of toasts.
 * @csspart toast - One toast.
 * @csspart toast-link - The link inside a toast (a button when it opens something on the page, e.g. 'View requested tour').
 */
import { defineElement } from '../../core/define-element/define-element';
import css from './toaster.css?inline';
import { ToasterView } from './toaster.view';

defineElement({ tag: 'hearth-toaster', attributes: {}, styles: [css], view: ToasterView });

export type HearthToasterElement = HTMLElement;
