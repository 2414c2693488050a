-- Market metrics precomputed by month (issue 18; server/listings/metrics/refresh.ts): marketMetrics and
-- housingSentences read these tables instead of walking listing_status_history on every request. A refresh
-- (after each RESO import, after the seed, and hourly) recomputes them from listings and their history.
--
-- region_kind: 'state' (key: the state as the listings spell it, lower case), 'city' (lower-case city name,
-- every state), 'city_state' ('salt lake city, ut') or 'zip' (the postal code). property_type '' is every type.
CREATE TABLE market_regions (
  region_kind text NOT NULL CHECK (region_kind IN ('state', 'city', 'city_state', 'zip')),
  region_key text NOT NULL,
  property_type text NOT NULL,
  -- The region as the listings spell it ("Salt Lake City"), for the sentences.
  display_name text NOT NULL,
  currency_code text NOT NULL,
  first_month date NOT NULL,
  last_month date NOT NULL,
  PRIMARY KEY (region_kind, region_key, property_type)
);

-- One row per region, property type and month from the region's first month with history to its last.
-- A null figure: no data that month. Money in pennies; days in days; ratio in percent.
CREATE TABLE market_metrics_monthly (
  region_kind text NOT NULL,
  region_key text NOT NULL,
  property_type text NOT NULL,
  month date NOT NULL,
  median_list_price double precision,
  active_inventory integer NOT NULL,
  new_listings integer NOT NULL,
  median_sold_price double precision,
  median_days_on_market double precision,
  price_per_square_foot double precision,
  sale_to_list_ratio double precision,
  price_drops integer NOT NULL,
  PRIMARY KEY (region_kind, region_key, property_type, month),
  FOREIGN KEY (region_kind, region_key, property_type) REFERENCES market_regions ON DELETE CASCADE
);

-- When the figures were last recomputed (one row).
CREATE TABLE market_metrics_refresh (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  refreshed_at timestamptz NOT NULL,
  listings integer NOT NULL,
  regions integer NOT NULL
);
