/**
 * Behaviour of <hearth-offers>: follow the session (signed out → a sign-in prompt, signing in loads), load
 * the viewer's offers (or those on one listing), split them into the buyer's own and the ones received as
 * seller or agent, and reload when an offer is created or submitted anywhere on the page (a
 * <hearth-make-offer> beside the list, or a draft continued in the list itself).
 */
import { useEffect } from 'react';
import { GENERIC_ERROR } from '../graphql/call';
import { useSignedInLoad } from '../graphql/use-signed-in-load';
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
  /** `reload`: load again (after an error, or after an offer was submitted); the list stays meanwhile. */
  const { state: load, reload, signIn } = useSignedInLoad(`${listingId ?? ''}`, () => loadOffers(listingId));
  const state: OffersState =
    load.status === 'loaded'
      ? { status: 'loaded', offers: load.value }
      : load.status === 'failed'
        ? { status: 'failed', message: load.failure.message ?? GENERIC_ERROR }
        : load;

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

  return { state, reload, signIn };
}
