-- Leads that reach the agent at once (issue 16): where each lead came from, and signed webhook deliveries.
--
-- leads.source: the form that made the lead. Older leads are contact-form leads, stays' booking requests
-- (their dates set) and home valuation requests (their row names the lead).
ALTER TABLE leads ADD COLUMN source text NOT NULL DEFAULT 'contact'
  CHECK (source IN ('contact', 'stay', 'valuation', 'tour', 'offer', 'prequalification', 'registration'));
UPDATE leads SET source = 'stay' WHERE stay_check_in IS NOT NULL;
UPDATE leads SET source = 'valuation' WHERE id IN (SELECT lead_id FROM home_valuation_requests);

-- One endpoint per partner. The secret signs every delivery (HMAC-SHA256); it is shown to the partner once,
-- when set or rotated, and kept here because signing needs it. consecutive_failures counts failed attempts
-- since the last success, failing_since is when that streak began; an endpoint failing for 12 hours is
-- disabled (disabled_at) and the partner is mailed.
CREATE TABLE partner_webhooks (
  partner_id bigint PRIMARY KEY REFERENCES partners (id),
  url text NOT NULL,
  secret text NOT NULL,
  consecutive_failures integer NOT NULL DEFAULT 0,
  failing_since timestamptz,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Each event to deliver, written in the transaction that made the lead. The worker claims due rows with a
-- lease (next_attempt_at ahead, FOR UPDATE SKIP LOCKED), posts them, and either sets delivered_at or counts
-- the attempt and waits longer; after 24 h of failures gave_up_at ends it. A replay queues the row again.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  partner_id bigint NOT NULL REFERENCES partners (id),
  event text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz DEFAULT now(),
  delivered_at timestamptz,
  gave_up_at timestamptz,
  last_status integer,
  last_error text
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE delivered_at IS NULL AND gave_up_at IS NULL;
CREATE INDEX webhook_deliveries_partner_newest_idx ON webhook_deliveries (partner_id, seq DESC);
