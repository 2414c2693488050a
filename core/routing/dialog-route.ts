/**
 * Dialogs as routes (spec §2 "Dialogs (modal, route-driven)"): an element that owns the URL (`route-sync`)
 * gives its dialog a path segment under the page's path — `/listing/{slug}/{code}/request-tour`. Opening
 * adds a history entry, closing goes back up to the page (back, or a replaced URL when the visitor arrived
 * on the dialog's URL), back and forward open and close it, and a reload of the dialog's URL opens it again.
 */
import { useEffect, useRef } from 'react';

/** The dialog segments of a page's path (the gallery's `gallery/{index}` is the listing detail's own). */
export const DIALOG_SEGMENTS = ['request-tour', 'make-offer'] as const;
export type DialogSegment = (typeof DIALOG_SEGMENTS)[number];

const TRAILING_DIALOG = new RegExp(`/(${DIALOG_SEGMENTS.join('|')})/?$`);
const TRAILING_GALLERY = /\/gallery\/\d{1,4}\/?$/;

/** The dialog a path ends with, or null. */
export function dialogOf(pathname: string): DialogSegment | null {
  return (TRAILING_DIALOG.exec(pathname)?.[1] as DialogSegment | undefined) ?? null;
}

/** The page's own path: without a dialog's segment or the gallery's. */
export const withoutDialog = (pathname: string) => pathname.replace(TRAILING_DIALOG, '').replace(TRAILING_GALLERY, '') || '/';

/** The path of a dialog over the page at `pathname`. */
export const withDialog = (pathname: string, segment: DialogSegment) => `${withoutDialog(pathname).replace(/\/$/, '')}/${segment}`;

export interface DialogRoute {
  /** Off unless the element owns the URL. */
  enabled: boolean;
  segment: DialogSegment;
  /** Whether the dialog is open now. */
  open: boolean;
  /** The URL says the dialog should be open (arrival, reload, forward). */
  onOpen: () => void;
  /** The URL says it should be closed (back). */
  onClose: () => void;
}

export function useDialogRoute({ enabled, segment, open, onOpen, onClose }: DialogRoute): void {
  const pushed = useRef(false);
  const handlers = useRef({ onOpen, onClose });
  handlers.current = { onOpen, onClose };
  const isOpen = useRef(open);
  // Closing goes back only from an open dialog, not from the closed first render on the dialog's URL.
  const wasOpen = useRef(false);
  isOpen.current = open;

  useEffect(() => {
    if (enabled && dialogOf(location.pathname) === segment && !isOpen.current) handlers.current.onOpen();
  }, [enabled, segment]);

  useEffect(() => {
    if (!enabled) return;
    const { pathname, search, hash } = location;
    const onDialog = dialogOf(pathname) === segment;
    if (open && !onDialog) {
      history.pushState({ hearthDialog: segment }, '', `${withDialog(pathname, segment)}${search}${hash}`);
      pushed.current = true;
    } else if (!open && wasOpen.current && onDialog) {
      if (pushed.current) {
        pushed.current = false;
        history.back();
      } else {
        history.replaceState(history.state, '', `${withoutDialog(pathname)}${search}${hash}`);
      }
    }
    wasOpen.current = open;
  }, [enabled, segment, open]);

  useEffect(() => {
    if (!enabled) return;
    const onPop = () => {
      const onDialog = dialogOf(location.pathname) === segment;
      if (!onDialog) pushed.current = false;
      if (onDialog && !isOpen.current) handlers.current.onOpen();
      else if (!onDialog && isOpen.current) handlers.current.onClose();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [enabled, segment]);
}
