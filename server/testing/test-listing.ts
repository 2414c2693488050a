/**
 * A demo listing a test adds (server/seed/demo-listing.ts inserts it): in Salt Lake City, listed today, without
 * photos, `HRT{id}`; the test gives what it is about (its kind in `more`, a hostile street, a photo, a country).
 */
import type { NewDemoListing } from '../seed/demo-listing';

export function testListing(id: number, about: Partial<NewDemoListing> & Pick<NewDemoListing, 'slugId' | 'title' | 'more'>): NewDemoListing {
  return {
    id,
    listingCodeId: `HRT${id}`,
    streetLine1: `${id} Main St`,
    city: 'Salt Lake City',
    stateProvince: 'UT',
    postalCode: '84101',
    priceInPennies: 12_000,
    priceCurrencyCode: 'USD',
    photos: [],
    latitude: 40.76,
    longitude: -111.89,
    bedrooms: 2,
    bathrooms: 1,
    areaSqFt: 900,
    propertySubType: 'Condominium',
    listedDaysAgo: 0,
    ...about,
  };
}
