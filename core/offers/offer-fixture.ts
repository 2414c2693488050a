/** Test data: a buyer's draft offer as the API returns it (for the offers tests of core/ and elements/). */
import type { Offer } from './offers-api';

export const draftOffer = (overrides: Partial<Offer> = {}): Offer => ({
  id: '7',
  offerResponseId: 'resp-1',
  created: '2026-03-05T17:00:00.000Z',
  offerStatus: 'Draft',
  offerAmount: null,
  currencyCode: 'USD',
  prequalifiedBuyer: null,
  cashOffer: null,
  closingDate: null,
  expiresOn: null,
  submittedAt: null,
  recipient: null,
  contingencies: [],
  viewerRole: 'BUYER',
  listing: { id: '1001', slugId: 's', listingCodeId: 'HRTH1001', listingAddress: '1 Main St', thumbnailPhotoUri: null, priceInPennies: 1, priceCurrencyCode: 'USD' },
  buyer: { firstName: 'Ada', lastName: 'Buyer', fullName: 'Ada Buyer', initials: 'AB' },
  ...overrides,
});
