/**
 * The demo homes for sale (server/seed/data.ts) come without status history, so the market pages of a fresh
 * install would be empty: each demo listing gets the one event its data implies — listed on its list date at
 * its price, with its status. Listings that already have history are left alone (idempotent).
 */
import type { Queryable } from '../../db';

export async function seedDemoMarketHistory(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO listing_status_history (listing_id, event, status, price_in_pennies, changed_at)
     SELECT l.id, 'listed', l.status, l.price_in_pennies, coalesce(l.list_date::timestamptz, l.created_at)
       FROM listings l
      WHERE l.source = 'demo' AND l.classification = 'sale' AND l.price_in_pennies IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM listing_status_history h WHERE h.listing_id = l.id)
     RETURNING listing_id AS id`,
  );
  return rows.length;
}
