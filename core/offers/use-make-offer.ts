/**
 * Behaviour of <hearth-make-offer>: sign in first when needed, create the offer on confirm, emit
 * `hearth-offer-created`, then go to `offer-url` or continue with the questionnaire inline; a failed
 * creation closes the dialog with the spec's toast (§8).
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { requireSignIn } from '../auth/require-sign-in';
import type { ElementHandle } from '../define-element/define-element';
import { useLoad } from '../graphql/use-load';
import { offerTexts as t } from '../i18n/offers';
import { showToast } from '../ui/toasts';
import { initialMakeOfferState, isResponseOf, makeOfferReducer } from './make-offer-state';
import { fillOfferUrl } from './offer-url';
import { createOffer, loadOffer, loadOfferListing, type OfferListingInfo } from './offers-api';

/** Detail of `hearth-offer-created`. */
export interface OfferCreatedDetail {
  offerId: string;
  caseResponseId: string;
  listingId: number;
}

export interface MakeOfferOptions {
  listingId: number | null;
  /** `offer-url` template, or null to continue inline. */
  offerUrl: string | null;
  element: Pick<ElementHandle, 'emit' | 'host'>;
  /** Defaults to `location.assign` of the host's window. */
  navigate?: (url: string) => void;
}

export function useMakeOffer({ listingId, offerUrl, element, navigate }: MakeOfferOptions) {
  const [state, dispatch] = useReducer(makeOfferReducer, initialMakeOfferState);
  const busy = useRef(false);
  // The latest state for callbacks that outlive a render (the questionnaire's event listener).
  const current = useRef(state);
  current.current = state;

  const start = useCallback(async () => {
    if (busy.current || listingId === null || current.current.step !== 'idle') return;
    busy.current = true;
    dispatch({ type: 'start' });
    try {
      const user = await requireSignIn();
      dispatch(user ? { type: 'signed-in' } : { type: 'sign-in-abandoned' });
    } catch {
      dispatch({ type: 'sign-in-abandoned' });
    } finally {
      busy.current = false;
    }
  }, [listingId]);

  const cancel = useCallback(() => dispatch({ type: 'cancel' }), []);

  const confirm = useCallback(async () => {
    if (busy.current || listingId === null || current.current.step !== 'confirming') return;
    busy.current = true;
    dispatch({ type: 'confirm' });
    try {
      const result = await createOffer(listingId);
      if (!result.ok) {
        showToast({ message: t.failed, tone: 'error' });
        dispatch({ type: 'failed' });
        return;
      }
      const { offerId, caseResponseId } = result.value;
      const detail: OfferCreatedDetail = { offerId, caseResponseId, listingId };
      element.emit<OfferCreatedDetail>('offer-created', detail);
      dispatch({ type: 'created', created: result.value, leave: offerUrl !== null });
      if (offerUrl !== null) {
        const url = fillOfferUrl(offerUrl, detail);
        (navigate ?? ((to: string) => element.host.ownerDocument.defaultView?.location.assign(to)))(url);
      }
    } finally {
      busy.current = false;
    }
  }, [listingId, offerUrl, element, navigate]);

  /** `hearth-questionnaire-completed` from the inline questionnaire. */
  const completed = useCallback(async (responseId: string) => {
    const now = current.current;
    if (now.step !== 'answering' || !isResponseOf(now.created, responseId)) return;
    dispatch({ type: 'completed', responseId });
    const loaded = await loadOffer(now.created.offerId);
    if (loaded.ok && loaded.value) dispatch({ type: 'offer-loaded', offer: loaded.value });
  }, []);

  // A <hearth-listing-detail> of the same home on the page: its 'Make an offer' button starts this flow.
  useEffect(() => {
    if (listingId === null) return;
    const onStarted = (event: Event) => {
      if (Number((event as CustomEvent<{ listingId?: unknown }>).detail?.listingId) === listingId) void start();
    };
    document.addEventListener(LISTING_OFFER_STARTED, onStarted);
    return () => document.removeEventListener(LISTING_OFFER_STARTED, onStarted);
  }, [listingId, start]);

  return { state, start, cancel, confirm, completed };
}

/** What <hearth-listing-detail> emits when its 'Make an offer' button is pressed. */
export const LISTING_OFFER_STARTED = 'hearth-offer-started';

// ---- the listing: does it take offers? ----

export type OfferListingState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'loaded'; listing: OfferListingInfo }
  | { status: 'missing' }
  | { status: 'failed' };

/** Loads whether the listing takes offers (enableOffer) and its address. */
export function useOfferListing(listingId: number | null): OfferListingState {
  const { result } = useLoad(listingId === null ? null : String(listingId), () => loadOfferListing(listingId!));
  if (listingId === null) return { status: 'none' };
  if (!result) return { status: 'loading' };
  if (!result.ok) return { status: 'failed' };
  return result.value ? { status: 'loaded', listing: result.value } : { status: 'missing' };
}
