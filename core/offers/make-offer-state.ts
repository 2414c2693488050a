/**
 * The make-offer flow (spec §4): Make an Offer → (sign in) → the confirmation dialog → confirm creates the
 * offer → the buyer-offer page (`offer-url`) or the offer questionnaire inline → submitted. Failure closes
 * the dialog with a toast ("goes up one level", §8); Cancel closes it. Pure state, no DOM.
 */
import type { CreatedOffer, Offer } from './offers-api';

export type MakeOfferState =
  | { step: 'idle' }
  | { step: 'signing-in' }
  | { step: 'confirming' }
  | { step: 'creating' }
  /** Created; the page is on its way to `offer-url`. */
  | { step: 'leaving'; created: CreatedOffer }
  /** Created; the offer questionnaire is shown inline. */
  | { step: 'answering'; created: CreatedOffer }
  /** The questionnaire was submitted; `offer` is the reloaded offer once it arrives (amount, status). */
  | { step: 'submitted'; created: CreatedOffer; offer: Offer | null };

export type MakeOfferStep = MakeOfferState['step'];

export type MakeOfferAction =
  | { type: 'start' }
  | { type: 'signed-in' }
  | { type: 'sign-in-abandoned' }
  | { type: 'cancel' }
  | { type: 'confirm' }
  | { type: 'created'; created: CreatedOffer; leave: boolean }
  | { type: 'failed' }
  | { type: 'completed'; responseId: string }
  | { type: 'offer-loaded'; offer: Offer };

export const initialMakeOfferState: MakeOfferState = { step: 'idle' };

export function makeOfferReducer(state: MakeOfferState, action: MakeOfferAction): MakeOfferState {
  switch (action.type) {
    case 'start':
      return state.step === 'idle' ? { step: 'signing-in' } : state;
    case 'signed-in':
      return state.step === 'signing-in' ? { step: 'confirming' } : state;
    case 'sign-in-abandoned':
      return state.step === 'signing-in' ? initialMakeOfferState : state;
    case 'cancel':
      // Escape and × while the offer is being created are ignored: the outcome decides.
      return state.step === 'confirming' ? initialMakeOfferState : state;
    case 'confirm':
      return state.step === 'confirming' ? { step: 'creating' } : state;
    case 'created':
      if (state.step !== 'creating') return state;
      return { step: action.leave ? 'leaving' : 'answering', created: action.created };
    case 'failed':
      return state.step === 'creating' ? initialMakeOfferState : state;
    case 'completed':
      if (state.step !== 'answering' || !isResponseOf(state.created, action.responseId)) return state;
      return { step: 'submitted', created: state.created, offer: null };
    case 'offer-loaded':
      if (state.step !== 'submitted' || action.offer.id !== state.created.offerId) return state;
      return { ...state, offer: action.offer };
  }
}

/** The questionnaire response of a created offer (the case response; the offer names the same one). */
export const isResponseOf = (created: CreatedOffer, responseId: string) =>
  responseId === created.caseResponseId || responseId === created.offer.offerResponseId;

/**
 * The confirmation dialog is open in these steps. While leaving for the offer's own page (offer-url) it stays open
 * and busy: closing it would pop its route (history.back) and abort the page's navigation.
 */
export const dialogOpen = (state: MakeOfferState) => state.step === 'confirming' || state.step === 'creating' || state.step === 'leaving';
