/**
 * Test data for the search tests: listings inserted directly with the fields a test cares about, the
 * rest defaulted. Independent of the RESO importer on purpose (tests of the query layer only).
 */
import type { Queryable } from '../../db';

export interface TestListing {
  id: number;
  city?: string;
  postalCode?: string;
  stateProvince?: string;
  streetLine1?: string;
  countryCode?: string;
  neighbourhood?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  priceInPennies?: number;
  priceCurrencyCode?: string;
  bedrooms?: number | null;
  bathrooms?: number | null;
  areaSqFt?: number | null;
  lotSizeSqFt?: number | null;
  yearBuilt?: number | null;
  propertyType?: string;
  classification?: 'sale' | 'rent' | 'stay';
  status?: string;
  listDate?: string | null;
  overview?: string | null;
  featured?: boolean;
  hidden?: boolean;
  addressHidden?: boolean;
  title?: string | null;
  /** How many a stay sleeps. */
  maxGuests?: number | null;
}

let sequence = 0;

export async function insertListings(db: Queryable, listings: TestListing[]): Promise<void> {
  for (const l of listings) {
    sequence += 1;
    const street = l.streetLine1 ?? `${100 + l.id} E ${sequence} S`;
    await db.query(
      `INSERT INTO listings (id, listing_code_id, slug_id, street_line1, city, state_province, postal_code,
         country_code, neighbourhood, latitude, longitude, price_in_pennies, price_currency_code, bedrooms, bathrooms,
         area, area_unit, area_sq_ft, lot_size, lot_size_unit, lot_size_sq_ft, year_built, property_type,
         classification, status, list_date, overview, featured, internet_entire_listing_display,
         internet_address_display, title, max_guests)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'sqft', $16, $17, 'sqft', $17,
         $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28)`,
      [
        l.id,
        `T${l.id}`,
        `listing-${l.id}`,
        street,
        l.city ?? 'Salt Lake City',
        l.stateProvince ?? 'UT',
        l.postalCode ?? '84111',
        l.countryCode ?? 'US',
        l.neighbourhood ?? null,
        l.latitude === undefined ? 40.76 : l.latitude,
        l.longitude === undefined ? -111.89 : l.longitude,
        l.priceInPennies ?? 50_000_000,
        l.priceCurrencyCode ?? 'USD',
        l.bedrooms === undefined ? 3 : l.bedrooms,
        l.bathrooms === undefined ? 2 : l.bathrooms,
        l.areaSqFt === undefined ? 2000 : l.areaSqFt,
        l.lotSizeSqFt === undefined ? 6000 : l.lotSizeSqFt,
        l.yearBuilt === undefined ? 1990 : l.yearBuilt,
        l.propertyType ?? 'Residential',
        l.classification ?? 'sale',
        l.status ?? 'Active',
        l.listDate === undefined ? '2024-01-01' : l.listDate,
        l.overview ?? null,
        l.featured ?? false,
        !(l.hidden ?? false),
        !(l.addressHidden ?? false),
        l.title ?? null,
        l.maxGuests ?? null,
      ],
    );
  }
}

/** YYYY-MM-DD, `days` from today (UTC). */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
