/** Texts of listing cards and listing facts. */
export const listingTexts = {
  badges: {
    new: 'New',
    priceDrop: (amount: string) => `Price drop ${amount}`,
    underContract: 'Under contract',
    sold: 'Sold',
  },
  beds: (n: number) => `${n} bd`,
  baths: (n: number) => `${n} ba`,
  bedsLong: (n: number) => `${n} ${n === 1 ? 'bedroom' : 'bedrooms'}`,
  bathsLong: (n: number) => `${n} ${n === 1 ? 'bathroom' : 'bathrooms'}`,
  areaUnits: { sqft: 'sq ft', sqm: 'm²', acres: 'acres', ropani: 'ropani', aana: 'aana' } as Record<string, string>,
  openHouse: (when: string) => `Open house ${when}`,
  courtesyOf: (brokerage: string) => `Listing courtesy of ${brokerage}`,
  /** The heart's name says what pressing it does: save, or (once saved) remove. */
  favorite: (address: string) => `Save ${address} to favourites`,
  unfavorite: (address: string) => `Remove ${address} from favourites`,
  favoriteCount: (n: number) => `${n} ${n === 1 ? 'save' : 'saves'}`,
  photoAlt: (address: string) => `Photo of ${address}`,
  loading: 'Loading listing…',
  missing: 'This listing is no longer available.',
  failed: 'The listing could not be loaded. Please try again later.',
  noListing: 'Set a listing-id attribute or a listing property to show a listing.',
} as const;
