-- The place search's street addresses (server/listings/places/place-search.ts, addressMatches): every text
-- with a digit asks for the streets that start with it, and a ZIP or a house number is typed a keystroke at a
-- time. Without an index each of those read the whole listings table (12 ms at 8,000 listings, growing with
-- the feed: issue 33); in byte order ("C") a prefix is a range of this index, walked in order up to the
-- page's few rows.
CREATE INDEX listings_street_prefix_idx ON listings ((lower(street_line1) COLLATE "C"), id);
