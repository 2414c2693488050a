/**
 * The rental fields of spec §3 (tenantType, tenantGenderPreference, preferredTenant, roomType, foodIncluded)
 * as a listing card's compact line and as the listing page's 'Rental details'. Pure: no DOM.
 */
import { listingDetailTexts } from '../i18n/listing-detail';

export interface RentalFields {
  tenantType?: string | null;
  tenantGenderPreference?: string | null;
  preferredTenant?: string | null;
  roomType?: string | null;
  foodIncluded?: boolean | null;
}

/** 'Entire flat · Family · Any gender · Food included': what a card has room for, or null when nothing is known. */
export function rentalLine(listing: RentalFields): string | null {
  const parts = [
    listing.roomType,
    listing.tenantType,
    listing.preferredTenant && listing.preferredTenant !== listing.tenantType ? listing.preferredTenant : null,
    listing.tenantGenderPreference && listing.tenantGenderPreference !== 'Any' ? listing.tenantGenderPreference : null,
    listing.foodIncluded ? listingDetailTexts.facts.foodIncluded : null,
  ].filter((part): part is string => !!part && part.trim() !== '');
  return parts.length ? parts.join(' · ') : null;
}

/** Label/value pairs of the rental fields the listing has (the listing page's 'Rental details'). */
export function rentalDetails(listing: RentalFields): [string, string][] {
  const f = listingDetailTexts.facts;
  const details: [string, string | null | undefined][] = [
    [f.roomType, listing.roomType],
    [f.tenantType, listing.tenantType],
    [f.tenantGenderPreference, listing.tenantGenderPreference],
    [f.preferredTenant, listing.preferredTenant],
    [f.foodIncluded, listing.foodIncluded == null ? null : listing.foodIncluded ? f.yes : f.no],
  ];
  return details.filter((d): d is [string, string] => d[1] != null && d[1].trim() !== '');
}
