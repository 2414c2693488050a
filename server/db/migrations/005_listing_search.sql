-- Indexes for the search API (issue 3, part B: server/listings/search/). Each matches an ORDER BY of
-- listingLoad exactly (sort key, then id as the tiebreaker), so a page of 25 over a wide viewport is an
-- index walk that stops after 26 rows instead of a sort of every match. Partial on the public rows:
-- hidden listings are never searched.
CREATE INDEX listings_newest_idx ON listings ((coalesce(list_date, DATE '1900-01-01')) DESC, id DESC)
  WHERE internet_entire_listing_display;
CREATE INDEX listings_price_id_idx ON listings (price_in_pennies, id) WHERE internet_entire_listing_display;
