/** Texts of the place search box and search surfaces (spec §2, §8). */
export const searchTexts = {
  placeholder: 'Search by City, ZIP, or Address',
  inputLabel: 'Search by City, ZIP, or Address',
  currentLocation: 'Current location',
  clear: 'Clear search',
  suggestions: 'Suggestions',
  noPlaces: 'No matching places',
  searching: 'Searching…',
  geolocationDenied: 'There is no location support on this device or it is disabled. Please check your settings.',
  kinds: { city: 'City', zip: 'ZIP', address: 'Address', neighbourhood: 'Neighbourhood' } as Record<string, string>,
  submit: 'Search',
} as const;
