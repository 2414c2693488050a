-- Visitor activity (spec §7 Analytics; issue 16), recorded only for partners that enable analytics: page
-- views, searches, listing views and opens, favourites and clicks, each with a pseudonymous visitor id (a
-- random UUID the visitor's browser keeps and can reset) and no personal data. A lead made by a visitor
-- names that visitor, so the agent sees what they looked at before getting in touch.
CREATE TABLE visitor_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  partner_id bigint NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
  visitor_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('page_view', 'search', 'listing_view', 'listing_open', 'favorite', 'marker_click', 'click')),
  listing_id bigint,
  place text CHECK (length(place) <= 120),
  price_band text CHECK (length(price_band) <= 40),
  label text CHECK (length(label) <= 80),
  path text CHECK (length(path) <= 300),
  occurred_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
-- The console's reports: a partner's events of a period, by kind.
CREATE INDEX visitor_events_partner_idx ON visitor_events (partner_id, kind, occurred_at DESC);
-- One visitor's activity (a lead's, and forgetting a visitor).
CREATE INDEX visitor_events_visitor_idx ON visitor_events (visitor_id, occurred_at DESC);

ALTER TABLE leads ADD COLUMN visitor_id uuid;
