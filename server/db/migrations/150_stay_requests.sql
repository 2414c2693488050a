-- Booking requests of stays (requestStay) are leads with the dates the guest asked for: the night of
-- stay_check_in is the first night, stay_check_out the morning they leave. Both null on other leads.
ALTER TABLE leads
  ADD COLUMN stay_check_in date,
  ADD COLUMN stay_check_out date,
  ADD CONSTRAINT leads_stay_dates CHECK (
    (stay_check_in IS NULL AND stay_check_out IS NULL)
    OR (stay_check_in IS NOT NULL AND stay_check_out IS NOT NULL AND stay_check_out > stay_check_in)
  );
