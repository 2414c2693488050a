-- Issue 35: a partner's brand is its own. Partners made before copied the default context's numbers (our
-- toll-free and office numbers) into their own context; they were never the partner's, so they go, and its
-- elements show no number until the partner sets one in its console. Digits are compared, whatever the format.
UPDATE partners SET app_context = app_context - 'tollFreeNumber'
 WHERE slug <> 'default' AND regexp_replace(app_context ->> 'tollFreeNumber', '[^0-9]', '', 'g') IN ('8005550199', '18005550199');
UPDATE partners SET app_context = app_context - 'officeNumber'
 WHERE slug <> 'default' AND regexp_replace(app_context ->> 'officeNumber', '[^0-9]', '', 'g') IN ('8015550100', '18015550100');

-- The name a mail is sent in (the brand of the partner whose visitor or agent it reaches); null: MAIL_FROM's.
ALTER TABLE outbox ADD COLUMN sender_name text;
