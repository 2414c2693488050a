/**
 * Saved searches (spec §3 Saved search): a name, the search as the client ran it (geoInput /
 * searchInput of listingLoad) and how often to email new matches. The search is validated and kept as
 * sent; the part the alert job matches on is normalised into alert_criteria at save time. The owner lists,
 * renames, changes the alerts of (updateSavedSearch) and deletes their own.
 */
import { z } from 'zod';
import type { Database, Queryable } from '../db';
import { countUnderLock } from '../db/count-limit';

export const NOTIFICATION_FREQUENCIES = ['NEVER', 'DAILY', 'WEEKLY', 'INSTANT'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];

export const SAVED_SEARCHES_PER_USER = 100;
export const SAVED_SEARCH_NAME_MAX = 200;
export const SEARCH_MODEL_MAX_BYTES = 16 * 1024;

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const point = z.object({ latitude, longitude });
const money = z.number().min(0).max(1e15);

const SearchModel = z.looseObject({
  geoInput: z
    .looseObject({
      bounds: z.object({ north: latitude, south: latitude, east: longitude, west: longitude }).nullish(),
      center: point.nullish(),
      radiusMeters: z.number().positive().max(1_000_000).nullish(),
      polygon: z.array(point).max(200).nullish(),
    })
    .nullish(),
  searchInput: z
    .looseObject({
      minPriceInPennies: money.nullish(),
      maxPriceInPennies: money.nullish(),
      minBedrooms: z.number().int().min(0).max(100).nullish(),
      minBathrooms: z.number().int().min(0).max(100).nullish(),
      classification: z.string().max(20).nullish(),
      propertyTypes: z.array(z.string().max(100)).max(20).nullish(),
    })
    .nullish(),
});
export type SearchModel = z.infer<typeof SearchModel>;

/** What the alert job compares listings with; every key optional (absent = no condition). */
export interface AlertCriteria {
  north?: number;
  south?: number;
  east?: number;
  west?: number;
  minPrice?: number;
  maxPrice?: number;
  minBeds?: number;
  minBaths?: number;
  classification?: string;
  propertyTypes?: string[];
}

const METRES_PER_DEGREE = 111_320;

/** A box around the search area: the bounds, the radius's square, or the polygon's extent. */
function boxOf(geo: SearchModel['geoInput']): Pick<AlertCriteria, 'north' | 'south' | 'east' | 'west'> {
  if (!geo) return {};
  if (geo.bounds) return { ...geo.bounds };
  if (geo.center && geo.radiusMeters) {
    const dLat = geo.radiusMeters / METRES_PER_DEGREE;
    const dLng = dLat / Math.max(Math.cos((geo.center.latitude * Math.PI) / 180), 0.01);
    return {
      north: Math.min(90, geo.center.latitude + dLat),
      south: Math.max(-90, geo.center.latitude - dLat),
      east: Math.min(180, geo.center.longitude + dLng),
      west: Math.max(-180, geo.center.longitude - dLng),
    };
  }
  if (geo.polygon && geo.polygon.length >= 3) {
    const lats = geo.polygon.map((p) => p.latitude);
    const lngs = geo.polygon.map((p) => p.longitude);
    return { north: Math.max(...lats), south: Math.min(...lats), east: Math.max(...lngs), west: Math.min(...lngs) };
  }
  return {};
}

export function alertCriteria(model: SearchModel): AlertCriteria {
  const input = model.searchInput ?? {};
  const criteria: AlertCriteria = { ...boxOf(model.geoInput) };
  if (input.minPriceInPennies != null) criteria.minPrice = input.minPriceInPennies;
  if (input.maxPriceInPennies != null) criteria.maxPrice = input.maxPriceInPennies;
  if (input.minBedrooms != null) criteria.minBeds = input.minBedrooms;
  if (input.minBathrooms != null) criteria.minBaths = input.minBathrooms;
  if (input.classification) criteria.classification = input.classification.toLowerCase();
  if (input.propertyTypes && input.propertyTypes.length > 0) criteria.propertyTypes = input.propertyTypes;
  return criteria;
}

/** The search model from the client (an object or its JSON text), or the reason it is refused. */
export function parseSearchModel(value: unknown): { ok: true; model: SearchModel } | { ok: false; message: string } {
  let raw = value;
  if (typeof raw === 'string') {
    if (raw.length > SEARCH_MODEL_MAX_BYTES) return { ok: false, message: 'The search is too large to save.' };
    try {
      raw = JSON.parse(raw);
    } catch {
      return { ok: false, message: 'searchModal must be a search object or its JSON text.' };
    }
  }
  if (JSON.stringify(raw ?? null).length > SEARCH_MODEL_MAX_BYTES) return { ok: false, message: 'The search is too large to save.' };
  const result = SearchModel.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    return { ok: false, message: `searchModal.${issue.path.join('.')}: ${issue.message}` };
  }
  return { ok: true, model: result.data };
}

// ---------------------------------------------------------------------------------------------------
// Rows

export interface SavedSearchRecord {
  id: number;
  name: string;
  searchModel: SearchModel;
  notificationFrequency: NotificationFrequency;
  createdAt: Date;
}

interface SavedSearchRow {
  id: number;
  name: string;
  search_model: SearchModel;
  notification_frequency: NotificationFrequency;
  created_at: Date;
}

const toSavedSearch = (r: SavedSearchRow): SavedSearchRecord => ({
  id: Number(r.id),
  name: r.name,
  searchModel: r.search_model,
  notificationFrequency: r.notification_frequency,
  createdAt: r.created_at,
});

const COLUMNS = 'id, name, search_model, notification_frequency, created_at';

/**
 * Null when the user already has the maximum number of saved searches: counted under the user's row lock in the
 * insert's transaction (db/count-limit.ts), so concurrent saves never pass it.
 */
export async function insertSavedSearch(
  db: Database,
  userId: number,
  search: { name: string; model: SearchModel; frequency: NotificationFrequency },
): Promise<SavedSearchRecord | null> {
  return db.transaction(async (tx) => {
    const count = 'SELECT count(*)::int AS n FROM saved_searches WHERE user_id = $1';
    if ((await countUnderLock(tx, { owner: { table: 'users', id: userId }, count, params: [userId] })) >= SAVED_SEARCHES_PER_USER) return null;
    const { rows } = await tx.query<SavedSearchRow>(
      `INSERT INTO saved_searches (user_id, name, search_model, alert_criteria, notification_frequency)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [userId, search.name, JSON.stringify(search.model), JSON.stringify(alertCriteria(search.model)), search.frequency],
    );
    return toSavedSearch(rows[0]!);
  });
}

export async function listSavedSearches(db: Queryable, userId: number): Promise<SavedSearchRecord[]> {
  const { rows } = await db.query<SavedSearchRow>(
    `SELECT ${COLUMNS} FROM saved_searches WHERE user_id = $1 ORDER BY id DESC`,
    [userId],
  );
  return rows.map(toSavedSearch);
}

/** Only the owner's: another user's id reads as missing. */
export async function findSavedSearch(db: Queryable, userId: number, id: number): Promise<SavedSearchRecord | null> {
  const { rows } = await db.query<SavedSearchRow>(`SELECT ${COLUMNS} FROM saved_searches WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
  return rows[0] ? toSavedSearch(rows[0]) : null;
}

export async function deleteSavedSearch(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM saved_searches WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  return rows.length > 0;
}

/**
 * Renames a saved search and/or changes how often it mails (null: leave as is); only the owner's (null for any
 * other id). Alerts turned on again look only at listings added from now on: a search whose alerts were off for a
 * month does not mail that month's listings at once.
 */
export async function updateSavedSearch(
  db: Queryable,
  userId: number,
  id: number,
  changes: { name: string | null; frequency: NotificationFrequency | null },
): Promise<SavedSearchRecord | null> {
  const { rows } = await db.query<SavedSearchRow>(
    `UPDATE saved_searches SET
        name = coalesce($3, name),
        notification_frequency = coalesce($4, notification_frequency),
        alerted_through = CASE WHEN notification_frequency = 'NEVER' AND coalesce($4, 'NEVER') <> 'NEVER' THEN now() ELSE alerted_through END,
        last_alert_at = CASE WHEN notification_frequency = 'NEVER' AND coalesce($4, 'NEVER') <> 'NEVER' THEN now() ELSE last_alert_at END,
        updated_at = now()
      WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId, changes.name, changes.frequency],
  );
  return rows[0] ? toSavedSearch(rows[0]) : null;
}
