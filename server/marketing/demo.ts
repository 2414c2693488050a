/**
 * The demo seller's marketing case (issue 20): a priced listing with three photos and an open house, so the
 * partner demo page (demo-sites/partner-site/marketing.html) and its browser test have a home to market. Made
 * once, left alone afterwards (the seed is idempotent).
 */
import sharp from 'sharp';
import type { Viewer } from '../accounts/session';
import { findUserByEmail } from '../accounts/users';
import type { Database } from '../db';
import { insertSellerCase } from '../listing-photos/demo-case';
import { uploadListingPhoto } from '../listing-photos/photos';

/** A fixed id far above the identity's, so the demo page can name it (the photo demos use 900000001 and 900000002). */
export const MARKETING_DEMO_CASE_ID = 900_000_020;
const DEMO_LISTING_CODE = 'PHOTOS-MARKETING';

/** A drawn photo of a house: sky, lawn, walls and roof in the given colours. */
function housePhoto(sky: string, walls: string, roof: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="667" viewBox="0 0 1600 1067">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="1600" height="1067" fill="url(#s)"/>
    <rect y="760" width="1600" height="307" fill="#5f8f4e"/>
    <rect x="450" y="470" width="700" height="360" fill="${walls}"/>
    <polygon points="400,480 800,220 1200,480" fill="${roof}"/>
    <rect x="740" y="640" width="120" height="190" fill="#6b4a2f"/>
    <rect x="520" y="560" width="150" height="110" fill="#dbe9f5"/>
    <rect x="930" y="560" width="150" height="110" fill="#dbe9f5"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

export async function seedMarketingDemoCase(db: Database): Promise<void> {
  const seller = await findUserByEmail(db, 'seller@hearth.example');
  if (!seller) return;
  const { rows } = await db.query('SELECT 1 FROM listings WHERE listing_code_id = $1', [DEMO_LISTING_CODE]);
  if (rows.length > 0) return;
  const { caseId, listingId } = await insertSellerCase(db, seller.id, 'MARKETING', MARKETING_DEMO_CASE_ID);
  await db.query(
    `UPDATE listings SET street_line1 = '1450 S Foothill Dr', price_in_pennies = 52500000, bedrooms = 4, bathrooms = 2, area = 2100,
            building_data = coalesce(building_data, '{}'::jsonb) || '{"bathrooms": "2.5"}'::jsonb,
            overview = 'A bright four-bedroom home on a quiet street near the foothills, with a renovated kitchen, a two-car garage and a garden that catches the evening sun.'
      WHERE id = $1`,
    [listingId],
  );
  const viewer: Viewer = { user: seller, credentialId: 0, via: 'token', token: null };
  const photos: [string, string, string, string][] = [
    ['front.jpg', '#8ec5ff', '#e9dcc4', '#7a3b2e'],
    ['garden.jpg', '#ffd59e', '#d7e3ea', '#34495e'],
    ['street.jpg', '#b7a8ff', '#f4efe6', '#5a5a5a'],
  ];
  for (const [name, sky, walls, roof] of photos) await uploadListingPhoto(db, viewer, caseId, await housePhoto(sky, walls, roof), name);
  await db.query(
    `INSERT INTO open_houses (listing_id, start_at, end_at, created_by_user_id)
     VALUES ($1, date_trunc('day', now()) + interval '3 days 20 hours', date_trunc('day', now()) + interval '3 days 22 hours', $2)`,
    [listingId, seller.id],
  );
}
