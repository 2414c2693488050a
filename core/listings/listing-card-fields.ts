/**
 * The GraphQL selections of a listing card (listing-card-data.ts checks their answers), in a module of their own
 * with nothing but text: the server runs the card's selection for the cards of its hosted pages
 * (server/site/card-data.ts), so a card there starts from the answer its own query would give.
 */
import { LISTING_ADDRESS_FIELDS } from './listing-address';

/** The selection of listingBaseShape, in every listing query. */
export const LISTING_BASE_FIELDS = /* GraphQL */ `
id
slugId
listingCodeId
photoUri
photoSrcset
priceInPennies
priceCurrencyCode
classification
priceLabel
bedrooms
bathrooms
area
areaUnit
${LISTING_ADDRESS_FIELDS}
newListing
lastPriceUpdate {
  priceDropDate
  priceDropAmountInPennies
}
underContract
sold
favoriteCount
isFavorite
timeZone
`;

/** What a card shows of a listing: one selection, used by the card's own query and by search results. */
export const LISTING_CARD_FIELDS = /* GraphQL */ `
${LISTING_BASE_FIELDS}
openHouse {
  startDateTime
  endDateTime
  isActive
}
listingBy {
  brokerage {
    name
  }
  agent {
    name
  }
  system
}
`;

/** The card photo's `sizes`: the whole width of a phone, else the card's 400 px (a hosted page's preload asks the same). */
export const CARD_PHOTO_SIZES = '(max-width: 600px) 100vw, 400px';
