/**
 * A seller case made directly in the database (the contract of migration 200: a hidden listing of the seller,
 * an intake response, an application_cases row of type 4): the photo demo's case for the demo seller
 * (seedPhotoDemoCase, the partner demo page and its browser test), and the server tests' cases.
 */
import type { Database } from '../db';
import { findUserByEmail } from '../accounts/users';
import { syncDefinitions } from '../questionnaires/definitions';

export interface SellerCaseRows {
  caseId: number;
  listingId: number;
}

/** A hidden sale listing owned by `userId` and its seller case in the photos queue; `tag` makes its code unique. */
export async function insertSellerCase(db: Database, userId: number, tag: string, caseId: number | null = null): Promise<SellerCaseRows> {
  const { rows: listing } = await db.query<{ id: string }>(
    `INSERT INTO listings (id, listing_code_id, slug_id, street_line1, city, state_province, postal_code, price_in_pennies,
                           seller_user_id, internet_entire_listing_display, status, source)
     SELECT nextval('seller_listing_id_seq'), $2, $3, '1450 S Foothill Dr', 'Salt Lake City', 'UT', '84108', 0, $1, false, 'Incomplete', 'seller'
     RETURNING id`,
    [userId, `PHOTOS-${tag}`, `photos-${tag.toLowerCase()}`],
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

/** The demo seller's photo case: a fixed id far above the identity's, so the partner demo page can name it. */
export const PHOTO_DEMO_CASE_ID = 900_000_001;
const PHOTO_DEMO_LISTING_CODE = 'PHOTOS-DEMO';

/** The demo seller's case for the photo management demo page; made once, left alone afterwards. */
export async function seedPhotoDemoCase(db: Database): Promise<void> {
  const seller = await findUserByEmail(db, 'seller@hearth.example');
  if (!seller) return;
  const { rows } = await db.query('SELECT 1 FROM listings WHERE listing_code_id = $1', [PHOTO_DEMO_LISTING_CODE]);
  if (rows.length > 0) return;
  await insertSellerCase(db, seller.id, 'DEMO', PHOTO_DEMO_CASE_ID);
}
