-- A buyer cancels their own tour request (issue 35, modifyTour by the buyer: server/tours/tours.ts changeOwnTour)
-- without a reason; the seller's side (the listing's seller or a company agent) still gives one of 50 to 200
-- characters. Who cancelled is kept, so each side's dialog can say so; the cancellations before this were all
-- the seller's.
ALTER TABLE requested_tours ADD COLUMN cancelled_by text CHECK (cancelled_by IN ('buyer', 'seller'));
UPDATE requested_tours SET cancelled_by = 'seller' WHERE tour_status = 'CANCELLED';
ALTER TABLE requested_tours DROP CONSTRAINT requested_tours_check;
ALTER TABLE requested_tours ADD CONSTRAINT requested_tours_cancellation CHECK (
  (tour_status = 'CANCELLED') = (cancelled_by IS NOT NULL)
  AND (cancelled_by IS DISTINCT FROM 'seller' OR cancellation_reason IS NOT NULL)
);
