/**
 * Dialogs as routes (spec §2 "Dialogs (modal, route-driven)"): an element that owns the URL (`route-sync`)
 * gives its dialog one or two path segments under the page's path (dialog-paths.ts) — `/listing/{slug}/{code}/request-tour`,
 * `/listing/…/gallery/3`, `/account/buying/tours/edit-tour/12`. Opening adds a history entry; closing goes back
 * up to the page: back to the entry the dialog was opened from, or — when the visitor arrived on the dialog's
 * URL (a shared link, a reload) — a new entry for the page, so that back opens the dialog again. Back and
 * forward open and close it, a reload of the dialog's URL opens it again, and moving inside the dialog (the
 * gallery's photo, the showcase's photo opening the gallery) replaces the entry.
 */
import { useEffect, useRef } from 'react';
import { dialogPath, dialogPathOf, pageOf, type DialogName } from './dialog-paths';

/** The dialog segments without a parameter (kept for callers that only know those). */
export const DIALOG_SEGMENTS = ['request-tour', 'make-offer'] as const;
export type DialogSegment = (typeof DIALOG_SEGMENTS)[number];

/** The parameterless dialog a path ends with, or null. */
export function dialogOf(pathname: string): DialogSegment | null {
  const found = dialogPathOf(pathname, DIALOG_SEGMENTS);
  return found ? (found.dialog as DialogSegment) : null;
}

/** The page's own path: without any dialog's segments. */
export const withoutDialog = (pathname: string) => pageOf(pathname) || '/';

/** The path of a parameterless dialog over the page at `pathname`. */
export const withDialog = (pathname: string, segment: DialogSegment) => dialogPath(pathname, segment);

/** One of an element's dialogs, open with its parameter. */
export interface OpenDialogRoute {
  dialog: DialogName;
  param: string | null;
}

export interface DialogRoutes {
  /** Off unless the element owns the URL. */
  enabled: boolean;
  /** The dialogs this element owns. */
  dialogs: readonly DialogName[];
  /** The dialog open now (null: none of them). */
  open: OpenDialogRoute | null;
  /** The URL says this dialog should be open (arrival, reload, back or forward). */
  onOpen: (route: OpenDialogRoute) => void;
  /** The URL says none of them should be open (back, forward). */
  onClose: () => void;
}

interface DialogEntryState {
  hearthDialog?: string;
}

const urlOf = (path: string) => `${path}${location.search}${location.hash}`;
const entryState = (dialog: string | null): DialogEntryState => ({ ...(history.state as object | null), hearthDialog: dialog ?? undefined });

export function useDialogRoutes({ enabled, dialogs, open, onOpen, onClose }: DialogRoutes): void {
  /** The entry before this one is the page beneath the dialog: closing goes back to it. */
  const overPage = useRef(false);
  const handlers = useRef({ onOpen, onClose });
  handlers.current = { onOpen, onClose };
  const isOpen = useRef(open);
  isOpen.current = open;
  // Closing navigates only from an open dialog, not from the closed first render on the dialog's URL.
  const wasOpen = useRef(false);
  const owned = dialogs.join(' ');
  const lastPath = useRef('');

  useEffect(() => {
    if (!enabled) return;
    const found = dialogPathOf(location.pathname, dialogs);
    if (found && !isOpen.current) handlers.current.onOpen({ dialog: found.dialog, param: found.param });
    lastPath.current = location.pathname;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, owned]);

  const openKey = open ? `${open.dialog}/${open.param ?? ''}` : '';
  useEffect(() => {
    if (!enabled) return;
    const { pathname } = location;
    const current = dialogPathOf(pathname, dialogs);
    if (open) {
      const wanted = dialogPath(pathname, open.dialog, open.param);
      if (!current) {
        history.pushState(entryState(open.dialog), '', urlOf(wanted));
        overPage.current = true;
      } else if (wanted !== pathname) {
        history.replaceState(entryState(open.dialog), '', urlOf(wanted));
      }
    } else if (wasOpen.current && current) {
      if (overPage.current) {
        overPage.current = false;
        history.back();
      } else {
        // Arrived on the dialog's URL: up one or two levels as a new entry (back opens the dialog again).
        history.pushState(entryState(null), '', urlOf(current.page));
      }
    }
    wasOpen.current = open !== null;
    lastPath.current = location.pathname;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, owned, openKey]);

  useEffect(() => {
    if (!enabled) return;
    const onPop = () => {
      const found = dialogPathOf(location.pathname, dialogs);
      const from = lastPath.current;
      lastPath.current = location.pathname;
      if (!found) {
        overPage.current = false;
        if (isOpen.current) handlers.current.onClose();
        return;
      }
      // Forward from the page (or back from the page it was closed to): that page is the entry beside this one.
      overPage.current = pageOf(from, dialogs) === found.page && dialogPathOf(from, dialogs) === null;
      const shown = isOpen.current;
      if (!shown || shown.dialog !== found.dialog || shown.param !== found.param) handlers.current.onOpen({ dialog: found.dialog, param: found.param });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, owned]);
}

export interface DialogRoute {
  /** Off unless the element owns the URL. */
  enabled: boolean;
  segment: DialogSegment | 'login';
  /** Whether the dialog is open now. */
  open: boolean;
  /** The URL says the dialog should be open (arrival, reload, forward). */
  onOpen: () => void;
  /** The URL says it should be closed (back). */
  onClose: () => void;
}

/** One dialog without a parameter (request tour, make offer, login). */
export function useDialogRoute({ enabled, segment, open, onOpen, onClose }: DialogRoute): void {
  useDialogRoutes({
    enabled,
    dialogs: [segment],
    open: open ? { dialog: segment, param: null } : null,
    onOpen: () => onOpen(),
    onClose,
  });
}
