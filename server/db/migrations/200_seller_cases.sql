-- Seller cases: a seller's own listing worked through queues until it is published (spec §1 sellers, §3
-- Case and Queue, §4 seller listing visibility and seller case queues, §7 createSeller, case, cases,
-- myListings, nextQueue, listingDescription; issue 19).
--
--   application_types 4/5  a seller case is an application_cases row of type 4 (sale) or 5 (rent) whose
--                          listing_id names the seller's own listing (listings.seller_user_id = the case's
--                          user). The case's response_id is the intake questionnaire response.
--   case_queues            the queues a case of a type moves through, as data: intake → photos → pricing →
--                          review → published. next_queue / feedback_queue name queues of the same type.
--                          data_locked: once the case is in that queue the intake answers are frozen.
--   application_cases      + queue_id (the current queue; null for buyer and mortgage cases), and the
--                          publish choice: publish_now, publish_at (a future moment, or the moment
--                          "publish now" was pressed), published_at (when the listing became public).
--                          Tours and offers enabled are the listing's enable_request_tour / enable_offer.
--   case_queue_history     one row per queue a case entered, with when it left it.
--
-- A seller listing is a listings row made hidden (internet_entire_listing_display = false, status
-- 'Incomplete') with an id from seller_listing_id_seq (900000000 up, far above the feed sequence). It
-- becomes public when published: at once, or by the publish job (server/sellers/publish-job.ts) at
-- publish_at, which then bumps the search generation so no cached answer outlives the change.

INSERT INTO application_types (id, slug_id, name, questionnaire_slug) VALUES
  (4, 'seller-sale', 'Seller listing (sale)', 'seller-intake-sale'),
  (5, 'seller-rent', 'Seller listing (rent)', 'seller-intake-rent');

CREATE SEQUENCE seller_listing_id_seq START WITH 900000000;

CREATE TABLE case_queues (
  id integer PRIMARY KEY,
  application_type_id smallint NOT NULL REFERENCES application_types (id),
  name text NOT NULL CHECK (name ~ '^[a-z][a-z_]{0,39}$'),
  display_name text NOT NULL,
  display_text text NOT NULL,
  -- What the home detail shows for the queue: 'questionnaire', 'photos', 'pricing', 'review', 'published'.
  queue_type text NOT NULL,
  custom_directive text,
  done_button_text text NOT NULL,
  back_button_text text NOT NULL,
  short_name text NOT NULL,
  admin_name text NOT NULL,
  -- The listing's status text while the case is in this queue (shown to the seller).
  status_name text NOT NULL,
  queue_priority smallint NOT NULL,
  data_locked boolean NOT NULL DEFAULT false,
  post_review boolean NOT NULL DEFAULT false,
  feedback_queue text,
  next_queue text,
  UNIQUE (application_type_id, name),
  UNIQUE (application_type_id, queue_priority)
);

INSERT INTO case_queues (id, application_type_id, name, display_name, display_text, queue_type,
    done_button_text, back_button_text, short_name, admin_name, status_name, queue_priority, data_locked,
    post_review, feedback_queue, next_queue) VALUES
  (401, 4, 'intake', 'Home details', 'Tell us about your home: the questionnaire fills in the listing.',
    'questionnaire', 'Continue to photos', 'Back', 'Details', 'Intake', 'Gathering details', 10, false, false, NULL, 'photos'),
  (402, 4, 'photos', 'Photos', 'Add at least one photo of your home.',
    'photos', 'Continue to pricing', 'Back to details', 'Photos', 'Photos', 'Adding photos', 20, false, false, 'intake', 'pricing'),
  (403, 4, 'pricing', 'Pricing', 'Set the asking price buyers will see.',
    'pricing', 'Continue to review', 'Back to photos', 'Price', 'Pricing', 'Setting the price', 30, false, false, 'photos', 'review'),
  (404, 4, 'review', 'Review and publish', 'Check the listing, then publish it now or choose a date.',
    'review', 'Publish', 'Back to pricing', 'Review', 'Review', 'Ready to publish', 40, true, false, 'pricing', 'published'),
  (405, 4, 'published', 'Published', 'Your listing is public (or will be at the date you chose).',
    'published', 'Done', 'Back to review', 'Live', 'Published', 'Published', 50, true, true, 'review', NULL),
  (501, 5, 'intake', 'Home details', 'Tell us about your rental: the questionnaire fills in the listing.',
    'questionnaire', 'Continue to photos', 'Back', 'Details', 'Intake', 'Gathering details', 10, false, false, NULL, 'photos'),
  (502, 5, 'photos', 'Photos', 'Add at least one photo of your rental.',
    'photos', 'Continue to pricing', 'Back to details', 'Photos', 'Photos', 'Adding photos', 20, false, false, 'intake', 'pricing'),
  (503, 5, 'pricing', 'Rent', 'Set the monthly rent renters will see.',
    'pricing', 'Continue to review', 'Back to photos', 'Rent', 'Pricing', 'Setting the rent', 30, false, false, 'photos', 'review'),
  (504, 5, 'review', 'Review and publish', 'Check the listing, then publish it now or choose a date.',
    'review', 'Publish', 'Back to rent', 'Review', 'Review', 'Ready to publish', 40, true, false, 'pricing', 'published'),
  (505, 5, 'published', 'Published', 'Your rental is public (or will be at the date you chose).',
    'published', 'Done', 'Back to review', 'Live', 'Published', 'Published', 50, true, true, 'review', NULL);

ALTER TABLE case_queues
  ADD FOREIGN KEY (application_type_id, next_queue) REFERENCES case_queues (application_type_id, name),
  ADD FOREIGN KEY (application_type_id, feedback_queue) REFERENCES case_queues (application_type_id, name);

ALTER TABLE application_cases
  ADD COLUMN queue_id integer REFERENCES case_queues (id),
  ADD COLUMN publish_now boolean NOT NULL DEFAULT false,
  ADD COLUMN publish_at timestamptz,
  ADD COLUMN published_at timestamptz;

-- The publish job: scheduled cases not yet published, soonest first.
CREATE INDEX application_cases_publish_due_idx ON application_cases (publish_at)
  WHERE publish_at IS NOT NULL AND published_at IS NULL;
-- myListings: the viewer's seller cases.
CREATE INDEX application_cases_listing_idx ON application_cases (listing_id) WHERE listing_id IS NOT NULL;

CREATE TABLE case_queue_history (
  id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  case_id bigint NOT NULL REFERENCES application_cases (id) ON DELETE CASCADE,
  queue_id integer NOT NULL REFERENCES case_queues (id),
  entered_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  left_at timestamptz,
  -- Who moved the case on (the owner; an agent later).
  moved_by_user_id bigint REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX case_queue_history_case_idx ON case_queue_history (case_id, entered_at);
