/**
 * Behaviour of <hearth-offers>: follow the session (signed out → a sign-in prompt, signing in loads), load
 * the viewer's offers (or those on one listing), split them into the buyer's own and the ones received as
 * seller or agent, and reload when an offer is created or submitted anywhere on the page (a
 * <hearth-make-offer> beside the list, or a draft continued in the list itself).
 */
import { useCallback, useEffect } from 'react';
import { requireSignIn } from '../auth/require-sign-in';
import { ensureSession, sessionAtom } from '../auth/session';
import { GENERIC_ERROR } from '../graphql/call';
import { useLoad } from '../graphql/use-load';
import { useHearthValue } from '../state/hooks';
import { loadOffers, type Offer } from './offers-api';

export type OffersState =
  | { status: 'checking' }
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'loaded'; offers: Offer[] }
  | { status: 'failed'; message: string };

export type OffersStatus = OffersState['status'];

/** The viewer's own offers (as buyer) and the offers received on listings they sell or coordinate. */
export function splitOffers(offers: readonly Offer[]): { made: Offer[]; received: Offer[] } {
  return {
    made: offers.filter((offer) => offer.viewerRole === 'BUYER'),
    received: offers.filter((offer) => offer.viewerRole !== 'BUYER'),
  };
}

/** Events after which the list is out of date. */
export const OFFER_CHANGE_EVENTS = ['hearth-offer-created', 'hearth-questionnaire-completed'] as const;

export function useOffers(listingId: number | null, host: HTMLElement) {
  const session = useHearthValue(sessionAtom);

  useEffect(() => {
    void ensureSession();
  }, []);

  const userId = session.user?.id ?? null;
  const signedIn = session.status === 'authenticated';
  /** `reload`: load again (after an error, or after an offer was submitted); the list stays meanwhile. */
  const { result, loading, reload } = useLoad(signedIn ? `${userId}|${listingId ?? ''}` : null, () => loadOffers(listingId));
  const state: OffersState =
    session.status === 'checking'
      ? { status: 'checking' }
      : !signedIn
        ? { status: 'signed-out' }
        : !result || (loading && !result.ok)
          ? { status: 'loading' }
          : result.ok
            ? { status: 'loaded', offers: result.value }
            : { status: 'failed', message: result.failure.message ?? GENERIC_ERROR };

  useEffect(() => {
    const doc = host.ownerDocument;
    // Our own continued offers report through `reload` already; at the document their target is our host.
    const listener = (event: Event) => {
      if (event.target !== host) reload();
    };
    for (const type of OFFER_CHANGE_EVENTS) doc.addEventListener(type, listener);
    return () => {
      for (const type of OFFER_CHANGE_EVENTS) doc.removeEventListener(type, listener);
    };
  }, [host, reload]);
  const signIn = useCallback(() => void requireSignIn(), []);

  return { state, reload, signIn };
}
