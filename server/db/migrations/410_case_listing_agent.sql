-- The listing agent of a seller case (issue 36: flyers and marketing materials carry the listing agent's name,
-- photo, phone and brokerage). Null: the case's default agent (server/sellers/listing-agent.ts: the seller when
-- they are a licensed agent, else the partner's first member who is an agent), so cases made before this
-- migration, or before the partner had an agent, show one as soon as there is one. Set by the partner's staff;
-- an assigned agent who stops being eligible (leaves the partner, stops being an agent, deletes the account)
-- falls back to the default.
ALTER TABLE application_cases ADD COLUMN listing_agent_user_id bigint REFERENCES users (id) ON DELETE SET NULL;
