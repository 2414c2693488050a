/**
 * The path rules of the dialogs of spec §2 ("Dialogs (modal, route-driven)"): each dialog is one or two
 * path segments under the page it opens over, and closing it goes back up as many levels.
 *
 *   login                    {page}/log-in                                   up one
 *   request tour             /listing/{slugId}/{listingCodeId}/request-tour  up one
 *   make offer               /listing/{slugId}/{listingCodeId}/make-offer    up one
 *   gallery                  /listing/…/gallery/{photo index}                up two
 *   showcase                 /listing/…/showcase/{photos|video|street}       up two
 *   edit tour (buyer)        /account/buying/tours/edit-tour/{tourId}        up two
 *   seller edit tour         {tours page}/seller-edit-tour/{tourId}          up two
 *   mortgage status          /account/mortgage/status/{case id}              up two
 *   seller edit open house   {page}/seller-edit-open-house/{id | new}        up two
 *
 * Pure: no DOM, shared by the elements, <hearth-app> and the server that answers each dialog's URL.
 */

export const DIALOG_NAMES = [
  'login',
  'request-tour',
  'make-offer',
  'gallery',
  'showcase',
  'edit-tour',
  'seller-edit-tour',
  'status',
  'seller-edit-open-house',
] as const;
export type DialogName = (typeof DIALOG_NAMES)[number];

interface DialogRule {
  /** The path segment naming the dialog. */
  segment: string;
  /** The shape of the segment after it (null: the dialog has none, and closes up one level). */
  param: RegExp | null;
}

const ID = /^[1-9]\d{0,17}$/;

export const DIALOG_RULES: Record<DialogName, DialogRule> = {
  login: { segment: 'log-in', param: null },
  'request-tour': { segment: 'request-tour', param: null },
  'make-offer': { segment: 'make-offer', param: null },
  gallery: { segment: 'gallery', param: /^\d{1,4}$/ },
  showcase: { segment: 'showcase', param: /^(photos|video|street)$/ },
  'edit-tour': { segment: 'edit-tour', param: ID },
  'seller-edit-tour': { segment: 'seller-edit-tour', param: ID },
  status: { segment: 'status', param: ID },
  'seller-edit-open-house': { segment: 'seller-edit-open-house', param: /^(new|[1-9]\d{0,17})$/ },
};

/** A dialog open over a page: which one, its parameter, and the page's own path. */
export interface DialogPath {
  dialog: DialogName;
  /** The segment after the dialog's (a photo index, a tab, an id); null for dialogs without one. */
  param: string | null;
  /** The path of the page beneath ('/' at the root). */
  page: string;
}

const trimSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * The dialog a path ends with (among `among`, default all), or null. '/log-in' alone is the log-in page of
 * spec §2, not a dialog over the home page.
 */
export function dialogPathOf(pathname: string, among: readonly DialogName[] = DIALOG_NAMES): DialogPath | null {
  const parts = trimSlash(pathname).split('/');
  const last = parts[parts.length - 1] ?? '';
  const beforeLast = parts[parts.length - 2] ?? '';
  for (const dialog of among) {
    const { segment, param } = DIALOG_RULES[dialog];
    if (param === null) {
      if (last !== segment || parts.length < 3) continue;
      return { dialog, param: null, page: parts.slice(0, -1).join('/') || '/' };
    }
    if (beforeLast !== segment || !param.test(last) || parts.length < 4) continue;
    return { dialog, param: last, page: parts.slice(0, -2).join('/') || '/' };
  }
  return null;
}

/** How many path levels closing a dialog goes up: one, or two for a dialog with a parameter. */
export const levelsUp = (dialog: DialogName) => (DIALOG_RULES[dialog].param === null ? 1 : 2);

/** The page's own path: `pathname` without the dialog it ends with. */
export const pageOf = (pathname: string, among: readonly DialogName[] = DIALOG_NAMES) => dialogPathOf(pathname, among)?.page ?? trimSlash(pathname);

/**
 * The path of `dialog` (with `param`) over the page at `pathname`; a dialog already open there is replaced
 * (the gallery moving to another photo, the showcase's photo opening the gallery).
 */
export function dialogPath(pathname: string, dialog: DialogName, param: string | null = null): string {
  const { segment, param: shape } = DIALOG_RULES[dialog];
  if ((shape === null) !== (param === null) || (shape !== null && !shape.test(param!))) {
    throw new Error(`${dialog}: ${param === null ? 'needs a parameter' : `bad parameter ${JSON.stringify(param)}`}`);
  }
  const page = pageOf(pathname).replace(/\/$/, '');
  return `${page}/${segment}${param === null ? '' : `/${param}`}`;
}
