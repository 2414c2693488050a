import { describe, expect, it } from 'vitest';
import { dialogOpen, initialMakeOfferState, makeOfferReducer, type MakeOfferAction, type MakeOfferState } from './make-offer-state';
import { draftOffer } from './offer-fixture';
import type { CreatedOffer } from './offers-api';

const offer = draftOffer();
const created: CreatedOffer = { offerId: '7', caseResponseId: 'resp-1', offer };

const run = (actions: MakeOfferAction[], from: MakeOfferState = initialMakeOfferState) => actions.reduce(makeOfferReducer, from);

describe('make-offer flow (spec §4)', () => {
  it('opens the confirmation dialog once the buyer is signed in', () => {
    const state = run([{ type: 'start' }, { type: 'signed-in' }]);
    expect(state).toEqual({ step: 'confirming' });
    expect(dialogOpen(state)).toBe(true);
  });

  it('stays closed when the visitor does not sign in', () => {
    expect(run([{ type: 'start' }, { type: 'sign-in-abandoned' }])).toEqual({ step: 'idle' });
  });

  it('Cancel closes the dialog (goes up one level)', () => {
    const state = run([{ type: 'start' }, { type: 'signed-in' }, { type: 'cancel' }]);
    expect(state).toEqual({ step: 'idle' });
    expect(dialogOpen(state)).toBe(false);
  });

  it('confirm creates; success continues with the questionnaire inline', () => {
    const creating = run([{ type: 'start' }, { type: 'signed-in' }, { type: 'confirm' }]);
    expect(creating).toEqual({ step: 'creating' });
    expect(dialogOpen(creating)).toBe(true);
    const state = makeOfferReducer(creating, { type: 'created', created, leave: false });
    expect(state).toEqual({ step: 'answering', created });
    expect(dialogOpen(state)).toBe(false);
  });

  it('success with an offer-url leaves the page, the dialog still open (closing would pop its route and abort the navigation)', () => {
    const state = run([{ type: 'start' }, { type: 'signed-in' }, { type: 'confirm' }, { type: 'created', created, leave: true }]);
    expect(state).toEqual({ step: 'leaving', created });
    expect(dialogOpen(state)).toBe(true);
  });

  it('failure closes the dialog (goes up one level)', () => {
    const state = run([{ type: 'start' }, { type: 'signed-in' }, { type: 'confirm' }, { type: 'failed' }]);
    expect(state).toEqual({ step: 'idle' });
    expect(dialogOpen(state)).toBe(false);
  });

  it('cannot be cancelled while the offer is being created', () => {
    expect(run([{ type: 'start' }, { type: 'signed-in' }, { type: 'confirm' }, { type: 'cancel' }])).toEqual({ step: 'creating' });
  });

  it('ignores a second start and a confirm without the dialog', () => {
    expect(run([{ type: 'start' }, { type: 'start' }])).toEqual({ step: 'signing-in' });
    expect(run([{ type: 'confirm' }])).toEqual({ step: 'idle' });
    expect(run([{ type: 'created', created, leave: false }])).toEqual({ step: 'idle' });
  });

  it("the offer's questionnaire completing shows submitted, then the reloaded offer", () => {
    const answering: MakeOfferState = { step: 'answering', created };
    const submitted = makeOfferReducer(answering, { type: 'completed', responseId: 'resp-1' });
    expect(submitted).toEqual({ step: 'submitted', created, offer: null });
    const reloaded = { ...offer, offerStatus: 'Submitted', offerAmount: 45_000_000 };
    expect(makeOfferReducer(submitted, { type: 'offer-loaded', offer: reloaded })).toEqual({ step: 'submitted', created, offer: reloaded });
  });

  it('another questionnaire completing, or another offer loading, changes nothing', () => {
    const answering: MakeOfferState = { step: 'answering', created };
    expect(makeOfferReducer(answering, { type: 'completed', responseId: 'other' })).toBe(answering);
    const submitted: MakeOfferState = { step: 'submitted', created, offer: null };
    expect(makeOfferReducer(submitted, { type: 'offer-loaded', offer: { ...offer, id: '8' } })).toBe(submitted);
  });
});
