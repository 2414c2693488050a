-- Deleting an account (issue 35; server/accounts/deletion.ts, docs/privacy.md). A deleted account's users row
-- stays as a tombstone without personal data (no name, phone, photo, password or Google link; its email becomes
-- `deleted-account-<id>@deleted.invalid`, so the address is free to sign up again), because records other people
-- keep point at it: offers and tours on their listings, payments kept for accounting, audit entries. deleted_at
-- says when; a tombstone never signs in (it has no credential and no way to get one).
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
