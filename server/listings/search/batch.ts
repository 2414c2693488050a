/**
 * Per-request batching of the nested listing fields (a DataLoader in a few lines: `dataloader` is not a
 * dependency). When a page of 25 listings asks for openHouse, priceHistory or similarHomes, GraphQL
 * calls each resolver 25 times in the same tick; the batcher collects those calls and answers them with
 * one query per field instead of 25 (the N+1 problem). listing.ts reads open houses and price histories
 * for any listings at once; similar homes are batched here, equal to the one-listing similarHomes.
 */
import type { Queryable } from '../../db';
import {
  LISTING_COLUMNS,
  PUBLIC_LISTING,
  priceHistories,
  SEARCHABLE_STATUSES,
  SIMILAR_HOMES_LIMIT,
  SIMILAR_PRICE_SPREAD,
  SIMILAR_RADIUS_DEGREES,
  similarHomes,
  toPublicListing,
  upcomingOpenHouses,
  type ListingRow,
  type OpenHouseEntry,
  type PriceHistoryEntry,
  type PublicListing,
} from './listing';

/** Collects `load(key)` calls made in one tick and runs `batch` once for all of them. */
export class Batcher<K, V> {
  private queue: { key: K; resolve: (value: V) => void; reject: (error: unknown) => void }[] = [];

  constructor(private readonly batch: (keys: K[]) => Promise<V[]>) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      // After the promise jobs of this tick (as DataLoader): every sibling resolver has asked by then.
      if (this.queue.length === 1) void Promise.resolve().then(() => process.nextTick(() => void this.flush()));
    });
  }

  private async flush(): Promise<void> {
    const queue = this.queue;
    this.queue = [];
    try {
      const values = await this.batch(queue.map((q) => q.key));
      queue.forEach((q, i) => q.resolve(values[i]!));
    } catch (error) {
      for (const q of queue) q.reject(error);
    }
  }
}

/**
 * Similar homes of many listings in one query: a LATERAL nearest-first search per listing with a
 * position (the same conditions as similarHomes); listings without one use similarHomes itself.
 */
export async function similarHomesOf(db: Queryable, listings: PublicListing[]): Promise<PublicListing[][]> {
  const placed = listings.filter((l) => l.latitude !== null && l.longitude !== null);
  const result = new Map<PublicListing, PublicListing[]>();
  if (placed.length > 0) {
    const { rows } = await db.query<ListingRow & { for_index: number }>(
      `SELECT q.i AS for_index, s.* FROM unnest($1::int8[], $2::text[], $3::text[], $4::int8[], $5::int8[], $6::float8[], $7::float8[], $8::float8[])
           WITH ORDINALITY AS q(id, classification, property_type, min_price, max_price, lng, lat, half_width, i)
         CROSS JOIN LATERAL (
           SELECT ${LISTING_COLUMNS} FROM listings l
            WHERE ${PUBLIC_LISTING} AND l.id <> q.id AND l.classification = q.classification
              AND l.property_type = q.property_type AND l.status = ANY($9::text[])
              AND l.price_in_pennies BETWEEN q.min_price AND q.max_price
              AND l.location <@ box(point(q.lng - q.half_width, q.lat - ${SIMILAR_RADIUS_DEGREES}),
                                    point(q.lng + q.half_width, q.lat + ${SIMILAR_RADIUS_DEGREES}))
            ORDER BY l.location <-> point(q.lng, q.lat), l.id LIMIT ${SIMILAR_HOMES_LIMIT}) AS s
        ORDER BY q.i`,
      [
        placed.map((l) => l.id),
        placed.map((l) => l.classification),
        placed.map((l) => l.propertyType),
        placed.map((l) => Math.floor(l.priceInPennies * (1 - SIMILAR_PRICE_SPREAD))),
        placed.map((l) => Math.ceil(l.priceInPennies * (1 + SIMILAR_PRICE_SPREAD))),
        placed.map((l) => l.longitude),
        placed.map((l) => l.latitude),
        placed.map((l) => SIMILAR_RADIUS_DEGREES / Math.max(0.01, Math.cos((l.latitude! * Math.PI) / 180))),
        SEARCHABLE_STATUSES,
      ],
    );
    for (const l of placed) result.set(l, []);
    for (const r of rows) result.get(placed[r.for_index - 1]!)!.push(toPublicListing(r));
  }
  for (const l of listings) if (!result.has(l)) result.set(l, await similarHomes(db, l));
  return listings.map((l) => result.get(l)!);
}

export interface ListingLoaders {
  openHouses: Batcher<number, OpenHouseEntry[]>;
  priceHistory: Batcher<number, PriceHistoryEntry[]>;
  similarHomes: Batcher<PublicListing, PublicListing[]>;
}

const loaders = new WeakMap<object, ListingLoaders>();

/** The batchers of one request (keyed by its context object), made on first use. */
export function listingLoaders(context: object, db: Queryable): ListingLoaders {
  let found = loaders.get(context);
  if (!found) {
    found = {
      openHouses: new Batcher((ids) => upcomingOpenHouses(db, ids)),
      priceHistory: new Batcher((ids) => priceHistories(db, ids)),
      similarHomes: new Batcher((listings) => similarHomesOf(db, listings)),
    };
    loaders.set(context, found);
  }
  return found;
}
