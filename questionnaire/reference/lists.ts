/** Small reference lists of widget spec §3. */
export const APARTMENT_TYPES = ['Apartment', 'Suite', 'Floor'] as const;
export type ApartmentType = (typeof APARTMENT_TYPES)[number];
export const LOCATION_TYPES = ['Parent', 'Branch', 'Subsidiary'] as const;
export const SUPPORTED_LOCALES = ['en-US', 'en-GB', 'en-SE', 'pt-MZ', 'en-IN'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: SupportedLocale = 'en-US';
export const DEFAULT_CURRENCY_CODE = 'USD';
