/**
 * newOpenHouse(start, end, applicationCaseId) (spec §7; issue 19): an open house added from the home detail of a
 * seller case. Who: the case's owner or a company agent (sellerCaseFor; anyone else and forged ids NOT_FOUND).
 * Which listing: the case's own, and only once it is published — an open house of a listing the public cannot
 * see would invite visitors to a home that is not for sale. The times follow the spec's open house rules
 * (server/tours/open-houses.ts).
 */
import type { Queryable } from '../db';
import { badInput } from '../domain-error';
import type { UserRecord } from '../accounts/users';
import { insertOpenHouse, type SellerOpenHouse } from '../tours/open-houses';
import { listingStatusOf, sellerCaseFor } from './sellers';
import { sellerTexts as t } from '../../core/i18n/sellers';

export async function createCaseOpenHouse(
  db: Queryable,
  user: UserRecord,
  caseId: number,
  input: { start: string; end: string },
  now = new Date(),
): Promise<SellerOpenHouse> {
  const found = await sellerCaseFor(db, caseId, user);
  if (listingStatusOf(found) !== 'PUBLISHED' || !found.listing.visible) throw badInput(t.openHouseNotPublished, 'applicationCaseId');
  const { rows } = await db.query<{ time_zone: string }>('SELECT time_zone FROM listings WHERE id = $1', [found.listing.id]);
  return insertOpenHouse(db, { id: found.listing.id, timeZone: rows[0]!.time_zone }, user.id, input, now);
}
