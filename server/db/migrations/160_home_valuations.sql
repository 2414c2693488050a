-- Home valuation requests (issue 18, "What is my home worth"; server/valuation/). One row per precise
-- valuation an owner asks for through <hearth-home-value>: who (also stored as a lead of the partner, whose
-- id is kept), the home (the address as shown to the owner, its position and the facts they gave), our
-- estimate at the time, and the monthly update subscription when they opted in.
--
-- Monthly updates: the job (server/valuation/updates.ts) picks rows whose next_update_at has come, mails a
-- fresh estimate and moves next_update_at one month on, in one transaction, so a month gets one mail.
-- `unsubscribe_token` is the capability in every update mail's unsubscribe link: it can only stop the mails.
CREATE TABLE home_valuation_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  partner_id bigint NOT NULL REFERENCES partners (id),
  lead_id uuid NOT NULL REFERENCES leads (id),
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  address text NOT NULL,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  -- The listing the home is, when the owner picked one of ours (no foreign key: listings come and go).
  listing_id bigint,
  -- { homeType, bedrooms, bathrooms, livingArea, yearBuilt } as given (nulls for unknowns).
  facts jsonb NOT NULL DEFAULT '{}',
  -- The estimate when asked, in pennies of currency_code; null when there were not enough sales nearby.
  estimate_in_pennies bigint CHECK (estimate_in_pennies >= 0),
  low_in_pennies bigint CHECK (low_in_pennies >= 0),
  high_in_pennies bigint CHECK (high_in_pennies >= 0),
  currency_code char(3),
  opt_in boolean NOT NULL DEFAULT false,
  unsubscribe_token text NOT NULL UNIQUE,
  unsubscribed_at timestamptz,
  next_update_at timestamptz,
  last_update_at timestamptz,
  last_update_in_pennies bigint CHECK (last_update_in_pennies >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX home_valuation_requests_partner_idx ON home_valuation_requests (partner_id, created_at DESC);
-- The job's walk: subscriptions due, oldest due first.
CREATE INDEX home_valuation_updates_due_idx ON home_valuation_requests (next_update_at)
  WHERE opt_in AND unsubscribed_at IS NULL;
