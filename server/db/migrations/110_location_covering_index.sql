-- The spatial index covers what a search reads of every match (issue 3, DESIGN §5 search API): a viewport
-- of a few streets counts its matches and picks its page's ids (newest or by price) from the GiST index
-- alone, an index-only scan, then reads only the page's rows (listing-load.ts). Before, each of the
-- ~1,100 matches of such a viewport at 1M listings was a heap fetch, twice (count and page): 2.5 ms.
-- Same name, so CLUSTER … USING listings_location_idx after bulk loads keeps ordering the table by it.
CREATE INDEX listings_location_covering_idx ON listings USING gist (location)
  INCLUDE (id, status, list_date, price_in_pennies, classification, internet_entire_listing_display);
DROP INDEX listings_location_idx;
ALTER INDEX listings_location_covering_idx RENAME TO listings_location_idx;
