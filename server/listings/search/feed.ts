/** listingFeed (spec §7): short lists for page sections — featured, newest, newest in a city. */
import type { Queryable } from '../../db';
import {
  LISTING_COLUMNS,
  PUBLIC_LISTING,
  SEARCHABLE_SQL,
  toPublicListing,
  type Classification,
  type ListingRow,
  type PublicListing,
} from './listing';
import { badInput } from '../../domain-error';
import { SqlParams } from './sql';

export type FeedKind = 'featured' | 'newest' | 'city';
export const MAX_FEED_SIZE = 24;
const DEFAULT_FEED_SIZE = 12;

export interface FeedRequest {
  kind: FeedKind;
  city: string | null;
  classification: Classification | null;
  limit: number | null;
}

export async function loadFeed(db: Queryable, feed: FeedRequest): Promise<PublicListing[]> {
  const limit = feed.limit ?? DEFAULT_FEED_SIZE;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_FEED_SIZE) {
    throw badInput(`feedInput.limit must be from 1 to ${MAX_FEED_SIZE}.`, 'feedInput.limit');
  }
  const p = new SqlParams();
  const where = [PUBLIC_LISTING, SEARCHABLE_SQL];
  if (feed.classification) where.push(`l.classification = ${p.add(feed.classification)}`);
  if (feed.kind === 'featured') where.push('l.featured');
  if (feed.kind === 'city') {
    if (!feed.city || feed.city.length > 100) {
      throw badInput('feedInput.city (up to 100 characters) is required with CITY.', 'feedInput.city');
    }
    where.push(`lower(l.city) = lower(${p.add(feed.city)})`);
  }
  const { rows } = await db.query<ListingRow>(
    `SELECT ${LISTING_COLUMNS} FROM listings l WHERE ${where.join(' AND ')}
      ORDER BY coalesce(l.list_date, DATE '1900-01-01') DESC, l.id DESC LIMIT ${limit}`,
    p.values,
  );
  return rows.map(toPublicListing);
}
