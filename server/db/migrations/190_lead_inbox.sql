-- The lead inbox (issue 16, <hearth-leads>; server/leads/): where each lead stands and what the partner's
-- people wrote about it.
--
-- leads.status: 'new' until someone of the partner marks it contacted or closed; status_changed_at is when
-- it last changed (null while it never has). Each change is also written as a note (lead_notes.status_to),
-- so the notes are the lead's whole record.
ALTER TABLE leads
  ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'closed')),
  ADD COLUMN status_changed_at timestamptz;

-- What the partner's people wrote about a lead, oldest first; a status change is a note with status_to set
-- and the body empty. author_user_id is null once the author's account is gone (the note stays).
CREATE TABLE lead_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  author_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
  body text NOT NULL CHECK (char_length(body) <= 5000),
  status_to text CHECK (status_to IN ('new', 'contacted', 'closed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status_to IS NOT NULL OR body <> '')
);
CREATE INDEX lead_notes_lead_idx ON lead_notes (lead_id, id);

-- The inbox's filters, each walked newest first (seq) within one partner. Dates filter on created_at, which
-- follows seq closely enough that the (partner_id, seq) index of migration 001 serves a date range.
CREATE INDEX leads_partner_status_idx ON leads (partner_id, status, seq DESC);
CREATE INDEX leads_partner_source_idx ON leads (partner_id, source, seq DESC);
CREATE INDEX leads_partner_listing_idx ON leads (partner_id, listing_id, seq DESC) WHERE listing_id IS NOT NULL;
CREATE INDEX leads_partner_created_idx ON leads (partner_id, created_at DESC);
