/**
 * A seller case made directly in the database (the contract of migration 200: a hidden listing of the seller,
 * an intake response, an application_cases row of type 4): the photo demo's case for the demo seller
 * (seedPhotoDemoCase, the partner demo page and its browser test), and the server tests' cases.
 */
import sharp from 'sharp';
import type { Database } from '../db';
import { findUserByEmail, type UserRecord } from '../accounts/users';
import { hilbertKey } from '../listings/spatial';
import { syncDefinitions } from '../questionnaires/definitions';
import { uploadStorage, type Storage } from '../storage';
import { storeListingPhoto } from './photos';

export interface SellerCaseRows {
  caseId: number;
  listingId: number;
}

/** The listing code of the seller case made with `tag`. */
const listingCodeOf = (tag: string) => `PHOTOS-${tag}`;

/** A hidden sale listing owned by `userId` and its seller case in the photos queue; `tag` makes its code unique. */
export async function insertSellerCase(db: Database, userId: number, tag: string, caseId: number | null = null): Promise<SellerCaseRows> {
  const { rows: listing } = await db.query<{ id: string }>(
    `INSERT INTO listings (id, listing_code_id, slug_id, street_line1, city, state_province, postal_code, price_in_pennies,
                           seller_user_id, internet_entire_listing_display, status, source)
     SELECT nextval('seller_listing_id_seq'), $2, $3, '1450 S Foothill Dr', 'Salt Lake City', 'UT', '84108', 0, $1, false, 'Incomplete', 'seller'
     RETURNING id`,
    [userId, listingCodeOf(tag), `photos-${tag.toLowerCase()}`],
  );
  const listingId = Number(listing[0]!.id);
  // The intake response the case needs is of a stored questionnaire (the definitions are stored on first use).
  await syncDefinitions(db);
  const { rows: response } = await db.query<{ id: string }>(
    `INSERT INTO questionnaire_responses (questionnaire_id, partner_id, owner_user_id, history)
     SELECT (SELECT id FROM questionnaires ORDER BY slug = 'seller-intake-sale' DESC, id LIMIT 1), (SELECT id FROM partners ORDER BY id LIMIT 1), $1, ARRAY['start']
     RETURNING id`,
    [userId],
  );
  const { rows: kase } = await db.query<{ id: string }>(
    `INSERT INTO application_cases (id, user_id, application_type_id, response_id, listing_id, queue_id)
     VALUES (coalesce($4::bigint, nextval(pg_get_serial_sequence('application_cases', 'id'))), $1, 4, $2, $3,
             (SELECT id FROM case_queues WHERE application_type_id = 4 AND name = 'photos'))
     RETURNING id`,
    [userId, response[0]!.id, listingId, caseId],
  );
  return { caseId: Number(kase[0]!.id), listingId };
}

/**
 * The demo seller's case `tag` with the fixed id `caseId`, made by the first seed only (the demo pages' cases):
 * null without the demo seller, or once the case exists (left alone afterwards).
 */
export async function newDemoSellerCase(db: Database, tag: string, caseId: number): Promise<(SellerCaseRows & { seller: UserRecord }) | null> {
  const seller = await findUserByEmail(db, 'seller@hearth.example');
  if (!seller) return null;
  const { rows } = await db.query('SELECT 1 FROM listings WHERE listing_code_id = $1', [listingCodeOf(tag)]);
  if (rows.length > 0) return null;
  return { seller, ...(await insertSellerCase(db, seller.id, tag, caseId)) };
}

/** The demo seller's photo case: a fixed id far above the identity's, so the partner demo page can name it. */
export const PHOTO_DEMO_CASE_ID = 900_000_001;

/** The demo seller's case for the photo management demo page; made once, left alone afterwards. */
export async function seedPhotoDemoCase(db: Database): Promise<void> {
  await newDemoSellerCase(db, 'DEMO', PHOTO_DEMO_CASE_ID);
}

/** Colours of a drawn house photo. */
export interface HouseColours {
  sky: string;
  walls: string;
  roof: string;
}

/**
 * A drawn 3:2 JPEG photo of a house, `width` pixels wide: a stand-in for a seller's phone photo in the demo
 * cases, without a file in the repository.
 */
export function drawnHousePhoto({ sky, walls, roof }: HouseColours, width = 1600): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${Math.round((width * 1067) / 1600)}" viewBox="0 0 1600 1067">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#f4efe6"/></linearGradient></defs>
  <rect width="1600" height="1067" fill="url(#s)"/>
  <rect y="820" width="1600" height="247" fill="#5b8a3c"/>
  <polygon points="420,430 800,180 1180,430" fill="${roof}"/>
  <rect x="480" y="430" width="640" height="400" fill="${walls}"/>
  <rect x="740" y="620" width="120" height="210" fill="#4a2f1d"/>
  <rect x="540" y="500" width="140" height="110" fill="#cfe3f1"/><rect x="920" y="500" width="140" height="110" fill="#cfe3f1"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------------
// A published seller listing with uploaded photos

/** The demo seller's published listing whose photos went through the pipeline (cards and pages use their srcset). */
export const PUBLISHED_PHOTO_CASE_ID = 900_000_002;

/**
 * The demo seller's published sale listing in Park City, UT, with three photos stored in their responsive sizes
 * (as a seller's uploads are): made once, left alone afterwards.
 */
export async function seedPublishedPhotoListing(db: Database, storage: Storage = uploadStorage()): Promise<void> {
  const made = await newDemoSellerCase(db, 'PUBLISHED', PUBLISHED_PHOTO_CASE_ID);
  if (!made) return;
  const { seller, listingId } = made;
  const latitude = 40.6461;
  const longitude = -111.498;
  await db.query(
    `UPDATE listings SET street_line1 = '1880 Prospector Ave', city = 'Park City', postal_code = '84060', county = 'Summit',
        price_in_pennies = 112500000, latitude = $2, longitude = $3, spatial_key = $4, bedrooms = 4, bathrooms = 3,
        area = 2650, area_unit = 'sqft', area_sq_ft = 2650, year_built = 2004, property_sub_type = 'Single Family Residence',
        title = '4 Bed Single Family Residence for Sale in Park City', internet_entire_listing_display = true, status = 'Active',
        list_date = current_date - 2, modification_timestamp = now(), updated_at = now()
      WHERE id = $1`,
    [listingId, latitude, longitude, hilbertKey(longitude, latitude)],
  );
  await db.query(
    `UPDATE application_cases SET queue_id = (SELECT id FROM case_queues WHERE application_type_id = 4 AND name = 'published'),
        publish_now = true, publish_at = now(), published_at = now()
      WHERE id = $1`,
    [PUBLISHED_PHOTO_CASE_ID],
  );
  const pictures: [string, HouseColours][] = [
    ['front.jpg', { sky: '#8fc3e8', walls: '#e8d8b8', roof: '#7b3f2a' }],
    ['evening.jpg', { sky: '#f2b880', walls: '#d9c7a3', roof: '#7b3f2a' }],
    ['garden.jpg', { sky: '#b9d7ea', walls: '#c9d6c1', roof: '#7b3f2a' }],
  ];
  for (const [name, colours] of pictures) await storeListingPhoto(db, listingId, seller.id, await drawnHousePhoto(colours), name, storage);
}
