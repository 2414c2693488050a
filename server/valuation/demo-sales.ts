/**
 * Demo sales for "What is my home worth": ten single-family homes sold in the last 18 months around the
 * demo listing 1002 (Sugar House, Salt Lake City), so <hearth-home-value> has comparables with the demo
 * data alone (the browser tests, a fresh `npm start`). Closed listings (never in search), each with its
 * status history: 'listed', then 'Closed' with the sold price. Idempotent like the rest of the seed; sale
 * dates are relative to the day they were first seeded.
 */
import type { Database, Queryable } from '../db';
import { hilbertKey } from '../listings/spatial';
import type { NewDemoListing } from '../seed/demo-listing';

/** A sold home: where it is and what it is, as a demo listing holds it, and its sale. */
interface DemoSale extends Pick<NewDemoListing, 'id' | 'postalCode' | 'latitude' | 'longitude' | 'bedrooms' | 'bathrooms' | 'areaSqFt'> {
  street: string;
  yearBuilt: number;
  soldDollars: number;
  monthsAgo: number;
}

const DAY_MS = 86_400_000;

export const DEMO_SALES: readonly DemoSale[] = [
  {
    id: 1101,
    street: '1245 E Harvard Ave',
    postalCode: '84105',
    latitude: 40.7398,
    longitude: -111.8554,
    bedrooms: 4,
    bathrooms: 2,
    areaSqFt: 2_180,
    yearBuilt: 1936,
    soldDollars: 628_000,
    monthsAgo: 2,
  },
  {
    id: 1102,
    street: '1122 E Yale Ave',
    postalCode: '84105',
    latitude: 40.7412,
    longitude: -111.8592,
    bedrooms: 3,
    bathrooms: 2,
    areaSqFt: 1_960,
    yearBuilt: 1931,
    soldDollars: 569_000,
    monthsAgo: 4,
  },
  {
    id: 1103,
    street: '1460 S 1200 E',
    postalCode: '84105',
    latitude: 40.7357,
    longitude: -111.8561,
    bedrooms: 4,
    bathrooms: 3,
    areaSqFt: 2_420,
    yearBuilt: 1941,
    soldDollars: 671_000,
    monthsAgo: 3,
  },
  {
    id: 1104,
    street: '1330 S Windsor St',
    postalCode: '84105',
    latitude: 40.7389,
    longitude: -111.8636,
    bedrooms: 4,
    bathrooms: 2,
    areaSqFt: 2_300,
    yearBuilt: 1939,
    soldDollars: 640_000,
    monthsAgo: 7,
  },
  {
    id: 1105,
    street: '1049 E Emerson Ave',
    postalCode: '84105',
    latitude: 40.7331,
    longitude: -111.8617,
    bedrooms: 3,
    bathrooms: 2,
    areaSqFt: 1_840,
    yearBuilt: 1928,
    soldDollars: 539_000,
    monthsAgo: 9,
  },
  {
    id: 1106,
    street: '1516 E Kensington Ave',
    postalCode: '84105',
    latitude: 40.7347,
    longitude: -111.8502,
    bedrooms: 5,
    bathrooms: 3,
    areaSqFt: 2_760,
    yearBuilt: 1947,
    soldDollars: 742_000,
    monthsAgo: 5,
  },
  {
    id: 1107,
    street: '1178 E Browning Ave',
    postalCode: '84105',
    latitude: 40.7322,
    longitude: -111.8578,
    bedrooms: 4,
    bathrooms: 2,
    areaSqFt: 2_050,
    yearBuilt: 1937,
    soldDollars: 589_000,
    monthsAgo: 12,
  },
  {
    id: 1108,
    street: '1284 E Wilmington Ave',
    postalCode: '84106',
    latitude: 40.7246,
    longitude: -111.8549,
    bedrooms: 3,
    bathrooms: 2,
    areaSqFt: 1_720,
    yearBuilt: 1952,
    soldDollars: 498_000,
    monthsAgo: 14,
  },
  {
    id: 1109,
    street: '1615 S 1300 E',
    postalCode: '84105',
    latitude: 40.7318,
    longitude: -111.8526,
    bedrooms: 4,
    bathrooms: 3,
    areaSqFt: 2_540,
    yearBuilt: 1949,
    soldDollars: 683_000,
    monthsAgo: 11,
  },
  {
    id: 1110,
    street: '963 E Bryan Ave',
    postalCode: '84105',
    latitude: 40.7418,
    longitude: -111.8669,
    bedrooms: 4,
    bathrooms: 2,
    areaSqFt: 2_260,
    yearBuilt: 1926,
    soldDollars: 612_000,
    monthsAgo: 17,
  },
];

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function seedDemoSales(db: Database, now = new Date()): Promise<void> {
  // One transaction: a sale is never left without its history (the market history seed would then invent one).
  await db.transaction(async (tx) => {
    for (const s of DEMO_SALES) await seedSale(tx, s, now);
  });
}

async function seedSale(db: Queryable, s: DemoSale, now: Date): Promise<void> {
  {
    const closedAt = new Date(now.getTime() - Math.round(s.monthsAgo * 30.44) * DAY_MS);
    const listedAt = new Date(closedAt.getTime() - 38 * DAY_MS);
    const listDollars = Math.round((s.soldDollars * 1.02) / 1000) * 1000;
    const key = `DEMO-SOLD-${s.id}`;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO listings (id, listing_code_id, slug_id, street_line1, city, state_province, postal_code, price_in_pennies,
                             price_currency_code, photos, listing_key, source, status, classification, property_type,
                             property_sub_type, latitude, longitude, spatial_key, bedrooms, bathrooms, area, area_unit,
                             area_sq_ft, year_built, title, list_date, close_date, close_price_in_pennies, modification_timestamp)
       VALUES ($1, $2, $3, $4, 'Salt Lake City', 'UT', $5, $6, 'USD', $7::jsonb, $8, 'demo', 'Closed', 'sale', 'Residential',
               'Single Family Residence', $9, $10, $11, $12, $13, $14, 'sqft', $14, $15, $16, $17::date, $20::date, $19, $18::timestamptz)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        s.id,
        `HRT${s.id}`,
        slug(`${s.street} salt lake city ut ${s.postalCode}`),
        s.street,
        s.postalCode,
        listDollars * 100,
        JSON.stringify([
          {
            photoUrl: `/media/listing/${key}/1.svg`,
            description: `Front of ${s.street}`,
          },
        ]),
        key,
        s.latitude,
        s.longitude,
        hilbertKey(s.longitude, s.latitude),
        s.bedrooms,
        s.bathrooms,
        s.areaSqFt,
        s.yearBuilt,
        `${s.bedrooms} Bed Single Family Residence in Salt Lake City (sold)`,
        listedAt.toISOString().slice(0, 10),
        closedAt.toISOString(),
        s.soldDollars * 100,
        closedAt.toISOString().slice(0, 10),
      ],
    );
    if (rows.length === 0) return;
    await db.query(
      `INSERT INTO listing_status_history (listing_id, event, status, price_in_pennies, previous_status, previous_price_in_pennies, changed_at)
       VALUES ($1, 'listed', 'Active', $2, NULL, NULL, $3), ($1, 'status_change', 'Closed', $4, 'Active', $2, $5)`,
      [s.id, listDollars * 100, listedAt.toISOString(), s.soldDollars * 100, closedAt.toISOString()],
    );
  }
}
