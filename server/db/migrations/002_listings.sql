-- Listings, complete (spec §3 Listing; issue 3). What each table is for:
--
--   listings               one row per listing, every field of spec §3 Listing. Filled by the RESO importer
--                          (server/listings/reso/), keyed by listing_key = RESO ListingKey. Money is bigint
--                          pennies everywhere. The row keeps hidden listings (InternetEntireListingDisplayYN
--                          = false) so their history stays whole: every public read must filter
--                          `internet_entire_listing_display`.
--   open_houses            a listing's open houses (RESO OpenHouse), upserted by source_key = OpenHouseKey.
--   listing_status_history one row per market event (listed, price change, status change, closed with the
--                          sold price); what market metrics are computed from. Written by the importer when
--                          status or price changes, and by the seed for three years of history.
--   stay_availability      per-day calendar of a stay (classification 'stay'), spec §3 availability calendar.
--   reso_replication       per RESO source (a feed URL or file), the high-water ModificationTimestamp and
--                          the last run's statistics, so a URL import fetches only what changed since.
--
-- Spatial search without PostGIS (PGlite has none; this must run unchanged on PostgreSQL 15):
--   `location` is a core `point` (x = longitude, y = latitude) generated from latitude/longitude, with a
--   GiST index: bounding box `location <@ box(point(w, s), point(e, n))`, polygon `location <@ polygon(…)`,
--   radius as a box pre-filter plus an exact distance check, nearest first with `location <-> point(…)`.
--   Degrees are not metres: radius queries must widen the longitude span by 1/cos(latitude).
--   `spatial_key` is the Hilbert-curve index of (longitude, latitude) on a 2^24 × 2^24 world grid, set by
--   the importer (server/listings/spatial.ts). Bulk loads CLUSTER the table on its index, so listings near
--   each other on the map sit in the same pages and a viewport reads few pages.

CREATE SEQUENCE listings_id_seq START WITH 10001 OWNED BY listings.id;
ALTER TABLE listings ALTER COLUMN id SET DEFAULT nextval('listings_id_seq');

ALTER TABLE listings
  -- Identifiers. listing_key is null only for rows not from a feed (the demo rows may have one too).
  ADD COLUMN listing_key text UNIQUE,
  ADD COLUMN mls_number text,
  ADD COLUMN org_code_id text,
  -- Where the record came from: reso_replication.source, or 'seed'.
  ADD COLUMN source text,

  -- Status and classification. under_contract and sold follow from status, so they can never disagree.
  ADD COLUMN status text NOT NULL DEFAULT 'Active' CHECK (status IN (
    'Active', 'Active Under Contract', 'Canceled', 'Closed', 'Coming Soon', 'Delete', 'Expired', 'Hold',
    'Incomplete', 'Pending', 'Withdrawn')),
  ADD COLUMN classification text NOT NULL DEFAULT 'sale' CHECK (classification IN ('sale', 'rent', 'stay')),
  ADD COLUMN property_type text NOT NULL DEFAULT 'Residential',
  ADD COLUMN property_sub_type text,
  ADD COLUMN under_contract boolean GENERATED ALWAYS AS (status IN ('Active Under Contract', 'Pending')) STORED,
  ADD COLUMN sold boolean GENERATED ALWAYS AS (status = 'Closed') STORED,

  -- Display texts. overview is RESO PublicRemarks: plain text, stored as received, never HTML.
  ADD COLUMN title text,
  ADD COLUMN price_label text,
  ADD COLUMN overview text,

  -- Address and place. street_line1 (001) is kept even when internet_address_display is false: the
  -- listing agent may see it, the public may not (the API withholds it, the slug never contains it).
  ADD COLUMN street_number text,
  ADD COLUMN street_name text,
  ADD COLUMN unit_number text,
  ADD COLUMN neighbourhood text,
  ADD COLUMN county text,
  ADD COLUMN country_code char(2) NOT NULL DEFAULT 'US' CHECK (country_code ~ '^[A-Z]{2}$'),
  ADD COLUMN time_zone text NOT NULL DEFAULT 'America/Denver',
  ADD COLUMN latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  ADD COLUMN longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  ADD COLUMN location point GENERATED ALWAYS AS (
    CASE WHEN latitude IS NULL OR longitude IS NULL THEN NULL ELSE point(longitude, latitude) END) STORED,
  ADD COLUMN spatial_key bigint,

  -- Size. area/lot_size are what the listing says, in its own unit ('sqft', 'sqm', 'acres', 'ropani',
  -- 'aana'); the *_sq_ft columns are the same figure in square feet, for filters and price per sq ft
  -- (1 ropani = 16 aana = 5476 sq ft; 1 aana = 342.25 sq ft; 1 acre = 43560 sq ft; 1 sqm = 10.7639 sq ft).
  ADD COLUMN area double precision CHECK (area >= 0),
  ADD COLUMN area_unit text CHECK (area_unit IN ('sqft', 'sqm', 'acres', 'ropani', 'aana')),
  ADD COLUMN area_sq_ft double precision CHECK (area_sq_ft >= 0),
  ADD COLUMN lot_size double precision CHECK (lot_size >= 0),
  ADD COLUMN lot_size_unit text CHECK (lot_size_unit IN ('sqft', 'sqm', 'acres', 'ropani', 'aana')),
  ADD COLUMN lot_size_sq_ft double precision CHECK (lot_size_sq_ft >= 0),
  ADD COLUMN bedrooms smallint CHECK (bedrooms >= 0),
  ADD COLUMN bathrooms smallint CHECK (bathrooms >= 0),
  ADD COLUMN year_built smallint CHECK (year_built BETWEEN 1600 AND 2200),
  ADD COLUMN garage_bays smallint CHECK (garage_bays >= 0),
  ADD COLUMN hoa_fee_in_pennies bigint CHECK (hoa_fee_in_pennies >= 0),
  -- RESO AssociationFeeFrequency, e.g. 'Monthly', 'Quarterly', 'Annually'.
  ADD COLUMN hoa_fee_frequency text,

  -- Market. list_date is RESO ListingContractDate; days on market is counted from it unless the feed
  -- gave days_on_market (kept as the feed said, as of modification_timestamp).
  ADD COLUMN list_date date,
  ADD COLUMN days_on_market integer CHECK (days_on_market >= 0),
  ADD COLUMN close_date date,
  ADD COLUMN close_price_in_pennies bigint CHECK (close_price_in_pennies >= 0),
  ADD COLUMN last_price_drop_date date,
  ADD COLUMN last_price_drop_in_pennies bigint CHECK (last_price_drop_in_pennies >= 0),
  ADD COLUMN modification_timestamp timestamptz,

  -- Behaviour flags.
  ADD COLUMN enable_request_tour boolean NOT NULL DEFAULT true,
  ADD COLUMN enable_offer boolean NOT NULL DEFAULT true,
  -- RESO InternetEntireListingDisplayYN / InternetAddressDisplayYN (IDX display rules).
  ADD COLUMN internet_entire_listing_display boolean NOT NULL DEFAULT true,
  ADD COLUMN internet_address_display boolean NOT NULL DEFAULT true,

  -- Free-form structured data shown on the listing page (spec §3 locationData, buildingData).
  ADD COLUMN location_data jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN building_data jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN video_source text,
  ADD COLUMN visit_count bigint NOT NULL DEFAULT 0 CHECK (visit_count >= 0),
  ADD COLUMN favorite_count integer NOT NULL DEFAULT 0 CHECK (favorite_count >= 0),

  -- Rentals and stays (spec §3 rental fields).
  ADD COLUMN tenant_type text,
  ADD COLUMN tenant_gender_preference text,
  ADD COLUMN preferred_tenant text,
  ADD COLUMN room_type text,
  ADD COLUMN food_included boolean,
  ADD COLUMN max_guests smallint CHECK (max_guests > 0),

  -- listingBy: attribution shown next to the price (MLS display rules). system = the MLS / feed name.
  ADD COLUMN list_agent_key text,
  ADD COLUMN list_agent_name text,
  ADD COLUMN list_agent_phone text,
  ADD COLUMN list_agent_email text,
  ADD COLUMN list_office_key text,
  ADD COLUMN list_office_name text,
  ADD COLUMN list_office_phone text,
  ADD COLUMN listing_system text,

  -- Showcase (spec §3): a featured presentation that may replace the overview.
  ADD COLUMN showcase_overview text,
  ADD COLUMN override_listing_overview boolean NOT NULL DEFAULT false,
  ADD COLUMN showcase_video_url text,
  ADD COLUMN featured boolean NOT NULL DEFAULT false,

  -- [{ "id": "garage", "label": "Garage", "url": null }]
  ADD COLUMN amenities jsonb NOT NULL DEFAULT '[]',
  -- The price in other currencies: [{ "code": "USD", "value": 123456 (pennies), "name": "US Dollar" }]
  ADD COLUMN currencies jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN related_post_ids text[] NOT NULL DEFAULT '{}',

  -- Keyword search over address and remarks. 'simple' because listings are in English and Nepali;
  -- a withheld street address is not searchable.
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple',
    CASE WHEN internet_address_display THEN coalesce(street_line1, '') ELSE '' END || ' ' ||
    city || ' ' || postal_code || ' ' || coalesce(neighbourhood, '') || ' ' || coalesce(overview, ''))) STORED,

  ADD CONSTRAINT listings_price_currency_code_check CHECK (price_currency_code ~ '^[A-Z]{3}$');

-- photos (001) stays an ordered jsonb array: [{ "photoUrl": "…", "description": "alt text or null" }].
COMMENT ON COLUMN listings.photos IS 'Ordered: [{ photoUrl, description }]; the first is the cover photo.';

-- Spatial: GiST for box/polygon/circle containment and nearest-first; the Hilbert key for clustering.
CREATE INDEX listings_location_idx ON listings USING gist (location);
CREATE INDEX listings_spatial_key_idx ON listings (spatial_key);
-- Filters of the search (searchInput). Each is cheap to keep; the planner combines them (bitmap AND)
-- with the spatial index.
CREATE INDEX listings_class_status_price_idx ON listings (classification, status, price_in_pennies);
CREATE INDEX listings_price_idx ON listings (price_in_pennies);
CREATE INDEX listings_bedrooms_idx ON listings (bedrooms);
CREATE INDEX listings_bathrooms_idx ON listings (bathrooms);
CREATE INDEX listings_property_type_idx ON listings (property_type);
CREATE INDEX listings_list_date_idx ON listings (list_date DESC);
CREATE INDEX listings_area_sq_ft_idx ON listings (area_sq_ft);
CREATE INDEX listings_modification_timestamp_idx ON listings (modification_timestamp);
CREATE INDEX listings_search_vector_idx ON listings USING gin (search_vector);
-- Lookups: /listing/{slugId}/{listingCodeId} (listing_code_id is unique already), MLS number, place search.
CREATE INDEX listings_slug_id_idx ON listings (slug_id);
CREATE INDEX listings_mls_number_idx ON listings (mls_number);
CREATE INDEX listings_city_idx ON listings (country_code, lower(city));
CREATE INDEX listings_postal_code_idx ON listings (postal_code);

CREATE TABLE open_houses (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  listing_id bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  -- RESO OpenHouseKey; the upsert key for feed open houses. Null for open houses made in Hearth.
  source_key text UNIQUE,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  is_virtual boolean NOT NULL DEFAULT false,
  virtual_url text,
  remarks text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (end_at > start_at)
);
CREATE INDEX open_houses_listing_idx ON open_houses (listing_id, start_at);
-- "Has open house": active open houses not yet over.
CREATE INDEX open_houses_upcoming_idx ON open_houses (end_at, listing_id) WHERE is_active;

CREATE TABLE listing_status_history (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  listing_id bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  -- 'listed' (first seen / on market), 'price_change', 'status_change' (incl. Pending and Closed).
  event text NOT NULL CHECK (event IN ('listed', 'price_change', 'status_change')),
  -- The RESO StandardStatus after the event.
  status text NOT NULL,
  -- The list price after the event; for status 'Closed', the sold (close) price.
  price_in_pennies bigint NOT NULL CHECK (price_in_pennies >= 0),
  previous_status text,
  previous_price_in_pennies bigint,
  changed_at timestamptz NOT NULL
);
CREATE INDEX listing_status_history_listing_idx ON listing_status_history (listing_id, changed_at);
CREATE INDEX listing_status_history_changed_at_idx ON listing_status_history (changed_at, status);

CREATE TABLE stay_availability (
  listing_id bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
  calendar_date date NOT NULL,
  available boolean NOT NULL,
  available_for_checkin boolean NOT NULL,
  available_for_checkout boolean NOT NULL,
  min_nights smallint NOT NULL DEFAULT 1 CHECK (min_nights >= 1),
  max_nights smallint NOT NULL DEFAULT 30 CHECK (max_nights >= min_nights),
  -- The nightly price on that day, in the listing's currency; null = the listing's price.
  price_in_pennies bigint CHECK (price_in_pennies >= 0),
  PRIMARY KEY (listing_id, calendar_date)
);

CREATE TABLE reso_replication (
  -- The feed URL without its query, or 'file:<name>' for file imports.
  source text PRIMARY KEY,
  -- High-water mark: the greatest ModificationTimestamp imported; the next URL run asks for newer ones.
  last_modification_timestamp timestamptz,
  last_run_started_at timestamptz,
  last_run_finished_at timestamptz,
  -- { inserted, updated, unchanged, skipped, skippedReasons: { reason: count } }
  last_run_stats jsonb NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);
