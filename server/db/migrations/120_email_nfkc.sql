-- Emails are compared in their NFKC form (server/accounts/email-address.ts, issue 13): sign-up, log-in,
-- reset requests, Google sign-in and settings fold what is typed (fullwidth letters and other compatibility
-- characters become plain ones) before looking it up, and new accounts are stored folded. This folds the
-- addresses stored before, so their owners are still found.
--
-- An address whose folded form another account already holds stays as it is (the unique index would refuse
-- it; both accounts keep working with what they typed). Among several unfolded addresses that fold alike, the
-- oldest account is folded.
UPDATE users u SET email = normalize(u.email, NFKC), updated_at = now()
 WHERE u.email IS NOT NFKC NORMALIZED
   AND NOT EXISTS (
     SELECT 1 FROM users o
      WHERE o.id <> u.id
        AND lower(normalize(o.email, NFKC)) = lower(normalize(u.email, NFKC))
        AND (o.email IS NFKC NORMALIZED OR o.id < u.id));

-- Verification links name the address they were sent to; they compare with the folded address now.
UPDATE one_time_tokens SET email = normalize(email, NFKC)
 WHERE email IS NOT NULL AND email IS NOT NFKC NORMALIZED;
