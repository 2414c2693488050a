-- The newest-first walk of a dense map viewport (issue 3, DESIGN §5 search API): listingLoad finds the
-- page's ids from the index alone (an index-only scan: location, status, classification and list date are
-- in it), then reads the 26 rows. Before, every entry walked was a heap fetch: a neighbourhood holding
-- 1.3 % of the listings passes ~1,780 entries per page. Index-only scans need the visibility map current:
-- PostgreSQL's autovacuum keeps it; on PGlite (no autovacuum) server/db/maintenance.ts vacuums, and bulk
-- loads vacuum when they finish.
CREATE INDEX listings_newest_covering_idx
  ON listings ((coalesce(list_date, DATE '1900-01-01')) DESC, id DESC)
  INCLUDE (location, status, classification, list_date, internet_entire_listing_display)
  WHERE internet_entire_listing_display;
DROP INDEX listings_newest_idx;
ALTER INDEX listings_newest_covering_idx RENAME TO listings_newest_idx;
