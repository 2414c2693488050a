/**
 * Writes mapped RESO records. Two paths over one column list:
 * - `upsertProperty`: one record, one transaction (insert, update, or nothing when its
 *   ModificationTimestamp is not newer), with status-history rows for what changed;
 * - `bulkInsertProperties`: many new records per statement, for the seed and first loads; records whose
 *   ListingKey already exists are handed back for `upsertProperty`.
 */
import type { Database, Queryable } from '../../db';
import type { AvailabilityInput, HistoryInput, ListingInput, MappedProperty, OpenHouseInput } from './mapping';

export type UpsertOutcome = 'inserted' | 'updated' | 'unchanged';

// ---- the listing columns ----------------------------------------------------------------------

type Column = readonly [name: string, cast: string, value: (l: ListingInput) => unknown];
const json = (v: unknown) => JSON.stringify(v);

/** Every column the importer owns. id, listing_code_id, visit/favourite counts and created_at are not. */
const LISTING_COLUMNS: readonly Column[] = [
  ['listing_key', 'text', (l) => l.listingKey],
  ['mls_number', 'text', (l) => l.mlsNumber],
  ['org_code_id', 'text', (l) => l.orgCodeId],
  ['slug_id', 'text', (l) => l.slugId],
  ['status', 'text', (l) => l.status],
  ['classification', 'text', (l) => l.classification],
  ['property_type', 'text', (l) => l.propertyType],
  ['property_sub_type', 'text', (l) => l.propertySubType],
  ['title', 'text', (l) => l.title],
  ['price_label', 'text', (l) => l.priceLabel],
  ['overview', 'text', (l) => l.overview],
  ['street_line1', 'text', (l) => l.streetLine1],
  ['street_number', 'text', (l) => l.streetNumber],
  ['street_name', 'text', (l) => l.streetName],
  ['unit_number', 'text', (l) => l.unitNumber],
  ['city', 'text', (l) => l.city],
  ['state_province', 'text', (l) => l.stateProvince],
  ['postal_code', 'text', (l) => l.postalCode],
  ['neighbourhood', 'text', (l) => l.neighbourhood],
  ['county', 'text', (l) => l.county],
  ['country_code', 'text', (l) => l.countryCode],
  ['time_zone', 'text', (l) => l.timeZone],
  ['latitude', 'float8', (l) => l.latitude],
  ['longitude', 'float8', (l) => l.longitude],
  ['spatial_key', 'int8', (l) => l.spatialKey],
  ['area', 'float8', (l) => l.area],
  ['area_unit', 'text', (l) => l.areaUnit],
  ['area_sq_ft', 'float8', (l) => l.areaSqFt],
  ['lot_size', 'float8', (l) => l.lotSize],
  ['lot_size_unit', 'text', (l) => l.lotSizeUnit],
  ['lot_size_sq_ft', 'float8', (l) => l.lotSizeSqFt],
  ['bedrooms', 'int2', (l) => l.bedrooms],
  ['bathrooms', 'int2', (l) => l.bathrooms],
  ['year_built', 'int2', (l) => l.yearBuilt],
  ['garage_bays', 'int2', (l) => l.garageBays],
  ['hoa_fee_in_pennies', 'int8', (l) => l.hoaFeeInPennies],
  ['hoa_fee_frequency', 'text', (l) => l.hoaFeeFrequency],
  ['price_in_pennies', 'int8', (l) => l.priceInPennies],
  ['price_currency_code', 'text', (l) => l.priceCurrencyCode],
  ['list_date', 'date', (l) => l.listDate],
  ['days_on_market', 'int4', (l) => l.daysOnMarket],
  ['close_date', 'date', (l) => l.closeDate],
  ['close_price_in_pennies', 'int8', (l) => l.closePriceInPennies],
  ['modification_timestamp', 'timestamptz', (l) => l.modificationTimestamp.toISOString()],
  ['enable_request_tour', 'bool', (l) => l.enableRequestTour],
  ['enable_offer', 'bool', (l) => l.enableOffer],
  ['internet_entire_listing_display', 'bool', (l) => l.internetEntireListingDisplay],
  ['internet_address_display', 'bool', (l) => l.internetAddressDisplay],
  ['location_data', 'text::jsonb', (l) => json(l.locationData)],
  ['building_data', 'text::jsonb', (l) => json(l.buildingData)],
  ['video_source', 'text', (l) => l.videoSource],
  ['tenant_type', 'text', (l) => l.tenantType],
  ['tenant_gender_preference', 'text', (l) => l.tenantGenderPreference],
  ['preferred_tenant', 'text', (l) => l.preferredTenant],
  ['room_type', 'text', (l) => l.roomType],
  ['food_included', 'bool', (l) => l.foodIncluded],
  ['max_guests', 'int2', (l) => l.maxGuests],
  ['list_agent_key', 'text', (l) => l.listAgentKey],
  ['list_agent_name', 'text', (l) => l.listAgentName],
  ['list_agent_phone', 'text', (l) => l.listAgentPhone],
  ['list_agent_email', 'text', (l) => l.listAgentEmail],
  ['list_office_key', 'text', (l) => l.listOfficeKey],
  ['list_office_name', 'text', (l) => l.listOfficeName],
  ['list_office_phone', 'text', (l) => l.listOfficePhone],
  ['listing_system', 'text', (l) => l.listingSystem],
  ['showcase_overview', 'text', (l) => l.showcaseOverview],
  ['override_listing_overview', 'bool', (l) => l.overrideListingOverview],
  ['showcase_video_url', 'text', (l) => l.showcaseVideoUrl],
  ['featured', 'bool', (l) => l.featured],
  ['amenities', 'text::jsonb', (l) => json(l.amenities)],
  ['related_post_ids', 'text[]', (l) => l.relatedPostIds],
  ['photos', 'text::jsonb', (l) => json(l.photos)],
];

/** Leaves headroom under the 65,535 bind parameters one statement may carry. */
const MAX_PARAMS = 60_000;

/** `($1::int8, $2::text), ($3::int8, $4::text)` for `rows` rows of `casts`. */
function valuesList(rows: number, casts: readonly string[]): string {
  const tuples: string[] = [];
  let n = 0;
  for (let r = 0; r < rows; r++) tuples.push(`(${casts.map((c) => `$${++n}::${c}`).join(', ')})`);
  return tuples.join(', ');
}

/** `INSERT … VALUES` of any number of rows, split into statements under the parameter limit. */
async function insertRows(tx: Queryable, head: string, casts: readonly string[], rows: unknown[][], tail = ''): Promise<void> {
  const perStatement = Math.floor(MAX_PARAMS / casts.length);
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    await tx.query(`${head} VALUES ${valuesList(chunk.length, casts)} ${tail}`, chunk.flat());
  }
}

const INSERT_HEAD = ['id', 'listing_code_id', 'source'];
const INSERT_CASTS = ['int8', 'text', 'text', ...LISTING_COLUMNS.map(([, cast]) => cast)];
const INSERT_COLUMNS = [...INSERT_HEAD, ...LISTING_COLUMNS.map(([name]) => name), 'last_price_drop_date', 'last_price_drop_in_pennies'];

/** The public listing code: HRT + the id, as /listing/{slugId}/{listingCodeId} shows it. */
export const listingCodeFor = (id: number) => `HRT${id}`;

async function allocateIds(tx: Queryable, count: number): Promise<number[]> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT nextval('listings_id_seq') AS id FROM generate_series(1, $1::int)`,
    [count],
  );
  return rows.map((r) => r.id);
}

// ---- history -----------------------------------------------------------------------------------

interface PriceDrop {
  date: string;
  amountInPennies: number;
}

const dateOnly = (d: Date) => d.toISOString().slice(0, 10);
const startOfDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** The price of a status-history row: the sold price once closed, else the list price. */
function eventPrice(l: ListingInput): number {
  return l.status === 'Closed' && l.closePriceInPennies != null ? l.closePriceInPennies : l.priceInPennies;
}

/** When a status change happened: the close date for a sale, else when the feed last changed the record. */
function statusChangedAt(l: ListingInput): Date {
  return l.status === 'Closed' && l.closeDate ? startOfDay(l.closeDate) : l.modificationTimestamp;
}

/** The past of a record first seen now: its own (HRT_History), or what its fields say. */
function historyOnInsert(m: MappedProperty): HistoryInput[] {
  if (m.history && m.history.length > 0) return [...m.history].sort((a, b) => +a.changedAt - +b.changedAt);
  const l = m.listing;
  const listedAt = l.listDate ? startOfDay(l.listDate) : l.modificationTimestamp;
  const firstStatus = l.status === 'Coming Soon' ? 'Coming Soon' : 'Active';
  const firstPrice = l.previousPriceInPennies ?? l.priceInPennies;
  const events: HistoryInput[] = [{ event: 'listed', status: firstStatus, priceInPennies: firstPrice, changedAt: listedAt }];
  if (l.previousPriceInPennies != null && l.previousPriceInPennies !== l.priceInPennies) {
    events.push({
      event: 'price_change',
      status: firstStatus,
      priceInPennies: l.priceInPennies,
      changedAt: l.priceChangedAt ?? l.modificationTimestamp,
    });
  }
  if (l.status !== firstStatus) {
    events.push({ event: 'status_change', status: l.status, priceInPennies: eventPrice(l), changedAt: statusChangedAt(l) });
  }
  return events;
}

/** The latest drop in list price in a history, if any. */
function lastDropIn(events: readonly HistoryInput[]): PriceDrop | null {
  let drop: PriceDrop | null = null;
  let price: number | null = null;
  for (const e of events) {
    if (e.event === 'listed') price = e.priceInPennies;
    if (e.event === 'price_change') {
      if (price !== null && e.priceInPennies < price) {
        drop = { date: dateOnly(e.changedAt), amountInPennies: price - e.priceInPennies };
      }
      price = e.priceInPennies;
    }
  }
  return drop;
}

const HISTORY_CASTS = ['int8', 'text', 'text', 'int8', 'text', 'int8', 'timestamptz'];
const HISTORY_INSERT = `INSERT INTO listing_status_history
  (listing_id, event, status, price_in_pennies, previous_status, previous_price_in_pennies, changed_at)`;

async function insertHistory(tx: Queryable, rows: { listingId: number; events: HistoryInput[] }[]): Promise<void> {
  const flat: unknown[][] = [];
  for (const { listingId, events } of rows) {
    let status: string | null = null;
    let price: number | null = null;
    for (const e of events) {
      flat.push([listingId, e.event, e.status, e.priceInPennies, status, price, e.changedAt.toISOString()]);
      status = e.status;
      if (e.event !== 'status_change' || e.status !== 'Closed') price = e.priceInPennies;
    }
  }
  await insertRows(tx, HISTORY_INSERT, HISTORY_CASTS, flat);
}

// ---- open houses and availability --------------------------------------------------------------

const OPEN_HOUSE_CASTS = ['int8', 'text', 'timestamptz', 'timestamptz', 'bool', 'bool', 'text', 'text'];

async function upsertOpenHouses(tx: Queryable, rows: { listingId: number; openHouses: OpenHouseInput[] }[]): Promise<void> {
  const flat = rows.flatMap(({ listingId, openHouses }) =>
    openHouses.map((o) => [
      listingId,
      o.sourceKey,
      o.startAt.toISOString(),
      o.endAt.toISOString(),
      o.isActive,
      o.isVirtual,
      o.virtualUrl,
      o.remarks,
    ]),
  );
  await insertRows(
    tx,
    'INSERT INTO open_houses (listing_id, source_key, start_at, end_at, is_active, is_virtual, virtual_url, remarks)',
    OPEN_HOUSE_CASTS,
    flat,
    `ON CONFLICT (source_key) DO UPDATE SET
       listing_id = EXCLUDED.listing_id, start_at = EXCLUDED.start_at, end_at = EXCLUDED.end_at,
       is_active = EXCLUDED.is_active, is_virtual = EXCLUDED.is_virtual, virtual_url = EXCLUDED.virtual_url,
       remarks = EXCLUDED.remarks, updated_at = now()`,
  );
}

const AVAILABILITY_CASTS = ['int8', 'date', 'bool', 'bool', 'bool', 'int2', 'int2', 'int8'];

async function insertAvailability(tx: Queryable, rows: { listingId: number; days: AvailabilityInput[] }[]): Promise<void> {
  const flat = rows.flatMap(({ listingId, days }) =>
    days.map((d) => [
      listingId,
      d.calendarDate,
      d.available,
      d.availableForCheckin,
      d.availableForCheckout,
      d.minNights,
      d.maxNights,
      d.priceInPennies,
    ]),
  );
  await insertRows(
    tx,
    `INSERT INTO stay_availability (listing_id, calendar_date, available, available_for_checkin,
                                    available_for_checkout, min_nights, max_nights, price_in_pennies)`,
    AVAILABILITY_CASTS,
    flat,
    `ON CONFLICT (listing_id, calendar_date) DO UPDATE SET
       available = EXCLUDED.available, available_for_checkin = EXCLUDED.available_for_checkin,
       available_for_checkout = EXCLUDED.available_for_checkout, min_nights = EXCLUDED.min_nights,
       max_nights = EXCLUDED.max_nights, price_in_pennies = EXCLUDED.price_in_pennies`,
  );
}

// ---- inserts -------------------------------------------------------------------------------------

function insertRow(id: number, m: MappedProperty, source: string, drop: PriceDrop | null): unknown[] {
  return [
    id,
    listingCodeFor(id),
    source,
    ...LISTING_COLUMNS.map(([, , value]) => value(m.listing)),
    drop?.date ?? null,
    drop?.amountInPennies ?? null,
  ];
}

const ROW_CASTS = [...INSERT_CASTS, 'date', 'int8'];

/** Inserts the records whose ListingKey is new, with their history, open houses and calendars. */
async function insertNew(tx: Queryable, records: readonly MappedProperty[], source: string): Promise<Set<string>> {
  const ids = await allocateIds(tx, records.length);
  const histories = records.map(historyOnInsert);
  const { rows } = await tx.query<{ id: number; listing_key: string }>(
    `INSERT INTO listings (${INSERT_COLUMNS.join(', ')})
     VALUES ${valuesList(records.length, ROW_CASTS)}
     ON CONFLICT (listing_key) DO NOTHING
     RETURNING id, listing_key`,
    records.flatMap((m, i) => insertRow(ids[i]!, m, source, lastDropIn(histories[i]!))),
  );
  const inserted = new Map(rows.map((r) => [r.listing_key, r.id]));
  const history: { listingId: number; events: HistoryInput[] }[] = [];
  const openHouses: { listingId: number; openHouses: OpenHouseInput[] }[] = [];
  const availability: { listingId: number; days: AvailabilityInput[] }[] = [];
  records.forEach((m, i) => {
    const listingId = inserted.get(m.listing.listingKey);
    if (listingId === undefined) return;
    history.push({ listingId, events: histories[i]! });
    if (m.openHouses.length > 0) openHouses.push({ listingId, openHouses: m.openHouses });
    if (m.availability && m.availability.length > 0) availability.push({ listingId, days: m.availability });
  });
  await insertHistory(tx, history);
  await upsertOpenHouses(tx, openHouses);
  await insertAvailability(tx, availability);
  return new Set(inserted.keys());
}

/** Rows per multi-row INSERT of listings. */
export const BULK_BATCH_SIZE = Math.floor(MAX_PARAMS / ROW_CASTS.length);

/**
 * Inserts a batch of new records in one transaction. Returns the records whose ListingKey existed
 * already (nothing was written for them): the caller upserts those one by one.
 */
export async function bulkInsertProperties(
  db: Database,
  records: readonly MappedProperty[],
  source: string,
): Promise<{ inserted: number; existing: MappedProperty[] }> {
  const unique = new Map(records.map((m) => [m.listing.listingKey, m]));
  // A key twice in one batch: the later record goes through the upsert, like a feed update.
  const first = [...unique.values()];
  const later = records.filter((m) => unique.get(m.listing.listingKey) !== m);
  const insertedKeys = await db.transaction((tx) => insertNew(tx, first, source));
  return {
    inserted: insertedKeys.size,
    existing: [...first.filter((m) => !insertedKeys.has(m.listing.listingKey)), ...later],
  };
}

// ---- upsert of one record --------------------------------------------------------------------------

interface ExistingRow {
  id: number;
  status: string;
  price_in_pennies: number;
  close_price_in_pennies: number | null;
  modification_timestamp: Date | null;
}

const UPDATE_SQL = `UPDATE listings SET ${LISTING_COLUMNS.map(([name, cast], i) => `${name} = $${i + 3}::${cast}`).join(', ')},
  source = $2::text, updated_at = now()
  WHERE id = $1::int8`;

/** One record in one transaction: inserted, updated, or left alone when it is not newer than ours. */
export async function upsertProperty(db: Database, m: MappedProperty, source: string): Promise<UpsertOutcome> {
  const l = m.listing;
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ExistingRow>(
      `SELECT id, status, price_in_pennies, close_price_in_pennies, modification_timestamp
         FROM listings WHERE listing_key = $1 FOR UPDATE`,
      [l.listingKey],
    );
    const existing = rows[0];
    if (!existing) {
      await insertNew(tx, [m], source);
      return 'inserted';
    }
    const known = existing.modification_timestamp ? new Date(existing.modification_timestamp).getTime() : -Infinity;
    if (l.modificationTimestamp.getTime() <= known) return 'unchanged';

    await tx.query(UPDATE_SQL, [existing.id, source, ...LISTING_COLUMNS.map(([, , value]) => value(l))]);

    const events: HistoryInput[] = [];
    if (l.priceInPennies !== existing.price_in_pennies) {
      events.push({
        event: 'price_change',
        status: l.status,
        priceInPennies: l.priceInPennies,
        changedAt: l.priceChangedAt ?? l.modificationTimestamp,
      });
      if (l.priceInPennies < existing.price_in_pennies) {
        await tx.query(
          `UPDATE listings SET last_price_drop_date = $2::date, last_price_drop_in_pennies = $3::int8 WHERE id = $1`,
          [existing.id, dateOnly(l.priceChangedAt ?? l.modificationTimestamp), existing.price_in_pennies - l.priceInPennies],
        );
      }
    }
    if (l.status !== existing.status) {
      events.push({ event: 'status_change', status: l.status, priceInPennies: eventPrice(l), changedAt: statusChangedAt(l) });
    }
    await insertRows(
      tx,
      HISTORY_INSERT,
      HISTORY_CASTS,
      events.map((e) => [
        existing.id,
        e.event,
        e.status,
        e.priceInPennies,
        existing.status,
        existing.price_in_pennies,
        e.changedAt.toISOString(),
      ]),
    );

    // The feed's open houses replace ours from the feed; open houses made in Hearth (no key) stay.
    await tx.query(
      `DELETE FROM open_houses WHERE listing_id = $1 AND source_key IS NOT NULL AND NOT (source_key = ANY($2::text[]))`,
      [existing.id, m.openHouses.map((o) => o.sourceKey)],
    );
    await upsertOpenHouses(tx, [{ listingId: existing.id, openHouses: m.openHouses }]);
    if (m.availability) await insertAvailability(tx, [{ listingId: existing.id, days: m.availability }]);
    return 'updated';
  });
}
