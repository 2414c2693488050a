-- The analytics forwarder (issue 16): a partner may send the visitor events we record to its own analytics
-- provider as well — a generic HTTPS collector (its URL and a key sent as a bearer token). The key is kept
-- here, never in app_context (which dynamic-config serves to every visitor).
CREATE TABLE partner_analytics_forwarders (
  partner_id bigint PRIMARY KEY REFERENCES partners (id) ON DELETE CASCADE,
  url text NOT NULL,
  api_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The outbox: one row per batch of events recorded (written after the events, never in the visitor's way).
-- The worker claims due rows with a lease, posts a partner's due batches together, and either deletes them
-- or counts the attempt and waits twice as long (up to an hour); after 24 hours a batch is given up.
CREATE TABLE analytics_forward_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  partner_id bigint NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text
);
CREATE INDEX analytics_forward_outbox_due_idx ON analytics_forward_outbox (next_attempt_at, id);
