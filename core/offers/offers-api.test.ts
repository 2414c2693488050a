import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerWith, calls } from '../testing/graphql-client-double';
import { draftOffer } from './offer-fixture';

vi.mock('../graphql/client', () => import('../testing/graphql-client-double'));

const { createOffer, loadOffers, loadOffer, loadOfferListing, OFFER_APP_TYPE } = await import('./offers-api');

const offer = draftOffer();

beforeEach(() => {
  calls.length = 0;
  answerWith({});
});

describe('offers API', () => {
  it("creates the offer with app_type 'wfrmls-buyer' (spec §3, §9), errors muted for the caller's own toast", async () => {
    answerWith({ data: { createOffer: { caseResponse: { id: 'resp-1' }, offer } } });
    const result = await createOffer(1001);
    expect(OFFER_APP_TYPE).toBe('wfrmls-buyer');
    expect(calls[0]).toMatchObject({ kind: 'mutation', variables: { listingId: '1001', appType: 'wfrmls-buyer' }, context: { muteError: true } });
    expect(calls[0]!.query).toContain('createOffer(listingId: $listingId, appType: $appType)');
    expect(result).toEqual({ ok: true, value: { offerId: '7', caseResponseId: 'resp-1', offer } });
  });

  it('a GraphQL error is a failed result with its message', async () => {
    answerWith({ error: { message: '[GraphQL] Listing 1001 does not take offers.', graphQLErrors: [{ message: 'Listing 1001 does not take offers.' }] } });
    expect(await createOffer(1001)).toEqual({ ok: false, failure: { kind: 'server', message: 'Listing 1001 does not take offers.', code: null, argument: null } });
  });

  it('an unexpected answer is a failed result, not a crash', async () => {
    answerWith({ data: { createOffer: { caseResponse: { id: 'resp-1' }, offer: { ...offer, viewerRole: 'STRANGER' } } } });
    expect(await createOffer(1001)).toEqual({
      ok: false,
      failure: { kind: 'server', message: 'The server answered createOffer in an unexpected shape.', code: null, argument: null },
    });
  });

  it('lists the viewer’s offers, or those on one listing, fresh from the network', async () => {
    answerWith({ data: { offers: [offer] } });
    expect(await loadOffers(null)).toEqual({ ok: true, value: [offer] });
    expect(calls[0]).toMatchObject({ kind: 'query', variables: {}, context: { muteError: true, requestPolicy: 'network-only' } });
    answerWith({ data: { offersByListing: [] } });
    expect(await loadOffers(1001)).toEqual({ ok: true, value: [] });
    expect(calls[1]).toMatchObject({ variables: { listingId: '1001' } });
    expect(calls[1]!.query).toContain('offersByListing(listingId: $listingId)');
  });

  it('loads one offer and the listing (null when missing)', async () => {
    answerWith({ data: { offer: null } });
    expect(await loadOffer('9')).toEqual({ ok: true, value: null });
    answerWith({ data: { listingInfo: { id: '1001', enableOffer: false, address: null } } });
    expect(await loadOfferListing(1001)).toEqual({ ok: true, value: { id: '1001', enableOffer: false, address: null } });
  });
});
