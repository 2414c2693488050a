/**
 * Demo listing 1003 (2734 S Highland Dr) gets driving directions, as a seller's intake or a RESO feed gives them
 * (location_data.directions): what <hearth-listing-detail> and the hosted listing page show as 'Driving
 * directions'. Idempotent like the rest of the seed: directions already there (an operator's edit) are kept.
 */
import type { Queryable } from '../db';

export const DEMO_DIRECTIONS_LISTING_ID = 1003;

export const DEMO_DRIVING_DIRECTIONS =
  'From I-80, take the 1300 East exit south to 2700 South, then turn right onto Highland Drive.\n' +
  'The house is the third on the left past the park; street parking in front.';

export async function seedDrivingDirections(db: Queryable): Promise<void> {
  await db.query(
    `UPDATE listings SET location_data = location_data || jsonb_build_object('directions', $2::text)
      WHERE id = $1 AND source = 'demo' AND NOT location_data ? 'directions'`,
    [DEMO_DIRECTIONS_LISTING_ID, DEMO_DRIVING_DIRECTIONS],
  );
}
