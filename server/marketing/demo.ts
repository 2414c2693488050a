/**
 * The demo seller's marketing case (issue 20): a priced listing with three photos and an open house, so the
 * partner demo page (demo-sites/partner-site/marketing.html) and its browser test have a home to market. Made
 * once, left alone afterwards (the seed is idempotent).
 */
import type { Database } from '../db';
import { drawnHousePhoto, newDemoSellerCase, type HouseColours } from '../listing-photos/demo-case';
import { storeListingPhoto } from '../listing-photos/photos';

/** A fixed id far above the identity's, so the demo page can name it (the photo demos use 900000001 and 900000002). */
export const MARKETING_DEMO_CASE_ID = 900_000_020;

export async function seedMarketingDemoCase(db: Database): Promise<void> {
  const made = await newDemoSellerCase(db, 'MARKETING', MARKETING_DEMO_CASE_ID);
  if (!made) return;
  const { seller, listingId } = made;
  await db.query(
    `UPDATE listings SET street_line1 = '1450 S Foothill Dr', price_in_pennies = 52500000, bedrooms = 4, bathrooms = 2, area = 2100,
            building_data = coalesce(building_data, '{}'::jsonb) || '{"bathrooms": "2.5"}'::jsonb,
            overview = 'A bright four-bedroom home on a quiet street near the foothills, with a renovated kitchen, a two-car garage and a garden that catches the evening sun.'
      WHERE id = $1`,
    [listingId],
  );
  const photos: [string, HouseColours][] = [
    ['front.jpg', { sky: '#8ec5ff', walls: '#e9dcc4', roof: '#7a3b2e' }],
    ['garden.jpg', { sky: '#ffd59e', walls: '#d7e3ea', roof: '#34495e' }],
    ['street.jpg', { sky: '#b7a8ff', walls: '#f4efe6', roof: '#5a5a5a' }],
  ];
  // Our own drawings, processed here (a seller's upload is a job of the work tier).
  for (const [name, colours] of photos) await storeListingPhoto(db, listingId, seller.id, await drawnHousePhoto(colours, 1000), name);
  await db.query(
    `INSERT INTO open_houses (listing_id, start_at, end_at, created_by_user_id)
     VALUES ($1, date_trunc('day', now()) + interval '3 days 20 hours', date_trunc('day', now()) + interval '3 days 22 hours', $2)`,
    [listingId, seller.id],
  );
}
