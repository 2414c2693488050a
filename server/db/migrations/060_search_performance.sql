-- Search API performance (issue 3, DESIGN §5 search API and map pins budgets).
--
-- 1. listing_map_cells: precomputed map clusters (server/listings/search/map-cells.ts). The world is cut
--    into a quadtree of cells, the same grid as listings.spatial_key: at level z a cell is 360/2^z degrees
--    of longitude by 180/2^z of latitude, i.e. the listings whose Hilbert key shares its top 2z bits
--    (cx = floor((longitude + 180) / 360 * 2^z), cy = floor((latitude + 90) / 180 * 2^z)). Per level
--    (MIN_LEVEL..MAX_LEVEL), cell and classification: how many public, searchable listings it holds,
--    the sums of their positions (for the average) and their price range. A map viewport reads at most
--    17 × 17 cells of one level instead of aggregating every listing in view.
--    Kept exact: a trigger on listings marks the finest cell of the old and the new position dirty
--    (listing_map_dirty); the next read refreshes dirty cells (level MAX_LEVEL from the listings, each
--    coarser level from its four children) before it answers; bulk loads rebuild the whole table.
CREATE TABLE listing_map_cells (
  level smallint NOT NULL,
  cx integer NOT NULL,
  cy integer NOT NULL,
  classification text NOT NULL,
  listings integer NOT NULL CHECK (listings > 0),
  latitude_sum double precision NOT NULL,
  longitude_sum double precision NOT NULL,
  min_price_in_pennies bigint NOT NULL,
  max_price_in_pennies bigint NOT NULL,
  PRIMARY KEY (level, cx, cy, classification)
);

-- Finest-level cells (level 18) whose listings changed since the last refresh.
CREATE TABLE listing_map_dirty (
  cx integer NOT NULL,
  cy integer NOT NULL,
  PRIMARY KEY (cx, cy)
);

CREATE FUNCTION listing_map_mark_dirty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.latitude IS NOT NULL AND OLD.longitude IS NOT NULL THEN
    INSERT INTO listing_map_dirty (cx, cy) VALUES (
      least(262143, floor((OLD.longitude + 180) / 360 * 262144))::int,
      least(262143, floor((OLD.latitude + 90) / 180 * 262144))::int)
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.latitude IS NOT NULL AND NEW.longitude IS NOT NULL THEN
    INSERT INTO listing_map_dirty (cx, cy) VALUES (
      least(262143, floor((NEW.longitude + 180) / 360 * 262144))::int,
      least(262143, floor((NEW.latitude + 90) / 180 * 262144))::int)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER listings_map_cells_insert_delete AFTER INSERT OR DELETE ON listings
  FOR EACH ROW EXECUTE FUNCTION listing_map_mark_dirty();
-- Only the columns a cell depends on.
CREATE TRIGGER listings_map_cells_update AFTER UPDATE OF latitude, longitude, price_in_pennies, status,
    classification, internet_entire_listing_display ON listings
  FOR EACH ROW
  WHEN (OLD.latitude IS DISTINCT FROM NEW.latitude OR OLD.longitude IS DISTINCT FROM NEW.longitude
    OR OLD.price_in_pennies IS DISTINCT FROM NEW.price_in_pennies OR OLD.status IS DISTINCT FROM NEW.status
    OR OLD.classification IS DISTINCT FROM NEW.classification
    OR OLD.internet_entire_listing_display IS DISTINCT FROM NEW.internet_entire_listing_display)
  EXECUTE FUNCTION listing_map_mark_dirty();

-- The finest cells from the listings: cells (xs[i], ys[i]) of level 18, or every cell when xs is null.
-- `statuses` are the searchable statuses (server/listings/search/listing.ts SEARCHABLE_STATUSES).
CREATE FUNCTION listing_map_fill_finest(xs integer[], ys integer[], statuses text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF xs IS NULL THEN
    INSERT INTO listing_map_cells (level, cx, cy, classification, listings, latitude_sum, longitude_sum,
        min_price_in_pennies, max_price_in_pennies)
    SELECT 18, x, y, classification, count(*), sum(latitude), sum(longitude), min(price_in_pennies),
           max(price_in_pennies)
      FROM (SELECT least(262143, floor((l.longitude + 180) / 360 * 262144))::int AS x,
                   least(262143, floor((l.latitude + 90) / 180 * 262144))::int AS y,
                   l.classification, l.latitude, l.longitude, l.price_in_pennies
              FROM listings l
             WHERE l.internet_entire_listing_display AND l.status = ANY (statuses)
               AND l.latitude IS NOT NULL AND l.longitude IS NOT NULL) AS m
     GROUP BY x, y, classification;
  ELSE
    -- Each dirty cell's listings through the GiST index: its box, widened by a hair against rounding,
    -- then the exact cell test.
    INSERT INTO listing_map_cells (level, cx, cy, classification, listings, latitude_sum, longitude_sum,
        min_price_in_pennies, max_price_in_pennies)
    SELECT 18, d.x, d.y, l.classification, count(*), sum(l.latitude), sum(l.longitude),
           min(l.price_in_pennies), max(l.price_in_pennies)
      FROM unnest(xs, ys) AS d(x, y)
      JOIN listings l ON l.location <@ box(
             point(d.x::float8 / 262144 * 360 - 180 - 1e-9, d.y::float8 / 262144 * 180 - 90 - 1e-9),
             point((d.x + 1)::float8 / 262144 * 360 - 180 + 1e-9, (d.y + 1)::float8 / 262144 * 180 - 90 + 1e-9))
       AND least(262143, floor((l.longitude + 180) / 360 * 262144))::int = d.x
       AND least(262143, floor((l.latitude + 90) / 180 * 262144))::int = d.y
     WHERE l.internet_entire_listing_display AND l.status = ANY (statuses)
     GROUP BY d.x, d.y, l.classification;
  END IF;
END $$;

-- Level z from level z + 1: the parents (xs[i], ys[i]) through their four children, or every cell when
-- xs is null.
CREATE FUNCTION listing_map_fill_parents(z integer, xs integer[], ys integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF xs IS NULL THEN
    INSERT INTO listing_map_cells (level, cx, cy, classification, listings, latitude_sum, longitude_sum,
        min_price_in_pennies, max_price_in_pennies)
    SELECT z, c.cx / 2, c.cy / 2, c.classification, sum(c.listings), sum(c.latitude_sum), sum(c.longitude_sum),
           min(c.min_price_in_pennies), max(c.max_price_in_pennies)
      FROM listing_map_cells c
     WHERE c.level = z + 1
     GROUP BY c.cx / 2, c.cy / 2, c.classification;
  ELSE
    INSERT INTO listing_map_cells (level, cx, cy, classification, listings, latitude_sum, longitude_sum,
        min_price_in_pennies, max_price_in_pennies)
    SELECT z, p.x, p.y, c.classification, sum(c.listings), sum(c.latitude_sum), sum(c.longitude_sum),
           min(c.min_price_in_pennies), max(c.max_price_in_pennies)
      FROM unnest(xs, ys) AS p(x, y)
      JOIN listing_map_cells c ON c.level = z + 1 AND c.cx BETWEEN 2 * p.x AND 2 * p.x + 1
       AND c.cy BETWEEN 2 * p.y AND 2 * p.y + 1
     GROUP BY p.x, p.y, c.classification;
  END IF;
END $$;

-- Every cell again (after a bulk load). Returns the number of finest cells.
CREATE FUNCTION listing_map_rebuild(statuses text[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  z integer;
  n integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(current_schema() || ':hearth_listing_map_cells'));
  -- TRUNCATE, not DELETE: after a bulk load the queue held a row per cell, and every read checks it.
  -- (It waits for writers with rows still queued; readers of the cells keep the old ones meanwhile.)
  TRUNCATE listing_map_dirty;
  DELETE FROM listing_map_cells;
  PERFORM listing_map_fill_finest(NULL, NULL, statuses);
  FOR z IN REVERSE 17..0 LOOP
    PERFORM listing_map_fill_parents(z, NULL, NULL);
  END LOOP;
  SELECT count(*) INTO n FROM listing_map_cells WHERE level = 18;
  RETURN n;
END $$;

-- The dirty cells and their ancestors again; a rebuild when most of the map is dirty (a bulk load that
-- did not rebuild). Returns how many finest cells were dirty. Serialised by an advisory lock, and each
-- dirty row is claimed by the DELETE, so concurrent readers never double up or miss a change.
CREATE FUNCTION listing_map_refresh(statuses text[], rebuild_above integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  xs integer[];
  ys integer[];
  n integer;
  z integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(current_schema() || ':hearth_listing_map_cells'));
  WITH d AS (DELETE FROM listing_map_dirty RETURNING cx, cy)
  SELECT array_agg(cx), array_agg(cy) INTO xs, ys FROM d;
  n := coalesce(cardinality(xs), 0);
  IF n = 0 THEN
    RETURN 0;
  END IF;
  IF n > rebuild_above THEN
    PERFORM listing_map_rebuild(statuses);
    RETURN n;
  END IF;
  DELETE FROM listing_map_cells c USING unnest(xs, ys) AS d(x, y)
   WHERE c.level = 18 AND c.cx = d.x AND c.cy = d.y;
  PERFORM listing_map_fill_finest(xs, ys, statuses);
  FOR z IN REVERSE 17..0 LOOP
    WITH p AS (SELECT DISTINCT x / 2 AS x, y / 2 AS y FROM unnest(xs, ys) AS d(x, y))
    SELECT array_agg(p.x), array_agg(p.y) INTO xs, ys FROM p;
    DELETE FROM listing_map_cells c USING unnest(xs, ys) AS d(x, y)
     WHERE c.level = z AND c.cx = d.x AND c.cy = d.y;
    PERFORM listing_map_fill_parents(z, xs, ys);
  END LOOP;
  RETURN n;
END $$;

-- 2. The saved-search alert job (server/accounts/alerts.ts) reads the listings created since each
--    search's last look: `l.created_at > s.alerted_through AND l.created_at <= now`.
CREATE INDEX listings_created_at_idx ON listings (created_at);

-- 3. search_generation: bumped by every statement that changes what a public search can return, so the
--    public response cache (server/listings/search/response-cache.ts) never serves a response computed
--    before a change. Statement-level: one bump per import batch, not per row. The visit and favourite
--    counters are left out (they change on every page view; the API already says they trail).
CREATE TABLE search_generation (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  generation bigint NOT NULL
);
INSERT INTO search_generation (only_row, generation) VALUES (true, 0);

CREATE FUNCTION search_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_generation SET generation = generation + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER listings_search_generation AFTER INSERT OR DELETE OR TRUNCATE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_bump();
CREATE TRIGGER listings_search_generation_update AFTER UPDATE OF id, listing_code_id, slug_id, street_line1,
    city, state_province, postal_code, price_in_pennies, price_currency_code, photos, listing_key, mls_number,
    org_code_id, status, classification, property_type, property_sub_type, title, price_label, overview,
    street_number, street_name, unit_number, neighbourhood, county, country_code, time_zone, latitude, longitude,
    area, area_unit, area_sq_ft, lot_size, lot_size_unit, lot_size_sq_ft, bedrooms, bathrooms, year_built,
    garage_bays, hoa_fee_in_pennies, hoa_fee_frequency, list_date, days_on_market, close_date,
    close_price_in_pennies, last_price_drop_date, last_price_drop_in_pennies, modification_timestamp,
    enable_request_tour, enable_offer, internet_entire_listing_display, internet_address_display, location_data,
    building_data, video_source, tenant_type, tenant_gender_preference, preferred_tenant, room_type,
    food_included, max_guests, list_agent_key, list_agent_name, list_agent_phone, list_agent_email,
    list_office_key, list_office_name, list_office_phone, listing_system, showcase_overview,
    override_listing_overview, showcase_video_url, featured, amenities, currencies, related_post_ids
  ON listings FOR EACH STATEMENT EXECUTE FUNCTION search_generation_bump();
CREATE TRIGGER open_houses_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON open_houses
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_bump();
CREATE TRIGGER stay_availability_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stay_availability
  FOR EACH STATEMENT EXECUTE FUNCTION search_generation_bump();
CREATE TRIGGER listing_status_history_search_generation AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON listing_status_history FOR EACH STATEMENT EXECUTE FUNCTION search_generation_bump();
