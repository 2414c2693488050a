-- Signed-in devices (issue 22): every credential (API token, hosted-site session) records the device it was
-- issued to (the user agent summarised, "Chrome on Linux") and when it was last used, so its owner can list
-- their devices (GraphQL mySessions) and sign one out (revokeSession). last_used_at is written at most once a
-- minute per credential (server/accounts/tokens.ts touchCredential) to keep reads cheap.
--
-- A sign-in on the hosted site issues an API token and a cookie session together (one device): the session
-- names its token in paired_with, so the device is listed once and signed out as one.
ALTER TABLE auth_tokens ADD COLUMN device text;
ALTER TABLE auth_tokens ADD COLUMN paired_with bigint REFERENCES auth_tokens (id) ON DELETE CASCADE;
ALTER TABLE auth_tokens ADD COLUMN last_used_at timestamptz;
UPDATE auth_tokens SET last_used_at = created_at WHERE last_used_at IS NULL;
ALTER TABLE auth_tokens ALTER COLUMN last_used_at SET DEFAULT now();
ALTER TABLE auth_tokens ALTER COLUMN last_used_at SET NOT NULL;
