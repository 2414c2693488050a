/**
 * The one way the seed adds a demo listing to `listings` (server/seed/index.ts, server/stays/seed.ts): source
 * 'demo', key DEMO-{id}, placed on the map (spatial_key), its area in square feet, listed some days ago and
 * modified now. A listing whose id exists is left alone, like every seeded row.
 */
import type { Queryable } from '../db';
import { hilbertKey } from '../listings/spatial';

export interface NewDemoListing {
  id: number;
  listingCodeId: string;
  slugId: string;
  streetLine1: string;
  city: string;
  stateProvince: string;
  postalCode: string;
  priceInPennies: number;
  priceCurrencyCode: string;
  photos: { photoUrl: string; description: string | null }[];
  latitude: number;
  longitude: number;
  bedrooms: number;
  bathrooms: number;
  areaSqFt: number;
  propertySubType: string;
  title: string;
  /** list_date: this many days before the database's today. */
  listedDaysAgo: number;
  /** Further columns of `listings`, by name, that this kind of demo listing sets. */
  more: Record<string, string | number | boolean | null>;
}

/** Adds the demo listing unless a listing with its id exists. */
export async function insertDemoListing(tx: Queryable, l: NewDemoListing): Promise<void> {
  const columns = {
    id: l.id,
    listing_code_id: l.listingCodeId,
    slug_id: l.slugId,
    street_line1: l.streetLine1,
    city: l.city,
    state_province: l.stateProvince,
    postal_code: l.postalCode,
    price_in_pennies: l.priceInPennies,
    price_currency_code: l.priceCurrencyCode,
    listing_key: `DEMO-${l.id}`,
    source: 'demo',
    latitude: l.latitude,
    longitude: l.longitude,
    spatial_key: hilbertKey(l.longitude, l.latitude),
    bedrooms: l.bedrooms,
    bathrooms: l.bathrooms,
    area: l.areaSqFt,
    area_unit: 'sqft',
    area_sq_ft: l.areaSqFt,
    property_sub_type: l.propertySubType,
    title: l.title,
    ...l.more,
  };
  const names = Object.keys(columns);
  const n = names.length;
  await tx.query(
    `INSERT INTO listings (${names.join(', ')}, photos, list_date, modification_timestamp)
     VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}, $${n + 1}::jsonb, current_date - $${n + 2}::int, now())
     ON CONFLICT (id) DO NOTHING`,
    [...Object.values(columns), JSON.stringify(l.photos), l.listedDaysAgo],
  );
}
