-- A stay's booking request says how many people are coming (issue 35, renters): requestStay's guests, 1 to the
-- listing's max_guests (else 16). Null on other leads and on booking requests stored before this column.
ALTER TABLE leads
  ADD COLUMN stay_guests smallint,
  ADD CONSTRAINT leads_stay_guests CHECK (stay_guests IS NULL OR (stay_check_in IS NOT NULL AND stay_guests >= 1));
