/**
 * Favourites (spec §3 Favourite): a user's saved listings. listings.favorite_count moves with every
 * toggle in the same transaction, so the count on a listing always equals its rows here.
 */
import type { Database, Queryable } from '../db';
import type { GraphqlContext } from '../graphql/context';
import { LISTING_COLUMNS, PUBLIC_LISTING, toPublicListing, type ListingRow, type PublicListing } from '../listings/search/listing';

export interface FavoriteEntry {
  dateSaved: Date;
  listing: PublicListing;
}

/**
 * Adds the listing to the user's favourites, or removes it when it is there. Null when there is no such
 * public listing (hidden listings cannot be favourited, but one favourited before it was hidden can be removed).
 */
export async function toggleFavorite(db: Database, userId: number, listingId: number): Promise<{ favorited: boolean } | null> {
  return db.transaction(async (tx) => {
    const removed = await tx.query('DELETE FROM favorites WHERE user_id = $1 AND listing_id = $2 RETURNING listing_id', [
      userId,
      listingId,
    ]);
    if (removed.rows.length > 0) {
      await tx.query('UPDATE listings SET favorite_count = greatest(favorite_count - 1, 0) WHERE id = $1', [listingId]);
      return { favorited: false };
    }
    const listing = await tx.query(`SELECT l.id FROM listings l WHERE l.id = $1 AND ${PUBLIC_LISTING} FOR UPDATE`, [listingId]);
    if (listing.rows.length === 0) return null;
    const added = await tx.query(
      'INSERT INTO favorites (user_id, listing_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING listing_id',
      [userId, listingId],
    );
    if (added.rows.length > 0) {
      await tx.query('UPDATE listings SET favorite_count = favorite_count + 1 WHERE id = $1', [listingId]);
    }
    return { favorited: true };
  });
}

/** The user's favourites, newest first; listings hidden since are left out. */
export async function favoriteListings(db: Queryable, userId: number): Promise<FavoriteEntry[]> {
  const { rows } = await db.query<ListingRow & { date_saved: Date }>(
    `SELECT f.created_at AS date_saved, ${LISTING_COLUMNS}
       FROM favorites f JOIN listings l ON l.id = f.listing_id
      WHERE f.user_id = $1 AND ${PUBLIC_LISTING}
      ORDER BY f.created_at DESC, f.listing_id DESC
      LIMIT 1000`,
    [userId],
  );
  return rows.map((row) => ({ dateSaved: row.date_saved, listing: toPublicListing(row) }));
}

/** Which of these listings the user has favourited. */
export async function favoritedAmong(db: Queryable, userId: number, listingIds: readonly number[]): Promise<Set<number>> {
  if (listingIds.length === 0) return new Set();
  const { rows } = await db.query<{ listing_id: number }>(
    'SELECT listing_id FROM favorites WHERE user_id = $1 AND listing_id = ANY($2::bigint[])',
    [userId, [...listingIds]],
  );
  return new Set(rows.map((r) => Number(r.listing_id)));
}

// ---------------------------------------------------------------------------------------------------
// Listing.isFavorite (for server/graphql/schema/listings.ts: `resolve: (l, _args, ctx) => isFavoriteForViewer(ctx, l.id)`)

/**
 * Per request, the listings asked about are collected for one tick and looked up in one query, so a page
 * of 25 listings costs one round trip, not 25.
 */
const favoriteCache = new WeakMap<GraphqlContext, Map<number, Promise<boolean>>>();
interface FavoriteBatch {
  ids: number[];
  waiting: Map<number, { resolve: (value: boolean) => void; reject: (error: unknown) => void }>;
}
const pending = new WeakMap<GraphqlContext, FavoriteBatch>();

export function isFavoriteForViewer(ctx: GraphqlContext, listingId: number): Promise<boolean> {
  if (ctx.endpoint !== 'graphql' || !ctx.viewer) return Promise.resolve(false);
  const viewerId = ctx.viewer.user.id;
  let cache = favoriteCache.get(ctx);
  if (!cache) favoriteCache.set(ctx, (cache = new Map()));
  const known = cache.get(listingId);
  if (known) return known;

  let batch = pending.get(ctx);
  if (!batch) {
    const fresh: FavoriteBatch = { ids: [], waiting: new Map() };
    pending.set(ctx, fresh);
    batch = fresh;
    setImmediate(() => {
      pending.delete(ctx);
      favoritedAmong(ctx.db, viewerId, fresh.ids).then(
        (found) => fresh.waiting.forEach(({ resolve }, id) => resolve(found.has(id))),
        (error: unknown) => fresh.waiting.forEach(({ reject }) => reject(error)),
      );
    });
  }
  const promise = new Promise<boolean>((resolve, reject) => batch.waiting.set(listingId, { resolve, reject }));
  batch.ids.push(listingId);
  cache.set(listingId, promise);
  return promise;
}

/** After a toggle, the request's cached answers are stale. */
export function forgetViewerFavorites(ctx: GraphqlContext): void {
  favoriteCache.delete(ctx);
}
