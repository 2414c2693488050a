-- Delivery of the outbox over SMTP (server/mail/delivery.ts): failed attempts are counted and retried
-- with a growing delay; a row being sent carries a short lease in next_attempt_at.
ALTER TABLE outbox
  ADD COLUMN attempts int NOT NULL DEFAULT 0,
  ADD COLUMN last_error text,
  ADD COLUMN next_attempt_at timestamptz;
